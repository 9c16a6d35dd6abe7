//! What reading a pack gives: a [`PackReport`] with every level or its errors, and the
//! playable [`Pack`]; and reading text as one [`Level`] or one [`Pack`] through `FromStr`.

use std::str::FromStr;

use super::{Diagnostic, Level, LevelError, parse_pack};

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
    /// Lines of the level's further solutions ([`Level::more_solutions`]), in order.
    pub more_solution_lines: Vec<usize>,
}

impl LevelReport {
    /// Whether the level loaded.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.result.is_ok()
    }

    /// A diagnostic about this level at `line`.
    #[must_use]
    pub fn diagnostic_at_line(&self, line: usize, error: LevelError) -> Diagnostic {
        Diagnostic {
            line,
            col: 1,
            level: Some(self.index),
            title: self.title.as_deref().map(super::diagnostic::short_title),
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
                title: second.title.as_deref().map(super::diagnostic::short_title),
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
