//! What a paste into the game is, and the "Pasted" pack that keeps pasted levels across
//! restarts.
//!
//! A paste is never typed as keys. It is one of three things ([`read_paste`]):
//! - a level: it *looks like a level* when at least two of its lines are made only of board
//!   characters and hold a wall (`#`), and it *reads as a level* when the level reader takes
//!   it without an error (otherwise the reader's first error is the answer);
//! - moves: nothing but the replay's letters (`l u r d`, `L U R D`, `f` fire, `w` wait),
//!   repeat counts and whitespace, at most [`MAX_PASTE_BYTES`] (a LURD solution such as
//!   `dRRR`), played on the level in play as one undo step;
//! - anything else, refused with one line saying what a paste can be ([`REFUSED`]) and the
//!   first character that is neither.
//!
//! The pack is the file `pasted.xsb` beside the progress file (in the XDG data directory),
//! written whole to a temporary file and renamed over, like the progress. A new paste is
//! added to the file's text as it stands ([`add_pasted`]): levels edited by hand, with typos
//! or `;` notes, are kept verbatim. A file that cannot be read as text, holds no level at all,
//! or is over the 16 MiB read, is first kept aside as `pasted.xsb.corrupt-N` (see
//! [`atomic::back_up`]), never lost. Limits: a paste of at most [`MAX_PASTE_BYTES`] is read as
//! a level; the pack keeps the last [`MAX_PASTED_LEVELS`] levels, the oldest dropped first.
//!
//! The pack's text may end with a draft: a level being drawn in the editor over SSH when the
//! session ended with it unsaved, kept to be continued ([`with_draft`], [`draft_of`]). It is
//! one block of `;` lines after the levels, from the line [`DRAFT_MARK`] to the end, each
//! line of the draft's text written after `;|`; every reader of the levels leaves it out
//! ([`split_draft`]), so it is never one of the levels, and changes to the levels keep it.

use std::io;
use std::path::{Path, PathBuf};

use crate::level::{Level, SourceError, parse_pack, read_source_bytes};

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
    /// Moves to play on the level in play (the pasted text, whitespace and all; it reads
    /// with [`crate::game::parse_moves`]).
    Moves(String),
    /// Anything else: the one line that says why it is refused.
    Refused(String),
}

/// What a paste can be, as the refusal says it.
pub const REFUSED: &str = "a paste is a level or moves (lurdLURD fw, counts)";

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
        return read_moves(text);
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

/// A paste that does not look like a level: moves, or refused.
fn read_moves(text: &str) -> Paste {
    if text.trim().is_empty() {
        return Paste::Refused(format!("{REFUSED}: this one is empty"));
    }
    if text.len() > MAX_PASTE_BYTES {
        return Paste::Refused(format!(
            "{REFUSED}, at most {MAX_PASTE_BYTES} bytes: this one is {}",
            text.len()
        ));
    }
    match crate::game::parse_moves(text) {
        Ok(_) => Paste::Moves(text.to_owned()),
        Err(crate::game::ReplayError::UnknownLetter { letter, at }) => Paste::Refused(format!(
            "{REFUSED}: `{}` at {at} is neither",
            letter.escape_debug()
        )),
        Err(err) => Paste::Refused(format!("{REFUSED}: {err}")),
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
        levels: std::sync::Arc::new(levels),
    }
}

/// The levels kept in the file at `path` (none if it is missing or unreadable; the levels
/// that read, if some do not).
#[must_use]
pub fn load_pasted(path: &Path) -> Vec<Level> {
    let Ok(bytes) = read_source_bytes(path) else {
        return Vec::new();
    };
    levels_of_pasted(&String::from_utf8_lossy(&bytes))
}

/// The levels of a Pasted pack's text that read (the last [`MAX_PASTED_LEVELS`]). The
/// pack's header line, which reads as the first level's title, is not taken as one.
#[must_use]
pub fn levels_of_pasted(text: &str) -> Vec<Level> {
    let header = PASTED_HEADER.trim_start_matches(';').trim();
    let (text, _) = split_draft(text);
    let mut levels: Vec<Level> = parse_pack(text)
        .levels
        .into_iter()
        .filter_map(|entry| entry.result.ok())
        .map(|mut level| {
            if level.title.as_deref() == Some(header) {
                level.title = None;
            }
            level
        })
        .collect();
    let extra = levels.len().saturating_sub(MAX_PASTED_LEVELS);
    levels.drain(..extra);
    levels
}

/// The first line of a draft kept at the end of the pack's text (see the module header).
pub const DRAFT_MARK: &str =
    "; Draft of a level, kept when a session ended: not one of these levels.";

/// How each line of a draft begins.
const DRAFT_LINE: &str = ";|";

/// How each line of the level a draft was drawn from (one of the levels) begins.
const ORIGIN_LINE: &str = ";=";

/// The pack's text `text` split into its levels' part and the draft block after it, if any.
#[must_use]
pub fn split_draft(text: &str) -> (&str, Option<&str>) {
    let at = if text.starts_with(DRAFT_MARK) {
        Some(0)
    } else {
        text.find(&format!("\n{DRAFT_MARK}")).map(|i| i + 1)
    };
    let Some(at) = at else {
        return (text, None);
    };
    // The blank line written before the draft is the draft's, not the levels'.
    let levels = &text[..at];
    let levels = match levels.strip_suffix('\n') {
        Some(rest) if rest.ends_with('\n') => rest,
        _ => levels,
    };
    (levels, Some(&text[at..]))
}

/// The draft kept in the pack's text `text`, as the level text it was written from, and
/// the text of the level it was drawn from, if it was one of the levels.
#[must_use]
pub fn draft_of(text: &str) -> Option<(String, Option<String>)> {
    let (_, block) = split_draft(text);
    let (mut draft, mut origin) = (String::new(), String::new());
    for line in block?.lines().skip(1) {
        let (to, line) = match (
            line.strip_prefix(DRAFT_LINE),
            line.strip_prefix(ORIGIN_LINE),
        ) {
            (Some(line), _) => (&mut draft, line),
            (_, Some(line)) => (&mut origin, line),
            _ => continue,
        };
        to.push_str(line);
        to.push('\n');
    }
    Some((draft, (!origin.is_empty()).then_some(origin)))
}

/// The pack's text `text` with its draft (if any) replaced by `draft`: a level's text, and
/// the text of the level of the pack it was drawn from, if any; or taken away with `None`.
/// Its levels' part is kept byte for byte.
#[must_use]
pub fn with_draft(text: &str, draft: Option<(&str, Option<&str>)>) -> String {
    let (levels, _) = split_draft(text);
    let mut out = levels.to_owned();
    if let Some(draft) = draft {
        if out.trim().is_empty() {
            out = PASTED_HEADER.to_owned();
        }
        // One blank line between the levels and the draft, however often it is kept.
        out.truncate(out.trim_end_matches(['\n', '\r']).len());
        out.push_str("\n\n");
        out.push_str(DRAFT_MARK);
        out.push('\n');
        let (draft, origin) = draft;
        let lines = (draft.lines().map(|line| (DRAFT_LINE, line)))
            .chain(origin.unwrap_or("").lines().map(|line| (ORIGIN_LINE, line)));
        for (start, line) in lines {
            out.push_str(start);
            out.push_str(line);
            out.push('\n');
        }
    } else if out.trim() == PASTED_HEADER.trim() {
        out.clear();
    }
    out
}

/// The first line of the pasted pack's file.
pub const PASTED_HEADER: &str = "; Levels pasted into sokoshot, the oldest first.\n";

/// Writes `levels` to `path` whole, through [`atomic::write`].
///
/// # Errors
/// When the directory or file cannot be written.
pub fn save_pasted(path: &Path, levels: &[Level]) -> io::Result<()> {
    let mut text = format!("{PASTED_HEADER}\n");
    for level in levels {
        text.push_str(&level.to_string());
        text.push('\n');
    }
    atomic::write(path, text.as_bytes())
}

/// Adds `levels` at the end of the pack's file at `path`, keeping its text as it stands
/// (only the oldest levels past [`MAX_PASTED_LEVELS`] are cut away). Returns where the old
/// file was kept aside, when it could not be read (see the module header).
///
/// # Errors
/// When the old file cannot be kept aside, or the new one cannot be written.
pub fn add_pasted(path: &Path, levels: &[Level]) -> io::Result<Option<PathBuf>> {
    add_pasted_within(path, levels, &|_| Ok(()))
}

/// [`add_pasted`], the new file's length first offered to `room`, which refuses it with an
/// error (a cap on the player's saved files: see `SaveFile::room`); nothing is written then.
///
/// # Errors
/// As [`add_pasted`], and `room`'s.
pub fn add_pasted_within(
    path: &Path,
    levels: &[Level],
    room: &dyn Fn(u64) -> io::Result<()>,
) -> io::Result<Option<PathBuf>> {
    let (old, aside) = read_or_set_aside(path)?;
    let text = pasted_text_with(&old, levels);
    room(text.len() as u64)?;
    atomic::write(path, text.as_bytes())?;
    Ok(aside)
}

/// Why the Pasted pack was not added to or changed.
#[derive(Debug, thiserror::Error)]
pub enum PastedError {
    /// The change itself refused (the caller knows its reason).
    #[error("the change was refused")]
    Refused,
    /// The new text would pass the player's bytes.
    #[error("the saved files would take {total} bytes, over the {max} allowed")]
    TooBig {
        /// The bytes the player's saved things would take.
        total: u64,
        /// The most they may take.
        max: u64,
    },
    /// A file could not be read or written (the folder store, local play), or was refused
    /// by the player's cap on their files.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The database failed.
    #[error(transparent)]
    Db(#[from] super::records::DbError),
}

/// Rewrites the pack's file at `path` with `change`, which gets the text as it stands (empty
/// when there is none, or when an unreadable file was kept aside) and gives the new text or
/// refuses; the new text's length is first offered to `room`. Returns where an unreadable
/// old file was kept aside.
///
/// # Errors
/// `change`'s refusal, `room`'s, or when the file cannot be read, kept aside or written.
pub fn change_pasted_within(
    path: &Path,
    change: &mut dyn FnMut(&str) -> Result<String, PastedError>,
    room: &dyn Fn(u64) -> io::Result<()>,
) -> Result<Option<PathBuf>, PastedError> {
    let (old, aside) = read_or_set_aside(path)?;
    let text = change(&old)?;
    room(text.len() as u64)?;
    atomic::write(path, text.as_bytes())?;
    Ok(aside)
}

/// The pack's text at `path` (empty when there is none), and where an unreadable file was
/// kept aside (its text then empty).
fn read_or_set_aside(path: &Path) -> io::Result<(String, Option<PathBuf>)> {
    Ok(match read_source_bytes(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text)
                if text.trim().is_empty()
                    || split_draft(&text).1.is_some()
                    || !parse_pack(&text).levels.is_empty() =>
            {
                (text, None)
            }
            Ok(text) => (String::new(), Some(atomic::back_up(path, text.as_bytes())?)),
            Err(err) => (String::new(), Some(atomic::back_up(path, err.as_bytes())?)),
        },
        Err(SourceError::Io(err)) if err.kind() == io::ErrorKind::NotFound => (String::new(), None),
        Err(SourceError::TooBig { .. }) => (String::new(), Some(set_aside(path)?)),
        Err(err) => return Err(io::Error::other(err.to_string())),
    })
}

/// The Pasted pack's text `old` with `levels` added at its end, as it stands (a blank text
/// gets the header), the oldest levels past [`MAX_PASTED_LEVELS`] cut away.
#[must_use]
pub fn pasted_text_with(old: &str, levels: &[Level]) -> String {
    let (old, draft) = split_draft(old);
    let mut text = if old.trim().is_empty() {
        PASTED_HEADER.to_owned()
    } else {
        old.to_owned()
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    for level in levels {
        text.push('\n');
        text.push_str(&level.to_string());
    }
    keep_draft(without_oldest(&text), draft)
}

/// The levels' text `levels` with the draft block `draft` (as [`split_draft`] gives it)
/// after them again, one blank line between.
#[must_use]
pub fn keep_draft(mut levels: String, draft: Option<&str>) -> String {
    if let Some(draft) = draft {
        levels.truncate(levels.trim_end_matches(['\n', '\r']).len());
        levels.push_str("\n\n");
        levels.push_str(draft);
    }
    levels
}

/// Moves a file too big to read to the first free `NAME.corrupt-N` beside it.
fn set_aside(path: &Path) -> io::Result<PathBuf> {
    for n in 1..=atomic::MAX_BACKUPS {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".corrupt-{n}"));
        let aside = PathBuf::from(name);
        match std::fs::hard_link(path, &aside) {
            Ok(()) => return Ok(aside),
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {}
            Err(err) => return Err(err),
        }
    }
    Err(io::Error::other(format!(
        "{} copies of corrupt files are kept already beside {}",
        atomic::MAX_BACKUPS,
        path.display()
    )))
}

/// `text` without its oldest levels past [`MAX_PASTED_LEVELS`]: cut at the blank line before
/// the first level kept, the file's first line (its header) kept.
fn without_oldest(text: &str) -> String {
    let report = parse_pack(text);
    let extra = report.levels.len().saturating_sub(MAX_PASTED_LEVELS);
    let Some(first_kept) = report.levels.get(extra).filter(|_| extra > 0) else {
        return text.to_owned();
    };
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let board = first_kept.line.saturating_sub(1).min(lines.len());
    let start = lines[..board]
        .iter()
        .rposition(|line| line.trim().is_empty())
        .map_or(board, |blank| blank + 1);
    let mut kept = format!("{PASTED_HEADER}\n");
    kept.extend(lines[start..].iter().copied());
    kept
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    #[test]
    fn a_paste_is_levels_a_bad_level_moves_or_refused() {
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
            ("a LURD solution", "dRRR", "moves"),
            ("a count and moves", "5l", "moves"),
            ("moves over lines", "lluR\r\nfw 3d\n", "moves"),
            ("vim keys are not moves", "lljjk", "refused"),
            ("prose that quits at its q", "quite random text", "refused"),
            ("prose of move letters and others", "hello lll", "refused"),
            ("one wall line only", "#####", "refused"),
            ("words with a hash", "see #12\nand #13 too", "refused"),
            ("a solution with a label", "Solution: dRRR", "refused"),
            ("empty", " \n ", "refused"),
            ("a count with no letter", "12", "refused"),
            ("a zero count", "0r", "refused"),
            ("two players", "#####\n#@@.#\n#$  #\n#####\n", "bad"),
            ("no player", "#####\n# $.#\n#####\n", "bad"),
        ];
        for (name, text, want) in cases {
            let got = match read_paste(text) {
                Paste::Levels(_) => "levels",
                Paste::BadLevel(_) => "bad",
                Paste::Moves(_) => "moves",
                Paste::Refused(_) => "refused",
            };
            assert_eq!(got, want, "{name}");
        }
    }

    #[test]
    fn a_refused_paste_is_one_line_naming_what_a_paste_can_be_and_the_first_odd_character() {
        let cases = [
            ("prose", "quite random text", "`q` at 1"),
            ("moves then prose", "rrR then", "`t` at 5"),
            ("a newline in prose", "ll\nok", "`o` at 4"),
        ];
        for (name, text, want) in cases {
            let Paste::Refused(why) = read_paste(text) else {
                panic!("{name}: refused");
            };
            assert!(why.starts_with(REFUSED), "{name}: {why}");
            assert!(why.contains(want), "{name}: {why}");
            assert!(!why.contains('\n'), "{name}: one line: {why}");
        }
        let long = "r".repeat(MAX_PASTE_BYTES + 1);
        assert!(matches!(read_paste(&long), Paste::Refused(why) if why.contains("at most")));
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
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path();
        let path = dir.join("pasted.xsb");
        let Paste::Levels(one) = read_paste("#####\n#@$.#\n#####\n") else {
            panic!("a level");
        };
        let many = vec![one[0].clone(); MAX_PASTED_LEVELS + 3];
        save_pasted(&path, &many).expect("saved");
        assert_eq!(load_pasted(&path).len(), MAX_PASTED_LEVELS);
        assert!(load_pasted(&dir.join("none.xsb")).is_empty());
    }

    fn one_level(text: &str) -> Vec<Level> {
        let Paste::Levels(levels) = read_paste(text) else {
            panic!("a level");
        };
        levels
    }

    #[test]
    fn a_paste_keeps_hand_edited_levels_verbatim() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path();
        let path = dir.join("pasted.xsb");
        let edited = "; Levels pasted into sokoshot, the oldest first.\n\n\
                      ; my favourite, with a typo below\n\
                      #####\n#@$.#\n##X##\n\n\
                      Title: kept\n######\n#@ $.#\n######\n";
        fs::write(&path, edited).expect("edited");
        let aside = add_pasted(&path, &one_level("#######\n#@ $ .#\n#######\n")).expect("added");
        assert_eq!(aside, None);
        let text = fs::read_to_string(&path).expect("read");
        assert!(text.starts_with(edited), "{text}");
        assert_eq!(
            load_pasted(&path).len(),
            2,
            "the typo level is kept, not played"
        );
    }

    #[test]
    fn an_unreadable_or_oversized_pasted_file_is_kept_aside_before_anything_is_written() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path();
        let path = dir.join("pasted.xsb");
        let level = one_level("#####\n#@$.#\n#####\n");
        let garbage = b"\xff\xfe not text at all \x00\x01";
        fs::write(&path, garbage).expect("garbage");
        let aside = add_pasted(&path, &level)
            .expect("added")
            .expect("kept aside");
        assert_eq!(aside, dir.join("pasted.xsb.corrupt-1"));
        assert_eq!(fs::read(&aside).expect("copy"), garbage);
        assert_eq!(load_pasted(&path).len(), 1);
        let words = "no level here, only words\n";
        fs::write(&path, words).expect("words");
        let aside = add_pasted(&path, &level)
            .expect("added")
            .expect("kept aside");
        assert_eq!(fs::read_to_string(&aside).expect("copy"), words);
        let big = fs::File::create(&path).expect("big");
        big.set_len(crate::level::MAX_FILE_BYTES + 1)
            .expect("sparse");
        let aside = add_pasted(&path, &level)
            .expect("added")
            .expect("kept aside");
        assert_eq!(aside, dir.join("pasted.xsb.corrupt-3"));
        assert_eq!(
            fs::metadata(&aside).expect("copy").len(),
            crate::level::MAX_FILE_BYTES + 1
        );
        assert_eq!(load_pasted(&path).len(), 1);
    }

    #[test]
    fn adding_past_the_cap_drops_the_oldest_levels_text() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path();
        let path = dir.join("pasted.xsb");
        for n in 0..MAX_PASTED_LEVELS + 2 {
            let text = format!("Title: L{n}\n#####\n#@$.#\n#####\n");
            let Paste::Levels(levels) = read_paste(&text) else {
                panic!("a level");
            };
            add_pasted(&path, &levels).expect("added");
        }
        let kept = load_pasted(&path);
        assert_eq!(kept.len(), MAX_PASTED_LEVELS);
        let text = fs::read_to_string(&path).expect("read");
        assert!(text.starts_with(PASTED_HEADER), "{text}");
        assert!(!text.contains("Title: L1\n") && text.contains("Title: L2\n"));
    }
}
