//! Chapters of a pack (levels with a `Chapter:` line begin one): the title card shown over
//! the first level of a chapter until the first move, and the screen at the end of a pack in
//! chapters (the campaign), with the player's totals and what comes next.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::help::{framed, top_band};
use super::status::{Hints, keys_line};
use crate::tui::app::{App, Place};
use crate::tui::keys::Action;
use crate::words::count;
use sokoshot_core::store::collection::Collection;

/// Rows the chapter card takes.
pub const CARD_HEIGHT: u16 = 4;

/// One chapter of a pack: its number (1-based), its name and its levels (0-based, inclusive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chapter<'a> {
    /// Its place among the pack's chapters, from 1.
    pub number: usize,
    /// How many chapters the pack has.
    pub of: usize,
    /// Its name, from the `Chapter:` line.
    pub name: &'a str,
    /// Its first level.
    pub first: usize,
    /// Its last level.
    pub last: usize,
}

/// The chapters of a pack, in order; empty when no level begins one.
#[must_use]
pub fn chapters(pack: &Collection) -> Vec<Chapter<'_>> {
    let starts: Vec<(usize, &str)> = pack
        .levels
        .iter()
        .enumerate()
        .filter_map(|(i, level)| level.chapter.as_deref().map(|name| (i, name)))
        .collect();
    let ends = starts
        .iter()
        .skip(1)
        .map(|&(i, _)| i.saturating_sub(1))
        .chain([pack.levels.len().saturating_sub(1)]);
    starts
        .iter()
        .zip(ends)
        .enumerate()
        .map(|(n, (&(first, name), last))| Chapter {
            number: n + 1,
            of: starts.len(),
            name,
            first,
            last,
        })
        .collect()
}

/// Whether the pack at `pack` is in chapters and `level` is its last level.
#[must_use]
pub fn ends_a_campaign(packs: &[Collection], place: Place) -> bool {
    packs
        .get(place.pack)
        .is_some_and(|pack| !chapters(pack).is_empty() && place.level + 1 == pack.levels.len())
}

/// The chapter card: shown over the first level of a chapter until the first move.
#[derive(Debug, Clone, Copy)]
pub struct ChapterCard<'a> {
    /// The game.
    pub app: &'a App,
}

impl ChapterCard<'_> {
    /// The chapter the level in play begins, while nothing has happened in it yet.
    #[must_use]
    pub fn chapter(&self) -> Option<Chapter<'_>> {
        let place = self.app.place();
        let world = self.app.world();
        let untouched = world.counters() == Default::default() && !world.can_undo();
        let pack = self.app.packs().get(place.pack)?;
        chapters(pack)
            .into_iter()
            .find(|c| c.first == place.level)
            .filter(|_| untouched)
    }
}

impl Widget for ChapterCard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(chapter) = self.chapter() else {
            return;
        };
        let theme = self.app.theme;
        let heading = format!(" Chapter {} of {} ", chapter.number, chapter.of);
        let lines = vec![
            Line::from(Span::styled(chapter.name.to_owned(), theme.heading())).centered(),
            Line::raw(format!(
                "levels {} to {}",
                chapter.first + 1,
                chapter.last + 1
            ))
            .centered(),
        ];
        let width = lines
            .iter()
            .map(Line::width)
            .chain([heading.chars().count()])
            .max()
            .unwrap_or(0)
            + 6;
        framed(
            lines,
            &heading,
            top_band(area, width, CARD_HEIGHT),
            buf,
            theme,
        );
    }
}

/// The player's totals over a pack: levels solved and the sums of their best figures.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// Levels solved.
    pub solved: usize,
    /// Levels in the pack.
    pub levels: usize,
    /// Sum of the fewest moves of each solved level.
    pub moves: u64,
    /// Sum of the fewest pushes.
    pub pushes: u64,
    /// Sum of the fewest shots.
    pub shots: u64,
}

/// The totals of the pack at index `pack`.
#[must_use]
pub fn totals(app: &App, pack: usize) -> Totals {
    let levels = app.packs().get(pack).map_or(0, |p| p.levels.len());
    let mut totals = Totals {
        levels,
        ..Totals::default()
    };
    for level in 0..levels {
        if let Some(best) = app.best(Place { pack, level }) {
            totals.solved += 1;
            totals.moves += u64::from(best.moves);
            totals.pushes += u64::from(best.pushes);
            totals.shots += u64::from(best.shots);
        }
    }
    totals
}

/// The screen at the end of a pack in chapters: complete (every level solved) or not yet,
/// the totals, and the next pack offered as the next challenge.
#[derive(Debug, Clone, Copy)]
pub struct CampaignEnd<'a> {
    /// The game.
    pub app: &'a App,
}

impl Widget for CampaignEnd<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let theme = app.theme;
        let place = app.place();
        let Some(pack) = app.packs().get(place.pack) else {
            return;
        };
        let t = totals(app, place.pack);
        let complete = t.solved == t.levels;
        let heading = if complete {
            format!(" {} complete ", pack.name)
        } else {
            format!(" End of the {} ", pack.name)
        };
        let mut lines = vec![
            Line::raw(format!("Levels solved: {} of {}", t.solved, t.levels)).centered(),
            Line::raw(format!(
                "Best totals: {}, {}, {}",
                count(t.moves, "move"),
                count(t.pushes, "push"),
                count(t.shots, "shot")
            ))
            .centered(),
            Line::raw(""),
        ];
        let next = app.packs().get(place.pack + 1);
        if let Some(next) = next {
            let credit = next
                .credit
                .as_deref()
                .map_or_else(String::new, |c| format!(" by {c}"));
            lines.push(Line::raw("The next challenge:").centered());
            lines.push(
                Line::from(Span::styled(
                    format!("{}{credit}, {} levels", next.name, next.levels.len()),
                    theme.heading(),
                ))
                .centered(),
            );
        }
        if !complete {
            lines.push(Line::raw("Unsolved levels are unmarked in the list (g).").centered());
        }
        lines.push(Line::raw(""));
        let go_on = if next.is_some() {
            "next challenge"
        } else {
            "stay"
        };
        lines.push(
            keys_line(
                &Hints::new(self.app.mode())
                    .key(Action::NextLevel, go_on)
                    .key(Action::LevelList, "level list")
                    .key(Action::Quit, "quit")
                    .list,
                60,
                theme,
            )
            .centered(),
        );
        let width = lines.iter().map(Line::width).max().unwrap_or(0) + 6;
        let height = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
        let panel = area.centered(
            Constraint::Length(u16::try_from(width).unwrap_or(u16::MAX)),
            Constraint::Length(height),
        );
        framed(lines, &heading, panel, buf, theme);
    }
}
