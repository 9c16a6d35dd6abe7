//! The way back from the pack text an SLC file is turned into to the XML: where each line of
//! that text comes from, and the report's places moved back there ([`Slc::remap`]).

use crate::level::diagnostic::short_title;
use crate::level::{Diagnostic, LevelError, LevelReport, PackReport};

/// Where a line of the converted text comes from in the XML.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Origin {
    /// Line in the XML, 1-based.
    pub(crate) line: usize,
    /// Column in the XML of the converted line's first character, 1-based, in characters.
    pub(crate) col: usize,
    /// Whether the line is the XML's text as written, so that its columns map one to one.
    pub(crate) verbatim: bool,
}

/// What an SLC `Level` says about itself that only the XML knows: its declared size.
#[derive(Debug)]
pub(crate) struct Declared {
    /// Line of the level's first row in the converted text.
    pub(crate) first_row: usize,
    /// Where the `Level` element starts in the XML.
    pub(crate) at: Origin,
    /// The warnings about it (a size the rows disagree with).
    pub(crate) warnings: Vec<LevelError>,
}

/// An SLC file turned into pack text, with the way back to the XML.
#[derive(Debug)]
pub(crate) struct Slc {
    /// The pack text.
    pub(crate) text: String,
    /// For each line of `text`, where it comes from.
    pub(crate) origins: Vec<Origin>,
    /// What each level declares, in order.
    pub(crate) declared: Vec<Declared>,
    /// Problems with the file as a whole, found while converting (XML places).
    pub(crate) file: Vec<Diagnostic>,
}

/// Walks the XML forward, turning byte offsets into lines and columns; going back starts
/// over from the top, which reading in document order never needs (only an error's place
/// can be behind, and there is one error).
pub(crate) struct Cursor<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
    col: usize,
    /// Bytes walked over in all, going back included.
    walked: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Self {
            text,
            offset: 0,
            line: 1,
            col: 1,
            walked: 0,
        }
    }

    /// Bytes walked over so far, going back included: at most the text's length when
    /// nothing went back.
    #[cfg(test)]
    pub(crate) fn walked(&self) -> usize {
        self.walked
    }

    /// The line and column of byte `offset`.
    pub(crate) fn at(&mut self, offset: usize) -> (usize, usize) {
        if offset < self.offset {
            *self = Self {
                walked: self.walked,
                ..Self::new(self.text)
            };
        }
        let end = offset.min(self.text.len());
        self.walked += end.saturating_sub(self.offset);
        for ch in self.text.get(self.offset..end).unwrap_or("").chars() {
            if ch == '\n' {
                self.line += 1;
                self.col = 1;
            } else {
                self.col += 1;
            }
        }
        self.offset = end;
        (self.line, self.col)
    }

    pub(crate) fn origin(&mut self, offset: usize, verbatim: bool) -> Origin {
        let (line, col) = self.at(offset);
        Origin {
            line,
            col,
            verbatim,
        }
    }
}

/// The converted text being written, one line at a time with its origin.
pub(crate) struct Writer {
    pub(crate) text: String,
    pub(crate) origins: Vec<Origin>,
}

impl Writer {
    pub(crate) fn line(&mut self, line: &str, origin: Origin) {
        self.text.push_str(line);
        self.text.push('\n');
        self.origins.push(origin);
    }
}

/// A diagnostic about the whole file at an XML place.
pub(crate) fn file_diag(line: usize, col: usize, error: LevelError) -> Diagnostic {
    Diagnostic {
        line,
        col,
        level: None,
        title: None,
        error,
    }
}
impl Slc {
    /// The XML place of line `line`, column `col` of the converted text.
    fn place(&self, line: usize, col: usize) -> (usize, usize) {
        match line.checked_sub(1).and_then(|i| self.origins.get(i)) {
            Some(o) if o.verbatim => (o.line, o.col + col.saturating_sub(1)),
            Some(o) => (o.line, o.col),
            None => self.origins.last().map_or((1, 1), |o| (o.line, o.col)),
        }
    }

    fn remap_diag(&self, d: &mut Diagnostic) {
        (d.line, d.col) = self.place(d.line, d.col);
    }

    /// Moves every place of the report read from [`Slc::text`] back to the XML, and adds
    /// what only the XML says: levels without rows, sizes that disagree with the rows.
    pub(crate) fn remap(self, mut report: PackReport) -> PackReport {
        for d in &mut report.file_diagnostics {
            self.remap_diag(d);
        }
        for level in &mut report.levels {
            self.remap_level(level);
        }
        let mut file = self.file;
        file.append(&mut report.file_diagnostics);
        file.sort_by_key(|d| (d.line, d.col));
        report.file_diagnostics = file;
        report
    }

    fn remap_level(&self, level: &mut LevelReport) {
        if let Err(errors) = &mut level.result {
            for d in errors {
                self.remap_diag(d);
            }
        }
        for d in &mut level.warnings {
            self.remap_diag(d);
        }
        if let Ok(k) = self
            .declared
            .binary_search_by_key(&level.line, |d| d.first_row)
        {
            let declared = &self.declared[k];
            let title = level.title.as_deref().map(short_title);
            level
                .warnings
                .extend(declared.warnings.iter().map(|error| Diagnostic {
                    line: declared.at.line,
                    col: declared.at.col,
                    level: Some(level.index),
                    title: title.clone(),
                    error: error.clone(),
                }));
        }
        level.line = self.place(level.line, 1).0;
        level.solution_line = level.solution_line.map(|l| self.place(l, 1).0);
        for l in &mut level.more_solution_lines {
            *l = self.place(*l, 1).0;
        }
    }
}
