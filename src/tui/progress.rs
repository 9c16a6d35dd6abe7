//! Saved progress: which levels are solved, the best figures for each, and the level played
//! last, kept as human-readable text in the XDG data directory.
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
//! `pack` names a pack (`built-in:NAME` or a file's absolute path). `last` says which level was
//! played last: one line for the built-in packs together, and one for each file. The `level`
//! lines under a `pack`
//! give a level's number (1-based, as shown in the game), a fingerprint of its board (so that a
//! level edited since it was solved no longer counts as solved) and the best moves, pushes and
//! shots seen, each the lowest on its own. Saving writes a temporary file beside the real one
//! and renames it over, so a crash never leaves half a file. A file that cannot be read is
//! renamed aside with a warning, and play starts afresh.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt::{self, Write as _};
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::level::{Level, Slope, Tile};

/// The first line of a progress file after any comments: the format and its version.
const HEADER: &str = "sokoshot-progress 1";

/// How the names of the built-in packs begin.
pub const BUILT_IN: &str = "built-in:";

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

/// Everything the progress file holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    /// For each group (see [`group`]), the pack and level played last.
    last: BTreeMap<String, (String, usize)>,
    packs: BTreeMap<String, BTreeMap<usize, Best>>,
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

    /// The best figures for level `index` (0-based) of `pack`, if it was solved as it is now
    /// (`id` is the level's current fingerprint).
    ///
    /// Levels are matched by their fingerprint, not their number: when a pack is reordered,
    /// a solved level keeps its figures wherever it now stands.
    #[must_use]
    pub fn best(&self, pack: &str, index: usize, id: u64) -> Option<Best> {
        let levels = self.packs.get(pack)?;
        let here = levels.get(&index).filter(|best| best.id == id);
        here.or_else(|| levels.values().find(|best| best.id == id))
            .copied()
    }

    /// Records a solution of level `index` (0-based) of `pack`, keeping the lowest figures
    /// (found by fingerprint if the level stood at another number before).
    /// Returns true when this improved on (or was the first of) the saved figures.
    pub fn record(&mut self, pack: &str, index: usize, id: u64, figures: Figures) -> bool {
        let levels = self.packs.entry(pack.to_owned()).or_default();
        // A level that moved in its pack brings its record to its new number.
        if levels.get(&index).is_none_or(|best| best.id != id)
            && let Some(old) = levels
                .iter()
                .find(|(_, best)| best.id == id)
                .map(|(&at, _)| at)
            && let Some(moved) = levels.remove(&old)
        {
            levels.insert(index, moved);
        }
        let fresh = Best {
            id,
            moves: figures.moves,
            pushes: figures.pushes,
            shots: figures.shots,
        };
        match levels.get_mut(&index) {
            Some(best) if best.id == id => {
                let merged = Best {
                    id,
                    moves: best.moves.min(fresh.moves),
                    pushes: best.pushes.min(fresh.pushes),
                    shots: best.shots.min(fresh.shots),
                };
                let improved = merged != *best;
                *best = merged;
                improved
            }
            _ => {
                levels.insert(index, fresh);
                true
            }
        }
    }
}

/// Why a progress file could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct ProgressError {
    /// The 1-based line the problem is on.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

impl std::str::FromStr for Progress {
    type Err = ProgressError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut progress = Progress::default();
        let mut seen_header = false;
        let mut pack: Option<String> = None;
        for (number, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fail = |message: String| ProgressError {
                line: number + 1,
                message,
            };
            if !seen_header {
                if line != HEADER {
                    return Err(fail(format!("expected `{HEADER}`, found `{line}`")));
                }
                seen_header = true;
                continue;
            }
            let (keyword, rest) = line.split_once(' ').unwrap_or((line, ""));
            match keyword {
                "last" => {
                    let (pack, index) = parse_last(rest).map_err(fail)?;
                    progress.set_last(&pack, index);
                }
                "pack" if !rest.trim().is_empty() => pack = Some(rest.trim().to_owned()),
                "level" => {
                    let name = pack
                        .as_ref()
                        .ok_or_else(|| fail("a `level` line before any `pack` line".into()))?;
                    let (index, best) = parse_level(rest).map_err(fail)?;
                    progress
                        .packs
                        .entry(name.clone())
                        .or_default()
                        .insert(index, best);
                }
                _ => return Err(fail(format!("cannot read `{line}`"))),
            }
        }
        if seen_header {
            Ok(progress)
        } else {
            Err(ProgressError {
                line: 1,
                message: format!("the file is empty (expected `{HEADER}`)"),
            })
        }
    }
}

fn parse_number(word: &str) -> Result<usize, String> {
    match word.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n - 1),
        _ => Err(format!("`{word}` is not a level number")),
    }
}

fn parse_last(rest: &str) -> Result<(String, usize), String> {
    let (number, pack) = rest
        .trim()
        .split_once(' ')
        .ok_or_else(|| "`last` needs a level number and a pack".to_owned())?;
    Ok((pack.trim().to_owned(), parse_number(number)?))
}

fn parse_level(rest: &str) -> Result<(usize, Best), String> {
    let mut words = rest.split_whitespace();
    let index = parse_number(words.next().unwrap_or(""))?;
    let (mut id, mut moves, mut pushes, mut shots) = (None, None, None, None);
    for word in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("`{word}` is not key=value"))?;
        let bad = || format!("`{word}` has a bad value");
        match key {
            "id" => id = Some(u64::from_str_radix(value, 16).map_err(|_| bad())?),
            "moves" => moves = Some(value.parse().map_err(|_| bad())?),
            "pushes" => pushes = Some(value.parse().map_err(|_| bad())?),
            "shots" => shots = Some(value.parse().map_err(|_| bad())?),
            // Keys from a later version are skipped rather than losing the whole file.
            _ => {}
        }
    }
    let missing = |what: &str| format!("level {} has no `{what}=`", index + 1);
    Ok((
        index,
        Best {
            id: id.ok_or_else(|| missing("id"))?,
            moves: moves.ok_or_else(|| missing("moves"))?,
            pushes: pushes.ok_or_else(|| missing("pushes"))?,
            shots: shots.unwrap_or(0),
        },
    ))
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "# sokoshot progress: one line per solved level, with the best moves, pushes and shots."
        )?;
        writeln!(f, "{HEADER}")?;
        for (pack, index) in self.last.values() {
            writeln!(f, "last {} {pack}", index + 1)?;
        }
        for (pack, levels) in &self.packs {
            writeln!(f, "pack {pack}")?;
            for (index, best) in levels {
                writeln!(
                    f,
                    "level {} id={:016x} moves={} pushes={} shots={}",
                    index + 1,
                    best.id,
                    best.moves,
                    best.pushes,
                    best.shots
                )?;
            }
        }
        Ok(())
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

/// The directory sokoshot keeps its data in, from the values of `XDG_DATA_HOME` and `HOME`.
/// A relative `XDG_DATA_HOME` is ignored, as the XDG specification asks.
#[must_use]
pub fn data_dir(xdg_data_home: Option<OsString>, home: Option<OsString>) -> Option<PathBuf> {
    let xdg = xdg_data_home
        .map(PathBuf::from)
        .filter(|path| path.is_absolute());
    let base = xdg.or_else(|| {
        home.map(PathBuf::from)
            .filter(|path| path.is_absolute())
            .map(|home| home.join(".local").join("share"))
    })?;
    Some(base.join("sokoshot"))
}

/// The progress file on disk, and the warning to show when it could not be read.
#[derive(Debug, Clone)]
pub struct SaveFile {
    path: PathBuf,
}

impl SaveFile {
    /// The progress file in the XDG data directory of this process's environment, if one can
    /// be found (a `HOME` or an absolute `XDG_DATA_HOME` is needed).
    #[must_use]
    pub fn from_env() -> Option<Self> {
        let dir = data_dir(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))?;
        Some(Self::at(dir.join("progress.txt")))
    }

    /// The progress file at `path`.
    #[must_use]
    pub fn at(path: PathBuf) -> Self {
        Self { path }
    }

    /// Where the file lives.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the saved progress. A missing file is a fresh start. A file that cannot be read
    /// is renamed aside (to `progress.txt.corrupt`) and a fresh start is returned with a
    /// warning that says what was wrong and where the old file went.
    #[must_use]
    pub fn load(&self) -> (Progress, Option<String>) {
        let text = match fs::read(&self.path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| ProgressError {
                line: 1,
                message: "the file is not UTF-8 text".into(),
            }),
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                return (Progress::default(), None);
            }
            Err(err) => {
                let warning = format!("cannot read {}: {err}", self.path.display());
                return (Progress::default(), Some(warning));
            }
        };
        match text.and_then(|text| text.parse::<Progress>()) {
            Ok(progress) => (progress, None),
            Err(err) => (Progress::default(), Some(self.set_aside(&err))),
        }
    }

    fn set_aside(&self, err: &ProgressError) -> String {
        let mut aside = self.path.clone().into_os_string();
        aside.push(".corrupt");
        let aside = PathBuf::from(aside);
        match fs::rename(&self.path, &aside) {
            Ok(()) => format!(
                "progress file unreadable ({err}); moved to {} and starting afresh",
                aside.display()
            ),
            Err(move_err) => format!(
                "progress file unreadable ({err}) and could not be moved aside ({move_err})"
            ),
        }
    }

    /// Writes `progress` atomically: to a temporary file in the same directory, flushed to
    /// disk, then renamed over the old file. The directory is created if needed.
    ///
    /// # Errors
    /// When the directory or the file cannot be written.
    pub fn save(&self, progress: &Progress) -> io::Result<()> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        fs::create_dir_all(dir)?;
        let mut temp = self.path.clone().into_os_string();
        temp.push(format!(".tmp{}", std::process::id()));
        let temp = PathBuf::from(temp);
        let written = (|| {
            let mut file = fs::File::create(&temp)?;
            file.write_all(progress.to_string().as_bytes())?;
            file.sync_all()?;
            fs::rename(&temp, &self.path)
        })();
        if written.is_err() {
            let _ = fs::remove_file(&temp);
        }
        written
    }
}

#[cfg(test)]
mod tests {
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
