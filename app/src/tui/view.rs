//! Drawing the game: the board in the middle, a status line above it, the keys that matter
//! (or news and errors) below it, and the overlays on top. Everything here reads `&App`.

pub mod chapter;
pub mod help;
mod levels;
mod picker;
mod preview;
mod scores;
mod solved;
mod status;
mod waiting;

pub use status::beats;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Text};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::app::App;
use super::board::{BoardView, board_size};
use super::keys::Mode;
use super::theme::Thing;
use crate::words::session;
use sokoshot_core::level::{Pos, Tile};

pub use levels::{Drawn, list_window};
pub use waiting::{Reading, Waiting};

/// Rows taken by the status line and the hint line.
pub const CHROME_ROWS: u16 = 2;

/// The smallest screen on which cells are drawn twice the size (four columns by two rows):
/// below it the board keeps the look every 80×24 terminal knows.
pub const MIN_BIG_SCREEN: (u16, u16) = (100, 30);

/// The terminal size needed to play the level in play: its board plus the two text lines.
#[must_use]
pub fn needed_size(app: &App) -> (u16, u16) {
    let (columns, rows) = board_size(app.shown_world().level());
    (columns, rows.saturating_add(CHROME_ROWS))
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if let Some(editor) = &self.editor {
            return (&**editor).render(area, buf);
        }
        let (need_w, need_h) = needed_size(self);
        let fits = area.width >= need_w && area.height >= need_h;
        match self.mode() {
            Mode::LevelList | Mode::Search => levels::LevelList { app: self }.render(area, buf),
            Mode::Help if !fits => help::Help {
                theme: self.theme,
                scroll: self.help_scroll,
            }
            .render(area, buf),
            _ if !fits => {
                self.tools.board_area.set(None);
                too_small(need_w, need_h, area, buf);
            }
            mode => {
                let scale = self.board_scale(area);
                let (w, h) = board_size(self.shown_world().level());
                let (w, h) = (w.saturating_mul(scale), h.saturating_mul(scale));
                let [top, tip, middle, bottom] = self.layout(area, h + CHROME_ROWS);
                status::StatusLine { app: self }.render(top, buf);
                status::Tip { app: self }.render(tip, buf);
                status::HintLine { app: self }.render(bottom, buf);
                let panel = self.panel_height(mode);
                let (board_area, panel_area) = board_and_panel(middle, (w, h), panel);
                BoardView {
                    world: self.shown_world(),
                    inside: &self.current.inside,
                    theme: self.theme,
                    marked: self.marked_hub,
                    scale,
                    trace: &self.current.trace,
                }
                .render(board_area, buf);
                self.tools.board_area.set(Some(board_area));
                self.tools.board_scale.set(scale);
                self.mark_picked(board_area, buf);
                self.mark_aids(board_area, buf);
                match mode {
                    _ if self.campaign_end => chapter::CampaignEnd { app: self }.render(area, buf),
                    Mode::Help => help::Help {
                        theme: self.theme,
                        scroll: self.help_scroll,
                    }
                    .render(area, buf),
                    Mode::Solved => {
                        solved::SolvedPanel { app: self }.render(panel_area, buf);
                    }
                    Mode::Playing => {
                        chapter::ChapterCard { app: self }.render(panel_area, buf);
                    }
                    Mode::Options => picker::OptionsView { app: self }.render(middle, buf),
                    Mode::Snapshots => picker::SnapshotsView { app: self }.render(middle, buf),
                    Mode::Scores => scores::ScoresView { app: self }.render(middle, buf),
                    Mode::LevelList | Mode::Search | Mode::Watching => {}
                }
            }
        }
    }
}

impl App {
    /// How many times its size a cell is drawn on `area`: twice (four columns by two rows)
    /// on a screen of at least [`MIN_BIG_SCREEN`] where the board at that size, the status,
    /// tip and hint lines and the tallest panel below the board all fit; else once.
    fn board_scale(&self, area: Rect) -> u16 {
        if area.width < MIN_BIG_SCREEN.0 || area.height < MIN_BIG_SCREEN.1 {
            return 1;
        }
        let (w, h) = board_size(self.shown_world().level());
        let tip = status::Tip { app: self }.rows_wanted(area.width);
        let rows = h
            .saturating_mul(2)
            .saturating_add(CHROME_ROWS + PANEL_ROOM)
            .saturating_add(tip);
        if area.width >= w.saturating_mul(2) && area.height >= rows {
            2
        } else {
            1
        }
    }

    /// Rows of the panel shown beside the board in `mode`: the Solved panel, the chapter
    /// card, or none.
    fn panel_height(&self, mode: Mode) -> u16 {
        match mode {
            _ if self.campaign_end => 0,
            Mode::Solved if self.solved.is_some() => solved::height(self),
            Mode::Playing if (chapter::ChapterCard { app: self }).chapter().is_some() => {
                chapter::CARD_HEIGHT
            }
            _ => 0,
        }
    }

    /// Shows the box picked with the mouse in reverse video.
    fn mark_picked(&self, board: Rect, buf: &mut Buffer) {
        let Some(pos) = self.tools.picked else { return };
        let (Ok(x), Ok(y)) = (u16::try_from(pos.x), u16::try_from(pos.y)) else {
            return;
        };
        let s = self.tools.board_scale.get().max(1);
        let cell = Rect::new(board.x + x * 2 * s, board.y + y * s, 2 * s, s).intersection(board);
        buf.set_style(cell, self.theme.selected());
    }

    /// Draws the solver's aids over the board: dead squares (on `d`), the hint's path, and
    /// boxes that can never reach a goal.
    fn mark_aids(&self, board: Rect, buf: &mut Buffer) {
        let level = self.shown_world().level();
        let world = self.shown_world();
        let s = self.tools.board_scale.get().max(1);
        let mut draw = |pos: Pos, thing: Thing| {
            let (Ok(x), Ok(y)) = (u16::try_from(pos.x), u16::try_from(pos.y)) else {
                return;
            };
            let (column, row) = (board.x + x * 2 * s, board.y + y * s);
            let rows = self.theme.cell_rows(thing, s);
            for (sub, text) in rows.iter().take(usize::from(s)).enumerate() {
                let row = row + sub as u16;
                for (k, ch) in text.chars().enumerate() {
                    let column = column + k as u16;
                    if column < board.right() && row < board.bottom() {
                        buf[(column, row)]
                            .set_char(ch)
                            .set_style(self.theme.style(thing));
                    }
                }
            }
        };
        let empty_floor = |pos: Pos| {
            level.tile(pos) == Tile::Floor
                && pos != world.player()
                && !world.box_at(pos)
                && !world.enemy_at(pos)
        };
        if let Some(dead) = self.dead_squares() {
            let inside = &self.current.inside;
            for (i, _) in dead.iter().enumerate().filter(|&(i, &d)| d && inside[i]) {
                let pos = Pos::new(i as i32 % level.width, i as i32 / level.width);
                if empty_floor(pos) {
                    draw(pos, Thing::DeadSquare);
                }
            }
        }
        for &pos in self.hint_path().unwrap_or_default() {
            if empty_floor(pos) {
                draw(pos, Thing::HintPath);
            }
        }
        for pos in self.lost_pair().into_iter().flatten() {
            draw(pos, Thing::LostPair);
        }
        for pos in self.dead_boxes() {
            draw(pos, Thing::DeadBox);
        }
    }

    /// The rows of the screen, top to bottom: the status line, the level's tip, the board's
    /// area and the hint line. The hint line takes more rows for a long notice, and the tip
    /// takes what is left, as long as the board still fits (`need_h` rows with one row each
    /// for the status and hint lines).
    fn layout(&self, area: Rect, need_h: u16) -> [Rect; 4] {
        let spare = area.height.saturating_sub(need_h);
        let hint = status::HintLine { app: self }.rows_wanted(area.width);
        let hint = hint.clamp(1, 1 + spare.min(5));
        let spare = spare - (hint - 1);
        let tip = status::Tip { app: self }.rows_wanted(area.width).min(spare);
        Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(tip),
            Constraint::Fill(1),
            Constraint::Length(hint),
        ])
        .areas(area)
    }
}

/// Where the board and a panel of `height` rows (the Solved panel, the chapter card; 0 for
/// none) go in `middle`. Wherever the board and the tallest panel fit together, the board's
/// place does not depend on the panel, so it stays where it is when a panel comes or goes: it
/// is centred, or raised just enough that the tallest panel fits below it. A panel goes below
/// the board with a blank row between, else above it with a blank row on each side (clear of
/// the tip above); only on a screen too short for both does the board move, to the top, with
/// the panel over the fewest of its rows.
fn board_and_panel(middle: Rect, size: (u16, u16), height: u16) -> (Rect, Rect) {
    let board = board_place(middle, size);
    let row = |y| Rect::new(middle.x, y, middle.width, height).intersection(middle);
    if height == 0 {
        return (board, row(middle.y));
    }
    if board.bottom() + 1 + height <= middle.bottom() {
        return (board, row(board.bottom() + 1));
    }
    if board.y > middle.y + 1 + height {
        return (board, row(board.y - height - 1));
    }
    // Too short for both: the board at the top, the panel over the fewest of its rows.
    let board = Rect {
        y: middle.y,
        ..board
    };
    (board, row(middle.bottom().saturating_sub(height)))
}

/// The rows the tallest panel takes, with the blank row between it and the board.
const PANEL_ROOM: u16 = 1 + if solved::HEIGHT > chapter::CARD_HEIGHT {
    solved::HEIGHT
} else {
    chapter::CARD_HEIGHT
};

/// Where the board goes in `middle`, whatever panel shows: centred when that leaves room for
/// the tallest panel below it, else raised so that the panel fits below, else centred.
fn board_place(middle: Rect, (w, h): (u16, u16)) -> Rect {
    let board = middle.centered(Constraint::Length(w), Constraint::Length(h));
    if board.bottom() + PANEL_ROOM <= middle.bottom() {
        return board;
    }
    match h.checked_add(PANEL_ROOM) {
        Some(both) if both <= middle.height => Rect {
            y: middle.y + (middle.height - both) / 2,
            ..board
        },
        _ => board,
    }
}

/// The message shown instead of a board that does not fit, wrapped to the width there is.
fn too_small(need_w: u16, need_h: u16, area: Rect, buf: &mut Buffer) {
    let lines = vec![
        Line::from(session::too_small(need_w, need_h)),
        Line::from(format!("now {}×{} · q quits", area.width, area.height)),
    ];
    // Rows the wrapped lines take (a word-wrapped line can need one more than this).
    let width = usize::from(area.width.max(1));
    let rows: usize = lines.iter().map(|line| line.width().div_ceil(width)).sum();
    let height = u16::try_from(rows + 1).unwrap_or(u16::MAX);
    let paragraph = Paragraph::new(Text::from(lines).centered()).wrap(Wrap { trim: true });
    paragraph.render(area.centered_vertically(Constraint::Length(height)), buf);
}
