//! Saving a level into the player's own levels kept by a store (the Pasted pack, where
//! pasted levels go too): what the editor saves into over SSH, where the player has no file.
//!
//! The first save adds the level at the pack's end; later saves rewrite it where it stands
//! in the pack as stored then, found by the level as last saved (another session may have
//! added levels since), with every other line kept byte for byte as a pack file's save
//! keeps them. A level no longer in the pack (removed meanwhile) is added again. The pack
//! keeps at most [`MAX_PASTED_LEVELS`]: a new level past that is refused, never made room
//! for by dropping one. A board that does not load is not saved here: the menu plays the
//! pack's levels that load, and the author would not find it again.
//!
//! A level is deleted the same way: found as saving finds it, its board and its own lines
//! taken out, every other line kept, the pack's header too ([`delete`]). The draft (the
//! board being drawn when a session ended unsaved, and the level it was drawn from) is kept
//! after the levels in the same text, never one of them ([`save_draft`], [`read_draft`],
//! [`drop_draft`]; the format is in `store::pasted`); every change of the levels keeps it.

use super::Sketch;
use super::file::{Meta, Misread, append, meta_of, remove, sketch_of, splice, verify};
use crate::level::{Level, LevelError, PackReport, parse_pack};
use crate::store::pasted::{
    MAX_PASTED_LEVELS, PASTED_HEADER, PastedError, draft_of, keep_draft, split_draft, with_draft,
};
use crate::store::saves::Saves;

/// Why a level was not saved into the player's own levels.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoredError {
    /// The board drawn does not load (the first thing wrong with it, if one is named).
    #[error("your levels keep levels that load{}", .0.as_ref().map_or_else(String::new, |why| format!(": {why}")))]
    DoesNotLoad(Option<LevelError>),
    /// The pack holds [`MAX_PASTED_LEVELS`] already.
    #[error(
        "your levels are full: {MAX_PASTED_LEVELS} are kept, and none is dropped for a new one"
    )]
    Full,
    /// The level is no longer among the player's levels (deleted meanwhile).
    #[error("that level is no longer among your levels")]
    Gone,
    /// The pack's new text would not read back as it should.
    #[error(transparent)]
    Misread(Misread),
    /// The store refused or could not write the pack (its message).
    #[error("{0}")]
    Store(String),
}

/// A level of the player's own levels, being edited.
#[derive(Debug, Clone, Default)]
pub struct StoredLevel {
    /// The level as last saved, to find it again; `None` before its first save.
    saved: Option<Level>,
    /// Its place among the pack's levels when last saved, 0-based.
    index: usize,
    /// Its number among the pack's levels that load, as the game shows them.
    number: usize,
    /// Title, author and comments as last saved (to keep them as written).
    meta: Meta,
}

impl StoredLevel {
    /// A new level, added to the player's levels at its first save.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// A level already among the player's levels, `level` as the game reads it, number
    /// `number` (1-based) of the pack's levels that load: saving rewrites it where it stands.
    #[must_use]
    pub fn existing(level: &Level, number: usize) -> Self {
        Self {
            saved: Some(level.clone()),
            index: number.saturating_sub(1),
            number,
            meta: meta_of(&Sketch::from(level)),
        }
    }

    /// Where `draft` is saved: the level of the player's in `saves` it was drawn from, while
    /// it is still there, else a new level.
    #[must_use]
    pub fn of_draft(saves: &dyn Saves, draft: &Draft) -> Self {
        let Some(origin) = &draft.origin else {
            return Self::new();
        };
        let levels = saves.pasted();
        match levels.iter().position(|level| same(level, origin)) {
            Some(i) => Self::existing(&levels[i], i + 1),
            None => Self::new(),
        }
    }

    /// The level as last saved, once saved.
    #[must_use]
    pub fn level(&self) -> Option<&Level> {
        self.saved.as_ref()
    }

    /// The level's number among the pack's levels that load, 1-based, once saved.
    #[must_use]
    pub fn number(&self) -> Option<usize> {
        self.saved.as_ref().map(|_| self.number)
    }

    /// Saves `sketch` into the Pasted pack of `saves` (see the module header); returns its
    /// number there, 1-based.
    ///
    /// # Errors
    /// Why, for the author: the board does not load, the pack is full, the new text would
    /// not read back, or the store refused (over the player's bytes) or cannot be written.
    pub fn save(&mut self, saves: &dyn Saves, sketch: &Sketch) -> Result<usize, StoredError> {
        let drawn = sketch.check();
        let Some(level) = drawn.level.clone() else {
            let why = drawn.first_error().map(|p| p.diagnostic.error.clone());
            return Err(StoredError::DoesNotLoad(why));
        };
        let edited_meta = meta_of(sketch) != self.meta;
        let mut index = 0;
        // The store is told only that the change refused; this save's own reason is kept.
        let mut refused = None;
        let changed = saves.change_pasted(&mut |stored| {
            let (stored, draft) = split_draft(stored);
            let (text, at) = self.rewrite(stored, sketch, edited_meta).map_err(|err| {
                refused = Some(err);
                PastedError::Refused
            })?;
            index = at;
            Ok(keep_draft(text, draft))
        });
        if let Err(err) = changed {
            return Err(refused.unwrap_or(StoredError::Store(err.to_string())));
        }
        self.saved = Some(level);
        self.meta = meta_of(sketch);
        self.index = index;
        self.number = readable_index(saves, self.saved.as_ref()).map_or(index + 1, |i| i + 1);
        Ok(self.number)
    }

    /// The pack's text `stored` with the level written in, and its place among all levels.
    fn rewrite(
        &self,
        stored: &str,
        sketch: &Sketch,
        edited_meta: bool,
    ) -> Result<(String, usize), StoredError> {
        let report = parse_pack(stored);
        let levels = loaded(&report);
        let place = self
            .saved
            .as_ref()
            .and_then(|saved| place_of(&levels, saved, Some(self.index)));
        let base = if stored.trim().is_empty() {
            PASTED_HEADER
        } else {
            stored
        };
        let (text, index, expected) = match place {
            Some(index) => (
                splice(base, index, sketch, edited_meta),
                index,
                levels.len(),
            ),
            None if levels.len() >= MAX_PASTED_LEVELS => return Err(StoredError::Full),
            None => (append(base, sketch), levels.len(), levels.len() + 1),
        };
        verify(base, &text, index, expected, sketch).map_err(StoredError::Misread)?;
        Ok((text, index))
    }
}

/// Deletes `level` (as the game reads it, number `number` of the pack's levels that load,
/// 1-based) from the player's levels in `saves`: its board and every line of its own go,
/// every other line is kept byte for byte. The level is found as [`StoredLevel::save`]
/// finds it (another session may have changed the pack since).
///
/// # Errors
/// When the level is no longer there, the new text would not read back as the pack without
/// it, or the store cannot be written.
pub fn delete(saves: &dyn Saves, level: &Level, number: usize) -> Result<(), StoredError> {
    let mut refused = None;
    let changed = saves.change_pasted(&mut |stored| {
        let (stored, draft) = split_draft(stored);
        let removed = without(stored, level, number).map_err(|err| {
            refused = Some(err);
            PastedError::Refused
        })?;
        Ok(keep_draft(removed, draft))
    });
    match changed {
        Ok(_) => Ok(()),
        Err(err) => Err(refused.unwrap_or(StoredError::Store(err.to_string()))),
    }
}

/// The pack's text `stored` without `level` (see [`delete`]).
fn without(stored: &str, level: &Level, number: usize) -> Result<String, StoredError> {
    let report = parse_pack(stored);
    let levels = loaded(&report);
    // Its place among all levels, as it was numbered among those that load.
    let numbered = (0..levels.len())
        .filter(|&i| levels[i].is_some())
        .nth(number.saturating_sub(1));
    let index = place_of(&levels, level, numbered).ok_or(StoredError::Gone)?;
    let header = PASTED_HEADER.trim_start_matches(';').trim();
    let text = remove(stored, index, header);
    let after = parse_pack(&text);
    if after.levels.len() + 1 != report.levels.len() {
        return Err(StoredError::Misread(Misread::LevelCount {
            found: after.levels.len(),
            expected: report.levels.len() - 1,
        }));
    }
    let kept = (0..report.levels.len()).filter(|&i| i != index);
    for (old, new) in kept.zip(&after.levels) {
        let reads_the_same = match (levels[old], new.result.as_ref().ok()) {
            (Some(a), Some(b)) => same(a, b),
            (None, None) => true,
            _ => false,
        };
        if !reads_the_same {
            return Err(StoredError::Misread(Misread::OtherLevel(old + 1)));
        }
    }
    Ok(text)
}

/// A draft: the board being drawn when a session ended unsaved, to go on drawing.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    /// The board.
    pub sketch: Sketch,
    /// The level of the player's it was drawn from, if it was one (saving the draft rewrites
    /// that level while it is there).
    pub origin: Option<Level>,
}

/// Keeps `sketch` as the player's draft in `saves`, with `origin`, the level of theirs it
/// was drawn from if any: the level being drawn when a session ended unsaved, to be
/// continued (one per player: it replaces the one kept before). It is kept in the Pasted
/// pack's text, after the levels and never one of them, within the player's bytes.
///
/// # Errors
/// When the store refused (over the player's bytes) or cannot be written.
pub fn save_draft(
    saves: &dyn Saves,
    sketch: &Sketch,
    origin: Option<&Level>,
) -> Result<(), StoredError> {
    let text = sketch.text();
    let origin = origin.map(ToString::to_string);
    saves
        .change_pasted(&mut |stored| Ok(with_draft(stored, Some((&text, origin.as_deref())))))
        .map(|_| ())
        .map_err(|err| StoredError::Store(err.to_string()))
}

/// The player's draft in `saves`, if one is kept.
#[must_use]
pub fn read_draft(saves: &dyn Saves) -> Option<Draft> {
    let mut draft = None;
    // Read through a change that is refused, so nothing is written.
    let _ = saves.change_pasted(&mut |stored| {
        draft = draft_of(stored);
        Err(PastedError::Refused)
    });
    let (text, origin) = draft?;
    Some(Draft {
        sketch: sketch_of(&text).unwrap_or_else(|| Sketch::room(7, 5)),
        origin: origin.and_then(|origin| origin.parse().ok()),
    })
}

/// Lets the player's draft in `saves` go (continued or discarded).
///
/// # Errors
/// When the store cannot be written.
pub fn drop_draft(saves: &dyn Saves) -> Result<(), StoredError> {
    saves
        .change_pasted(&mut |stored| {
            if split_draft(stored).1.is_none() {
                return Err(PastedError::Refused);
            }
            Ok(with_draft(stored, None))
        })
        .map(|_| ())
        .or_else(|err| match err {
            PastedError::Refused => Ok(()),
            err => Err(StoredError::Store(err.to_string())),
        })
}

/// Each level of a pack as read, `None` for one that does not load.
fn loaded(report: &PackReport) -> Vec<Option<&Level>> {
    report
        .levels
        .iter()
        .map(|entry| entry.result.as_ref().ok())
        .collect()
}

/// Where `level` stands among `levels`: at `hint` when it is there, else the first place it
/// is (the pack may have changed since the hint was taken).
fn place_of(levels: &[Option<&Level>], level: &Level, hint: Option<usize>) -> Option<usize> {
    let here = |i: &usize| {
        levels
            .get(*i)
            .copied()
            .flatten()
            .is_some_and(|l| same(l, level))
    };
    hint.filter(here).or_else(|| (0..levels.len()).find(here))
}

/// Where `level` stands among the pack's levels that load (what the game shows).
fn readable_index(saves: &dyn Saves, level: Option<&Level>) -> Option<usize> {
    let level = level?;
    saves.pasted().iter().rposition(|l| same(l, level))
}

/// Whether two levels are the same board with the same settings, whatever their title,
/// author and comments (a `;` line before a pack's first level reads as its title).
fn same(a: &Level, b: &Level) -> bool {
    a.board_text() == b.board_text() && a.spinners == b.spinners && a.shot_limit == b.shot_limit
}
