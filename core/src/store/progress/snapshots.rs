//! Snapshots: positions the player keeps on a level to come back to later, besides undo, each
//! with the undo history that reached it, numbered 1 to [`MAX_SNAPSHOTS`].
//!
//! In the progress file, a `snapshot` line under a `pack` line:
//! `snapshot N id=ID at=NANOS steps=GROUP,GROUP,… [own=1]`, `N` the snapshot's number on the
//! level with fingerprint `ID`, the steps one group of letters per undo step as for `resume`
//! (see [`super::Resume`]), `at` when it was kept or deleted, `own=1` when the game that
//! reached it was all the player's own keys (as for `resume`; a snapshot without it is not
//! known to be). A deleted snapshot is written with
//! an empty `steps=`, so that a game saving later (which merges the file into what it has) does
//! not bring it back; of two lines for the same number, the newer wins.
//!
//! Limits: at most [`MAX_SNAPSHOTS`] numbers per level (deleted ones included, so the lines a
//! level can have are bounded), each at most [`MAX_SNAPSHOT_BYTES`] of steps; a longer game is
//! cut to its steps since the last restart (the same position), and refused if still too long,
//! never cut short, since a snapshot must be the position the player kept.

use std::collections::BTreeMap;

use super::Progress;
use super::format::LineError;

/// The most snapshots a level keeps (numbered 1 to this).
pub const MAX_SNAPSHOTS: u32 = 9;
/// The most bytes of steps one snapshot keeps.
pub const MAX_SNAPSHOT_BYTES: usize = super::MAX_RESUME_BYTES;

/// One kept position: the undo steps that reach it from the level's start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// When it was kept (or deleted), in nanoseconds since 1970.
    pub at: u128,
    /// One group of letters per undo step (`!` a restart); empty for a deleted snapshot.
    pub steps: Vec<String>,
    /// Whether the game that reached it was all the player's own keys (no pasted moves,
    /// hint or watched solution).
    pub own: bool,
}

impl Snapshot {
    /// Whether it was deleted.
    #[must_use]
    pub fn is_deleted(&self) -> bool {
        self.steps.is_empty()
    }

    /// The moves and pushes of the position: the letters since the last restart.
    #[must_use]
    pub fn figures(&self) -> (u32, u32) {
        let start = self
            .steps
            .iter()
            .rposition(|g| g == "!")
            .map_or(0, |i| i + 1);
        let letters = self.steps[start..].iter().flat_map(|g| g.chars());
        let (mut moves, mut pushes) = (0u32, 0u32);
        for c in letters {
            if matches!(c, 'l' | 'u' | 'r' | 'd') {
                moves = moves.saturating_add(1);
            } else if matches!(c, 'L' | 'U' | 'R' | 'D') {
                moves = moves.saturating_add(1);
                pushes = pushes.saturating_add(1);
            }
        }
        (moves, pushes)
    }

    /// Reads the rest of a `snapshot` line: `N id=ID at=NANOS steps=…`.
    ///
    /// # Errors
    /// When a part is missing or cannot be read, the number is out of range, a step holds
    /// something other than move letters and `!`, or the steps are over
    /// [`MAX_SNAPSHOT_BYTES`].
    pub fn parse(rest: &str) -> Result<(u32, u64, Self), LineError> {
        let mut words = rest.split_whitespace();
        let number = words
            .next()
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|n| (1..=MAX_SNAPSHOTS).contains(n))
            .ok_or(LineError::SnapshotNumber)?;
        let (mut id, mut at, mut steps, mut own) = (None, None, None, false);
        for word in words {
            match word.split_once('=') {
                Some(("own", "1")) => own = true,
                Some(("id", v)) => id = u64::from_str_radix(v, 16).ok(),
                Some(("at", v)) => at = v.parse().ok(),
                Some(("steps", v)) => {
                    steps = Some(
                        v.split(',')
                            .filter(|s| !s.is_empty())
                            .map(str::to_owned)
                            .collect::<Vec<_>>(),
                    );
                }
                _ => {
                    return Err(LineError::UnreadableIn {
                        word: word.to_owned(),
                        kind: "snapshot",
                    });
                }
            }
        }
        let id = id.ok_or(LineError::Needs("snapshot", "`id=`"))?;
        let at = at.ok_or(LineError::Needs("snapshot", "`at=`"))?;
        let steps = steps.ok_or(LineError::Needs("snapshot", "`steps=`"))?;
        if !steps.iter().all(|g| is_group(g)) {
            return Err(LineError::SnapshotSteps);
        }
        if bytes(&steps) > MAX_SNAPSHOT_BYTES {
            return Err(LineError::SnapshotTooLong);
        }
        Ok((number, id, Self { at, steps, own }))
    }

    /// The line, without the pack.
    #[must_use]
    pub fn line(&self, number: u32, id: u64) -> String {
        format!(
            "snapshot {number} id={id:016x} at={} steps={}{}",
            self.at,
            self.steps.join(","),
            if self.own { " own=1" } else { "" }
        )
    }
}

/// Whether `group` is one undo step as the game keeps it: `!`, or letters of moves.
fn is_group(group: &str) -> bool {
    group == "!" || group.chars().all(|c| "lurdLURDfw".contains(c))
}

fn bytes(steps: &[String]) -> usize {
    steps.iter().map(|g| g.len() + 1).sum()
}

/// Why a position could not be kept as a snapshot.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// No move was made on the level: there is nothing to keep.
    #[error("nothing to keep yet: this is the level's start")]
    Nothing,
    /// Every number is taken.
    #[error("{MAX_SNAPSHOTS} snapshots are kept on this level already: M lists them to delete one")]
    Full,
    /// The game to keep is too long.
    #[error(
        "the game since the last restart is too long to keep ({bytes} bytes of steps; the most is {MAX_SNAPSHOT_BYTES})"
    )]
    TooLong {
        /// Its bytes of steps.
        bytes: usize,
    },
    /// A step is not one the game makes.
    #[error("a step of the game cannot be kept: `{0}`")]
    BadStep(String),
}

/// The snapshots of every level: by pack, by level fingerprint, by number.
pub(super) type Snapshots = BTreeMap<String, BTreeMap<u64, BTreeMap<u32, Snapshot>>>;

impl Progress {
    /// The snapshots kept on the level of `pack` with fingerprint `id`, by number (deleted
    /// ones left out).
    #[must_use]
    pub fn snapshots(&self, pack: &str, id: u64) -> Vec<(u32, &Snapshot)> {
        self.snapshots
            .get(pack)
            .and_then(|levels| levels.get(&id))
            .into_iter()
            .flatten()
            .filter(|(_, s)| !s.is_deleted())
            .map(|(&n, s)| (n, s))
            .collect()
    }

    /// Keeps the position reached by `steps` (one group per undo step) on the level of `pack`
    /// with fingerprint `id`, at time `at`, under the lowest free number, which it returns;
    /// `own` when every step of the game was the player's own keys.
    ///
    /// # Errors
    /// [`SnapshotError`]: nothing to keep, every number taken, too long, or a step that is not
    /// move letters.
    pub fn add_snapshot(
        &mut self,
        pack: &str,
        id: u64,
        steps: &[String],
        at: u128,
        own: bool,
    ) -> Result<u32, SnapshotError> {
        if let Some(bad) = steps.iter().find(|g| g.is_empty() || !is_group(g)) {
            return Err(SnapshotError::BadStep(bad.clone()));
        }
        let mut kept = steps;
        if bytes(kept) > MAX_SNAPSHOT_BYTES
            && let Some(restart) = kept.iter().rposition(|g| g == "!")
        {
            kept = &kept[restart + 1..];
        }
        if kept.is_empty() {
            return Err(SnapshotError::Nothing);
        }
        if bytes(kept) > MAX_SNAPSHOT_BYTES {
            return Err(SnapshotError::TooLong { bytes: bytes(kept) });
        }
        let level = self
            .snapshots
            .entry(pack.to_owned())
            .or_default()
            .entry(id)
            .or_default();
        let number = (1..=MAX_SNAPSHOTS)
            .find(|n| level.get(n).is_none_or(Snapshot::is_deleted))
            .ok_or(SnapshotError::Full)?;
        level.insert(
            number,
            Snapshot {
                at,
                steps: kept.to_vec(),
                own,
            },
        );
        Ok(number)
    }

    /// Deletes snapshot `number` of the level of `pack` with fingerprint `id`, at time `at`.
    /// Returns whether there was one.
    pub fn delete_snapshot(&mut self, pack: &str, id: u64, number: u32, at: u128) -> bool {
        let Some(snapshot) = self
            .snapshots
            .get_mut(pack)
            .and_then(|levels| levels.get_mut(&id))
            .and_then(|level| level.get_mut(&number))
            .filter(|s| !s.is_deleted())
        else {
            return false;
        };
        *snapshot = Snapshot {
            at,
            steps: Vec::new(),
            own: false,
        };
        true
    }

    /// Takes in a snapshot line read from a file: of two for one number, the newer.
    pub(super) fn merge_snapshot(&mut self, pack: &str, id: u64, number: u32, snapshot: Snapshot) {
        let level = self
            .snapshots
            .entry(pack.to_owned())
            .or_default()
            .entry(id)
            .or_default();
        match level.get(&number) {
            Some(kept) if kept.at >= snapshot.at => {}
            _ => {
                level.insert(number, snapshot);
            }
        }
    }

    /// The lines of the snapshots of `pack`, without it.
    pub(super) fn snapshot_lines(&self, pack: &str) -> Vec<String> {
        self.snapshots
            .get(pack)
            .into_iter()
            .flat_map(|levels| {
                levels.iter().flat_map(|(&id, level)| {
                    level.iter().map(move |(&number, s)| s.line(number, id))
                })
            })
            .collect()
    }

    /// Every snapshot line as (time, pack, id, number, bytes), for dropping the oldest to fit.
    pub(super) fn snapshot_ages(&self) -> Vec<(u128, String, u64, u32, usize)> {
        let mut all = Vec::new();
        for (pack, levels) in &self.snapshots {
            for (&id, level) in levels {
                for (&number, s) in level {
                    all.push((s.at, pack.clone(), id, number, s.line(number, id).len() + 1));
                }
            }
        }
        all
    }

    /// Drops a snapshot line altogether (to fit a size), tidying empty maps.
    pub(super) fn drop_snapshot(&mut self, pack: &str, id: u64, number: u32) {
        if let Some(levels) = self.snapshots.get_mut(pack) {
            if let Some(level) = levels.get_mut(&id) {
                level.remove(&number);
                if level.is_empty() {
                    levels.remove(&id);
                }
            }
            if levels.is_empty() {
                self.snapshots.remove(pack);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(groups: &[&str]) -> Vec<String> {
        groups.iter().map(|g| (*g).to_owned()).collect()
    }

    #[test]
    fn snapshots_take_the_lowest_free_number_and_read_back_from_the_file() {
        let mut progress = Progress::default();
        let pack = "built-in:Test";
        assert_eq!(
            progress.add_snapshot(pack, 7, &steps(&["r", "rrR", "f"]), 10, true),
            Ok(1)
        );
        assert_eq!(
            progress.add_snapshot(pack, 7, &steps(&["d"]), 11, true),
            Ok(2)
        );
        assert!(progress.delete_snapshot(pack, 7, 1, 12));
        assert!(!progress.delete_snapshot(pack, 7, 1, 13), "already gone");
        assert_eq!(
            progress.add_snapshot(pack, 7, &steps(&["l"]), 14, false),
            Ok(1)
        );
        let text = progress.to_string();
        let read: Progress = text.parse().expect("reads back");
        let numbers: Vec<(u32, Vec<String>, bool)> = read
            .snapshots(pack, 7)
            .into_iter()
            .map(|(n, s)| (n, s.steps.clone(), s.own))
            .collect();
        assert_eq!(
            numbers,
            vec![(1, steps(&["l"]), false), (2, steps(&["d"]), true)],
            "{text}"
        );
        assert_eq!(read, progress);
    }

    #[test]
    fn a_deleted_snapshot_stays_deleted_when_an_older_file_is_merged_in() {
        let pack = "built-in:Test";
        let mut old = Progress::default();
        old.add_snapshot(pack, 1, &steps(&["r"]), 10, false)
            .expect("kept");
        let mut now = old.clone();
        assert!(now.delete_snapshot(pack, 1, 1, 20));
        let file: Progress = old.to_string().parse().expect("reads");
        now.merge(&file);
        assert!(now.snapshots(pack, 1).is_empty());
        // And the other way round: the newer deletion wins over the file's older snapshot.
        let mut kept = file.clone();
        kept.merge(&now);
        assert!(kept.snapshots(pack, 1).is_empty());
    }

    #[test]
    fn what_cannot_be_kept_is_refused_with_a_reason() {
        let pack = "p";
        let mut progress = Progress::default();
        for n in 1..=MAX_SNAPSHOTS {
            assert_eq!(
                progress.add_snapshot(pack, 1, &steps(&["r"]), 1, false),
                Ok(n)
            );
        }
        let too_long = vec!["r".to_owned(); MAX_SNAPSHOT_BYTES];
        let mut restarted = too_long.clone();
        restarted.extend(steps(&["!", "l"]));
        let cases = [
            ("every number taken", 1, steps(&["r"]), SnapshotError::Full),
            ("nothing played", 2, Vec::new(), SnapshotError::Nothing),
            (
                "too long",
                2,
                too_long.clone(),
                SnapshotError::TooLong {
                    bytes: 2 * MAX_SNAPSHOT_BYTES,
                },
            ),
            (
                "not moves",
                2,
                steps(&["r", "x"]),
                SnapshotError::BadStep("x".to_owned()),
            ),
        ];
        for (name, id, game, want) in cases {
            assert_eq!(
                progress.add_snapshot(pack, id, &game, 1, false),
                Err(want),
                "{name}"
            );
        }
        // Too long, but its steps since the last restart reach the same position: kept.
        assert_eq!(progress.add_snapshot(pack, 3, &restarted, 1, false), Ok(1));
        assert_eq!(progress.snapshots(pack, 3)[0].1.steps, steps(&["l"]));
    }

    #[test]
    fn snapshot_lines_that_cannot_be_read_say_why() {
        let cases = [
            ("no number", "id=1 at=1 steps=r", LineError::SnapshotNumber),
            (
                "number too big",
                "10 id=1 at=1 steps=r",
                LineError::SnapshotNumber,
            ),
            (
                "no id",
                "1 at=1 steps=r",
                LineError::Needs("snapshot", "`id=`"),
            ),
            (
                "no steps",
                "1 id=1 at=1",
                LineError::Needs("snapshot", "`steps=`"),
            ),
            (
                "not moves",
                "1 id=1 at=1 steps=r,q",
                LineError::SnapshotSteps,
            ),
            (
                "unknown field",
                "1 id=1 at=1 steps=r x=2",
                LineError::UnreadableIn {
                    word: "x=2".to_owned(),
                    kind: "snapshot",
                },
            ),
        ];
        for (name, rest, want) in cases {
            assert_eq!(Snapshot::parse(rest), Err(want), "{name}");
        }
        assert_eq!(
            LineError::Needs("snapshot", "`id=`").to_string(),
            "`snapshot` needs `id=`"
        );
        assert_eq!(
            LineError::SnapshotNumber.to_string(),
            format!("`snapshot` needs a number from 1 to {MAX_SNAPSHOTS}")
        );
    }

    #[test]
    fn figures_count_since_the_last_restart() {
        let s = Snapshot {
            at: 0,
            steps: steps(&["rrR", "!", "lU", "f", "w"]),
            own: true,
        };
        assert_eq!(s.figures(), (2, 1));
    }
}
