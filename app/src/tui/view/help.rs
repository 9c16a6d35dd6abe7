//! The help overlay (`?`): every row of the key table ([`ROWS`]), what each thing on the
//! board is, and what solves a level.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::tui::keys::ROWS;
use crate::tui::theme::{Theme, Thing};
use crate::words::Piece;
use sokoshot_core::game::Dir;
use sokoshot_core::level::Slope;

/// How time passes, for the help: only through the player's keys, `.` among them, and while
/// a shot flies (a bar meets a shot further round than it stood when the shot was fired).
pub const TIME: &str = "Bars turn as you move, wait (.) and while shots fly. Shaded cells block.";

/// The spinner's rules, for the help: what a bar covers, what may not move there, how it
/// turns, and what a bar that pushes does to a box.
pub const SPINNERS: &str = "Spinners: a bar sweeps over the cells round its hub as it turns, \
the same angle every beat. A wait (.) takes one beat, a step, a turn or a push 2/5 of a beat, \
a shot the time it flies; the status line counts the beats. You and boxes cannot move into a \
covered cell, and a box under a bar cannot be pushed. A bar that pushes (the level's tip says \
so) moves a box it turns onto one cell the way it turns, if that cell is free: a box left in \
its way is swept on.";

/// The help overlay, drawn in the middle of the area it is given. On a narrow screen each
/// key's description goes under the key and long lines wrap at words; on a short one the
/// overlay scrolls (`j`/`k`), starting `scroll` lines down.
#[derive(Debug, Clone, Copy)]
pub struct Help {
    /// How things look.
    pub theme: Theme,
    /// How many lines are scrolled past (cut to what there is).
    pub scroll: u16,
}

/// Columns taken by the border and padding around the help text.
const FRAME_COLUMNS: usize = 4;

impl Help {
    /// The help's lines at most `inner` columns wide.
    fn lines(self, inner: usize) -> Vec<Line<'static>> {
        let theme = self.theme;
        let inner = inner.max(1);
        let key_width = ROWS
            .iter()
            .map(|row| row.keys.chars().count())
            .max()
            .unwrap_or(0);
        let mut lines: Vec<Line> = Vec::new();
        for row in ROWS {
            let (keys, what) = (row.keys, row.help);
            let keys = if theme.ascii { ascii_keys(keys) } else { keys };
            if key_width + 2 + what.chars().count() <= inner {
                lines.push(Line::from(vec![
                    Span::styled(format!("{keys:key_width$}  "), theme.key()),
                    Span::raw(what),
                ]));
            } else {
                lines.push(Line::styled(keys.to_owned(), theme.key()));
                for row in wrap_words(what, inner.saturating_sub(2).max(1)) {
                    lines.push(Line::raw(format!("  {row}")));
                }
            }
        }
        lines.push(Line::raw(""));
        let thing = |thing, name| (theme.glyph(thing), theme.style(thing), name);
        let you = |on_goal| Thing::Player {
            facing: Dir::Right,
            on_goal,
        };
        let bar = if theme.ascii { "--" } else { "⠶⠶" };
        let covered = |thing| (theme.glyph(thing), theme.style(thing).patch(theme.barred()));
        lines.extend(legend(
            &[
                thing(Thing::Wall, Piece::Wall.name()),
                thing(Thing::Goal, Piece::Goal.name()),
                thing(Thing::Box, Piece::Box.name()),
                thing(Thing::BoxOnGoal, Piece::BoxOnGoal.name()),
                thing(Thing::DeadBox, "dead box"),
                thing(Thing::LostPair, "lost pair of boxes"),
                thing(Thing::DeadSquare, "dead square"),
                thing(Thing::HintPath, "hint's path"),
            ],
            inner,
        ));
        lines.extend(legend(
            &[
                thing(you(false), "you, facing right"),
                thing(you(true), "you on a goal"),
                thing(Thing::Enemy, Piece::Enemy.name()),
                thing(Thing::Slope(Slope::TopLeft), Piece::Slope.name()),
            ],
            inner,
        ));
        let (cover, cover_style) = covered(Thing::Covered);
        let its_bar = format!("its {}", Piece::Bar);
        lines.extend(legend(
            &[
                thing(Thing::Hub, Piece::Hub.name()),
                (bar, theme.style(Thing::Hub).patch(theme.barred()), &its_bar),
                (cover, cover_style, Piece::Covered.name()),
                thing(Thing::MarkedHub, "the hub a message names"),
            ],
            inner,
        ));
        for row in wrap_words(
            "Solve a level: every box on a goal and no enemy left.",
            inner,
        ) {
            lines.push(Line::styled(row, theme.heading()));
        }
        for row in wrap_words(
            "Shots stop at walls and boxes, and bounce off slopes and spinners.",
            inner,
        ) {
            lines.push(Line::raw(row));
        }
        for row in wrap_words(SPINNERS, inner) {
            lines.push(Line::raw(row));
        }
        for row in wrap_words(TIME, inner) {
            lines.push(Line::raw(row));
        }
        lines
    }

    /// The widest the text wants to be.
    fn natural_width(self) -> usize {
        self.lines(usize::MAX)
            .iter()
            .map(Line::width)
            .max()
            .unwrap_or(0)
    }

    /// The panel's area within `area`, the lines, and how many are scrolled past.
    fn layout(self, area: Rect) -> (Rect, Vec<Line<'static>>, u16) {
        let inner = self
            .natural_width()
            .min(usize::from(area.width).saturating_sub(FRAME_COLUMNS));
        let lines = self.lines(inner);
        let width = lines.iter().map(Line::width).max().unwrap_or(0) + FRAME_COLUMNS;
        let height = (lines.len() + 2).min(usize::from(area.height));
        // The last row (the keys that close the help) stays in view when the help fits
        // above it.
        let room = if height < usize::from(area.height) {
            area.height - 1
        } else {
            area.height
        };
        let panel = Rect {
            height: room,
            ..area
        }
        .centered(
            Constraint::Length(u16::try_from(width).unwrap_or(u16::MAX)),
            Constraint::Length(u16::try_from(height).unwrap_or(u16::MAX)),
        );
        let rows = height.saturating_sub(2);
        let most = u16::try_from(lines.len().saturating_sub(rows)).unwrap_or(u16::MAX);
        (panel, lines, self.scroll.min(most))
    }

    /// How far the overlay can scroll on a `columns` × `rows` screen.
    #[must_use]
    pub fn max_scroll(theme: Theme, columns: u16, rows: u16) -> u16 {
        let help = Help {
            theme,
            scroll: u16::MAX,
        };
        help.layout(Rect::new(0, 0, columns, rows)).2
    }
}

/// `text` cut into rows of at most `width` characters at spaces (a word longer than a row is
/// cut where it must be).
pub(crate) fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows = Vec::new();
    let mut row = String::new();
    for word in text.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > width {
            if !row.is_empty() {
                rows.push(std::mem::take(&mut row));
            }
            rows.push(word.drain(..width).collect());
        }
        let word: String = word.into_iter().collect();
        let needed = row.chars().count() + usize::from(!row.is_empty()) + word.chars().count();
        if needed > width && !row.is_empty() {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() {
            row.push(' ');
        }
        row.push_str(&word);
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

/// The legend: each glyph in its style, then its name, as many to a row as fit in `width`.
fn legend(entries: &[(&'static str, Style, &str)], width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut spans: Vec<Span> = Vec::new();
    let mut used = 0;
    for (glyph, style, name) in entries {
        let cost = glyph.chars().count() + 1 + name.chars().count();
        if !spans.is_empty() && used + 3 + cost > width {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        if !spans.is_empty() {
            spans.push(Span::raw("   "));
            used += 3;
        }
        spans.push(Span::styled(*glyph, *style));
        spans.push(Span::raw(format!(" {name}")));
        used += cost;
    }
    if !spans.is_empty() {
        lines.push(Line::from(spans));
    }
    lines
}

/// The key names without arrows, for the ASCII look.
fn ascii_keys(keys: &'static str) -> &'static str {
    match keys {
        "h j k l  ← ↓ ↑ →" => "h j k l  arrows",
        "5l  12j …" => "5l  12j ...",
        other => other,
    }
}

impl Widget for Help {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (panel, lines, scroll) = self.layout(area);
        let rows = usize::from(panel.height.saturating_sub(2));
        Clear.render(panel, buf);
        if panel.y == area.y {
            // Reaching the top, the help would leave cut words of the lines under it at its
            // sides: the rows it takes are cleared across.
            Clear.render(Rect::new(area.x, panel.y, area.width, panel.height), buf);
        }
        let block = Block::bordered()
            .title(Line::styled(" Help ", self.theme.heading()).centered())
            .border_set(border_set(self.theme));
        let block = with_scroll_mark(block, self.theme, lines.len(), rows, scroll);
        Paragraph::new(lines)
            .scroll((scroll, 0))
            .block(block.padding(ratatui::widgets::Padding::horizontal(1)))
            .render(panel, buf);
    }
}

/// Clears `panel` and draws `lines` in it inside a box whose top border carries `heading`
/// (the Solved panel, the chapter card, the campaign's end).
pub fn framed(lines: Vec<Line<'_>>, heading: &str, panel: Rect, buf: &mut Buffer, theme: Theme) {
    Clear.render(panel, buf);
    let title = Line::from(Span::styled(heading, theme.heading())).centered();
    Paragraph::new(lines)
        .block(Block::bordered().title(title).border_set(border_set(theme)))
        .render(panel, buf);
}

/// The top `height` rows of `area`, `width` columns wide and centred: where a panel goes.
pub fn top_band(area: Rect, width: usize, height: u16) -> Rect {
    area.centered_horizontally(Constraint::Length(u16::try_from(width).unwrap_or(u16::MAX)))
        .intersection(Rect { height, ..area })
}

/// A help box's bottom title while its `lines` are more than the `rows` it shows: `j more`
/// while lines are left below the view scrolled by `scroll`, then `k back`.
pub(crate) fn with_scroll_mark<'a>(
    block: Block<'a>,
    theme: Theme,
    lines: usize,
    rows: usize,
    scroll: u16,
) -> Block<'a> {
    if lines <= rows {
        return block;
    }
    let more = if usize::from(scroll) + rows < lines {
        " j more "
    } else {
        " k back "
    };
    block.title_bottom(Line::styled(more, theme.key()).centered())
}

/// Box-drawing lines, or `+ - |` for the ASCII look.
pub fn border_set(theme: Theme) -> ratatui::symbols::border::Set<'static> {
    if theme.ascii {
        ratatui::symbols::border::Set {
            top_left: "+",
            top_right: "+",
            bottom_left: "+",
            bottom_right: "+",
            vertical_left: "|",
            vertical_right: "|",
            horizontal_top: "-",
            horizontal_bottom: "-",
        }
    } else {
        ratatui::symbols::border::PLAIN
    }
}
