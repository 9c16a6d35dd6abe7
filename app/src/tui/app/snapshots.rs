//! Snapshots: `m` keeps the position in play, with the undo history that reached it, as a
//! numbered snapshot kept with the level's progress (see
//! [`sokoshot_core::store::progress::Snapshot`]); `M` lists the level's snapshots to go back
//! to one (Enter) or delete it (`x`). Going back plays the snapshot's steps again from the
//! level's start, each as one undo step, as resuming does, so its undo history comes back too.

use super::App;
use super::history::now_nanos;
use crate::tui::keys::Mode;
use sokoshot_core::game::World;
use sokoshot_core::store::progress::Snapshot;

impl App {
    /// The snapshots kept on the level in play, by number.
    #[must_use]
    pub fn snapshots(&self) -> Vec<(u32, &Snapshot)> {
        let key = &self.packs[self.current.place.pack].key;
        self.progress.snapshots(key, self.current.id)
    }

    /// `m`: keeps the position in play as a snapshot.
    pub(super) fn keep_snapshot(&mut self) {
        self.count.clear();
        let key = self.packs[self.current.place.pack].key.clone();
        let own = self.own_game();
        let kept = self.progress.add_snapshot(
            &key,
            self.current.id,
            &self.tools.history,
            now_nanos(),
            own,
        );
        match kept {
            Ok(number) => {
                self.tell(
                    format!("snapshot {number} kept: M lists them to come back to"),
                    false,
                );
                self.write_progress();
            }
            Err(err) => self.tell(err.to_string(), true),
        }
    }

    /// `M`: opens or closes the list of the level's snapshots.
    pub(super) fn toggle_snapshots(&mut self) {
        if self.mode == Mode::Snapshots {
            return self.close();
        }
        self.count.clear();
        self.picked_row = 0;
        self.mode = Mode::Snapshots;
    }

    /// Enter in the list: back to the selected snapshot.
    pub(super) fn back_to_snapshot(&mut self) {
        let Some((number, steps, own)) = self
            .snapshots()
            .get(self.picked_row)
            .map(|(n, s)| (*n, s.steps.clone(), s.own))
        else {
            return;
        };
        let Ok(world) = World::new(self.current.world.level()) else {
            return;
        };
        self.current.world = world;
        self.current.animation = None;
        self.current.trace.clear();
        self.tools.picked = None;
        self.tools.aid.shown = None;
        self.solved = None;
        self.mode = Mode::Playing;
        let played = self.replay_steps(&steps);
        if played > 0 && !own {
            self.helped("a snapshot had help");
        }
        self.check_lost();
        if played == steps.len() {
            self.tell(
                format!("back at snapshot {number} (u undoes its steps one by one)"),
                false,
            );
        } else {
            self.tell(
                format!(
                    "snapshot {number}: {played} of {} steps still play on this level",
                    steps.len()
                ),
                true,
            );
        }
    }

    /// `x` in the list: deletes the selected snapshot.
    pub(super) fn delete_snapshot(&mut self) {
        let Some(number) = self.snapshots().get(self.picked_row).map(|(n, _)| *n) else {
            return;
        };
        let key = self.packs[self.current.place.pack].key.clone();
        if self
            .progress
            .delete_snapshot(&key, self.current.id, number, now_nanos())
        {
            self.tell(format!("snapshot {number} deleted"), false);
            self.write_progress();
        }
        let rows = self.snapshots().len();
        self.move_pick(0, rows);
    }
}
