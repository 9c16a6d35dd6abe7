//! Levels pasted into the game: telling a pasted level from pasted keys, and the "Pasted"
//! pack that keeps them across restarts.
//!
//! A paste *looks like a level* when at least two of its lines are made only of board
//! characters and hold a wall (`#`); such a paste is never typed as keys. It *reads as a
//! level* when the level reader takes it without an error.
//!
//! The pack is the file `pasted.xsb` beside the progress file (in the XDG data directory),
//! written whole to a temporary file and renamed over, like the progress. Limits: a paste of
//! at most [`MAX_PASTE_BYTES`] is read as a level; the pack keeps the last
//! [`MAX_PASTED_LEVELS`] levels pasted, the oldest dropped first.

use std::io;
use std::path::{Path, PathBuf};

use crate::level::{Level, parse_pack, read_source_bytes};

use super::atomic;
use super::collection::Collection;

/// The largest paste read as a level, in bytes.
pub const MAX_PASTE_BYTES: usize = 64 * 1024;
/// The most levels the Pasted pack keeps.
pub const MAX_PASTED_LEVELS: usize = 50;
/// The key the Pasted pack's progress is saved under.
pub const PASTED_KEY: &str = "pasted:";
/// The name of the pack as the game shows it.
pub const PASTED_NAME: &str = "Pasted";

/// The characters of a board row (XSB and sokoshot's own).
const BOARD_CHARS: &str = "#@+$*.pPbB -_E7FLJ%";

/// What a paste is.
#[derive(Debug, Clone, PartialEq)]
pub enum Paste {
    /// Levels that read without an error.
    Levels(Vec<Level>),
    /// Something that looks like a level but does not read: the first error (and a count of
    /// the others).
    BadLevel(String),
    /// Anything else: keys to type.
    Keys,
}

/// Whether `text` looks like a level (see the module header).
#[must_use]
pub fn looks_like_level(text: &str) -> bool {
    text.lines()
        .filter(|line| line.contains('#') && line.chars().all(|c| BOARD_CHARS.contains(c)))
        .take(2)
        .count()
        == 2
}

/// Reads a paste. Line breaks may be `\n`, `\r\n` or a lone `\r` (what terminals paste).
#[must_use]
pub fn read_paste(text: &str) -> Paste {
    let text = &text.replace("\r\n", "\n").replace('\r', "\n");
    if !looks_like_level(text) {
        return Paste::Keys;
    }
    if text.len() > MAX_PASTE_BYTES {
        return Paste::BadLevel(format!(
            "the pasted level is {} bytes; the most read is {MAX_PASTE_BYTES}",
            text.len()
        ));
    }
    match parse_pack(text).into_pack() {
        Ok(pack) if pack.levels.is_empty() => Paste::BadLevel("no level in the paste".into()),
        Ok(pack) => Paste::Levels(pack.levels),
        Err(errors) => {
            let first = errors.first().map(ToString::to_string).unwrap_or_default();
            let more = match errors.len() {
                0 | 1 => String::new(),
                n => format!(" (and {} more)", n - 1),
            };
            Paste::BadLevel(format!("pasted level:{first}{more}"))
        }
    }
}

/// The Pasted pack's file, beside the progress file at `progress`.
#[must_use]
pub fn pasted_path(progress: &Path) -> PathBuf {
    progress.with_file_name("pasted.xsb")
}

/// The Pasted pack with `levels`.
#[must_use]
pub fn pasted_pack(levels: Vec<Level>) -> Collection {
    Collection {
        name: PASTED_NAME.to_owned(),
        credit: None,
        key: PASTED_KEY.to_owned(),
        file: None,
        levels,
    }
}

/// The levels kept in the file at `path` (none if it is missing or unreadable; the levels
/// that read, if some do not).
#[must_use]
pub fn load_pasted(path: &Path) -> Vec<Level> {
    let Ok(bytes) = read_source_bytes(path) else {
        return Vec::new();
    };
    let text = String::from_utf8_lossy(&bytes);
    let mut levels: Vec<Level> = parse_pack(&text)
        .levels
        .into_iter()
        .filter_map(|entry| entry.result.ok())
        .collect();
    let extra = levels.len().saturating_sub(MAX_PASTED_LEVELS);
    levels.drain(..extra);
    levels
}

/// Writes `levels` to `path` whole, through [`atomic::write`].
///
/// # Errors
/// When the directory or file cannot be written.
pub fn save_pasted(path: &Path, levels: &[Level]) -> io::Result<()> {
    let mut text = String::from("; Levels pasted into sokoshot, the oldest first.\n\n");
    for level in levels {
        text.push_str(&level.to_string());
        text.push('\n');
    }
    atomic::write(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    #[test]
    fn a_paste_is_levels_a_bad_level_or_keys() {
        let cases = [
            ("a level", "#####\n#@$.#\n#####\n", "levels"),
            (
                "a level with a title",
                "Title: T\n#####\n#@$.#\n#####\n",
                "levels",
            ),
            ("a level pasted with CR", "#####\r#@$.#\r#####\r", "levels"),
            (
                "a level pasted with CRLF",
                "#####\r\n#@$.#\r\n#####\r\n",
                "levels",
            ),
            ("keys", "lljjk", "keys"),
            ("a count and keys", "5l", "keys"),
            ("one wall line only", "#####", "keys"),
            ("words with a hash", "see #12\nand #13 too", "keys"),
            ("two players", "#####\n#@@.#\n#$  #\n#####\n", "bad"),
            ("no player", "#####\n# $.#\n#####\n", "bad"),
        ];
        for (name, text, want) in cases {
            let got = match read_paste(text) {
                Paste::Levels(_) => "levels",
                Paste::BadLevel(_) => "bad",
                Paste::Keys => "keys",
            };
            assert_eq!(got, want, "{name}");
        }
    }

    #[test]
    fn a_bad_level_says_where() {
        let Paste::BadLevel(why) = read_paste("#####\n#@@.#\n#$  #\n#####\n") else {
            panic!("a bad level");
        };
        assert!(why.contains("line 2"), "{why}");
    }

    #[test]
    fn the_pasted_pack_is_kept_and_capped() {
        let dir = std::env::temp_dir().join(format!("sokoshot-pasted-{}", std::process::id()));
        let path = dir.join("pasted.xsb");
        let Paste::Levels(one) = read_paste("#####\n#@$.#\n#####\n") else {
            panic!("a level");
        };
        let many = vec![one[0].clone(); MAX_PASTED_LEVELS + 3];
        save_pasted(&path, &many).expect("saved");
        assert_eq!(load_pasted(&path).len(), MAX_PASTED_LEVELS);
        assert!(load_pasted(&dir.join("none.xsb")).is_empty());
        let _ = fs::remove_dir_all(&dir);
    }
}
