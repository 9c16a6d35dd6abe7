//! A paste is never typed as keys. What it is, the core decides ([`read_paste`]): a level
//! is played at once and kept in the Pasted pack (see [`sokoshot_core::store::pasted`]); one
//! that looks like a level but does not read shows why; moves (a LURD solution, with
//! sokoshot's `f` and `w`) are played on the level in play as one undo step, up to the
//! bounds of one paste ([`sokoshot_core::game::MAX_BATCH_LETTERS`] and
//! [`sokoshot_core::game::MAX_BATCH_WORK`], the letters past them dropped and counted in
//! the message); anything else
//! is refused with one line saying what a paste can be. In the level list's search line a
//! paste is typed into the search.

use super::{App, Place};
use crate::tui::keys::Mode;
use sokoshot_core::level::Level;
use sokoshot_core::store::pasted::{MAX_PASTED_LEVELS, PASTED_KEY, Paste, pasted_pack, read_paste};
use sokoshot_core::store::progress::level_id;

impl App {
    /// Takes a paste (see the module header).
    pub fn handle_paste(&mut self, text: &str) {
        if let Some(editor) = &mut self.editor {
            editor.paste(text);
            return;
        }
        self.message = None;
        if self.mode == Mode::Search {
            return self.paste_into_search(text);
        }
        match read_paste(text) {
            Paste::BadLevel(why) | Paste::Refused(why) => self.tell(why, true),
            Paste::Levels(levels) => self.add_pasted(levels),
            Paste::Moves(moves) => self.play_pasted(&moves),
        }
    }

    /// Plays pasted moves on the level in play, as one undo step, closing what is open over
    /// the board.
    fn play_pasted(&mut self, moves: &str) {
        if self.board_hidden() {
            return self.tell("pasted moves: the board does not fit on the screen", true);
        }
        match self.mode {
            Mode::Watching => self.take_over(),
            Mode::Playing => {}
            _ => self.mode = Mode::Playing,
        }
        self.count.clear();
        self.current.animation = None;
        self.current.trace.clear();
        self.tools.picked = None;
        let start = self.current.world.state().clone();
        let batch = match self.current.world.play_moves_as_one(moves) {
            Ok(batch) => batch,
            Err(err) => return self.tell(format!("pasted moves: {err}"), true),
        };
        self.helped("moves were pasted");
        let letters: String = batch.letters.iter().map(|m| m.letter()).collect();
        self.note_path(&letters);
        self.show(start, batch.letters.clone());
        let played = crate::words::count(batch.letters.len(), "letter");
        self.check_solved();
        self.check_lost();
        match (batch.stopped, batch.dropped) {
            (Some((_, why)), _) => self.tell(
                format!("pasted moves: played {played}, then stopped: {why} (u undoes them)"),
                true,
            ),
            (None, Some(dropped)) => self.tell(
                format!("pasted moves: played {played}; {dropped} (u undoes them)"),
                true,
            ),
            (None, None) => self.tell(
                format!("pasted moves: played {played} (u undoes them in one step)"),
                false,
            ),
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
