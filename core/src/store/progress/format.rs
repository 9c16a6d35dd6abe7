//! The progress file's text: reading it (strictly, or skipping the lines it cannot read) and
//! printing it back. The format itself is described in [`super`].

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use thiserror::Error;

use super::kept::{Kept, Resume};
use super::snapshots::Snapshot;
use super::{Best, HEADER, Progress, Record};

impl Progress {
    /// Reads a progress file's text, skipping the lines it cannot read (they are kept, to be
    /// written back as they were) and saying why for each.
    ///
    /// # Errors
    /// When the text is not a progress file at all (no `sokoshot-progress 1` header).
    pub fn parse_lenient(text: &str) -> Result<(Self, Vec<ProgressError>), ProgressError> {
        let mut progress = Progress::default();
        let mut problems = Vec::new();
        let mut seen_header = false;
        let mut pack: Option<String> = None;
        for (number, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if !seen_header {
                if line != HEADER {
                    return Err(ProgressError {
                        line: number + 1,
                        message: format!("expected `{HEADER}`, found `{}`", excerpt(line)),
                    });
                }
                seen_header = true;
                continue;
            }
            if let Err(error) = progress.read_line(line, &mut pack) {
                problems.push(ProgressError {
                    line: number + 1,
                    message: error.to_string(),
                });
                progress.kept.push(raw.to_owned());
            }
        }
        if seen_header {
            Ok((progress, problems))
        } else {
            Err(ProgressError {
                line: 1,
                message: format!("the file is empty (expected `{HEADER}`)"),
            })
        }
    }

    fn read_line(&mut self, line: &str, pack: &mut Option<String>) -> Result<(), LineError> {
        let (keyword, rest) = line.split_once(' ').unwrap_or((line, ""));
        match keyword {
            "last" => {
                let (name, index) = parse_last(rest)?;
                self.set_last(&name, index);
            }
            "pack" if !rest.trim().is_empty() => *pack = Some(unescape(rest.trim())),
            "set" => {
                let mut words = rest.split_whitespace();
                match (words.next(), words.next(), words.next()) {
                    (Some(name), Some(value), None) => self.set_setting(name, value),
                    _ => return Err(LineError::Needs("set", "a name and a value")),
                }
            }
            "resume" => {
                let name = pack.as_ref().ok_or(LineError::BeforePack("resume"))?;
                let (id, resume) = Resume::parse(rest)?;
                self.set_resume(&name.clone(), id, resume);
            }
            "snapshot" => {
                let name = pack.as_ref().ok_or(LineError::BeforePack("snapshot"))?;
                let (number, id, snapshot) = Snapshot::parse(rest)?;
                self.merge_snapshot(&name.clone(), id, number, snapshot);
            }
            "level" => {
                let name = pack.as_ref().ok_or(LineError::BeforePack("level"))?;
                let record = parse_level(rest)?;
                let levels = self.packs.entry(name.clone()).or_default();
                levels
                    .entry(record.best.id)
                    .and_modify(|kept| kept.merge(&record))
                    .or_insert(record);
            }
            _ => return Err(LineError::Unreadable(excerpt(line))),
        }
        Ok(())
    }
}

/// At most this many characters of a line are quoted in a message.
const EXCERPT_CHARS: usize = 60;

fn excerpt(line: &str) -> String {
    let cut: String = line.chars().take(EXCERPT_CHARS).collect();
    let cut = cut.escape_debug().to_string();
    if line.chars().count() > EXCERPT_CHARS {
        format!("{cut}…")
    } else {
        cut
    }
}

/// Why one line of a progress file could not be read (a [`ProgressError`] says which line).
#[derive(Debug, Error, PartialEq, Eq)]
pub enum LineError {
    /// A line, or a word of one, that is not of the format.
    #[error("cannot read `{0}`")]
    Unreadable(String),
    /// A word not of the format in a line of the named kind.
    #[error("cannot read `{word}` in a `{kind}` line")]
    UnreadableIn {
        /// The word.
        word: String,
        /// The line's keyword.
        kind: &'static str,
    },
    /// A line of the named kind lacks what it needs.
    #[error("`{0}` needs {1}")]
    Needs(&'static str, &'static str),
    /// A line of the named kind comes before any `pack` line.
    #[error("a `{0}` line before any `pack` line")]
    BeforePack(&'static str),
    /// A word that should be a level number (from 1).
    #[error("`{0}` is not a level number")]
    NotALevelNumber(String),
    /// A word of a `level` line that is not `key=value`.
    #[error("`{0}` is not key=value")]
    NotKeyValue(String),
    /// A `key=value` word whose value cannot be read.
    #[error("`{0}` has a bad value")]
    BadValue(String),
    /// A `level` line (its number, from 1) without a field it needs.
    #[error("level {0} has no `{1}=`")]
    Missing(usize, &'static str),
    /// A field that should hold a solution's letters.
    #[error("`{0}` is not a solution")]
    NotASolution(String),
    /// A `snapshot` line whose number is out of range.
    #[error("`snapshot` needs a number from 1 to {}", super::MAX_SNAPSHOTS)]
    SnapshotNumber,
    /// A snapshot's steps with something other than move letters and `!`.
    #[error("a snapshot's steps are move letters and `!`")]
    SnapshotSteps,
    /// A snapshot's steps over [`super::MAX_SNAPSHOT_BYTES`].
    #[error("a snapshot's steps are over {} bytes", super::MAX_SNAPSHOT_BYTES)]
    SnapshotTooLong,
}

/// Why a progress file, or one of its lines, could not be read.
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

    /// Reads a progress file's text strictly: the first line that cannot be read is an error.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (progress, mut problems) = Progress::parse_lenient(text)?;
        match problems.is_empty() {
            true => Ok(progress),
            false => Err(problems.remove(0)),
        }
    }
}

/// `\`, line breaks, tabs and other control characters written as escapes, so that any path
/// stays on its line.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// The text [`escape`] wrote. Text from before escaping (a lone `\`) reads as itself.
pub(super) fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some('\\') => out.push('\\'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('u') => {
                let rest: String = chars.clone().skip(1).take_while(|&c| c != '}').collect();
                let code = rest
                    .strip_prefix('{')
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .and_then(char::from_u32);
                match code {
                    Some(decoded) => {
                        out.push(decoded);
                        chars.nth(rest.len() + 1);
                    }
                    None => out.push('\\'),
                }
                continue;
            }
            _ => {
                out.push('\\');
                continue;
            }
        }
        chars.next();
    }
    out
}

fn parse_number(word: &str) -> Result<usize, LineError> {
    match word.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n - 1),
        _ => Err(LineError::NotALevelNumber(excerpt(word))),
    }
}

fn parse_last(rest: &str) -> Result<(String, usize), LineError> {
    let (number, pack) = rest
        .trim()
        .split_once(' ')
        .ok_or(LineError::Needs("last", "a level number and a pack"))?;
    Ok((unescape(pack.trim()), parse_number(number)?))
}

fn parse_level(rest: &str) -> Result<Record, LineError> {
    let mut words = rest.split_whitespace();
    let index = parse_number(words.next().unwrap_or(""))?;
    let (mut id, mut moves, mut pushes, mut shots) = (None, None, None, None);
    let mut extra = BTreeMap::new();
    let mut kept = Kept::default();
    for word in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| LineError::NotKeyValue(excerpt(word)))?;
        if kept.read_field(key, value)? {
            continue;
        }
        let bad = || LineError::BadValue(excerpt(word));
        match key {
            "id" => id = Some(u64::from_str_radix(value, 16).map_err(|_| bad())?),
            "moves" => moves = Some(value.parse().map_err(|_| bad())?),
            "pushes" => pushes = Some(value.parse().map_err(|_| bad())?),
            "shots" => shots = Some(value.parse().map_err(|_| bad())?),
            // Fields from a later version are kept as they are.
            _ => {
                extra.insert(key.to_owned(), value.to_owned());
            }
        }
    }
    let missing = |what| LineError::Missing(index + 1, what);
    Ok(Record {
        index,
        best: Best {
            id: id.ok_or_else(|| missing("id"))?,
            moves: moves.ok_or_else(|| missing("moves"))?,
            pushes: pushes.ok_or_else(|| missing("pushes"))?,
            shots: shots.unwrap_or(0),
        },
        kept,
        extra,
    })
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "# sokoshot progress: one line per solved level, with the best moves, pushes and shots."
        )?;
        writeln!(f, "{HEADER}")?;
        // Before any `pack` line, where each reads as it did: never as part of a pack.
        for line in &self.kept {
            writeln!(f, "{line}")?;
        }
        for (pack, index) in self.last.values() {
            writeln!(f, "last {} {}", index + 1, escape(pack))?;
        }
        for (name, value) in &self.settings {
            writeln!(f, "set {name} {value}")?;
        }
        let names: std::collections::BTreeSet<&String> = self
            .packs
            .keys()
            .chain(self.resumes.keys())
            .chain(self.snapshots.keys())
            .collect();
        let none = BTreeMap::new();
        for pack in names {
            let levels = self.packs.get(pack).unwrap_or(&none);
            writeln!(f, "pack {}", escape(pack))?;
            let mut records: Vec<&Record> = levels.values().collect();
            records.sort_by_key(|record| (record.index, record.best.id));
            for record in records {
                let best = record.best;
                write!(
                    f,
                    "level {} id={:016x} moves={} pushes={} shots={}",
                    record.index + 1,
                    best.id,
                    best.moves,
                    best.pushes,
                    best.shots
                )?;
                write!(f, "{}", record.kept.fields())?;
                for (key, value) in &record.extra {
                    write!(f, " {key}={value}")?;
                }
                writeln!(f)?;
            }
            for (id, resume) in self.resumes.get(pack).into_iter().flatten() {
                writeln!(f, "{}", resume.line(*id))?;
            }
            for line in self.snapshot_lines(pack) {
                writeln!(f, "{line}")?;
            }
        }
        Ok(())
    }
}
