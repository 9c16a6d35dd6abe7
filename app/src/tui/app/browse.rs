//! The level list as a browser: which levels it shows (a filter, and a search by title) and
//! where its cursor is among them, moved by keys or the mouse.
//!
//! `f` cycles the filters: all levels, the unsolved ones, the ones with shots (something to
//! shoot or a bar to bank off: where the fire key means something). `/` opens the search
//! line: what is typed there (at most [`MAX_SEARCH_CHARS`] characters) narrows the list to the
//! levels whose title, pack name or number contains it, ignoring case; Enter keeps it, Esc
//! clears it, Backspace takes back a character (and on an empty line closes it). The filter
//! and the search hold together, and stay when the list is closed and opened again. The
//! cursor is always on a level the list shows, when it shows any.
//!
//! The mouse: a click on a level selects it (the preview follows), a click on the selected
//! level plays it (so a double click does too), a click on a pack's name selects its first
//! level shown, and the wheel moves the cursor [`WHEEL_ROWS`] levels at a time.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::Arc;

use super::{App, Place};
use crate::tui::keys::Mode;
use sokoshot_core::level::Level;
use sokoshot_core::store::progress::level_id;

/// The most characters a search holds; more are refused, and the player told.
pub const MAX_SEARCH_CHARS: usize = 40;

/// Levels the cursor moves for one turn of the mouse wheel.
pub const WHEEL_ROWS: isize = 3;

/// Which levels the list shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Filter {
    /// Every level.
    #[default]
    All,
    /// The levels not solved yet.
    Unsolved,
    /// The levels with something to shoot or a bar to bank a shot off.
    WithShots,
}

impl Filter {
    /// The filter `f` goes to from this one.
    #[must_use]
    pub fn next(self) -> Self {
        match self {
            Self::All => Self::Unsolved,
            Self::Unsolved => Self::WithShots,
            Self::WithShots => Self::All,
        }
    }

    /// The filter as the list's heading names it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::All => "all",
            Self::Unsolved => "unsolved",
            Self::WithShots => "with shots",
        }
    }
}

/// What the list shows, kept between openings.
#[derive(Debug, Default)]
pub(crate) struct Browse {
    pub(crate) filter: Filter,
    /// The search typed, at most [`MAX_SEARCH_CHARS`] characters.
    pub(crate) search: String,
    /// The search in lower case, as it is compared.
    needle: String,
    /// The fingerprints of each copy of a pack's levels seen, worked out once: the copy is
    /// held, so a pack whose levels change (a reload, a paste) gets a new copy and new
    /// fingerprints. Copies no pack holds any more are let go.
    ids: RefCell<Vec<Fingerprints>>,
}

/// A copy of a pack's levels and their fingerprints.
type Fingerprints = (Arc<Vec<Level>>, Arc<[u64]>);

/// A row of the level list as drawn: a pack's name, or a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// A pack's name and credit.
    Pack(usize),
    /// A level.
    Level(Place),
}

impl App {
    /// The filter the level list shows.
    #[must_use]
    pub fn filter(&self) -> Filter {
        self.browse.filter
    }

    /// The search the level list shows (empty for none).
    #[must_use]
    pub fn search(&self) -> &str {
        &self.browse.search
    }

    /// The fingerprints of the levels of pack `pack` (empty if there is none).
    #[must_use]
    pub fn level_ids(&self, pack: usize) -> Arc<[u64]> {
        let Some(collection) = self.packs.get(pack) else {
            return Arc::from([]);
        };
        let mut cache = self.browse.ids.borrow_mut();
        if let Some((_, ids)) = cache
            .iter()
            .find(|(levels, _)| Arc::ptr_eq(levels, &collection.levels))
        {
            return Arc::clone(ids);
        }
        if cache.len() >= self.packs.len() * 2 {
            cache.retain(|(levels, _)| {
                self.packs
                    .iter()
                    .any(|pack| Arc::ptr_eq(&pack.levels, levels))
            });
        }
        let ids: Arc<[u64]> = collection.levels.iter().map(level_id).collect();
        cache.push((Arc::clone(&collection.levels), Arc::clone(&ids)));
        ids
    }

    /// The fingerprints of every level solved, in any pack.
    pub(crate) fn solved_boards(&self) -> HashSet<u64> {
        self.progress.solved_boards().collect()
    }

    /// Whether the level list shows the level at `place`: it passes the filter and the
    /// search.
    #[must_use]
    pub fn shows(&self, place: Place) -> bool {
        self.passes(place, &self.solved_boards())
    }

    /// Whether the level at `place` passes the filter and the search, `solved` being the
    /// fingerprints of the levels solved.
    fn passes(&self, place: Place, solved: &HashSet<u64>) -> bool {
        let Some(pack) = self.packs.get(place.pack) else {
            return false;
        };
        let Some(level) = pack.levels.get(place.level) else {
            return false;
        };
        let passes = match self.browse.filter {
            Filter::All => true,
            Filter::Unsolved => self
                .level_ids(place.pack)
                .get(place.level)
                .is_some_and(|id| !solved.contains(id)),
            Filter::WithShots => !level.enemies.is_empty() || !level.spinners.is_empty(),
        };
        let needle = &self.browse.needle;
        passes
            && (needle.is_empty()
                || (place.level + 1).to_string().contains(needle.as_str())
                || pack.name.to_lowercase().contains(needle.as_str())
                || level
                    .title
                    .as_deref()
                    .is_some_and(|title| title.to_lowercase().contains(needle.as_str())))
    }

    /// Every level the list shows, pack by pack.
    #[must_use]
    pub fn shown_places(&self) -> Vec<Place> {
        let solved = self.solved_boards();
        super::all_places(&self.packs)
            .filter(|&place| self.passes(place, &solved))
            .collect()
    }

    /// The rows of the list: each pack with a level shown, then its levels shown.
    #[must_use]
    pub fn list_rows(&self) -> Vec<Row> {
        let mut rows = Vec::new();
        for place in self.shown_places() {
            if rows.last().is_none_or(|row| match row {
                Row::Level(last) => last.pack != place.pack,
                Row::Pack(_) => false,
            }) {
                rows.push(Row::Pack(place.pack));
            }
            rows.push(Row::Level(place));
        }
        rows
    }

    /// The characters typed while the search line is open are the search; returns whether
    /// `key` was one.
    pub(super) fn type_into_search(&mut self, key: KeyEvent) -> bool {
        let KeyCode::Char(c) = key.code else {
            return false;
        };
        if self.mode != Mode::Search
            || key.kind == KeyEventKind::Release
            || key.modifiers.contains(KeyModifiers::CONTROL)
        {
            return false;
        }
        self.message = None;
        if self.browse.search.chars().count() >= MAX_SEARCH_CHARS {
            self.tell(
                format!("a search is at most {MAX_SEARCH_CHARS} characters"),
                true,
            );
        } else if !c.is_control() {
            self.browse.search.push(c);
            self.searched();
        }
        true
    }

    /// A paste in the search line: its first line, typed into the search (control
    /// characters left out), up to [`MAX_SEARCH_CHARS`].
    pub(super) fn paste_into_search(&mut self, text: &str) {
        let line = text.lines().next().unwrap_or("");
        let room = MAX_SEARCH_CHARS.saturating_sub(self.browse.search.chars().count());
        let typed: Vec<char> = line.chars().filter(|c| !c.is_control()).collect();
        self.browse.search.extend(typed.iter().take(room));
        if typed.len() > room {
            self.tell(
                format!("a search is at most {MAX_SEARCH_CHARS} characters"),
                true,
            );
        }
        self.searched();
    }

    /// `f`: the next filter.
    pub(super) fn next_filter(&mut self) {
        self.browse.filter = self.browse.filter.next();
        self.settle_selection();
    }

    /// Backspace on the search line: one character less; on an empty line, closes it.
    pub(super) fn erase(&mut self) {
        if self.browse.search.pop().is_none() {
            self.mode = Mode::LevelList;
        }
        self.searched();
    }

    /// Esc on the search line: no search, back to moving in the list.
    pub(super) fn clear_search(&mut self) {
        self.browse.search.clear();
        self.mode = Mode::LevelList;
        self.searched();
    }

    fn searched(&mut self) {
        self.browse.needle = self.browse.search.to_lowercase();
        self.settle_selection();
    }

    /// Puts the cursor on a level the list shows: where it is if shown, else the next one
    /// shown after it, else the last one shown (nothing changes if none is).
    pub(super) fn settle_selection(&mut self) {
        if self.shows(self.selected) {
            return;
        }
        let shown = self.shown_places();
        let after = shown.iter().find(|&&place| place > self.selected);
        if let Some(&place) = after.or(shown.last()) {
            self.selected = place;
        }
    }

    /// Moves the cursor `by` levels among those shown.
    pub(super) fn move_selection(&mut self, by: isize) {
        self.count.clear();
        let shown = self.shown_places();
        let at = shown
            .iter()
            .position(|&p| p >= self.selected)
            .unwrap_or(shown.len().saturating_sub(1));
        let to = at
            .saturating_add_signed(by)
            .min(shown.len().saturating_sub(1));
        if let Some(&place) = shown.get(to) {
            self.selected = place;
        }
    }

    /// The first (or last) level shown of the pack under the cursor.
    pub(super) fn select_end(&mut self, last: bool) {
        let pack = self.selected.pack;
        let shown = self.shown_places();
        let mut of_pack = shown.iter().copied().filter(|p| p.pack == pack);
        let end = if last {
            of_pack.next_back()
        } else {
            of_pack.next()
        };
        if let Some(place) = end {
            self.selected = place;
        }
    }

    /// `Tab`: the first level shown of the next pack that has one (after the last, the first).
    pub(super) fn select_next_pack(&mut self) {
        let shown = self.shown_places();
        let pack = self.selected.pack;
        let next = shown
            .iter()
            .find(|p| p.pack > pack)
            .or_else(|| shown.first());
        if let Some(&place) = next {
            self.selected = place;
        }
    }

    /// Plays the level under the cursor, if the list shows it.
    pub(super) fn choose(&mut self) {
        self.count.clear();
        if self.shows(self.selected) {
            self.go_to(self.selected);
        } else {
            self.tell(
                "no level is shown: f changes the filter, Esc clears a search",
                false,
            );
        }
    }

    /// A mouse event over the level list. Returns whether anything on screen may have
    /// changed.
    pub(super) fn list_mouse(&mut self, event: MouseEvent) -> bool {
        match event.kind {
            MouseEventKind::ScrollDown => self.move_selection(WHEEL_ROWS),
            MouseEventKind::ScrollUp => self.move_selection(-WHEEL_ROWS),
            MouseEventKind::Down(MouseButton::Left) => {
                let Some(row) = self.row_under(event.column, event.row) else {
                    return false;
                };
                self.message = None;
                match row {
                    Row::Level(place) if place == self.selected => self.choose(),
                    Row::Level(place) => self.selected = place,
                    Row::Pack(pack) => {
                        if let Some(place) =
                            self.shown_places().into_iter().find(|p| p.pack == pack)
                        {
                            self.selected = place;
                        }
                    }
                }
            }
            _ => return false,
        }
        true
    }

    /// The row of the list drawn at the terminal cell `(column, row)`, if any.
    fn row_under(&self, column: u16, row: u16) -> Option<Row> {
        let area = self.tools.list_area.get()?;
        let inside =
            column >= area.x && column < area.right() && row >= area.y && row < area.bottom();
        if !inside {
            return None;
        }
        let rows = crate::tui::view::list_window(self, area.height);
        rows.get(usize::from(row - area.y)).copied()
    }
}
