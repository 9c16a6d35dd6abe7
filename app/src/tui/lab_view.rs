//! The lab on the terminal: the loop that feeds keys and ticks to [`sokoshot_core::lab::Lab`], and the
//! views that draw it — the scene on a braille canvas on the left, the verdict and its
//! numbers in a panel on the right, and the scene's keys over the canvas on `?`.
//!
//! The views only read the lab: a [`LabView`] borrows it, renders into any ratatui buffer
//! (tests use `TestBackend`), and never changes it. With `--ascii` every character on screen
//! is printable ASCII: the canvas marks each role with its own character, and the panel's
//! few other symbols are spelled in ASCII.

mod canvas;
mod panel;
mod run;

pub use canvas::{ascii_mark, bounds};
pub use run::{Options, key_of, run, run_on};

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use sokoshot_core::lab::{Ink, Lab, Picture, Verdict};

/// The smallest terminal the lab draws in; below it, a message asks for more room.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// The panel's width in columns, its border included.
const PANEL_WIDTH: u16 = 31;

/// The fewest rows under the canvas that hold the legend; it takes more when its entries
/// need them, so that it is always whole.
const LEGEND_ROWS: u16 = 2;

/// How the lab looks: with colours or without (`NO_COLOR`), braille or ASCII (`--ascii`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    /// Use colours.
    pub color: bool,
    /// Draw with printable ASCII only.
    pub ascii: bool,
}

impl Palette {
    /// The palette for this process: colour unless `NO_COLOR` is set to a non-empty value
    /// (<https://no-color.org>), ASCII if asked.
    #[must_use]
    pub fn from_env(ascii: bool) -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        Self {
            color: !no_color,
            ascii,
        }
    }

    /// The colour of a figure's role, given the verdict (the two shapes turn red on a hit).
    #[must_use]
    pub fn ink(self, ink: Ink, verdict: Verdict) -> Color {
        if !self.color {
            return Color::Reset;
        }
        let hit = verdict == Verdict::Hit;
        match ink {
            Ink::Subject | Ink::Target if hit => Color::LightRed,
            Ink::Subject | Ink::SubjectSpan => Color::LightBlue,
            Ink::Target | Ink::TargetSpan => Color::LightGreen,
            Ink::Solid => Color::Gray,
            Ink::Guide => Color::DarkGray,
            Ink::Normal => Color::Yellow,
            Ink::Tested => Color::LightMagenta,
            Ink::Mark => Color::White,
            Ink::Path => Color::Cyan,
            Ink::Ghost => Color::Gray,
        }
    }

    /// The style of the verdict word.
    #[must_use]
    pub fn verdict(self, verdict: Verdict) -> Style {
        let bold = Style::default().add_modifier(Modifier::BOLD);
        match (self.color, verdict) {
            (true, Verdict::Hit) => bold.fg(Color::LightRed),
            (true, Verdict::Miss) => bold.fg(Color::LightGreen),
            (false, Verdict::Hit) => bold.add_modifier(Modifier::REVERSED),
            (false, Verdict::Miss) => bold,
        }
    }
}

/// The whole lab screen for one frame.
#[derive(Debug, Clone, Copy)]
pub struct LabView<'a> {
    lab: &'a Lab,
    palette: Palette,
}

impl<'a> LabView<'a> {
    /// A view of `lab` in the given palette.
    #[must_use]
    pub fn new(lab: &'a Lab, palette: Palette) -> Self {
        Self { lab, palette }
    }
}

impl Widget for LabView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            too_small(area, buf);
            return;
        }
        let picture = self.lab.picture();
        let [world, side] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(PANEL_WIDTH)]).areas(area);
        let legend_lines = legend(&picture, self.palette, world.width);
        let [drawing, legend_area] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(legend_rows(&legend_lines)),
        ])
        .areas(world);
        let readout = self.lab.readout();
        canvas::render(&picture, readout.verdict, self.palette, drawing, buf);
        Paragraph::new(legend_lines).render(legend_area, buf);
        panel::render(self.lab, &readout, self.palette, side, buf);
        if self.lab.help_open() {
            panel::render_help(self.lab, area, buf);
        }
        if self.palette.ascii {
            asciify(area, buf);
        }
    }
}

/// The canvas's part of a lab screen of size `area` showing `picture`, where pointer
/// positions are read.
#[must_use]
pub fn canvas_area(picture: &Picture, area: Rect) -> Rect {
    let [world, _] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(PANEL_WIDTH)]).areas(area);
    let plain = Palette {
        color: false,
        ascii: false,
    };
    let rows = legend_rows(&legend(picture, plain, world.width));
    let [drawing, _] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(rows)]).areas(world);
    drawing
}

/// How many rows the legend takes: its lines, and at least [`LEGEND_ROWS`].
fn legend_rows(lines: &[Line]) -> u16 {
    u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .max(LEGEND_ROWS)
}

/// The world point under a terminal cell of a lab screen of size `area`, if it is on the
/// canvas.
#[must_use]
pub fn world_at(lab: &Lab, area: Rect, column: u16, row: u16) -> Option<sokoshot_core::geom::Vec2> {
    let picture = lab.picture();
    canvas::world_at(&picture, canvas_area(&picture, area), column, row)
}

/// One sample and name per role in the picture, wrapped into lines `width` columns wide.
fn legend(picture: &Picture, palette: Palette, width: u16) -> Vec<Line<'static>> {
    let mut lines: Vec<Vec<Span>> = vec![Vec::new()];
    let mut used = 0;
    for ink in picture.inks() {
        let sample = canvas::sample(palette, ink, canvas::SAMPLE_CELLS);
        let entry = usize::from(canvas::SAMPLE_CELLS) + 1 + ink.name().chars().count() + 2;
        if used + entry > usize::from(width) && used > 0 {
            lines.push(Vec::new());
            used = 0;
        }
        let line = lines.last_mut().expect("one line at least");
        line.push(Span::styled(sample, canvas::legend_style(palette, ink)));
        line.push(Span::raw(format!(" {}  ", ink.name())));
        used += entry;
    }
    lines.into_iter().map(Line::from).collect()
}

/// Replaces every character that is not printable ASCII with its ASCII spelling.
fn asciify(area: Rect, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            let symbol = cell.symbol();
            if symbol.is_ascii() {
                continue;
            }
            let plain = match symbol {
                "×" => "x",
                "°" => "d",
                "—" | "─" | "−" => "-",
                "│" | "┃" => "|",
                "·" => ".",
                "→" | "▶" | "◀" => ">",
                "←" => "<",
                "↺" => "(",
                "↻" => ")",
                "↔" => "-",
                "²" => "2",
                "✓" => "+",
                "✗" => "-",
                "≈" => "~",
                "±" => "~",
                "┌" | "┐" | "└" | "┘" | "╭" | "╮" | "╰" | "╯" => "+",
                _ => "?",
            };
            cell.set_symbol(plain);
        }
    }
}

/// The message shown instead of the lab when the terminal is too small.
fn too_small(area: Rect, buf: &mut Buffer) {
    let text = vec![
        Line::from(format!(
            "The lab needs {}×{}; this terminal is {}×{}.",
            MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
        )),
        Line::from("Make it larger, or press Esc to quit."),
    ];
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}
