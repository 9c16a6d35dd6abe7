//! Opening a level of a pack file to edit, and saving it back.
//!
//! Saving rewrites only the edited level's lines: its board rows and its `Spinner:`,
//! `Shots:` and `Solution:` lines are replaced by the normal form (`Sketch::text`), written
//! where the board was; its title, author and comment lines stay as written unless they were
//! edited, and then they are written in the normal form too. Every other line of the file,
//! other levels, notes, blank lines and line endings, is kept byte for byte. Before the file
//! is written the new text is read back: the other levels must read as before and the edited
//! one as drawn, or nothing is written. The write is the store's atomic one.
//!
//! A file that changed on disk since it was opened (or last saved) is not overwritten unless
//! asked again. An SOK file stays SOK (its lines are kept); an SLC collection (XML) is not
//! rewritten: the level is saved into a new XSB file beside it.

use std::collections::BTreeSet;
use std::io;
use std::path::{Path, PathBuf};

use super::Sketch;
use crate::level::lines::{ItemKind, classify, split_lines};
use crate::level::segment::segment;
use crate::level::slc::looks_like_xml;
use crate::level::{self, parse_pack};
use crate::store::atomic;

/// The most names tried for a new file beside another (`NAME-2.xsb`, `NAME-3.xsb`, …).
const MAX_NAMES: u32 = 1000;

/// Why a level could not be opened for editing.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The file could not be read.
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// The file is not UTF-8, so its other lines could not be kept byte for byte.
    #[error("{0}: the file is not UTF-8; the editor saves UTF-8 files only")]
    NotUtf8(String),
    /// The file as a whole cannot be read as a pack.
    #[error("{0}")]
    Unreadable(String),
    /// The level asked for is not in the file.
    #[error(
        "{path} has {}; --level {asked} is neither one of them nor a new one after them",
        crate::words::count(*.count, "level")
    )]
    NoSuchLevel {
        /// The file.
        path: String,
        /// The level asked for, 1-based.
        asked: usize,
        /// How many levels the file has.
        count: usize,
    },
    /// The level is written run-length and does not load, so it cannot be drawn as it is.
    #[error(
        "level {0} is written run-length and does not load; fix it first (`sokoshot check` says where)"
    )]
    RunLength(usize),
}

/// Why a level could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file changed on disk since it was opened or last saved.
    #[error("{0} changed on disk since it was opened")]
    ChangedOnDisk(String),
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// Writing the level would change how the rest of the file reads.
    #[error("not saved: {0}")]
    Unsafe(Misread),
}

/// How a file a save would write reads otherwise than it should: the save is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Misread {
    /// The file as it stands is not UTF-8 text.
    #[error("the file is not UTF-8")]
    NotUtf8,
    /// The new text would hold another number of levels.
    #[error(
        "the file would read as {} instead of {expected} (is the board touching the next one?)",
        crate::words::count(*.found, "level")
    )]
    LevelCount {
        /// Levels the new text would hold.
        found: usize,
        /// Levels it should hold.
        expected: usize,
    },
    /// Another level of the file would read differently (1-based).
    #[error("level {0} would read differently")]
    OtherLevel(usize),
    /// The saved level would read otherwise than the board drawn.
    #[error("the level would read differently from the board drawn")]
    NotAsDrawn,
    /// The board drawn loads, but the saved level would not.
    #[error("the level would not load as saved")]
    WouldNotLoad,
}

/// What a save did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    /// The level was written into its file.
    Written(PathBuf),
    /// The file is an SLC collection, which is not rewritten: the level went into this new
    /// XSB file beside it, which later saves write.
    Beside(PathBuf),
}

/// The file a level is edited in, and where in it the level is.
#[derive(Debug, Clone)]
pub struct PackFile {
    path: PathBuf,
    /// The file is an SLC collection.
    slc: bool,
    /// The bytes as opened or last saved; `None` when there was no file.
    base: Option<Vec<u8>>,
    /// The level's place in the file, 0-based.
    index: usize,
    /// The level is not in the file yet: it goes after the last one.
    appended: bool,
    /// How many levels the file held as opened or last saved.
    count: usize,
    /// Title, author and comments as the file has them (to keep them as written).
    meta: Meta,
}

pub(super) type Meta = (Option<String>, Option<String>, Vec<String>);

pub(super) fn meta_of(sketch: &Sketch) -> Meta {
    (
        sketch.title.clone(),
        sketch.author.clone(),
        sketch.comments.clone(),
    )
}

/// A level opened for editing.
#[derive(Debug, Clone)]
pub struct Opened {
    /// Where it is saved.
    pub file: PackFile,
    /// The board.
    pub sketch: Sketch,
    /// What to tell the author first (a new file, a level that does not load yet).
    pub note: Option<String>,
}

/// Opens level `level` (1-based; the first if none) of the pack at `path` for editing. A file
/// that is not there is a new pack holding one small walled room; the level after the last
/// is a new level of that room.
///
/// # Errors
/// When the file cannot be read, is not UTF-8, or has no such level.
pub fn open(path: &Path, level: Option<usize>) -> Result<Opened, OpenError> {
    let name = path.display().to_string();
    let bytes = match level::read_file(path) {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == io::ErrorKind::NotFound && level.unwrap_or(1) == 1 => {
            return Ok(Opened {
                file: PackFile::new(path.to_owned()),
                sketch: Sketch::room(7, 5),
                note: Some(format!("{name} is a new file")),
            });
        }
        Err(source) => return Err(OpenError::Read { path: name, source }),
    };
    let text = std::str::from_utf8(&bytes).map_err(|_| OpenError::NotUtf8(name.clone()))?;
    let report = parse_pack(text);
    if let Some(d) = report.file_diagnostics.iter().find(|d| d.is_error())
        && report.levels.is_empty()
    {
        return Err(OpenError::Unreadable(format!("{name}:{d}")));
    }
    let asked = level.unwrap_or(1);
    let count = report.levels.len();
    let index = asked.saturating_sub(1);
    let mut file = PackFile {
        path: path.to_owned(),
        slc: looks_like_xml(text),
        base: Some(bytes.clone()),
        index,
        appended: index == count,
        count,
        meta: Meta::default(),
    };
    let (sketch, note) = match report.levels.get(index) {
        _ if index == count => (
            Sketch::room(7, 5),
            Some(format!("level {asked} is a new level of {name}")),
        ),
        None => {
            return Err(OpenError::NoSuchLevel {
                path: name,
                asked,
                count,
            });
        }
        Some(entry) => match &entry.result {
            Ok(level) => (Sketch::from(level), None),
            Err(errors) => {
                let first = errors.first().map(ToString::to_string);
                (raw_sketch(text, index, entry.title.clone())?, first)
            }
        },
    };
    file.meta = meta_of(&sketch);
    Ok(Opened { file, sketch, note })
}

/// Opens the level of the pack at `path` that reads as `level` (the first such), as the game
/// plays it: the level in play, to edit in its file.
///
/// # Errors
/// When the file cannot be read or no longer holds that level.
pub fn open_matching(path: &Path, level: &crate::level::Level) -> Result<Opened, OpenError> {
    let name = path.display().to_string();
    let bytes = level::read_file(path).map_err(|source| OpenError::Read {
        path: name.clone(),
        source,
    })?;
    let text = std::str::from_utf8(&bytes).map_err(|_| OpenError::NotUtf8(name.clone()))?;
    let report = parse_pack(text);
    let index = report
        .levels
        .iter()
        .position(|l| l.result.as_ref().is_ok_and(|l| l == level))
        .ok_or_else(|| OpenError::Unreadable(format!("{name} no longer holds this level")))?;
    open(path, Some(index + 1))
}

/// The board the level text `text` holds (its first level): as loaded when it loads, else
/// as its rows are written, with its title; `None` when it holds no board.
pub(super) fn sketch_of(text: &str) -> Option<Sketch> {
    let report = parse_pack(text);
    let entry = report.levels.first()?;
    match &entry.result {
        Ok(level) => Some(Sketch::from(level)),
        Err(_) => raw_sketch(text, 0, entry.title.clone()).ok(),
    }
}

/// The board of level `index` as its rows are written, for a level that does not load.
fn raw_sketch(text: &str, index: usize, title: Option<String>) -> Result<Sketch, OpenError> {
    let segments = segment(text);
    let raw = segments
        .levels
        .get(index)
        .ok_or(OpenError::RunLength(index + 1))?;
    let rows: Vec<&str> = raw.rows.iter().map(|&(_, row)| row).collect();
    if rows.iter().any(|r| r.contains('|')) {
        return Err(OpenError::RunLength(index + 1));
    }
    let mut sketch = Sketch::from_rows(&rows, &[]);
    sketch.title = title;
    Ok(sketch)
}

impl PackFile {
    /// A new file at `path`, its level the first.
    #[must_use]
    pub fn new(path: PathBuf) -> Self {
        Self {
            path,
            slc: false,
            base: None,
            index: 0,
            appended: true,
            count: 0,
            meta: Meta::default(),
        }
    }

    /// A new file in folder `dir` named after `name` (`NAME.xsb`, or `NAME-2.xsb` and so on
    /// when that is taken): where a copy of a built-in level is saved.
    #[must_use]
    pub fn new_in(dir: &Path, name: &str) -> Self {
        Self::new(free_name(dir, name))
    }

    /// The file saved to.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The level's number in the file, 1-based.
    #[must_use]
    pub fn level_number(&self) -> usize {
        self.index + 1
    }

    /// How many levels the pack has with this one: those of the file as opened or last
    /// saved, and this one if it is new (not in the file until it is saved).
    #[must_use]
    pub fn level_count(&self) -> usize {
        self.count + usize::from(self.appended)
    }

    /// Whether the level is new: it goes after the file's last when it is saved.
    #[must_use]
    pub fn is_new(&self) -> bool {
        self.appended
    }

    /// Saves `sketch` as the level (see the module header). With `overwrite`, a file that
    /// changed on disk is written all the same (the level goes into the file as it was
    /// opened).
    ///
    /// # Errors
    /// [`SaveError::ChangedOnDisk`] when the file changed and `overwrite` is not given; an
    /// I/O error; [`SaveError::Unsafe`] when the new text would not read back as it should.
    pub fn save(&mut self, sketch: &Sketch, overwrite: bool) -> Result<Saved, SaveError> {
        if self.slc {
            return self.save_beside(sketch);
        }
        let io_error = |source| SaveError::Io {
            path: self.path.display().to_string(),
            source,
        };
        let now = match level::read_file(&self.path) {
            Ok(bytes) => Some(bytes),
            Err(err) if err.kind() == io::ErrorKind::NotFound => None,
            Err(err) => return Err(io_error(err)),
        };
        if now != self.base && !overwrite {
            return Err(SaveError::ChangedOnDisk(self.path.display().to_string()));
        }
        let base = match &self.base {
            Some(bytes) => {
                std::str::from_utf8(bytes).map_err(|_| SaveError::Unsafe(Misread::NotUtf8))?
            }
            None => "",
        };
        let edited_meta = meta_of(sketch) != self.meta;
        let text = if self.appended {
            append(base, sketch)
        } else {
            splice(base, self.index, sketch, edited_meta)
        };
        let expected = parse_pack(base).levels.len() + usize::from(self.appended);
        verify(base, &text, self.index, expected, sketch).map_err(SaveError::Unsafe)?;
        atomic::write(&self.path, text.as_bytes()).map_err(io_error)?;
        self.base = Some(text.into_bytes());
        self.count = expected;
        self.appended = false;
        self.meta = meta_of(sketch);
        Ok(Saved::Written(self.path.clone()))
    }

    /// Saves into a new XSB file beside an SLC collection, which later saves write.
    fn save_beside(&mut self, sketch: &Sketch) -> Result<Saved, SaveError> {
        let dir = match self.path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
            _ => PathBuf::from("."),
        };
        let stem = self
            .path
            .file_stem()
            .map_or_else(|| "level".to_owned(), |s| s.to_string_lossy().into_owned());
        let mut beside = Self::new_in(&dir, &format!("{stem}-level-{}", self.index + 1));
        beside.save(sketch, false)?;
        *self = beside;
        Ok(Saved::Beside(self.path.clone()))
    }
}

/// The first free name `dir/NAME.xsb`, `dir/NAME-2.xsb`, … (the last tried if all are
/// taken, which the save then finds changed).
fn free_name(dir: &Path, name: &str) -> PathBuf {
    let mut path = dir.join(format!("{name}.xsb"));
    for n in 2..=MAX_NAMES {
        if !path.exists() {
            break;
        }
        path = dir.join(format!("{name}-{n}.xsb"));
    }
    path
}

/// The line ending the file uses most: `\r\n` if it has any, else `\n`.
fn line_ending(text: &str) -> &'static str {
    if text.contains("\r\n") { "\r\n" } else { "\n" }
}

/// `text` with the line breaks of `block` made `ending`.
fn with_ending(block: &str, ending: &str) -> String {
    if ending == "\n" {
        block.to_owned()
    } else {
        block.replace('\n', ending)
    }
}

/// The file with a new level after its last.
pub(super) fn append(base: &str, sketch: &Sketch) -> String {
    let ending = line_ending(base);
    let mut out = base.to_owned();
    if !out.is_empty() {
        if !out.ends_with(['\n', '\r']) {
            out.push_str(ending);
        }
        out.push_str(ending);
    }
    out.push_str(&with_ending(&sketch.text(), ending));
    out
}

/// Each line of `text` (after a byte-order mark) with its line break, as `split_lines` counts
/// them.
fn raw_lines(text: &str) -> (&str, Vec<&str>) {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bom = &text[..text.len() - body.len()];
    let mut lines = Vec::new();
    let mut at = 0;
    for line in split_lines(body) {
        let start = at;
        at += line.len();
        let rest = &body[at..];
        if rest.starts_with("\r\n") {
            at += 2;
        } else if rest.starts_with(['\n', '\r']) {
            at += 1;
        }
        lines.push(&body[start..at]);
    }
    // A text ending with a line break has no line after it.
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    (bom, lines)
}

/// The file with level `index`'s board and settings lines (and its title, author and
/// comment lines when `edited_meta`) replaced by the sketch's, written where the board was.
pub(super) fn splice(base: &str, index: usize, sketch: &Sketch, edited_meta: bool) -> String {
    let (bom, lines) = raw_lines(base);
    let (items, _) = classify(base);
    let segments = segment(base);
    let Some(raw) = segments.levels.get(index) else {
        return append(base, sketch);
    };
    // The lines each item covers: up to the next item's first line.
    let end_of = |line: usize| {
        items
            .iter()
            .find(|it| it.line > line)
            .map_or(lines.len() + 1, |it| it.line)
    };
    let mut replaced = BTreeSet::new();
    for &(line, _) in &raw.rows {
        replaced.insert(line);
    }
    let first_row = raw.rows.first().map_or(1, |&(line, _)| line);
    let last_row = raw.rows.last().map_or(first_row, |&(line, _)| line);
    // The settings go where the first of them was written under the board (so a level
    // already in the normal form is written as it was), else right under the board.
    let mut settings_at = None;
    for item in raw.pre.iter().chain(&raw.post) {
        let (goes, setting) = match &item.kind {
            ItemKind::Key(s) => {
                let key = s.key.to_ascii_lowercase();
                let setting = matches!(key.as_str(), "spinner" | "shots" | "solution");
                let meta = edited_meta && matches!(key.as_str(), "title" | "author" | "comment");
                (setting || meta, setting)
            }
            ItemKind::Comment(_) | ItemKind::Text(_) => (edited_meta, false),
            _ => (false, false),
        };
        if goes {
            replaced.extend(item.line..end_of(item.line));
        }
        if setting && item.line > last_row && settings_at.is_none() {
            settings_at = Some(item.line);
        }
    }
    let ending = line_ending(base);
    let mut block = sketch.board_text();
    if edited_meta {
        block.push_str(&sketch.meta_text());
        block.push_str(&sketch.comment_text());
    }
    let settings = sketch.settings_text();
    // With none written, they go after the level's last line (its title, author, …),
    // which is where `Level` prints them.
    let settings_at = match (settings_at, raw.post.last()) {
        (Some(line), _) => line,
        (None, Some(last)) => end_of(last.line),
        (None, None) => {
            block.push_str(&settings);
            0
        }
    };
    let mut out = String::with_capacity(base.len() + block.len() + settings.len());
    out.push_str(bom);
    for (i, line) in lines.iter().enumerate() {
        let number = i + 1;
        if number == first_row {
            // The line before may lack its break only if it was the last, so it has one.
            out.push_str(&with_ending(&block, ending));
        }
        if number == settings_at {
            out.push_str(&with_ending(&settings, ending));
        }
        if !replaced.contains(&number) {
            out.push_str(line);
        }
    }
    if settings_at > lines.len() && !settings.is_empty() {
        if !out.is_empty() && !out.ends_with(['\n', '\r']) {
            out.push_str(ending);
        }
        out.push_str(&with_ending(&settings, ending));
    }
    out
}

/// The file without level `index`: its board rows and every line of its own (title,
/// author, comments, settings), the blank lines around it kept; `keep` is a comment line
/// kept where it stands though it reads as the level's (a pack's header).
pub(super) fn remove(base: &str, index: usize, keep: &str) -> String {
    let (bom, lines) = raw_lines(base);
    let (items, _) = classify(base);
    let segments = segment(base);
    let Some(raw) = segments.levels.get(index) else {
        return base.to_owned();
    };
    let end_of = |line: usize| {
        items
            .iter()
            .find(|it| it.line > line)
            .map_or(lines.len() + 1, |it| it.line)
    };
    let mut removed: BTreeSet<usize> = raw.rows.iter().map(|&(line, _)| line).collect();
    for item in raw.pre.iter().chain(&raw.post) {
        match &item.kind {
            ItemKind::Blank => {}
            ItemKind::Comment(text) if *text == keep => {}
            _ => removed.extend(item.line..end_of(item.line)),
        }
    }
    let mut out = String::with_capacity(base.len());
    out.push_str(bom);
    for (i, line) in lines.iter().enumerate() {
        if !removed.contains(&(i + 1)) {
            out.push_str(line);
        }
    }
    out
}

/// Whether `text` reads as `base` did but for level `index`, which reads as `sketch`.
pub(super) fn verify(
    base: &str,
    text: &str,
    index: usize,
    expected: usize,
    sketch: &Sketch,
) -> Result<(), Misread> {
    let before = parse_pack(base);
    let after = parse_pack(text);
    if after.levels.len() != expected {
        return Err(Misread::LevelCount {
            found: after.levels.len(),
            expected,
        });
    }
    for (i, (old, new)) in before.levels.iter().zip(&after.levels).enumerate() {
        let same = match (&old.result, &new.result) {
            (Ok(a), Ok(b)) => a == b,
            // Errors name lines, which move when the edited level's length changes.
            (Err(a), Err(b)) => a.len() == b.len(),
            _ => false,
        };
        if i != index && !same {
            return Err(Misread::OtherLevel(i + 1));
        }
    }
    let drawn = sketch.check().level;
    let saved = after.levels.get(index).and_then(|l| l.result.as_ref().ok());
    if let (Some(drawn), Some(saved)) = (&drawn, saved)
        && (drawn.board_text() != saved.board_text()
            || drawn.spinners != saved.spinners
            || drawn.shot_limit != saved.shot_limit)
    {
        return Err(Misread::NotAsDrawn);
    }
    if drawn.is_some() && saved.is_none() {
        return Err(Misread::WouldNotLoad);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misread_is_said_in_the_words_an_author_reads() {
        let cases = [
            (Misread::NotUtf8, "the file is not UTF-8"),
            (
                Misread::LevelCount {
                    found: 1,
                    expected: 2,
                },
                "the file would read as 1 level instead of 2 (is the board touching the next one?)",
            ),
            (
                Misread::LevelCount {
                    found: 3,
                    expected: 2,
                },
                "the file would read as 3 levels instead of 2 (is the board touching the next one?)",
            ),
            (Misread::OtherLevel(4), "level 4 would read differently"),
            (
                Misread::NotAsDrawn,
                "the level would read differently from the board drawn",
            ),
            (Misread::WouldNotLoad, "the level would not load as saved"),
        ];
        for (misread, want) in cases {
            assert_eq!(misread.to_string(), want);
            assert_eq!(
                SaveError::Unsafe(misread).to_string(),
                format!("not saved: {want}")
            );
        }
    }
}
