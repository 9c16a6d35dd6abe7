//! The level list (`g`): every pack with its count of solved levels, and every level with
//! its solved mark and best results, the selection kept in view. A level with a saved
//! solution that replays is marked `▸` (`w` watches it); one whose saved solution no longer
//! replays (the level or the rules changed) says so instead of its figures. Where the list
//! has room beside it, the selected level is drawn small there ([`Preview`]).
//!
//! The heading says which filter is on, the search if any, and how many levels are shown,
//! with the browser's keys (`f`, `/`, `Tab`) on the right of the same border, so the keys
//! line below keeps the list's own keys and the legend of its marks;
//! the search line, when open or kept, is the list's first row. The rows stay where they are
//! while the selection is in view (a click's row is still under the pointer for a second
//! click), step with it at the edges, and centre it after a jump. The name of the pack whose
//! levels begin the view stays on its top row when the list is scrolled past it, so the pack
//! being browsed is always named. A filter and search that leave nothing say so, and how to
//! get out. News that comes while the list is open (a pack added to the folder, a file that
//! cannot be read) is on its last row until the next key.

use std::collections::HashSet;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use sokoshot_core::level::visible;

use super::help::border_set;
use super::preview::{MIN_LIST_WIDTH, MIN_PREVIEW_HEIGHT, MIN_PREVIEW_WIDTH, Preview};
use super::status::{Hints, keys_line};
use crate::tui::app::{App, Filter, Row};
use crate::tui::keys::{Action, Mode};
use crate::tui::theme::Theme;
use crate::words::count;

/// What parts of a line are set apart with: ` · `, or ` - ` in the ASCII look.
fn dot(theme: Theme) -> &'static str {
    if theme.ascii { " - " } else { " · " }
}

/// The search in quotes, its control characters made visible.
fn quoted(app: &App) -> String {
    let search = visible(app.search());
    if app.theme.ascii {
        format!("\"{search}\"")
    } else {
        format!("“{search}”")
    }
}

/// The most rows news takes at the bottom of the list.
const MESSAGE_ROWS: u16 = 2;

/// The rows of the list drawn in `height` rows, from its first row `top`, with the name of
/// the pack of the first level drawn on the top row in place of that level.
fn window(rows: &[Row], top: usize, height: u16) -> Vec<Row> {
    let visible = usize::from(height);
    match rows.get(top) {
        Some(&Row::Level(first)) if visible > 1 => std::iter::once(Row::Pack(first.pack))
            .chain(rows.iter().skip(top + 1).take(visible - 1).copied())
            .collect(),
        _ => rows.iter().skip(top).take(visible).copied().collect(),
    }
}

/// Where the list was drawn from last: its first row and how many rows it had.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Drawn {
    /// The first row drawn.
    pub top: usize,
    /// The rows the list had.
    pub len: usize,
    /// Whether its last row was drawn.
    pub end: bool,
}

/// The first row of the list to draw in `height` rows: where it was drawn from last while
/// the selection is in view there, so that the rows stay under the mouse (and when the end
/// of the list was in view and rows came after it, a pack dropped into the folder, far
/// enough down to show them); one row further when the selection has stepped just out of
/// view; else the selection in the middle. The top row shows a pack's name, so the
/// selection is kept below it.
fn window_top(rows: &[Row], selected: usize, last: Drawn, height: u16) -> usize {
    let visible = usize::from(height).max(1);
    let max_top = rows.len().saturating_sub(visible);
    let mut top = last.top.min(max_top);
    if last.end && rows.len() > last.len {
        top = max_top.min(selected.saturating_sub(1)).max(top);
    }
    let first = if visible > 1 { top + 1 } else { top };
    let last = top + visible - 1;
    let top = if (first..=last).contains(&selected) {
        top
    } else if selected + 1 == first {
        selected.saturating_sub(1)
    } else if selected == last + 1 {
        selected + 1 - visible
    } else {
        selected.saturating_sub(visible / 2)
    };
    top.min(max_top)
}

/// The rows of the list as drawn last in `height` rows (the mouse reads clicks against
/// them).
#[must_use]
pub fn list_window(app: &App, height: u16) -> Vec<Row> {
    let rows = app.list_rows();
    window(&rows, app.tools.list_drawn.get().top, height)
}

/// The level list, filling the area it is given.
#[derive(Debug, Clone, Copy)]
pub struct LevelList<'a> {
    /// The game whose levels are listed.
    pub app: &'a App,
}

impl LevelList<'_> {
    /// One row of the list, `width` columns wide; `solved` are the fingerprints of the
    /// levels solved.
    fn line(self, row: Row, width: usize, solved: &HashSet<u64>) -> Line<'static> {
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
                let solved = app
                    .level_ids(pack)
                    .iter()
                    .filter(|id| solved.contains(id))
                    .count();
                spans.push(Span::styled(
                    format!("{}{solved}/{} solved", dot(theme), collection.levels.len()),
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

impl LevelList<'_> {
    /// The heading: the filter, the search, and how many levels are shown of how many.
    fn title(self, shown: usize) -> String {
        let app = self.app;
        let total: usize = app.packs().iter().map(|pack| pack.levels.len()).sum();
        let search = if app.search().is_empty() {
            String::new()
        } else {
            format!("{}{}", dot(app.theme), quoted(app))
        };
        let dot = dot(app.theme);
        format!(
            " Levels{dot}{}{search}{dot}{shown} of {total} ",
            app.filter().name()
        )
    }

    /// The keys line at the bottom of the frame, `width` columns at most.
    fn hints(self, width: u16) -> Line<'static> {
        let theme = self.app.theme;
        let mut hints = Hints::new(self.app.mode());
        if self.app.mode() == Mode::Search {
            hints
                .key(Action::KeepSearch, "keep")
                .key(Action::Erase, "erase");
            if theme.ascii {
                hints.list.push(("Down/Up".to_owned(), "select"));
            } else {
                hints.keys(&[Action::Down, Action::Up], "/", "select");
            }
            hints.key(Action::Close, "clear").key(Action::Quit, "quit");
            return keys_line(&hints.list, width, theme);
        }
        hints
            .keys(&[Action::Down, Action::Up], "/", "select")
            .keys(&[Action::Digit(1), Action::Digit(2)], "", "jump")
            .key(Action::Choose, "play");
        // What the marks mean, between the keys that may be dropped and the two always shown.
        let kept = if theme.ascii { ">" } else { "▸" };
        hints.list.push((kept.to_owned(), "solution kept (w)"));
        hints.key(Action::Close, "close").key(Action::Quit, "quit");
        keys_line(&hints.list, width, theme)
    }

    /// The browser's keys (filter, search, next pack) for the right of the heading's border,
    /// as many as fit in `width` columns; none while the search line is open.
    fn browse_keys(self, width: usize) -> Vec<Span<'static>> {
        let theme = self.app.theme;
        let mut hints = Hints::new(self.app.mode());
        hints
            .key(Action::Filter, "filter")
            .key(Action::Search, "search")
            .key(Action::NextPack, "pack");
        let mut spans: Vec<Span> = Vec::new();
        let mut used = 2;
        for (key, what) in hints.list {
            let cost = key.chars().count() + what.chars().count() + 3;
            if used + cost > width {
                break;
            }
            used += cost;
            spans.push(Span::raw(if spans.is_empty() { " " } else { "  " }));
            spans.push(Span::styled(key, theme.key()));
            spans.push(Span::raw(format!(" {what}")));
        }
        if !spans.is_empty() {
            spans.push(Span::raw(" "));
        }
        spans
    }

    /// The search line: what is typed, with a cursor while the line is open.
    fn search_line(self) -> Line<'static> {
        let theme = self.app.theme;
        let typing = self.app.mode() == Mode::Search;
        let cursor = match (typing, theme.ascii) {
            (false, _) => "",
            (true, false) => "▏",
            (true, true) => "_",
        };
        let mut spans = vec![
            Span::styled("/", theme.key()),
            Span::raw(format!("{}{cursor}", visible(self.app.search()))),
        ];
        if !typing {
            spans.push(Span::styled("  (/ edits it)", theme.dim()));
        }
        Line::from(spans)
    }

    /// What the list says when the filter and search leave no level, and how to leave it.
    fn nothing_shown(self) -> Vec<Line<'static>> {
        let app = self.app;
        let theme = app.theme;
        let what = match app.filter() {
            Filter::All => "level",
            Filter::Unsolved => "unsolved level",
            Filter::WithShots => "level with shots",
        };
        let matching = if app.search().is_empty() {
            String::new()
        } else {
            format!(" matches {}", quoted(app))
        };
        let mut lines = vec![Line::from(format!("No {what}{matching}.")), Line::from("")];
        let mut way = |text: String| lines.push(Line::styled(text, theme.dim()));
        if app.mode() == Mode::Search {
            way("Backspace edits the search, Esc clears it".to_owned());
            if app.filter() != Filter::All {
                way("Enter then f: next filter".to_owned());
            }
        } else {
            if app.filter() != Filter::All {
                way(format!("f: next filter ({})", app.filter().next().name()));
            }
            if !app.search().is_empty() {
                way("/ then Esc clears the search".to_owned());
            }
            way("Esc closes the list".to_owned());
        }
        lines
    }
}

impl Widget for LevelList<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.app.theme;
        let solved = self.app.solved_boards();
        let rows = self.app.list_rows();
        let shown_count = rows.iter().filter(|r| matches!(r, Row::Level(_))).count();
        let hints = self.hints(area.width.saturating_sub(4));
        let title = self.title(shown_count);
        // The heading on the left of the top border, the browser's keys on its right.
        let room = usize::from(area.width.saturating_sub(4)).saturating_sub(title.chars().count());
        let block = Block::bordered()
            .title(Line::styled(title, theme.heading()).left_aligned())
            .title(Line::from(self.browse_keys(room)).right_aligned())
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
        // News (a pack added to the folder, a file that cannot be read) on the last rows.
        if let Some(message) = &self.app.message
            && inner.height > MESSAGE_ROWS * 2
        {
            let style = if message.warning {
                theme.warning()
            } else {
                theme.dim()
            };
            let text = visible(&message.text).into_owned();
            let wide = u16::try_from(text.chars().count()).unwrap_or(u16::MAX);
            let height = wide.div_ceil(inner.width.max(1)).clamp(1, MESSAGE_ROWS);
            inner.height -= height;
            let rows = Rect {
                y: inner.bottom(),
                height,
                ..inner
            };
            Paragraph::new(Line::styled(text, style))
                .wrap(Wrap { trim: true })
                .render(rows, buf);
        }
        let shown = rows.contains(&Row::Level(self.app.selected));
        // The preview takes its board's width (24 columns at least for its lines of facts)
        // as far as the list can spare it, leaving the list its narrowest.
        let board = self
            .app
            .packs()
            .get(self.app.selected.pack)
            .and_then(|pack| pack.levels.get(self.app.selected.level))
            .map_or(0, |level| {
                u16::try_from(level.width.saturating_mul(2)).unwrap_or(u16::MAX)
            });
        let spare = inner.width.saturating_sub(MIN_LIST_WIDTH + 2);
        let wide = board.max(24).min(spare);
        if shown && wide >= MIN_PREVIEW_WIDTH && inner.height >= MIN_PREVIEW_HEIGHT {
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
        if self.app.mode() == Mode::Search || !self.app.search().is_empty() {
            let line = Rect { height: 1, ..inner };
            Paragraph::new(self.search_line()).render(line, buf);
            inner.y += 1;
            inner.height = inner.height.saturating_sub(1);
        }
        if !shown {
            self.app.tools.list_area.set(None);
            Paragraph::new(self.nothing_shown())
                .wrap(Wrap { trim: true })
                .render(inner, buf);
            return;
        }
        self.app.tools.list_area.set(Some(inner));
        let selected = rows
            .iter()
            .position(|&row| row == Row::Level(self.app.selected))
            .unwrap_or(0);
        let top = window_top(
            &rows,
            selected,
            self.app.tools.list_drawn.get(),
            inner.height,
        );
        self.app.tools.list_drawn.set(Drawn {
            top,
            len: rows.len(),
            end: top + usize::from(inner.height) >= rows.len(),
        });
        let lines: Vec<Line> = window(&rows, top, inner.height)
            .into_iter()
            .map(|row| self.line(row, usize::from(inner.width), &solved))
            .collect();
        Paragraph::new(lines).render(inner, buf);
    }
}
