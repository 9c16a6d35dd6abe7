//! Opening a playing session, one way for local play and the server: the packs in play and
//! where progress is saved (or nowhere, for a guest or a home-less process) go in; the saved
//! progress and the levels the player pasted are read; the caller picks the level to start
//! at from them; the look and feel and what a hint may cost are set on the [`App`] that comes
//! out.
//!
//! [`Opening::read`] changes nothing on disk, so a caller may still refuse to play after it
//! (local play does without a terminal); [`Opening::open`] is the first step that writes (it
//! saves where the player is).

use std::sync::Arc;

use super::app::{App, Place, StartError};
use super::hint::HintBudget;
use super::theme::Theme;
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::pasted::pasted_pack;
use sokoshot_core::store::progress::{Progress, SaveFile};
use sokoshot_core::store::saves::Saves;

/// How a session looks and feels, and what a hint may cost in it.
#[derive(Debug, Clone, Copy)]
pub struct Feel {
    /// How the board is drawn.
    pub theme: Theme,
    /// Whether clicks walk and push.
    pub mouse: bool,
    /// What one hint may cost; `None` keeps local play's default.
    pub hints: Option<HintBudget>,
}

/// A session read from disk and ready to open.
#[derive(Debug)]
pub struct Opening {
    packs: Vec<Collection>,
    save: Option<Arc<dyn Saves>>,
    progress: Progress,
    warning: Option<String>,
}

impl Opening {
    /// Reads what a session over `packs` starts with: the progress saved in `save` (a fresh
    /// start without one) and, beside it, the levels the player pasted, as a last pack.
    #[must_use]
    pub fn read(packs: Vec<Collection>, save: Option<SaveFile>) -> Self {
        Self::read_from(packs, save.map(|file| Arc::new(file) as Arc<dyn Saves>))
    }

    /// [`Opening::read`] from any store's `save` (a file, or a server's database).
    #[must_use]
    pub fn read_from(mut packs: Vec<Collection>, save: Option<Arc<dyn Saves>>) -> Self {
        let (progress, warning) = match &save {
            Some(save) => save.load(),
            None => (Progress::default(), None),
        };
        if let Some(save) = &save {
            let pasted = save.pasted();
            if !pasted.is_empty() {
                packs.push(pasted_pack(pasted));
            }
        }
        Self {
            packs,
            save,
            progress,
            warning,
        }
    }

    /// The packs in play, the pasted one last.
    #[must_use]
    pub fn packs(&self) -> &[Collection] {
        &self.packs
    }

    /// The saved progress.
    #[must_use]
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Why the saved progress could not be read, whole or in part; it names the file.
    #[must_use]
    pub fn warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }

    /// Where the player left off in pack `pack` (an index into [`Self::packs`]), or its
    /// first level when another pack of its group, or none, was played last.
    ///
    /// # Panics
    /// When there is no pack `pack`.
    #[must_use]
    pub fn resume_in(&self, pack: usize) -> Place {
        let key = &self.packs[pack].key;
        let level = self
            .progress
            .last(key)
            .filter(|(last, _)| last == key)
            .map_or(0, |(_, level)| level);
        Place { pack, level }
    }

    /// The session, at `start` (or the first playable level if `start` is not one), looking
    /// and feeling as `feel` says.
    ///
    /// # Errors
    /// [`StartError::NoLevels`] when no pack has a level that can be played.
    pub fn open(self, start: Place, feel: Feel) -> Result<App, StartError> {
        let mut app = App::saving_to(self.packs, start, self.progress, self.save, feel.theme)?;
        app.set_mouse(feel.mouse);
        if let Some(budget) = feel.hints {
            app.set_hint_budget(budget);
        }
        Ok(app)
    }
}
