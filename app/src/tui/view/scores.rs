//! The scores of a level: its two tables side by side (by moves, by pushes), with the
//! player's places, in the Solved panel and in the view `s` opens; in local play the view
//! shows the player's own bests.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::help::framed;
use crate::tui::app::App;
use crate::tui::theme::Theme;
use crate::words;
use sokoshot_core::store::scores::{Ranked, Standings, Table, date};

/// One table's column: place, name, moves, pushes.
fn cell(ranked: Option<&Ranked>) -> String {
    match ranked {
        Some(r) => format!(
            "{:>3} {:<16} {:>5} {:>6}",
            r.place,
            r.entry.name(),
            r.entry.figures.moves,
            r.entry.figures.pushes
        ),
        None => " ".repeat(33),
    }
}

/// The two tables side by side, a heading row first, then the player's places; or one line
/// saying nobody entered a score yet.
#[must_use]
pub fn table_lines(standings: &Standings, theme: Theme) -> Vec<Line<'static>> {
    if standings.by_moves.is_empty() {
        return vec![Line::raw("No one has entered a score on this level yet.")];
    }
    let heading = |table: Table| {
        format!(
            "{:>3} {:<16} {:>5} {:>6}",
            "#",
            format!("by {}", table.name()),
            "moves",
            "pushes"
        )
    };
    let mut lines = vec![Line::styled(
        format!("{}   {}", heading(Table::Moves), heading(Table::Pushes)),
        theme.dim(),
    )];
    let rows = standings.by_moves.len().max(standings.by_pushes.len());
    for i in 0..rows {
        lines.push(Line::raw(format!(
            "{}   {}",
            cell(standings.by_moves.get(i)),
            cell(standings.by_pushes.get(i))
        )));
    }
    lines.push(Line::raw(you(standings)));
    lines
}

/// The solver's proven fewest pushes, in words.
#[must_use]
pub fn proven_line(pushes: u32) -> String {
    format!(
        "The solver proved the fewest pushes: {}.",
        crate::words::count(pushes, "push")
    )
}

/// The player's places in words.
fn you(standings: &Standings) -> String {
    let players = crate::words::count(standings.players, "player");
    match (standings.mine(Table::Moves), standings.mine(Table::Pushes)) {
        (Some(m), Some(p)) => format!(
            "  You: place {} by moves, {} by pushes, of {players}.",
            m.place, p.place
        ),
        _ => format!("  You have no entry here yet ({players} have one)."),
    }
}

/// The view `s` opens over the board.
#[derive(Debug, Clone, Copy)]
pub struct ScoresView<'a> {
    /// The game whose level's scores are shown.
    pub app: &'a App,
}

impl Widget for ScoresView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let theme = app.theme;
        let place = app.place();
        let pack = &app.packs()[place.pack];
        let heading = format!(" Scores: {}, level {} ", pack.name, place.level + 1);
        let mut lines: Vec<Line> = Vec::new();
        match app.scores_shown() {
            None => {
                lines.push(Line::raw("Your best on this level:"));
                lines.push(Line::raw(match app.best(place) {
                    Some(best) => {
                        format!("  {}", words::figures(best.moves, best.pushes, best.shots))
                    }
                    None => "  not solved yet".to_owned(),
                }));
                lines.push(Line::raw(""));
                lines.push(Line::styled(
                    "Tables with other players are kept on a server (sokoshot serve).",
                    theme.dim(),
                ));
            }
            Some(shown) => {
                match &shown.tables {
                    Ok(standings) => lines.extend(table_lines(standings, theme)),
                    Err(why) => lines.push(Line::raw(why.clone())),
                }
                if let Some((day, tables)) = &shown.daily {
                    lines.push(Line::raw(""));
                    lines.push(Line::raw(format!(
                        "Today's daily level: the tables of {} (UTC)",
                        date(*day)
                    )));
                    match tables {
                        Ok(standings) => lines.extend(table_lines(standings, theme)),
                        Err(why) => lines.push(Line::raw(why.clone())),
                    }
                }
            }
        }
        if let Some(pushes) = app.proven_pushes() {
            lines.push(Line::raw(""));
            lines.push(Line::raw(proven_line(pushes)));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(" s or Esc closes ", theme.dim()));
        let width = lines
            .iter()
            .map(Line::width)
            .chain([heading.chars().count()])
            .max()
            .unwrap_or(0)
            + 4;
        let height = lines.len() + 2;
        let panel = area.centered(
            Constraint::Length(u16::try_from(width).unwrap_or(u16::MAX)),
            Constraint::Length(u16::try_from(height).unwrap_or(u16::MAX)),
        );
        framed(lines, &heading, panel, buf, theme);
    }
}
