//! Holding a progress file under the size it is written at ([`MAX_PROGRESS_WRITE_BYTES`]),
//! which stays below the size it is read at ([`super::MAX_PROGRESS_BYTES`]): a file saved is
//! always read back. What is dropped to fit is what can be lost: games to resume first
//! (oldest first), then snapshots (oldest first), then kept solutions, then lines and fields this version could not read.
//! Which levels are solved and their best figures are never dropped.

use super::Progress;

/// The largest progress file written: 1 MiB under the largest read
/// ([`super::MAX_PROGRESS_BYTES`]), so that what is saved is read back, by this version or
/// by one that adds a little to each line.
pub const MAX_PROGRESS_WRITE_BYTES: u64 = super::MAX_PROGRESS_BYTES - 1024 * 1024;

// What is written is read back: the build fails if the caps are ever turned around.
const _: () = assert!(MAX_PROGRESS_WRITE_BYTES < super::MAX_PROGRESS_BYTES);

/// Why a progress could not be made to fit: its solved levels alone are too many.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the solved levels alone take {bytes} bytes, over the {max} a progress file is written at; nothing was saved"
)]
pub struct TooBig {
    /// The bytes the progress takes with nothing but its results.
    pub bytes: usize,
    /// The most written.
    pub max: u64,
}

impl Progress {
    /// This progress made to fit in `max` bytes of text, that text, and what was dropped to
    /// fit (a message for the player), if anything was.
    ///
    /// # Errors
    /// When even with only its results (levels solved and best figures, settings, last levels
    /// played) it is larger than `max`.
    pub fn fitted(mut self, max: u64) -> Result<(Progress, String, Option<String>), TooBig> {
        let max = usize::try_from(max).unwrap_or(usize::MAX);
        let mut text = self.to_string();
        if text.len() <= max {
            return Ok((self, text, None));
        }
        let mut resumes: Vec<(u128, String, u64, usize)> = self
            .resumes
            .iter()
            .flat_map(|(pack, levels)| {
                levels
                    .iter()
                    .map(|(&id, r)| (r.at, pack.clone(), id, r.line(id).len() + 1))
            })
            .collect();
        resumes.sort_by_key(|(at, ..)| *at);
        let mut resumes = resumes.into_iter();
        let mut snapshots = self.snapshot_ages();
        snapshots.sort_by_key(|(at, ..)| *at);
        let mut snapshots = snapshots.into_iter();
        let mut dropped_snapshots = 0;
        let mut dropped_resumes = 0;
        let mut dropped_solutions = 0;
        let mut dropped_other = 0;
        while text.len() > max {
            let mut over = text.len() - max;
            let mut changed = false;
            // Games to resume, oldest first.
            for (_, pack, id, bytes) in resumes.by_ref() {
                if let Some(levels) = self.resumes.get_mut(&pack) {
                    levels.remove(&id);
                    if levels.is_empty() {
                        self.resumes.remove(&pack);
                    }
                }
                dropped_resumes += 1;
                changed = true;
                over = over.saturating_sub(bytes);
                if over == 0 {
                    break;
                }
            }
            // Then snapshots, oldest first.
            if over > 0 {
                for (_, pack, id, number, bytes) in snapshots.by_ref() {
                    self.drop_snapshot(&pack, id, number);
                    dropped_snapshots += 1;
                    changed = true;
                    over = over.saturating_sub(bytes);
                    if over == 0 {
                        break;
                    }
                }
            }
            // Then kept solutions, then what this version could not read.
            if over > 0 {
                for record in self
                    .packs
                    .values_mut()
                    .flat_map(|levels| levels.values_mut())
                {
                    for solution in [&mut record.kept.by_moves, &mut record.kept.by_pushes] {
                        if let Some(s) = solution.take() {
                            dropped_solutions += 1;
                            changed = true;
                            over = over.saturating_sub(s.letters.len() + 11);
                        }
                    }
                    if over == 0 {
                        break;
                    }
                }
            }
            if over > 0 {
                dropped_other += self.kept.len();
                self.kept.clear();
                for record in self
                    .packs
                    .values_mut()
                    .flat_map(|levels| levels.values_mut())
                {
                    dropped_other += record.extra.len();
                    record.extra.clear();
                }
                changed |= dropped_other > 0;
            }
            text = self.to_string();
            if !changed && text.len() > max {
                return Err(TooBig {
                    bytes: text.len(),
                    max: max as u64,
                });
            }
        }
        let mut what = Vec::new();
        if dropped_resumes > 0 {
            what.push(format!(
                "{} to resume (the oldest)",
                crate::words::count(dropped_resumes, "half-played game")
            ));
        }
        if dropped_snapshots > 0 {
            what.push(format!(
                "{} (the oldest)",
                crate::words::count(dropped_snapshots, "snapshot")
            ));
        }
        if dropped_solutions > 0 {
            what.push(crate::words::count(dropped_solutions, "kept solution"));
        }
        if dropped_other > 0 {
            what.push(format!(
                "{dropped_other} lines or fields this version cannot read"
            ));
        }
        let notice = format!(
            "the progress file would pass {max} bytes; dropped to fit: {}; every solved level and its best figures are kept",
            what.join(", ")
        );
        Ok((self, text, Some(notice)))
    }
}
