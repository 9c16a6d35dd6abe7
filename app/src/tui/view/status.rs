//! The two text lines around the board: where you are and how you are doing above it, and
//! below it the keys that matter now, or news, or the error that stopped a reload.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::tui::app::App;
use crate::tui::keys::{self, Action, Mode};
use crate::tui::theme::Theme;
use crate::words::status;
use sokoshot_core::game::{Command, WAIT_TICKS};
use sokoshot_core::level::visible;

/// The line above the board: pack, level number, title, and the counters.
#[derive(Debug, Clone, Copy)]
pub struct StatusLine<'a> {
    /// The game to describe.
    pub app: &'a App,
}

/// One part of the status line, and how much it matters: when the line is too wide, the
/// parts that matter least go first. A part that can be shortened (the title) is first cut
/// with an ellipsis, down to [`SHORTEST_TITLE`] columns, and goes only if that is not enough.
struct Part {
    rank: u8,
    spans: Vec<Span<'static>>,
    /// The ellipsis to shorten the first span with, if it may be shortened.
    shorten: Option<&'static str>,
}

pub use crate::words::status::NO_LIMIT;

/// The fewest columns a title is shortened to (ellipsis included) before it is dropped.
pub const SHORTEST_TITLE: usize = 8;

impl Part {
    fn width(&self) -> usize {
        self.spans.iter().map(Span::width).sum()
    }

    /// Cuts the first span by `columns` (and adds the ellipsis) if it stays at least
    /// [`SHORTEST_TITLE`] wide. Returns whether it did.
    fn shorten_by(&mut self, columns: usize) -> bool {
        let (Some(ellipsis), Some(first)) = (self.shorten, self.spans.first_mut()) else {
            return false;
        };
        let keep = first.width().saturating_sub(columns);
        if columns == 0 || keep < SHORTEST_TITLE.max(ellipsis.len() + 1) {
            return false;
        }
        first.content = shorten(&first.content, keep, ellipsis).into();
        true
    }
}

/// `text` cut to at most `columns` terminal columns, ending in `ellipsis`.
fn shorten(text: &str, columns: usize, ellipsis: &str) -> String {
    let room = columns.saturating_sub(Span::raw(ellipsis).width());
    let mut cut = String::new();
    let mut used = 0;
    for ch in text.chars() {
        let width = Span::raw(ch.to_string()).width();
        if used + width > room {
            break;
        }
        used += width;
        cut.push(ch);
    }
    format!("{}{ellipsis}", cut.trim_end())
}

impl StatusLine<'_> {
    /// The parts of the line, left to right, each with its rank (higher stays longer): the
    /// counters, then the level number, then the shots left, the pack's name, the title
    /// (shortened before it goes: a player wants to know which level this is), the best
    /// result, and first of all that shots have no limit.
    fn parts(self) -> Vec<Part> {
        let app = self.app;
        let theme = app.theme;
        let place = app.place();
        let pack = &app.packs()[place.pack];
        let counters = app.world().counters();
        let sep = || Span::styled(theme.separator(), theme.dim());
        let part = |rank, spans| Part {
            rank,
            spans,
            shorten: None,
        };
        let mut parts = vec![
            part(
                3,
                vec![Span::styled(
                    format!("{} ", visible(&pack.name)),
                    theme.heading(),
                )],
            ),
            part(
                5,
                vec![
                    Span::styled(
                        format!("{}/{}", place.level + 1, pack.levels.len()),
                        theme.heading(),
                    ),
                    sep(),
                ],
            ),
        ];
        if let Some(title) = pack.title(place.level) {
            parts.push(Part {
                shorten: Some(if theme.ascii { "..." } else { "…" }),
                ..part(2, vec![Span::raw(visible(title).into_owned()), sep()])
            });
        }
        parts.push(part(
            6,
            vec![Span::raw(status::counters(
                counters.moves,
                counters.pushes,
                counters.shots,
            ))],
        ));
        // A level with enemies and no limit says so, so that "Shots 0" does not read as
        // none to fire; that goes first when the line is too wide.
        let left = match app.world().shots_left() {
            Some(left) => Some((4, status::shots_left(left))),
            None if !app.world().level().enemies.is_empty() => Some((0, NO_LIMIT.to_owned())),
            None => None,
        };
        if let Some((rank, left)) = left {
            parts.push(part(rank, vec![Span::raw(left)]));
        }
        // Where a bar turns, the beats since the start: the bars stand where this count
        // puts them, so a player times a push or a shot by it.
        if crate::tui::app::bars_turn(app.world()) {
            parts.push(part(
                5,
                vec![sep(), Span::raw(beats(app.world().elapsed_ticks()))],
            ));
        }
        if let Some(playback) = app
            .tools
            .playback
            .as_ref()
            .filter(|_| app.mode() == Mode::Watching)
        {
            let state = if playback.paused {
                "paused".to_owned()
            } else {
                format!("{}/s", playback.letters_per_second())
            };
            parts.push(part(
                7,
                vec![
                    sep(),
                    Span::styled(
                        format!("watching {}/{} {state}", playback.done, playback.len()),
                        theme.heading(),
                    ),
                ],
            ));
        }
        // While the move that solved the level is still being shown (the winning shot in
        // flight), the best is the one from before it: the solve is not on screen yet.
        let best = match &app.solved {
            Some(solved) if app.current.animation.is_some() => solved.previous,
            _ => app.best(place),
        };
        if let Some(best) = best {
            parts.push(part(
                1,
                vec![
                    sep(),
                    Span::styled(
                        format!(
                            "{} {}",
                            theme.solved_mark(),
                            status::best(best.moves, best.pushes)
                        ),
                        theme.dim(),
                    ),
                ],
            ));
        }
        parts
    }
}

/// The beats in `ticks`, to a tenth cut down (a step is 2/5 of a beat, so "beat 12.4" after
/// twelve waits and a step): "beat 12.4".
#[must_use]
pub fn beats(ticks: u64) -> String {
    let tenths = ticks * 10 / u64::from(WAIT_TICKS);
    format!("beat {}.{}", tenths / 10, tenths % 10)
}

/// Shortens or drops the parts that matter least (the rightmost first among equals) until
/// the rest fit in `width` columns.
fn fit(mut parts: Vec<Part>, width: usize) -> Vec<Part> {
    loop {
        let over = parts
            .iter()
            .map(Part::width)
            .sum::<usize>()
            .saturating_sub(width);
        if over == 0 || parts.len() < 2 {
            return parts;
        }
        let Some(least) = parts
            .iter()
            .enumerate()
            .min_by_key(|(i, part)| (part.rank, std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
        else {
            return parts;
        };
        if !parts[least].shorten_by(over) {
            parts.remove(least);
        }
    }
}

impl Widget for StatusLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let parts = fit(self.parts(), usize::from(area.width));
        let spans: Vec<Span> = parts.into_iter().flat_map(|part| part.spans).collect();
        Line::from(spans).render(area, buf);
    }
}

/// The level's own comment (an author's hint, such as the campaign's "Walk into the box to
/// push it"), shown under the status line when there is room.
#[derive(Debug, Clone, Copy)]
pub struct Tip<'a> {
    /// The game to describe.
    pub app: &'a App,
}

impl Tip<'_> {
    fn text(self) -> Option<String> {
        let comments = &self.app.world().level().comments;
        let text = comments.join(" ");
        let text = text.trim();
        (!text.is_empty()).then(|| visible(text).into_owned())
    }

    /// The tip wrapped at words to `width` columns.
    fn rows(self, width: u16) -> Vec<String> {
        self.text().map_or_else(Vec::new, |text| {
            crate::tui::view::help::wrap_words(&text, usize::from(width.max(1)))
        })
    }

    /// Rows the tip would like at `width` columns (none without a comment): all of it,
    /// wrapped at words.
    #[must_use]
    pub fn rows_wanted(self, width: u16) -> u16 {
        u16::try_from(self.rows(width).len()).unwrap_or(u16::MAX)
    }
}

impl Widget for Tip<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut rows = self.rows(area.width);
        let room = usize::from(area.height);
        if rows.len() > room && room > 0 {
            // Cut to the rows there are: the last one says so.
            rows.truncate(room);
            let ellipsis = if self.app.theme.ascii { "..." } else { "…" };
            if let Some(last) = rows.last_mut() {
                let keep = usize::from(area.width).saturating_sub(ellipsis.chars().count());
                *last = format!(
                    "{}{ellipsis}",
                    last.chars().take(keep).collect::<String>().trim_end()
                );
            }
        }
        let lines: Vec<Line> = rows
            .into_iter()
            .map(|row| Line::styled(row, self.app.theme.dim()))
            .collect();
        Paragraph::new(lines).render(area, buf);
    }
}

/// What the line below the board says while a hint is worked out.
pub const THINKING: &str = "hint: thinking… (keys still work)";

/// What the status line says while a hint waits in the server's line at `place` (1 for the
/// first): "hint queued: 2nd in line (keys still work)".
#[must_use]
pub fn queued(place: usize) -> String {
    let suffix = match (place % 10, place % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("hint queued: {place}{suffix} in line (keys still work)")
}

/// The line below the board: an error or news (wrapped over as many rows as it is given),
/// a pending count, or the keys that matter now.
#[derive(Debug, Clone, Copy)]
pub struct HintLine<'a> {
    /// The game to describe.
    pub app: &'a App,
}

impl HintLine<'_> {
    /// The error or news to show, if any, in its style.
    fn notice(self) -> Option<Line<'static>> {
        let app = self.app;
        let theme = app.theme;
        if let Some(error) = &app.reload_error {
            return Some(Line::styled(visible(error).into_owned(), theme.warning()));
        }
        let Some(message) = app.message.as_ref() else {
            if let Some(text) = app.deadlock_warning() {
                return Some(Line::styled(text, theme.warning()));
            }
            if let Some(place) = app.hint_place() {
                return Some(Line::styled(queued(place), theme.heading()));
            }
            return app
                .hint_pending()
                .then(|| Line::styled(THINKING, theme.heading()));
        };
        let style = if message.warning {
            theme.warning()
        } else {
            theme.heading()
        };
        Some(Line::styled(visible(&message.text).into_owned(), style))
    }

    /// Rows the line would like at `width` columns: more than one only for a long notice.
    #[must_use]
    pub fn rows_wanted(self, width: u16) -> u16 {
        let width = usize::from(width.max(1));
        let rows = self
            .notice()
            .map_or(1, |line| line.width().div_ceil(width).max(1));
        u16::try_from(rows).unwrap_or(u16::MAX)
    }
}

impl Widget for HintLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let theme = app.theme;
        if let Some(notice) = self.notice() {
            Paragraph::new(notice)
                .wrap(Wrap { trim: false })
                .render(area, buf);
            return;
        }
        let line = if let Some(count) = app.count.pending() {
            Line::from(vec![
                Span::styled(count.to_string(), theme.key()),
                Span::raw(" × the next key (Esc forgets it)"),
            ])
        } else {
            keys_line(&hints(app), area.width, theme)
        };
        line.render(area, buf);
    }
}

/// Key hints gathered for one mode, as (key, what it does), each key named by the key table
/// (the first key bound to the action there), so a hint cannot name a key that does
/// something else.
#[derive(Debug, Clone)]
pub struct Hints {
    mode: Mode,
    /// The hints so far, in order.
    pub list: Vec<(String, &'static str)>,
}

impl Hints {
    /// No hints yet, for `mode`.
    #[must_use]
    pub fn new(mode: Mode) -> Self {
        Self {
            mode,
            list: Vec::new(),
        }
    }

    /// Adds `what` under the key of `action`; nothing if no key does it in this mode.
    pub fn key(&mut self, action: Action, what: &'static str) -> &mut Self {
        self.keys(&[action], "", what)
    }

    /// Adds `what` under the keys of `actions` joined by `sep` (`hjkl`, `n/p`); nothing if
    /// one of them has no key in this mode.
    pub fn keys(&mut self, actions: &[Action], sep: &str, what: &'static str) -> &mut Self {
        let keys = keys::hint_keys(self.mode, actions, sep);
        if !keys.is_empty() {
            self.list.push((keys, what));
        }
        self
    }
}

/// The keys worth showing now, as (key, what it does), most useful first; the last two
/// (help and quit, or close and quit) are always shown.
fn hints(app: &App) -> Vec<(String, &'static str)> {
    let world = app.world();
    let level = world.level();
    let mut hints = Hints::new(app.mode());
    match app.mode() {
        Mode::Solved => {
            if !app.is_last_level() {
                hints.key(Action::NextLevel, "next level");
            }
            hints
                .key(Action::Play(Command::Undo), "undo")
                .key(Action::Play(Command::Restart), "restart")
                .key(Action::LevelList, "levels")
                .key(Action::Close, "look at the board");
        }
        Mode::Help | Mode::LevelList | Mode::Search | Mode::Scores => {
            hints.key(Action::Close, "close").key(Action::Quit, "quit");
            return hints.list;
        }
        Mode::Options => {
            hints
                .key(Action::Toggle, "turn")
                .key(Action::Close, "close")
                .key(Action::Quit, "quit");
            return hints.list;
        }
        Mode::Snapshots => {
            hints
                .key(Action::Choose, "go back to it")
                .key(Action::Delete, "delete")
                .key(Action::Close, "close")
                .key(Action::Quit, "quit");
            return hints.list;
        }
        Mode::Watching => {
            hints
                .key(Action::PausePlayback, "pause")
                .key(Action::StepPlayback, "step")
                .keys(&[Action::Faster, Action::Slower], "/", "speed")
                .keys(&keys::STEPS, "", "play on")
                .key(Action::Close, "stop")
                .key(Action::Quit, "quit");
            return hints.list;
        }
        Mode::Playing => {
            hints.keys(&keys::STEPS, "", "move");
            let targets = !level.enemies.is_empty() || !level.spinners.is_empty();
            if targets && world.shots_left() != Some(0) {
                hints.key(Action::Play(Command::Fire), "fire");
            }
            // Bars turn only while time passes, and the wait key lets a beat pass.
            if level.spinners.iter().any(|s| s.speed != 0.0) {
                hints.key(keys::WAIT, "wait");
            }
            if world.can_undo() {
                hints.key(Action::Play(Command::Undo), "undo");
            }
            if world.can_redo() {
                hints.key(Action::Play(Command::Redo), "redo");
            }
            hints
                .key(Action::Play(Command::Restart), "restart")
                .keys(&keys::RUNS, "", "run")
                .keys(&[Action::NextLevel, Action::PreviousLevel], "/", "level")
                .key(Action::LevelList, "levels");
        }
    }
    hints.key(Action::Help, "help").key(Action::Quit, "quit");
    hints.list
}

/// Key hints as `key what  key what`, as many as fit in `width` columns; the last two are
/// always kept.
pub fn keys_line<K: AsRef<str>>(hints: &[(K, &str)], width: u16, theme: Theme) -> Line<'static> {
    let cost = |(key, what): &(K, &str)| key.as_ref().chars().count() + what.chars().count() + 3;
    let split = hints.len().saturating_sub(2);
    let (optional, pinned) = hints.split_at(split);
    let mut room = usize::from(width).saturating_sub(pinned.iter().map(cost).sum());
    let mut shown: Vec<&(K, &str)> = Vec::new();
    for hint in optional {
        if cost(hint) > room {
            break;
        }
        room -= cost(hint);
        shown.push(hint);
    }
    shown.extend(pinned);
    let mut spans = Vec::new();
    for (i, (key, what)) in shown.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(key.as_ref().to_owned(), theme.key()));
        spans.push(Span::styled(format!(" {what}"), Style::new()));
    }
    Line::from(spans)
}
