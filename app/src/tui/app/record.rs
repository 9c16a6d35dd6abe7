//! Keeping score: noticing a solved level, recording its figures, and saving progress.

use super::{App, Place, Solved};
use crate::tui::keys::Mode;
use crate::words::session;
use sokoshot_core::level::visible;
use sokoshot_core::store::progress::{Best, Figures};
use sokoshot_core::store::saves::SaveError;

/// `a`, `a and b`, `a, b and c`.
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

impl App {
    /// Checks whether the world became solved; if so records it and shows the Solved panel.
    /// Returns whether the world is solved.
    pub(super) fn check_solved(&mut self) -> bool {
        if !self.current.world.is_solved() {
            return false;
        }
        if self.solved.is_none() {
            let counters = self.current.world.counters();
            let figures = Figures {
                moves: counters.moves,
                pushes: counters.pushes,
                shots: counters.shots,
            };
            let key = &self.packs[self.current.place.pack].key;
            let index = self.current.place.level;
            let previous = self.progress.best(key, index, self.current.id);
            self.progress.record(key, index, self.current.id, figures);
            if let Some(title) = self.packs[self.current.place.pack].title(index) {
                let key = &self.packs[self.current.place.pack].key;
                self.progress.set_title(key, self.current.id, title);
            }
            self.keep_solution();
            self.solved = Some(Solved { figures, previous });
            self.mode = Mode::Solved;
            self.write_progress();
            self.enter_score(figures);
        }
        true
    }

    pub(super) fn remember_place(&mut self) {
        let key = self.packs[self.current.place.pack].key.clone();
        self.progress.set_last(&key, self.current.place.level);
        self.write_progress();
    }

    pub(super) fn write_progress(&mut self) {
        let Some(save) = &self.save else {
            return;
        };
        match save.save(&self.progress) {
            Ok((merged, dropped)) => {
                self.progress = merged;
                if let Some(dropped) = dropped {
                    self.tell(dropped, true);
                }
            }
            Err(SaveError::Slow) => {
                self.tools.save_settling = true;
                self.tell(SaveError::Slow.to_string(), false);
            }
            Err(err) => self.tell(err.to_string(), true),
        }
    }

    /// While a save goes on in the background (a slow store): what became of it, once known.
    /// Returns whether anything on screen changed.
    pub(super) fn poll_save(&mut self) -> bool {
        if !self.tools.save_settling {
            return false;
        }
        let Some(settled) = self.save.as_ref().and_then(|save| save.settled()) else {
            return false;
        };
        self.tools.save_settling = false;
        match settled {
            Ok(()) => self.tell(session::PROGRESS_SAVED, false),
            Err(err) => self.tell(err.to_string(), true),
        }
        true
    }

    /// Whether a save is still being written in the background.
    #[must_use]
    pub fn save_pending(&self) -> bool {
        self.tools.save_settling
    }

    /// Tells, once, of levels solved under a board their pack no longer has (reworked or
    /// taken out): their results and kept solutions do not carry over to the new board. The
    /// first pack with such levels is told of; the others at the next look at the list.
    pub(super) fn tell_changed_levels(&mut self) {
        let found = (0..self.packs.len()).find_map(|pack| {
            let key = &self.packs[pack].key;
            let changed = self.progress.changed(key, &self.level_ids(pack));
            (!changed.is_empty()).then_some((pack, changed))
        });
        let Some((pack, changed)) = found else {
            return;
        };
        let names: Vec<String> = changed
            .iter()
            .map(|c| match &c.title {
                Some(title) => visible(title).into_owned(),
                None => format!("the level that was number {}", c.index + 1),
            })
            .collect();
        let (solved, its) = if names.len() == 1 {
            ("it", "its")
        } else {
            ("them", "their")
        };
        let text = format!(
            "{}: {} changed since you solved {solved}, so {its} results and kept solutions \
             start over",
            visible(&self.packs[pack].name),
            and_list(&names),
        );
        let key = self.packs[pack].key.clone();
        for c in &changed {
            self.progress.tell_changed(&key, c.id);
        }
        self.write_progress();
        self.tell(text, false);
    }

    /// The best figures saved for the level at `place`, if it is solved as it is now.
    #[must_use]
    pub fn best(&self, place: Place) -> Option<Best> {
        let pack = self.packs.get(place.pack)?;
        let id = *self.level_ids(place.pack).get(place.level)?;
        self.progress.best(&pack.key, place.level, id)
    }
}
