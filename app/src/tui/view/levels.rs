//! The level list (`g`): every pack with its count of solved levels, and every level with
//! its solved mark and best results, the selection kept in view. A level with a saved
//! solution that replays is marked `▸` (`w` watches it); one whose saved solution no longer
//! replays (the level or the rules changed) says so instead of its figures. Where the list
//! has room beside it, the selected level is drawn small there ([`Preview`]).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use sokoshot_core::level::visible;

use super::help::border_set;
use super::preview::{MIN_LIST_WIDTH, MIN_PREVIEW_HEIGHT, MIN_PREVIEW_WIDTH, Preview};
use super::status::{Hints, keys_line};
use crate::tui::app::{App, Place};
use crate::tui::keys::{Action, Mode};
use crate::words::count;

/// One row of the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Row {
    /// A pack's name and credit.
    Pack(usize),
    /// A level.
    Level(Place),
}

/// The level list, filling the area it is given.
#[derive(Debug, Clone, Copy)]
pub struct LevelList<'a> {
    /// The game whose levels are listed.
    pub app: &'a App,
}

impl LevelList<'_> {
    fn rows(self) -> Vec<Row> {
        let mut rows = Vec::new();
        for (pack, collection) in self.app.packs().iter().enumerate() {
            rows.push(Row::Pack(pack));
            rows.extend(
                (0..collection.levels.len()).map(|level| Row::Level(Place { pack, level })),
            );
        }
        rows
    }

    fn line(self, row: Row, width: usize) -> Line<'static> {
        let app = self.app;
        let theme = app.theme;
        match row {
            Row::Pack(pack) => {
                let collection = &app.packs()[pack];
                let mut spans = vec![Span::styled(
                    visible(&collection.name).into_owned(),
                    theme.heading(),
                )];
                if let Some(credit) = &collection.credit {
                    spans.push(Span::styled(format!(" by {credit}"), theme.dim()));
                }
                let solved = (0..collection.levels.len())
                    .filter(|&level| app.best(Place { pack, level }).is_some())
                    .count();
                spans.push(Span::styled(
                    format!(" · {solved}/{} solved", collection.levels.len()),
                    theme.dim(),
                ));
                Line::from(spans)
            }
            Row::Level(place) => {
                let best = app.best(place);
                let mark = if best.is_some() {
                    theme.solved_mark()
                } else {
                    " "
                };
                let figures = match (best, app.saved_solution_replays(place)) {
                    (_, Some(false)) => "saved solution no longer replays".to_owned(),
                    (Some(b), kept) => format!(
                        "{}{} {}",
                        match (kept, theme.ascii) {
                            (Some(true), false) => "▸ ",
                            (Some(true), true) => "> ",
                            _ => "",
                        },
                        count(b.moves, "move"),
                        count(b.pushes, "push")
                    ),
                    (None, _) => String::new(),
                };
                let title = app.packs()[place.pack].title(place.level).unwrap_or("");
                let room = width.saturating_sub(9 + figures.chars().count());
                let title: String = visible(title).chars().take(room).collect();
                let text = format!(" {mark} {:>4}  {title:<room$}{figures}", place.level + 1);
                let style = if place == app.selected {
                    theme.selected()
                } else if place == app.place() {
                    theme.heading()
                } else {
                    ratatui::style::Style::new()
                };
                Line::styled(text, style)
            }
        }
    }
}

impl Widget for LevelList<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.app.theme;
        let mut hints = Hints::new(Mode::LevelList);
        hints
            .keys(&[Action::Down, Action::Up], "/", "select")
            .keys(&[Action::Digit(1), Action::Digit(2)], "", "jump")
            .key(Action::Choose, "play");
        // What the marks mean, between the keys that may be dropped and the two always shown.
        let kept = if theme.ascii { ">" } else { "▸" };
        hints.list.push((kept.to_owned(), "solution kept (w)"));
        hints.key(Action::Close, "close").key(Action::Quit, "quit");
        let hints = keys_line(&hints.list, area.width.saturating_sub(4), theme);
        let block = Block::bordered()
            .title(Line::styled(" Levels ", theme.heading()).centered())
            .title_bottom(
                Line::from_iter(
                    [" ".into()]
                        .into_iter()
                        .chain(hints.spans)
                        .chain([" ".into()]),
                )
                .centered(),
            )
            .border_set(border_set(theme));
        let mut inner = block.inner(area);
        block.render(area, buf);
        // The preview takes its board's width (24 columns at least for its lines of facts)
        // as far as the list can spare it, leaving the list its narrowest.
        let board = self
            .app
            .packs()
            .get(self.app.selected.pack)
            .and_then(|pack| pack.levels.get(self.app.selected.level))
            .map_or(0, |level| u16::try_from(level.width).unwrap_or(u16::MAX));
        let spare = inner.width.saturating_sub(MIN_LIST_WIDTH + 2);
        let wide = board.max(24).min(spare);
        if wide >= MIN_PREVIEW_WIDTH && inner.height >= MIN_PREVIEW_HEIGHT {
            let preview = Rect {
                x: inner.right() - wide,
                width: wide,
                ..inner
            };
            Preview {
                app: self.app,
                place: self.app.selected,
            }
            .render(preview, buf);
            inner.width -= wide + 2;
        }
        let rows = self.rows();
        let visible = usize::from(inner.height);
        let selected = rows
            .iter()
            .position(|&row| row == Row::Level(self.app.selected))
            .unwrap_or(0);
        // Keep the selection in the middle of the view when the list is longer than it.
        let top = selected
            .saturating_sub(visible / 2)
            .min(rows.len().saturating_sub(visible));
        let lines: Vec<Line> = rows
            .iter()
            .skip(top)
            .take(visible)
            .map(|&row| self.line(row, usize::from(inner.width)))
            .collect();
        Paragraph::new(lines).render(inner, buf);
    }
}
