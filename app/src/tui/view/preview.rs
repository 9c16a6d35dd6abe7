//! The level under the level list's cursor drawn small beside the list: one character a
//! cell, as the level's text spells it, with its size, its boxes, the best result and
//! whether a solution is kept.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};
use sokoshot_core::level::{Level, Pos, Slope, Tile};

use crate::tui::app::{App, Place};
use crate::words::count;

/// The narrowest list the preview leaves beside it; below it the list has the width alone.
pub const MIN_LIST_WIDTH: u16 = 44;

/// The narrowest preview worth drawing.
pub const MIN_PREVIEW_WIDTH: u16 = 16;

/// The fewest rows the list must have for the preview to be drawn beside it.
pub const MIN_PREVIEW_HEIGHT: u16 = 10;

/// The preview of one level of the game's packs.
#[derive(Debug, Clone, Copy)]
pub struct Preview<'a> {
    /// The game whose level is shown.
    pub app: &'a App,
    /// Which level.
    pub place: Place,
}

/// The character a cell of `level` is drawn with, as in its text.
fn glyph(level: &Level, pos: Pos) -> char {
    let player = level.player == pos;
    let boxed = level.boxes.binary_search(&pos).is_ok();
    let tile = level.tile(pos);
    match (tile, player, boxed) {
        (Tile::Goal, true, _) => '+',
        (Tile::Goal, _, true) => '*',
        (_, true, _) => '@',
        (_, _, true) => '$',
        _ if level.enemies.binary_search(&pos).is_ok() => 'E',
        (Tile::Wall, _, _) => '#',
        (Tile::Goal, _, _) => '.',
        (Tile::Hub, _, _) => '%',
        (Tile::Slope(Slope::TopLeft), _, _) => 'F',
        (Tile::Slope(Slope::TopRight), _, _) => '7',
        (Tile::Slope(Slope::BottomLeft), _, _) => 'L',
        (Tile::Slope(Slope::BottomRight), _, _) => 'J',
        (Tile::Floor, _, _) => ' ',
    }
}

impl Preview<'_> {
    /// The lines about the level under its board.
    fn facts(self, level: &Level) -> Vec<String> {
        let mut facts = vec![format!(
            "{}{}{}, {}",
            level.width,
            if self.app.theme.ascii { "x" } else { "×" },
            level.height,
            count(u64::try_from(level.boxes.len()).unwrap_or(u64::MAX), "box")
        )];
        match self.app.best(self.place) {
            Some(best) => facts.push(format!(
                "best {}, {}",
                count(best.moves, "move"),
                count(best.pushes, "push")
            )),
            None => facts.push("not solved yet".to_owned()),
        }
        match self.app.saved_solution_replays(self.place) {
            Some(true) => facts.push("solution kept (w)".to_owned()),
            Some(false) => facts.push("kept solution no longer replays".to_owned()),
            None => {}
        }
        facts
    }
}

impl Widget for Preview<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(level) = self
            .app
            .packs()
            .get(self.place.pack)
            .and_then(|pack| pack.levels.get(self.place.level))
        else {
            return;
        };
        let facts = self.facts(level);
        let room = usize::from(area.height).saturating_sub(facts.len() + 1);
        let width = usize::from(area.width);
        let rows = usize::try_from(level.height).unwrap_or(0);
        let columns = usize::try_from(level.width).unwrap_or(0);
        let mut lines: Vec<Line> = (0..rows.min(room))
            .map(|y| {
                let row: String = (0..columns.min(width))
                    .map(|x| {
                        let pos =
                            Pos::new(i32::try_from(x).unwrap_or(0), i32::try_from(y).unwrap_or(0));
                        glyph(level, pos)
                    })
                    .collect();
                Line::from(row)
            })
            .collect();
        if rows > room || columns > width {
            lines.push(Line::styled("(cut to fit)", self.app.theme.dim()));
        } else {
            lines.push(Line::from(""));
        }
        lines.extend(
            facts
                .into_iter()
                .map(|fact| Line::styled(fact, self.app.theme.dim())),
        );
        Paragraph::new(lines).render(area, buf);
    }
}
