//! The two small lists drawn over the board: the options (`o`) and the level's snapshots
//! (`M`), each a framed panel with the selected row in reverse video.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::help::framed;
use crate::tui::app::{App, Choice};
use crate::words::count;

/// The options panel.
#[derive(Debug, Clone, Copy)]
pub struct OptionsView<'a> {
    /// The game whose options are shown.
    pub app: &'a App,
}

/// The snapshots panel.
#[derive(Debug, Clone, Copy)]
pub struct SnapshotsView<'a> {
    /// The game whose level's snapshots are shown.
    pub app: &'a App,
}

/// Draws `rows` (the one at `picked` selected) and `footer` in a framed panel centred in
/// `area`, as wide as its widest line and cut to the area.
fn panel(app: &App, heading: &str, rows: Vec<String>, footer: &str, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let mut lines: Vec<Line> = rows
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let style = if i == app.picked_row() {
                theme.selected()
            } else {
                ratatui::style::Style::new()
            };
            Line::from(Span::styled(row, style))
        })
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::styled(format!(" {footer} "), theme.dim()));
    let width = lines
        .iter()
        .map(Line::width)
        .chain([heading.chars().count()])
        .max()
        .unwrap_or(0)
        + 2;
    let height = lines.len() + 2;
    let place = area.centered(
        Constraint::Length(u16::try_from(width).unwrap_or(u16::MAX)),
        Constraint::Length(u16::try_from(height).unwrap_or(u16::MAX)),
    );
    framed(lines, heading, place, buf, theme);
}

impl Widget for OptionsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let (on, off) = if app.theme.ascii {
            ("[x]", "[ ]")
        } else {
            ("[✓]", "[ ]")
        };
        let rows = Choice::ALL
            .iter()
            .map(|&choice| {
                let mark = if app.option_on(choice) { on } else { off };
                format!(" {mark} {:<19} {} ", choice.name(), choice.about())
            })
            .collect();
        panel(
            app,
            " Options ",
            rows,
            "space turns the selected one · j k select · Esc closes",
            area,
            buf,
        );
    }
}

impl Widget for SnapshotsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let snapshots = app.snapshots();
        let rows: Vec<String> = if snapshots.is_empty() {
            vec![" none yet: m keeps the position in play ".to_owned()]
        } else {
            snapshots
                .iter()
                .map(|(number, snapshot)| {
                    let (moves, pushes) = snapshot.figures();
                    format!(
                        " {number}  {}, {} · {} ",
                        count(moves, "move"),
                        count(pushes, "push"),
                        ago(now.saturating_sub(snapshot.at))
                    )
                })
                .collect()
        };
        panel(
            app,
            " Snapshots ",
            rows,
            "Enter goes back to it · x deletes · Esc closes",
            area,
            buf,
        );
    }
}

/// How long ago, in the largest whole unit: "just now", "5 min ago", "3 h ago", "2 days ago".
fn ago(nanos: u128) -> String {
    let seconds = nanos / 1_000_000_000;
    match seconds {
        0..60 => "just now".to_owned(),
        60..3_600 => format!("{} min ago", seconds / 60),
        3_600..86_400 => format!("{} h ago", seconds / 3_600),
        _ => count(u64::try_from(seconds / 86_400).unwrap_or(u64::MAX), "day") + " ago",
    }
}
