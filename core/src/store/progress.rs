//! Saved progress: which levels are solved, the best figures for each, and the level played
//! last, kept as human-readable text in the XDG data directory. This is the one store the game
//! keeps per-level results in; it is built so that any number of games (or sessions) can share
//! one file without losing a result.
//!
//! The file lives at `$XDG_DATA_HOME/sokoshot/progress.txt` (or
//! `~/.local/share/sokoshot/progress.txt` when `XDG_DATA_HOME` is unset or not absolute). It
//! looks like this:
//!
//! ```text
//! # sokoshot progress: one line per solved level.
//! sokoshot-progress 1
//! last 3 built-in:Microban
//! last 1 /home/me/levels/mine.xsb
//! pack built-in:Microban
//! level 1 id=6f1d0a3b9c2e4d58 moves=33 pushes=8 shots=0
//! ```
//!
//! `pack` names a pack (`built-in:NAME` or a file's absolute path, with `\\`, `\n`, `\r`, `\t`
//! and other control characters escaped). `last` says which level was played last: one line
//! for the built-in packs together, and one for each file. A `level` line holds one level's
//! record, keyed by its pack and the fingerprint of its board (`id`, see [`level_id`]), so a
//! result follows its level when a pack is reordered, and an edited level no longer counts as
//! solved; the number is where the level was when it was solved. A level's results follow
//! its board: a pack with no record of a level finds the records other packs keep of the same
//! board, so a pack file moved (its key is its path, or in the folder
//! of packs its bytes) or a pack sharing levels with another keeps its solved marks, its best
//! figures and its kept solutions, and its first solve starts from them. The best moves, pushes and
//! shots are each the lowest seen. A `level` line may also carry the best solutions
//! (`by-moves=`, `by-pushes=`) and the hints used (`hints=`); `resume` lines under a pack hold
//! a game left half-played, `snapshot` lines positions kept to come back to ([`Snapshot`]),
//! and `set NAME VALUE` lines the player's settings (see [`Kept`] and [`Resume`]). Other `key=value` fields on a level line are the level's own data
//! ([`Progress::set_field`]); fields and lines this version does not know are kept as they
//! are, so later versions can add to the format.
//!
//! Reading never changes the file, and takes at most [`MAX_PROGRESS_BYTES`] from a regular
//! file; saving writes at most [`MAX_PROGRESS_WRITE_BYTES`], below it, dropping games to
//! resume (oldest first), then kept solutions, to fit, never a result. A line that cannot be read is skipped with a warning and written back as it was.
//! Saving holds an advisory lock (`progress.txt.lock`) while it re-reads the file, merges it
//! with what the game has (keeping the best of both), writes a temporary file, flushes it to
//! disk and renames it over the old one; temporary files left by a crash are removed then. A
//! file that cannot be read at all (permissions) is never overwritten; one that is not a
//! progress file is first copied to a new `progress.txt.corrupt-N` (every such copy is kept).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::level::{Level, Slope, Tile};

mod file;
mod fit;
mod format;
mod kept;
mod snapshots;

pub use file::{SaveFile, data_dir};
pub use fit::{MAX_PROGRESS_WRITE_BYTES, TooBig};
pub use format::{LineError, ProgressError};
use format::{escape, unescape};
pub use kept::{Kept, MAX_RESUME_BYTES, MAX_SOLUTION_BYTES, Resume, Solution};
pub use snapshots::{MAX_SNAPSHOT_BYTES, MAX_SNAPSHOTS, Snapshot, SnapshotError};

/// The first line of a progress file after any comments: the format and its version.
const HEADER: &str = "sokoshot-progress 1";

/// How the names of the built-in packs begin.
pub const BUILT_IN: &str = "built-in:";

/// The largest progress file read (16 MiB, as for level files); a bigger one is left alone and
/// not overwritten. Files are written at most [`MAX_PROGRESS_WRITE_BYTES`], below this.
pub const MAX_PROGRESS_BYTES: u64 = crate::level::MAX_FILE_BYTES;

/// The group a pack is resumed in: all built-in packs are one group, each file its own.
fn group(pack: &str) -> &str {
    if pack.starts_with(BUILT_IN) {
        BUILT_IN
    } else {
        pack
    }
}

/// The best figures for one solved level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Best {
    /// The fingerprint of the level as it was solved (see [`level_id`]).
    pub id: u64,
    /// The fewest moves in any solution.
    pub moves: u32,
    /// The fewest pushes in any solution.
    pub pushes: u32,
    /// The fewest shots in any solution.
    pub shots: u32,
}

/// A level solved under a board its pack no longer has (see [`Progress::changed`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    /// The board it was solved as.
    pub id: u64,
    /// Where it stood in the pack (0-based) when last solved.
    pub index: usize,
    /// Its title then, when the record keeps one (records kept before titles were do not).
    pub title: Option<String>,
}

/// The field of a level's record that keeps its title (see [`Progress::set_title`]).
const TITLE_FIELD: &str = "title";
/// The field of a level's record that notes the player was told its board changed.
const TOLD_FIELD: &str = "told";

/// The figures of one solution, as counted by the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figures {
    /// Moves made.
    pub moves: u32,
    /// Boxes pushed.
    pub pushes: u32,
    /// Shots fired.
    pub shots: u32,
}

/// One level's record: where it was when solved, its best figures, and fields from later
/// versions, kept as they were.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Record {
    index: usize,
    best: Best,
    kept: Kept,
    /// Other fields (`key=value`, the value escaped), from [`Progress::set_field`] or a later
    /// version.
    extra: BTreeMap<String, String>,
}

impl Record {
    /// The best of two records of the same level.
    fn merge(&mut self, other: &Record) {
        self.best.moves = self.best.moves.min(other.best.moves);
        self.best.pushes = self.best.pushes.min(other.best.pushes);
        self.best.shots = self.best.shots.min(other.best.shots);
        self.kept.merge(&other.kept);
        for (key, value) in &other.extra {
            self.extra
                .entry(key.clone())
                .or_insert_with(|| value.clone());
        }
    }
}

/// Everything the progress file holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    /// For each group (see [`group`]), the pack and level played last.
    last: BTreeMap<String, (String, usize)>,
    /// For each pack, each level's record by fingerprint.
    packs: BTreeMap<String, BTreeMap<u64, Record>>,
    /// Lines that could not be read (or are from a later version), kept as they were.
    kept: Vec<String>,
    /// For each pack, the game to resume on each level, by fingerprint.
    resumes: BTreeMap<String, BTreeMap<u64, Resume>>,
    /// The player's settings (`set NAME VALUE` lines), such as `deadlock-warnings off`.
    settings: BTreeMap<String, String>,
    /// For each pack, the snapshots kept on each level (see [`Snapshot`]).
    snapshots: snapshots::Snapshots,
}

impl Progress {
    /// The pack and 0-based level index played last among the built-in packs (when `pack`
    /// is one of them) or in the file `pack`.
    #[must_use]
    pub fn last(&self, pack: &str) -> Option<(&str, usize)> {
        let (pack, index) = self.last.get(group(pack))?;
        Some((pack.as_str(), *index))
    }

    /// Remembers that level `index` (0-based) of `pack` is being played.
    pub fn set_last(&mut self, pack: &str, index: usize) {
        self.last
            .insert(group(pack).to_owned(), (pack.to_owned(), index));
    }

    /// The best figures for the level of `pack` whose board has fingerprint `id`, wherever it
    /// stands in the pack now (`index`, 0-based, is where it is now, and is not needed to
    /// find it).
    ///
    /// A level solved under another pack counts too: when `pack` has no record of it, the
    /// best over every other pack's record of the same board.
    #[must_use]
    pub fn best(&self, pack: &str, index: usize, id: u64) -> Option<Best> {
        let _ = index;
        if let Some(record) = self.packs.get(pack).and_then(|levels| levels.get(&id)) {
            return Some(record.best);
        }
        self.merged_elsewhere(pack, id).map(|record| record.best)
    }

    /// How many levels of `pack` are solved, its levels' fingerprints being `ids` in order
    /// (a level counts as [`Progress::best`] finds it: solved under this pack or another).
    #[must_use]
    pub fn solved_count(&self, pack: &str, ids: &[u64]) -> usize {
        ids.iter()
            .enumerate()
            .filter(|&(index, &id)| self.best(pack, index, id).is_some())
            .count()
    }

    /// Whether anything worth keeping a player for is here: a level solved (with its best
    /// figures and any kept solution). Which level was played last and games to resume are
    /// not: opening a level writes them.
    #[must_use]
    pub fn holds_results(&self) -> bool {
        self.packs.values().any(|levels| !levels.is_empty())
    }

    /// The fingerprints of every level solved, under any pack: a level whose board is among
    /// them counts as solved wherever it is ([`Progress::best`]).
    pub fn solved_boards(&self) -> impl Iterator<Item = u64> + '_ {
        self.packs
            .values()
            .flat_map(|levels| levels.keys().copied())
    }

    /// The records of the level with fingerprint `id` kept under packs other than `pack`:
    /// the same board solved as part of another pack. This is how a pack's results follow its
    /// content rather than its key: a file played by its path and later moved into the folder
    /// of packs (where it is keyed by its bytes) finds its levels' records by their boards.
    fn records_elsewhere<'a>(
        &'a self,
        pack: &str,
        id: u64,
    ) -> impl Iterator<Item = &'a Record> + use<'a> {
        let pack = self.packs.get_key_value(pack).map(|(key, _)| key.as_str());
        self.packs
            .iter()
            .filter(move |(key, _)| Some(key.as_str()) != pack)
            .filter_map(move |(_, levels)| levels.get(&id))
    }

    /// Every other pack's record of the board `id` merged into one (the lowest figures of
    /// each, the best solutions of all).
    fn merged_elsewhere(&self, pack: &str, id: u64) -> Option<Record> {
        let mut records = self.records_elsewhere(pack, id);
        let mut merged = records.next()?.clone();
        for record in records {
            merged.merge(record);
        }
        Some(merged)
    }

    /// Records a solution of level `index` (0-based) of `pack`, whose fingerprint is `id`,
    /// keeping the lowest figures. Returns true when this improved on (or was the first of)
    /// the saved figures.
    pub fn record(&mut self, pack: &str, index: usize, id: u64, figures: Figures) -> bool {
        let fresh = Record {
            index,
            best: Best {
                id,
                moves: figures.moves,
                pushes: figures.pushes,
                shots: figures.shots,
            },
            kept: Kept::default(),
            extra: BTreeMap::new(),
        };
        // The first solution under this pack starts from what other packs hold of the board.
        let seed = self
            .packs
            .get(pack)
            .is_none_or(|levels| !levels.contains_key(&id))
            .then(|| self.merged_elsewhere(pack, id))
            .flatten();
        let levels = self.packs.entry(pack.to_owned()).or_default();
        if let Some(seed) = seed {
            levels.insert(id, Record { index, ..seed });
        }
        match levels.get_mut(&id) {
            Some(record) => {
                let before = record.best;
                record.merge(&fresh);
                record.index = index;
                record.best != before
            }
            None => {
                levels.insert(id, fresh);
                true
            }
        }
    }

    /// A setting the player chose, if any.
    #[must_use]
    pub fn setting(&self, name: &str) -> Option<&str> {
        self.settings.get(name).map(String::as_str)
    }

    /// Remembers a setting (one word for the name, one for the value).
    pub fn set_setting(&mut self, name: &str, value: &str) {
        self.settings.insert(name.to_owned(), value.to_owned());
    }

    /// The solutions kept for the level of `pack` with fingerprint `id`.
    ///
    /// When `pack` has no record of the level, those of another pack with the same board
    /// (the one with the fewest moves).
    #[must_use]
    pub fn kept(&self, pack: &str, id: u64) -> Option<&Kept> {
        if let Some(record) = self.packs.get(pack).and_then(|levels| levels.get(&id)) {
            return Some(&record.kept);
        }
        self.records_elsewhere(pack, id)
            .filter(|record| record.kept.by_moves.is_some() || record.kept.by_pushes.is_some())
            .min_by_key(|record| record.best.moves)
            .map(|record| &record.kept)
    }

    /// Keeps `solution` (found with `hints` hints) for the level of `pack` with fingerprint
    /// `id`, if it is better by moves or by pushes than what is kept; the level must have
    /// been [recorded](Progress::record).
    pub fn keep_solution(&mut self, pack: &str, id: u64, solution: &Solution, hints: u32) {
        if let Some(record) = self
            .packs
            .get_mut(pack)
            .and_then(|levels| levels.get_mut(&id))
        {
            record.kept.offer(solution, hints);
        }
    }

    /// The game to resume on the level of `pack` with fingerprint `id`, if one was saved with
    /// steps in it (or with steps that could not be kept, to say so).
    #[must_use]
    pub fn resume(&self, pack: &str, id: u64) -> Option<&Resume> {
        self.resumes
            .get(pack)?
            .get(&id)
            .filter(|resume| !resume.is_empty())
    }

    /// Saves the game on the level of `pack` with fingerprint `id` to resume (empty steps:
    /// nothing to resume).
    pub fn set_resume(&mut self, pack: &str, id: u64, resume: Resume) {
        self.resumes
            .entry(pack.to_owned())
            .or_default()
            .insert(id, resume);
    }

    /// The game to resume on a level of `pack` whose fingerprint is not `id` (the level's text
    /// changed since), if one was saved at place `index`.
    #[must_use]
    pub fn stale_resume(&self, pack: &str, index: usize, id: u64) -> bool {
        self.resumes.get(pack).is_some_and(|levels| {
            levels
                .iter()
                .any(|(&other, r)| other != id && r.index == index && !r.steps.is_empty())
        })
    }

    /// A field kept with the record of a solved level (a saved solution, a resume position, a
    /// setting), by its key; `None` if the level has no record or no such field.
    #[must_use]
    pub fn field(&self, pack: &str, id: u64, key: &str) -> Option<String> {
        let record = self.packs.get(pack)?.get(&id)?;
        record.extra.get(key).map(|value| unescape(value))
    }

    /// Keeps `value` under `key` with the record of the level of `pack` whose fingerprint is
    /// `id` (the level must have a record: see [`Progress::record`]). When two games saved
    /// different values, the one saving keeps its own. Returns whether it was kept.
    ///
    /// Keys are lower-case letters, digits, `-` and `_`, and not one of the figures' names;
    /// values are any text (escaped in the file).
    pub fn set_field(&mut self, pack: &str, id: u64, key: &str, value: &str) -> bool {
        let valid_key = !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
            && !matches!(
                key,
                "id" | "moves" | "pushes" | "shots" | "by-moves" | "by-pushes" | "hints"
            );
        let Some(record) = self
            .packs
            .get_mut(pack)
            .and_then(|levels| levels.get_mut(&id))
        else {
            return false;
        };
        if !valid_key {
            return false;
        }
        let value = escape(value).replace(' ', "\\u{20}");
        record.extra.insert(key.to_owned(), value);
        true
    }

    /// The records of `pack` kept under a board that no level of the pack has now (`ids`
    /// being the fingerprints of its levels): levels reworked (a new board is a new level, so
    /// its results and kept solutions start over) or taken out since they were solved, in the
    /// order they stood, leaving out those [`Progress::tell_changed`] noted as told.
    #[must_use]
    pub fn changed(&self, pack: &str, ids: &[u64]) -> Vec<Changed> {
        let Some(levels) = self.packs.get(pack) else {
            return Vec::new();
        };
        let mut changed: Vec<Changed> = levels
            .iter()
            .filter(|(id, record)| !ids.contains(id) && !record.extra.contains_key(TOLD_FIELD))
            .map(|(&id, record)| Changed {
                id,
                index: record.index,
                title: record.extra.get(TITLE_FIELD).map(|t| unescape(t)),
            })
            .collect();
        changed.sort_by_key(|c| (c.index, c.id));
        changed
    }

    /// Notes that the player was told that the level of `pack` solved as board `id` changed
    /// (see [`Progress::changed`]), so it is told once.
    pub fn tell_changed(&mut self, pack: &str, id: u64) {
        self.set_field(pack, id, TOLD_FIELD, "changed");
    }

    /// Keeps the title of the level of `pack` solved as board `id` with its record, so that
    /// if the level is reworked later [`Progress::changed`] can name it.
    pub fn set_title(&mut self, pack: &str, id: u64, title: &str) {
        if self.field(pack, id, TITLE_FIELD).as_deref() != Some(title) {
            self.set_field(pack, id, TITLE_FIELD, title);
        }
    }

    /// Takes in `other` (what another game saved), keeping the best of both: every record of
    /// either, the lowest figures of each, this progress's last levels (and `other`'s where
    /// this has none), and every line either could not read.
    pub fn merge(&mut self, other: &Progress) {
        for (group, last) in &other.last {
            self.last
                .entry(group.clone())
                .or_insert_with(|| last.clone());
        }
        for (pack, levels) in &other.packs {
            let mine = self.packs.entry(pack.clone()).or_default();
            for (id, record) in levels {
                mine.entry(*id)
                    .and_modify(|kept| kept.merge(record))
                    .or_insert_with(|| record.clone());
            }
        }
        for (name, value) in &other.settings {
            self.settings
                .entry(name.clone())
                .or_insert_with(|| value.clone());
        }
        for (pack, levels) in &other.resumes {
            let mine = self.resumes.entry(pack.clone()).or_default();
            for (id, resume) in levels {
                match mine.get(id) {
                    Some(kept) if kept.at >= resume.at => {}
                    _ => {
                        mine.insert(*id, resume.clone());
                    }
                }
            }
        }
        for (pack, levels) in &other.snapshots {
            for (id, level) in levels {
                for (number, snapshot) in level {
                    self.merge_snapshot(pack, *id, *number, snapshot.clone());
                }
            }
        }
        for line in &other.kept {
            if !self.kept.contains(line) {
                self.kept.push(line.clone());
            }
        }
    }
}

/// A fingerprint of a level's board and settings (not its title or comments), stable across
/// runs and builds: FNV-1a over a fixed encoding of the board.
#[must_use]
pub fn level_id(level: &Level) -> u64 {
    let mut text = format!("{}x{};", level.width, level.height);
    for tile in &level.tiles {
        text.push(match tile {
            Tile::Floor => ' ',
            Tile::Goal => '.',
            Tile::Wall => '#',
            Tile::Slope(Slope::TopLeft) => 'F',
            Tile::Slope(Slope::TopRight) => '7',
            Tile::Slope(Slope::BottomLeft) => 'L',
            Tile::Slope(Slope::BottomRight) => 'J',
            Tile::Hub => '%',
        });
    }
    let _ = write!(text, ";@{},{}", level.player.x, level.player.y);
    for (mark, list) in [('$', &level.boxes), ('E', &level.enemies)] {
        for pos in list {
            let _ = write!(text, ";{mark}{},{}", pos.x, pos.y);
        }
    }
    for s in &level.spinners {
        let _ = write!(
            text,
            ";%{},{},{},{},{}",
            s.hub.x, s.hub.y, s.length, s.speed, s.angle
        );
    }
    if let Some(limit) = level.shot_limit {
        let _ = write!(text, ";shots={limit}");
    }
    fnv1a(text.as_bytes())
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;
    use std::path::PathBuf;

    use super::*;

    fn figures(moves: u32, pushes: u32, shots: u32) -> Figures {
        Figures {
            moves,
            pushes,
            shots,
        }
    }

    #[test]
    fn printing_then_parsing_gives_the_same_progress() {
        let mut progress = Progress::default();
        progress.set_last("/home/a b/pack.xsb", 4);
        progress.set_last("built-in:Campaign", 7);
        progress.record("built-in:Microban", 0, 0xdead_beef, figures(33, 8, 0));
        progress.record("/home/a b/pack.xsb", 11, u64::MAX, figures(5, 1, 2));
        let text = progress.to_string();
        assert_eq!(text.parse::<Progress>(), Ok(progress));
    }

    #[test]
    fn the_last_level_is_kept_for_the_built_in_packs_together_and_for_each_file() {
        let mut progress = Progress::default();
        progress.set_last("built-in:Campaign", 3);
        progress.set_last("/a.xsb", 1);
        progress.set_last("built-in:Microban", 9);
        assert_eq!(
            progress.last("built-in:Campaign"),
            Some(("built-in:Microban", 9))
        );
        assert_eq!(progress.last("/a.xsb"), Some(("/a.xsb", 1)));
        assert_eq!(progress.last("/b.xsb"), None);
    }

    #[test]
    fn best_figures_are_each_the_lowest_seen() {
        let mut progress = Progress::default();
        assert!(progress.record("p", 2, 7, figures(40, 10, 3)));
        assert!(progress.record("p", 2, 7, figures(44, 8, 4)));
        assert!(!progress.record("p", 2, 7, figures(50, 9, 5)));
        let best = progress.best("p", 2, 7).expect("recorded");
        assert_eq!((best.moves, best.pushes, best.shots), (40, 8, 3));
    }

    #[test]
    fn the_solved_count_counts_each_level_of_the_pack_once_wherever_it_was_solved() {
        let mut progress = Progress::default();
        progress.record("a", 0, 10, figures(5, 1, 0));
        progress.record("a", 2, 12, figures(5, 1, 0));
        progress.record("a", 2, 12, figures(4, 1, 0));
        progress.record("b", 0, 11, figures(5, 1, 0));
        progress.record("a", 3, 99, figures(5, 1, 0));
        let cases = [
            ("own and elsewhere", "a", vec![10, 11, 12, 13], 3),
            ("none", "a", vec![1, 2], 0),
            ("another pack", "c", vec![12, 11], 2),
            ("empty pack", "a", vec![], 0),
        ];
        for (name, pack, ids, want) in cases {
            assert_eq!(progress.solved_count(pack, &ids), want, "{name}");
        }
    }

    #[test]
    fn an_edited_level_is_no_longer_solved_and_its_next_solution_replaces_the_old() {
        let mut progress = Progress::default();
        progress.record("p", 0, 1, figures(10, 2, 0));
        assert_eq!(progress.best("p", 0, 2), None);
        assert!(progress.record("p", 0, 2, figures(99, 9, 0)));
        assert_eq!(progress.best("p", 0, 2).map(|b| b.moves), Some(99));
    }

    #[test]
    fn unreadable_texts_name_the_line() {
        let cases = [
            ("empty", "", 1),
            ("wrong header", "sokoban 1\n", 1),
            (
                "level before pack",
                "sokoshot-progress 1\nlevel 1 id=1 moves=1 pushes=0\n",
                2,
            ),
            (
                "level zero",
                "sokoshot-progress 1\npack p\nlevel 0 id=1 moves=1 pushes=0\n",
                3,
            ),
            (
                "missing moves",
                "sokoshot-progress 1\npack p\nlevel 1 id=1 pushes=0\n",
                3,
            ),
            (
                "bad id",
                "sokoshot-progress 1\npack p\nlevel 1 id=xyz moves=1 pushes=0\n",
                3,
            ),
            (
                "negative",
                "sokoshot-progress 1\npack p\nlevel 1 id=1 moves=-1 pushes=0\n",
                3,
            ),
            ("garbage", "# c\nsokoshot-progress 1\n\nwhat is this\n", 4),
            ("last without pack", "sokoshot-progress 1\nlast 3\n", 2),
        ];
        for (name, text, line) in cases {
            let err = text.parse::<Progress>().expect_err(name);
            assert_eq!(err.line, line, "{name}: {err}");
        }
    }

    #[test]
    fn unknown_keys_on_a_level_line_are_skipped() {
        let text = "sokoshot-progress 1\npack p\nlevel 2 id=a moves=3 pushes=1 time=9\n";
        let progress: Progress = text.parse().expect("readable");
        assert_eq!(progress.best("p", 1, 0xa).map(|b| b.moves), Some(3));
    }

    #[test]
    fn data_dir_follows_xdg_then_home() {
        let cases = [
            (
                "xdg",
                Some("/x/data"),
                Some("/home/u"),
                Some("/x/data/sokoshot"),
            ),
            (
                "relative xdg",
                Some("rel"),
                Some("/home/u"),
                Some("/home/u/.local/share/sokoshot"),
            ),
            (
                "home only",
                None,
                Some("/home/u"),
                Some("/home/u/.local/share/sokoshot"),
            ),
            ("nothing", None, None, None),
            ("relative home", None, Some("home"), None),
        ];
        for (name, xdg, home, want) in cases {
            let got = data_dir(xdg.map(OsString::from), home.map(OsString::from));
            assert_eq!(got, want.map(PathBuf::from), "{name}");
        }
    }

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
