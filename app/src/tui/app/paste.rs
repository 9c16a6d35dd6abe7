//! A paste that is a level is played at once and kept in the Pasted pack (see
//! [`sokoshot_core::store::pasted`]); one that looks like a level but does not read shows why.

use super::{App, Place};
use sokoshot_core::level::Level;
use sokoshot_core::store::pasted::{MAX_PASTED_LEVELS, PASTED_KEY, Paste, pasted_pack, read_paste};
use sokoshot_core::store::progress::level_id;

impl App {
    /// Takes a paste that is a level, or looks like one. Returns `false` when it is neither,
    /// and should be typed as keys.
    pub fn paste_level(&mut self, text: &str) -> bool {
        match read_paste(text) {
            Paste::Keys => false,
            Paste::BadLevel(why) => {
                self.tell(why, true);
                true
            }
            Paste::Levels(levels) => {
                self.add_pasted(levels);
                true
            }
        }
    }

    /// Puts `levels` in the Pasted pack (a level already there is not added twice), saves
    /// the pack, and plays the first of them.
    fn add_pasted(&mut self, levels: Vec<Level>) {
        let pack = match self.packs.iter().position(|p| p.key == PASTED_KEY) {
            Some(pack) => pack,
            None => {
                self.packs.push(pasted_pack(Vec::new()));
                self.packs.len() - 1
            }
        };
        let kept = std::sync::Arc::make_mut(&mut self.packs[pack].levels);
        let mut first = None;
        let mut added = Vec::new();
        for level in levels.into_iter().take(MAX_PASTED_LEVELS) {
            let id = level_id(&level);
            if !kept.iter().any(|l| level_id(l) == id) {
                added.push(level.clone());
                kept.push(level);
            }
            first.get_or_insert(id);
        }
        let extra = kept.len().saturating_sub(MAX_PASTED_LEVELS);
        kept.drain(..extra);
        let count = kept.len();
        let level = first
            .and_then(|id| kept.iter().position(|l| level_id(l) == id))
            .unwrap_or(0);
        let saved = match &self.save {
            Some(_) if added.is_empty() => Ok(None),
            Some(save) => save
                .add_pasted(&added)
                .map_err(|err| format!("the Pasted pack cannot be saved: {err}")),
            None => Err("the Pasted pack is not saved: no data directory".to_owned()),
        };
        self.go_to(Place { pack, level });
        match saved {
            Ok(Some(aside)) => self.tell(
                format!("the old Pasted pack was unreadable: kept as {aside}"),
                true,
            ),
            Ok(None) => self.tell(
                format!("pasted level: playing it; kept in the Pasted pack ({count} levels)"),
                false,
            ),
            Err(why) => self.tell(why, true),
        }
    }
}
