//! Taking in a pack file that was saved while it is being played, and what changed in the
//! folder of packs: a pack added, read again or gone. A pack whose file leaves the folder
//! while one of its levels is in play stays until another pack is played.

use std::path::Path;

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

    /// Takes in a pack of the folder whose file changed, read again: its name, key and
    /// levels are replaced (the level in play carries on if its board did not change). A
    /// pack not in the list is added.
    pub fn update_pack(&mut self, pack: Collection) {
        let Some(index) = self.pack_of_file(pack.file.as_deref()) else {
            return self.add_pack(pack);
        };
        let name = pack.name.clone();
        let levels = std::sync::Arc::unwrap_or_clone(pack.levels);
        let collection = &mut self.packs[index];
        collection.name = pack.name;
        collection.credit = pack.credit;
        collection.key = pack.key;
        self.replace_levels(index, levels);
        if self.current.place.pack != index {
            self.tell(format!("{name} changed in the folder: read again"), false);
        }
        self.settle_selection();
    }

    /// A file of the folder left it: its pack leaves the list (once no level of it is in
    /// play).
    pub fn remove_pack_file(&mut self, file: &Path) {
        let Some(index) = self.pack_of_file(Some(file)) else {
            return;
        };
        let name = self.packs[index].name.clone();
        if index == self.current.place.pack {
            self.gone.push(file.to_path_buf());
            self.tell(
                format!("{name} left the folder: it leaves the list when you play another pack"),
                false,
            );
        } else {
            self.remove_pack(index);
            self.tell(format!("{name} left the folder"), false);
        }
    }

    /// A file of the folder could not be read (`problem` names it): said on the bottom line;
    /// a pack of it in the list keeps the levels it had.
    pub fn pack_failed(&mut self, file: &Path, problem: String) {
        if self.pack_of_file(Some(file)).is_some() {
            self.tell(format!("{problem}; the levels read before stay"), true);
        } else {
            self.tell(problem, true);
        }
    }

    /// Removes the packs whose files left the folder, but the one in play.
    pub(super) fn drop_gone(&mut self) {
        let gone = std::mem::take(&mut self.gone);
        for file in gone {
            match self.pack_of_file(Some(&file)) {
                Some(index) if index == self.current.place.pack => self.gone.push(file),
                Some(index) => self.remove_pack(index),
                None => {}
            }
        }
    }

    /// The pack read from `file`, if one is in the list.
    fn pack_of_file(&self, file: Option<&Path>) -> Option<usize> {
        let file = file?;
        self.packs
            .iter()
            .position(|pack| pack.file.as_deref() == Some(file))
    }

    /// Removes pack `index` (not the one in play), keeping the selection on a level shown.
    fn remove_pack(&mut self, index: usize) {
        debug_assert_ne!(index, self.current.place.pack);
        self.packs.remove(index);
        if self.current.place.pack > index {
            self.current.place.pack -= 1;
        }
        match self.selected.pack.cmp(&index) {
            std::cmp::Ordering::Greater => self.selected.pack -= 1,
            std::cmp::Ordering::Equal => self.selected = self.current.place,
            std::cmp::Ordering::Less => {}
        }
        self.settle_selection();
    }

    /// Shows why the pack's file could not be reloaded, keeping the level in play.
    pub fn reload_failed(&mut self, error: String) {
        self.reload_error = Some(error);
    }
}
