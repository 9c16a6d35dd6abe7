//! The level under the level list's cursor drawn beside the list with the game's own
//! symbols (two columns a cell, as on the board; ASCII ones with `--ascii`), with its size,
//! its boxes, the best result and whether a solution is kept.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use sokoshot_core::level::{Level, Pos, Tile};

use crate::tui::app::{App, Place};
use crate::tui::theme::Thing;
use crate::words::{Piece, count};
use sokoshot_core::game::Dir;

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

/// What a cell of `level` shows at its start, as the board draws it.
fn thing(level: &Level, pos: Pos) -> Thing {
    let player = level.player == pos;
    let boxed = level.boxes.binary_search(&pos).is_ok();
    let tile = level.tile(pos);
    let on_goal = tile == Tile::Goal;
    match (tile, player, boxed) {
        (_, true, _) => Thing::Player {
            facing: Dir::Up,
            on_goal,
        },
        (Tile::Goal, _, true) => Thing::BoxOnGoal,
        (_, _, true) => Thing::Box,
        _ if level.enemies.binary_search(&pos).is_ok() => Thing::Enemy,
        (Tile::Wall, _, _) => Thing::Wall,
        (Tile::Goal, _, _) => Thing::Goal,
        (Tile::Hub, _, _) => Thing::Hub,
        (Tile::Slope(slope), _, _) => Thing::Slope(slope),
        (Tile::Floor, _, _) => Thing::Floor,
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
            Piece::Box.count(level.boxes.len())
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
        // Two columns a cell, as on the board.
        let width = usize::from(area.width) / 2;
        let rows = usize::try_from(level.height).unwrap_or(0);
        let columns = usize::try_from(level.width).unwrap_or(0);
        let theme = self.app.theme;
        let mut lines: Vec<Line> = (0..rows.min(room))
            .map(|y| {
                let row: Vec<Span> = (0..columns.min(width))
                    .map(|x| {
                        let pos =
                            Pos::new(i32::try_from(x).unwrap_or(0), i32::try_from(y).unwrap_or(0));
                        let thing = thing(level, pos);
                        Span::styled(theme.glyph(thing), theme.style(thing))
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
