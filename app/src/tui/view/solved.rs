//! The panel that says **Solved**: this solution's figures, how they compare with the best
//! saved, and how to go on.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::help::{framed, top_band};
use super::status::{Hints, keys_line};
use crate::tui::app::{App, Solved};
use crate::tui::keys::{Action, Mode};
use crate::words::{count, status};
use sokoshot_core::game::Command;
use sokoshot_core::store::progress::{Best, Figures};

/// Rows the Solved panel takes without scores.
pub const HEIGHT: u16 = 6;

/// Rows the Solved panel takes in `app`: with the scores after the solve, on a server that
/// keeps them, the note and the tables too.
#[must_use]
pub fn height(app: &App) -> u16 {
    let extra = score_lines(app).len();
    HEIGHT.saturating_add(u16::try_from(extra).unwrap_or(u16::MAX))
}

/// The Solved panel's lines about the scores: what the solve did in them, then the tables.
fn score_lines(app: &App) -> Vec<Line<'static>> {
    let (tables, note) = app.scores_after_solve();
    let mut lines = Vec::new();
    if let Some(note) = note {
        lines.push(Line::raw(note.to_owned()).centered());
    }
    match tables {
        Some(Ok(standings)) => {
            lines.push(Line::raw(""));
            lines.extend(super::scores::table_lines(standings, app.theme));
            if let Some(pushes) = app.proven_pushes() {
                lines.push(Line::raw(format!(
                    "  {}",
                    super::scores::proven_line(pushes)
                )));
            }
        }
        Some(Err(why)) => lines.push(Line::raw(why.clone()).centered()),
        None => {}
    }
    lines
}

/// The Solved panel, drawn centred across the top of the area it is given.
#[derive(Debug, Clone, Copy)]
pub struct SolvedPanel<'a> {
    /// The game whose level was solved.
    pub app: &'a App,
}

/// What to say about a solution compared with the best saved before it.
fn verdict(figures: Figures, previous: Option<Best>) -> String {
    let Some(best) = previous else {
        return "First solution.".to_owned();
    };
    let fewer_moves = figures.moves < best.moves;
    let fewer_pushes = figures.pushes < best.pushes;
    match (fewer_moves, fewer_pushes) {
        (true, true) => "New best moves and pushes!".to_owned(),
        (true, false) => "New best moves!".to_owned(),
        (false, true) => "New best pushes!".to_owned(),
        (false, false) => format!(
            "Best so far: {}, {}.",
            count(best.moves, "move"),
            count(best.pushes, "push")
        ),
    }
}

impl Widget for SolvedPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(Solved { figures, previous }) = self.app.solved else {
            return;
        };
        let theme = self.app.theme;
        let next = if self.app.is_last_level() {
            "that was the last level"
        } else {
            "next level"
        };
        let mut hints = Hints::new(Mode::Solved);
        hints
            .key(Action::NextLevel, next)
            .key(Action::Play(Command::Undo), "undo")
            .key(Action::Play(Command::Restart), "again");
        let mut lines = vec![
            Line::from(vec![
                Span::raw(status::counters(
                    figures.moves,
                    figures.pushes,
                    figures.shots,
                )),
                Span::raw(match self.app.hints_used() {
                    0 => String::new(),
                    n => format!("  ({})", count(n, "hint")),
                }),
            ])
            .centered(),
            Line::raw(verdict(figures, previous)).centered(),
        ];
        lines.extend(score_lines(self.app));
        lines.push(Line::raw(""));
        lines.push(keys_line(&hints.list, 40, theme).centered());
        let width = lines.iter().map(Line::width).max().unwrap_or(0) + 4;
        let rows = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
        framed(lines, " Solved ", top_band(area, width, rows), buf, theme);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_compare_with_the_best_saved_before() {
        let figures = Figures {
            moves: 10,
            pushes: 4,
            shots: 0,
        };
        let best = |moves, pushes| {
            Some(Best {
                id: 0,
                moves,
                pushes,
                shots: 0,
            })
        };
        let cases = [
            ("first", None, "First solution."),
            ("both better", best(12, 5), "New best moves and pushes!"),
            ("fewer moves", best(12, 4), "New best moves!"),
            ("fewer pushes", best(10, 6), "New best pushes!"),
            ("no better", best(9, 4), "Best so far: 9 moves, 4 pushes."),
            ("singular", best(1, 1), "Best so far: 1 move, 1 push."),
        ];
        for (name, previous, want) in cases {
            assert_eq!(verdict(figures, previous), want, "{name}");
        }
    }
}
