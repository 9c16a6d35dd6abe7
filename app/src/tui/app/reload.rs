//! Taking in a pack file that was saved while it is being played, and a pack that appeared
//! in the folder of packs.

use super::{App, Place};
use sokoshot_core::level::Level;
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::progress::level_id;

impl App {
    /// Replaces the levels of the pack read from a file, after the file was saved. The level
    /// in play carries on untouched if it did not change, and starts over if it did.
    pub fn replace_levels(&mut self, pack: usize, levels: Vec<Level>) {
        let Some(collection) = self.packs.get_mut(pack) else {
            return;
        };
        collection.levels = std::sync::Arc::new(levels);
        self.reload_error = None;
        let place = self.current.place;
        if place.pack != pack {
            return;
        }
        let index = place.level.min(collection.levels.len().saturating_sub(1));
        // Same board, same level: a new title or comment does not end the game in play.
        let same = collection
            .levels
            .get(index)
            .is_some_and(|level| index == place.level && level_id(level) == self.current.id);
        let name = collection.name.clone();
        if same {
            self.tell(format!("reloaded {name}"), false);
        } else {
            self.go_to(Place { pack, level: index });
            self.tell(
                format!("reloaded {name}: level {} starts over", index + 1),
                false,
            );
        }
        self.selected.level = self
            .selected
            .level
            .min(self.packs[pack].levels.len().saturating_sub(1));
    }

    /// Adds a pack that appeared in the folder of packs while the game runs, after the others.
    pub fn add_pack(&mut self, pack: Collection) {
        let name = pack.name.clone();
        self.packs.push(pack);
        self.tell(format!("new pack in the folder: {name}"), false);
    }

    /// Shows why the pack's file could not be reloaded, keeping the level in play.
    pub fn reload_failed(&mut self, error: String) {
        self.reload_error = Some(error);
    }
}
