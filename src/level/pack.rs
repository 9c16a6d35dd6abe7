//! Reading a whole pack file: every level with its problems ([`parse_pack`] →
//! [`PackReport`]), or just the playable levels ([`Pack`]).

use std::str::FromStr;

use super::lines::{self, Item, ItemKind, RawLevel};
use super::{
    Diagnostic, Level, LevelError, MAX_FILE_BYTES, MAX_PACK_CELLS, MAX_SIDE, Spinner, Tile, board,
    meta, validate,
};

/// What reading one level of a pack gave.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelReport {
    /// The level's place in the file, 1-based.
    pub index: usize,
    /// Line of the level's first board row.
    pub line: usize,
    /// The level's title, if it has one.
    pub title: Option<String>,
    /// The level, or every error that keeps it from loading (in file order).
    pub result: Result<Level, Vec<Diagnostic>>,
    /// Warnings about the level (it may load all the same).
    pub warnings: Vec<Diagnostic>,
    /// Line of the level's stored solution, if it has one.
    pub solution_line: Option<usize>,
}

impl LevelReport {
    /// Whether the level loaded.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.result.is_ok()
    }

    /// A diagnostic at this level's stored solution (or its board when it has none).
    #[must_use]
    pub fn diagnostic_at_solution(&self, error: LevelError) -> Diagnostic {
        Diagnostic {
            line: self.solution_line.unwrap_or(self.line),
            col: 1,
            level: Some(self.index),
            title: self.title.clone(),
            error,
        }
    }

    /// Errors and warnings together, in file order.
    #[must_use]
    pub fn diagnostics(&self) -> Vec<&Diagnostic> {
        let errors = self.result.as_ref().err().map_or(&[][..], Vec::as_slice);
        let mut all: Vec<&Diagnostic> = errors.iter().chain(&self.warnings).collect();
        all.sort_by_key(|d| (d.line, d.col));
        all
    }
}

/// Everything read from a pack file: its notes, each level or its errors, and problems with
/// the file as a whole.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PackReport {
    /// The pack's title (`Title:` or `Collection:` in the file's notes).
    pub title: Option<String>,
    /// The pack's author (`Author:` in the file's notes).
    pub author: Option<String>,
    /// The lines at the top of the file that belong to no level.
    pub notes: Vec<String>,
    /// Every level found, in file order.
    pub levels: Vec<LevelReport>,
    /// Problems with the file as a whole (too big, no level, not UTF-8).
    pub file_diagnostics: Vec<Diagnostic>,
}

impl PackReport {
    /// Every diagnostic of the file, in file order.
    #[must_use]
    pub fn diagnostics(&self) -> Vec<&Diagnostic> {
        let mut all: Vec<&Diagnostic> = self.file_diagnostics.iter().collect();
        for level in &self.levels {
            all.extend(level.diagnostics());
        }
        all.sort_by_key(|d| (d.line, d.col));
        all
    }

    /// Whether every level loaded and the file has no error of its own.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.levels.iter().all(LevelReport::is_valid)
            && !self.file_diagnostics.iter().any(Diagnostic::is_error)
    }

    /// How many levels did not load.
    #[must_use]
    pub fn invalid_count(&self) -> usize {
        self.levels.iter().filter(|l| !l.is_valid()).count()
    }

    /// How many warnings the file produced.
    #[must_use]
    pub fn warning_count(&self) -> usize {
        self.diagnostics().iter().filter(|d| !d.is_error()).count()
    }

    /// The pack of levels, or every error when any level did not load.
    ///
    /// # Errors
    ///
    /// Every error diagnostic of the file, in file order, when it has any.
    pub fn into_pack(self) -> Result<Pack, Vec<Diagnostic>> {
        let errors: Vec<Diagnostic> = self
            .diagnostics()
            .into_iter()
            .filter(|d| d.is_error())
            .cloned()
            .collect();
        if !errors.is_empty() {
            return Err(errors);
        }
        let levels = self
            .levels
            .into_iter()
            .filter_map(|l| l.result.ok())
            .collect();
        Ok(Pack {
            title: self.title,
            author: self.author,
            notes: self.notes,
            levels,
        })
    }
}

/// A pack whose every level loaded: what the game plays.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pack {
    /// The pack's title, if the file gives one.
    pub title: Option<String>,
    /// The pack's author, if the file gives one.
    pub author: Option<String>,
    /// The lines at the top of the file that belong to no level (header, credits).
    pub notes: Vec<String>,
    /// The levels, in file order.
    pub levels: Vec<Level>,
}

/// Reads a pack, failing with the first error when any level does not load.
impl FromStr for Pack {
    type Err = Diagnostic;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_pack(text)
            .into_pack()
            .map_err(|errors| errors.into_iter().next().unwrap_or_else(no_level))
    }
}

/// Reads one level's text; the text must hold exactly one board. Warnings are dropped.
impl FromStr for Level {
    type Err = Diagnostic;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut report = parse_pack(text);
        if let Some(d) = report.file_diagnostics.iter().find(|d| d.is_error()) {
            return Err(d.clone());
        }
        if report.levels.len() > 1 {
            let second = &report.levels[1];
            return Err(Diagnostic {
                line: second.line,
                col: 1,
                level: Some(2),
                title: second.title.clone(),
                error: LevelError::SeveralLevels {
                    count: report.levels.len(),
                },
            });
        }
        match report.levels.pop() {
            Some(level) => level
                .result
                .map_err(|errors| errors.into_iter().next().unwrap_or_else(no_level)),
            None => Err(no_level()),
        }
    }
}

/// The diagnostic for text without any board.
fn no_level() -> Diagnostic {
    Diagnostic {
        line: 1,
        col: 1,
        level: None,
        title: None,
        error: LevelError::NoLevel,
    }
}

/// Reads a pack file's bytes: UTF-8 (a byte-order mark is skipped), or Latin-1 with a
/// warning when they are not UTF-8.
#[must_use]
pub fn parse_pack_bytes(bytes: &[u8]) -> PackReport {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_pack(text),
        Err(_) => {
            let text: String = bytes.iter().map(|&b| char::from(b)).collect();
            let mut report = parse_pack(&text);
            report.file_diagnostics.insert(
                0,
                Diagnostic {
                    line: 1,
                    col: 1,
                    level: None,
                    title: None,
                    error: LevelError::NotUtf8,
                },
            );
            report
        }
    }
}

/// Reads every level of a pack file's text, with every problem found and where it is.
#[must_use]
pub fn parse_pack(text: &str) -> PackReport {
    let mut report = PackReport::default();
    if text.len() > MAX_FILE_BYTES {
        report
            .file_diagnostics
            .push(file_error(LevelError::FileTooBig { bytes: text.len() }));
        return report;
    }
    let segments = lines::segment(text);
    read_notes(&segments.notes, &mut report);
    let mut budget = MAX_PACK_CELLS;
    for (i, raw) in segments.levels.iter().enumerate() {
        let level = read_level(i + 1, raw, &mut budget);
        let stop = level
            .result
            .as_ref()
            .is_err_and(|e| e.iter().any(|d| d.error == LevelError::PackTooBig));
        report.levels.push(level);
        if stop {
            break;
        }
    }
    if report.levels.is_empty() {
        report
            .file_diagnostics
            .push(file_error(LevelError::NoLevel));
    }
    report
}

/// A diagnostic about the whole file, placed at its start.
fn file_error(error: LevelError) -> Diagnostic {
    Diagnostic {
        line: 1,
        col: 1,
        level: None,
        title: None,
        error,
    }
}

/// Keeps the file's notes, and its title and author when they are given.
fn read_notes(items: &[Item<'_>], report: &mut PackReport) {
    for item in items {
        let line = match &item.kind {
            ItemKind::Key { key, value, .. } => {
                let lower = key.to_ascii_lowercase();
                if matches!(lower.as_str(), "title" | "collection") && report.title.is_none() {
                    report.title = Some(value.clone());
                } else if lower == "author" && report.author.is_none() {
                    report.author = Some(value.clone());
                }
                format!("{key}: {value}")
            }
            ItemKind::Comment(t) => format!("; {t}").trim_end().to_owned(),
            ItemKind::Note(t) | ItemKind::Text(t) | ItemKind::Row(t) => (*t).to_owned(),
            ItemKind::Blank => continue,
        };
        report.notes.push(line);
    }
}

/// Reads, checks and builds one level, spending its cells from the pack's `budget`.
fn read_level(index: usize, raw: &RawLevel<'_>, budget: &mut usize) -> LevelReport {
    let line = raw.rows.first().map_or(1, |r| r.0);
    let meta = meta::read(&raw.pre, &raw.post);
    let mut problems = meta.problems.clone();
    let level = match board::build(&raw.rows, MAX_SIDE * (MAX_SIDE + 1)) {
        Err(problem) => {
            problems.push(problem);
            None
        }
        Ok((board, cell_problems)) => {
            let cells = board.tiles.len();
            if cells > *budget {
                problems.push((line, 1, LevelError::PackTooBig));
                None
            } else {
                *budget -= cells;
                problems.extend(cell_problems);
                problems.extend(validate::check(&board));
                let spinners = place_spinners(&board, &meta, &mut problems);
                Some(assemble(board, &meta, spinners))
            }
        }
    };
    let title = meta.title.clone();
    let to_diag = |(l, c, error): board::Problem| Diagnostic {
        line: l,
        col: c,
        level: Some(index),
        title: title.clone(),
        error,
    };
    problems.sort_by_key(|p| (p.0, p.1));
    let (errors, warnings): (Vec<Diagnostic>, Vec<Diagnostic>) = problems
        .into_iter()
        .map(to_diag)
        .partition(Diagnostic::is_error);
    let result = match level {
        Some(level) if errors.is_empty() => Ok(level),
        _ => Err(errors),
    };
    LevelReport {
        index,
        line,
        title,
        result,
        warnings,
        solution_line: meta.solution_line,
    }
}

/// One spinner per hub in board order, with the `Spinner:` settings applied.
fn place_spinners(
    board: &board::Board,
    meta: &meta::Meta,
    problems: &mut Vec<board::Problem>,
) -> Vec<Spinner> {
    let mut spinners: Vec<Spinner> = board.hubs.iter().map(|&h| Spinner::at(h)).collect();
    let mut set_by: Vec<Option<usize>> = vec![None; spinners.len()];
    for s in &meta.spinners {
        let pos = super::Pos::new(
            i32::try_from(s.x).unwrap_or(-1),
            i32::try_from(s.y).unwrap_or(-1),
        );
        let Some(k) = board.hubs.iter().position(|&h| h == pos) else {
            let found = describe(board.tile(pos));
            let error = LevelError::SpinnerWithoutHub {
                x: s.x,
                y: s.y,
                found,
            };
            problems.push((s.line, s.col, error));
            continue;
        };
        if let Some(first_line) = set_by[k] {
            let error = LevelError::DuplicateSpinner {
                x: s.x,
                y: s.y,
                first_line,
            };
            problems.push((s.line, s.col, error));
            continue;
        }
        set_by[k] = Some(s.line);
        let spinner = &mut spinners[k];
        spinner.length = s.length.unwrap_or(spinner.length);
        spinner.speed = s.speed.unwrap_or(spinner.speed);
        spinner.angle = s.angle.unwrap_or(spinner.angle);
    }
    spinners
}

/// A tile in words, for the spinner message.
fn describe(tile: Option<Tile>) -> &'static str {
    match tile {
        None => "off the board",
        Some(Tile::Floor) => "floor",
        Some(Tile::Goal) => "a goal",
        Some(Tile::Wall) => "a wall",
        Some(Tile::Slope(_)) => "a slope",
        Some(Tile::Hub) => "a hub",
    }
}

/// Builds the level from a checked board and its text.
fn assemble(board: board::Board, meta: &meta::Meta, spinners: Vec<Spinner>) -> Level {
    let mut boxes = board.boxes;
    boxes.sort_unstable();
    let mut enemies = board.enemies;
    enemies.sort_unstable();
    Level {
        title: meta.title.clone(),
        author: meta.author.clone(),
        comments: meta.comments.clone(),
        width: board.width,
        height: board.height,
        tiles: board.tiles,
        player: board.players.first().copied().unwrap_or_default(),
        boxes,
        enemies,
        spinners,
        shot_limit: meta.shot_limit,
        solution: meta.solution.clone(),
        unknown_settings: meta.unknown.clone(),
    }
}
