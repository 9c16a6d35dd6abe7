//! SLC collections (the XML pack format of JSoko, YSokoban and YASC): `SokobanLevels` with a
//! `Title`, a `Description` and `LevelCollection`s of `Level` elements (`Id`, `Width`,
//! `Height`, `Copyright`) whose `L` elements are the board's rows.
//!
//! An SLC file is turned into pack text ([`convert`]): the collection's notes, then each
//! level's rows with its `Title:` and `Author:` under them. That text is read like any other
//! pack, and every line of it remembers where in the XML it came from, so that the problems
//! found are reported at the SLC file's own line and column ([`Slc::remap`]).
//!
//! The XML is read by `roxmltree` as it comes: a DTD is refused (so no entity is defined and
//! nothing outside the file is read), and at most [`MAX_XML_NODES`] nodes are read.

use super::{Diagnostic, LevelError, LevelReport, PackReport, diagnostic::short_title};

/// The most XML nodes (elements, attributes' owners, text runs) read from one SLC file.
pub const MAX_XML_NODES: u32 = 4_000_000;

/// Whether `text` is XML rather than pack text: its first character other than a
/// byte-order mark or white space is `<`, which no pack line starts with.
pub(super) fn looks_like_xml(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('<')
}

/// Where a line of the converted text comes from in the XML.
#[derive(Debug, Clone, Copy)]
struct Origin {
    /// Line in the XML, 1-based.
    line: usize,
    /// Column in the XML of the converted line's first character, 1-based, in characters.
    col: usize,
    /// Whether the line is the XML's text as written, so that its columns map one to one.
    verbatim: bool,
}

/// What an SLC `Level` says about itself that only the XML knows: its declared size.
#[derive(Debug)]
struct Declared {
    /// Line of the level's first row in the converted text.
    first_row: usize,
    /// Where the `Level` element starts in the XML.
    at: Origin,
    /// The warnings about it (a size the rows disagree with).
    warnings: Vec<LevelError>,
}

/// An SLC file turned into pack text, with the way back to the XML.
#[derive(Debug)]
pub(super) struct Slc {
    /// The pack text.
    pub text: String,
    /// For each line of `text`, where it comes from.
    origins: Vec<Origin>,
    /// What each level declares, in order.
    declared: Vec<Declared>,
    /// Problems with the file as a whole, found while converting (XML places).
    file: Vec<Diagnostic>,
}

/// Walks the XML forward, turning byte offsets into lines and columns; going back starts
/// over from the top, which reading in document order never needs.
struct Cursor<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
    col: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            text,
            offset: 0,
            line: 1,
            col: 1,
        }
    }

    /// The line and column of byte `offset`.
    fn at(&mut self, offset: usize) -> (usize, usize) {
        if offset < self.offset {
            *self = Self::new(self.text);
        }
        let end = offset.min(self.text.len());
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

    fn origin(&mut self, offset: usize, verbatim: bool) -> Origin {
        let (line, col) = self.at(offset);
        Origin {
            line,
            col,
            verbatim,
        }
    }
}

/// The converted text being written, one line at a time with its origin.
struct Writer {
    text: String,
    origins: Vec<Origin>,
}

impl Writer {
    fn line(&mut self, line: &str, origin: Origin) {
        self.text.push_str(line);
        self.text.push('\n');
        self.origins.push(origin);
    }
}

/// A diagnostic about the whole file at an XML place.
fn file_diag(line: usize, col: usize, error: LevelError) -> Diagnostic {
    Diagnostic {
        line,
        col,
        level: None,
        title: None,
        error,
    }
}

/// Reads the XML of an SLC file and turns it into pack text.
///
/// # Errors
///
/// When the text is not well-formed XML, holds a DTD, has more than [`MAX_XML_NODES`]
/// nodes, or its root is not `SokobanLevels`: one diagnostic at the place in the XML.
pub(super) fn convert(xml: &str) -> Result<Slc, Diagnostic> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: MAX_XML_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(xml, options).map_err(|err| {
        let pos = err.pos();
        let reason = match err {
            roxmltree::Error::DtdDetected => {
                "it holds a DTD (`<!DOCTYPE`), which sokoshot does not read".to_owned()
            }
            roxmltree::Error::NodesLimitReached => {
                format!("it has more than {MAX_XML_NODES} XML nodes")
            }
            other => other.to_string(),
        };
        file_diag(
            pos.row as usize,
            pos.col as usize,
            LevelError::Xml { reason },
        )
    })?;
    let mut cursor = Cursor::new(xml);
    let root = doc.root_element();
    if root.tag_name().name() != "SokobanLevels" {
        let (line, col) = cursor.at(root.range().start);
        let reason = format!(
            "its root element is `<{}>`; an SLC file's is `<SokobanLevels>`",
            short_title(root.tag_name().name())
        );
        return Err(file_diag(line, col, LevelError::Xml { reason }));
    }
    let mut out = Writer {
        text: String::new(),
        origins: Vec::new(),
    };
    let mut slc = Slc {
        text: String::new(),
        origins: Vec::new(),
        declared: Vec::new(),
        file: Vec::new(),
    };
    let mut noted = false;
    for child in root.children().filter(roxmltree::Node::is_element) {
        let at = cursor.origin(child.range().start, false);
        match child.tag_name().name() {
            "Title" => {
                let title = one_line(child.text().unwrap_or(""));
                if !title.is_empty() {
                    out.line(&format!("Collection: {title}"), at);
                    noted = true;
                }
            }
            "Email" | "Url" => {
                let text = one_line(child.text().unwrap_or(""));
                if !text.is_empty() {
                    out.line(&format!(":: {text}"), at);
                    noted = true;
                }
            }
            "Description" => {
                for line in child.text().unwrap_or("").lines() {
                    out.line(&format!(":: {}", line.trim_end()), at);
                    noted = true;
                }
            }
            "LevelCollection" => {
                let author = child.attribute("Copyright").map(one_line);
                if let Some(author) = author.filter(|a| !a.is_empty()) {
                    out.line(&format!("Author: {author}"), at);
                    noted = true;
                }
                if noted {
                    out.line("", at);
                    noted = false;
                }
                for level in child.children().filter(roxmltree::Node::is_element) {
                    if level.tag_name().name() == "Level" {
                        read_level(level, &mut cursor, &mut out, &mut slc);
                    }
                }
            }
            _ => {}
        }
    }
    slc.text = out.text;
    slc.origins = out.origins;
    Ok(slc)
}

/// A text made one line: its lines joined by spaces, trimmed.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Writes one `Level`: its rows, then its title and author under them, then a blank line.
fn read_level(
    level: roxmltree::Node<'_, '_>,
    cursor: &mut Cursor<'_>,
    out: &mut Writer,
    slc: &mut Slc,
) {
    let at = cursor.origin(level.range().start, false);
    let id = level.attribute("Id").map(one_line).unwrap_or_default();
    let author = level
        .attribute("Copyright")
        .map(one_line)
        .unwrap_or_default();
    let size = |name: &str| level.attribute(name).map(|v| v.trim().parse::<usize>());
    let (width, height) = (size("Width"), size("Height"));
    let first_row = out.origins.len() + 1;
    let (mut rows, mut widest) = (0_usize, 0_usize);
    for row in level.children().filter(|n| n.has_tag_name("L")) {
        let text_node = row.first_child().filter(roxmltree::Node::is_text);
        let text = row.text().unwrap_or("");
        let (start, verbatim) = match text_node {
            Some(node) => (node.range().start, node.range().len() == text.len()),
            None => (row.range().start, false),
        };
        let mut piece_start = 0;
        for piece in text.split('\n') {
            let offset = if verbatim { start + piece_start } else { start };
            let origin = cursor.origin(offset, verbatim);
            let piece = piece.strip_suffix('\r').unwrap_or(piece);
            out.line(piece, origin);
            widest = widest.max(piece.chars().count());
            rows += 1;
            piece_start += piece.len() + 1;
        }
    }
    if rows == 0 {
        slc.file
            .push(file_diag(at.line, at.col, LevelError::SlcLevelWithoutRows));
        return;
    }
    let mut warnings = Vec::new();
    for (name, declared, found) in [("Width", width, widest), ("Height", height, rows)] {
        match declared {
            Some(Ok(declared)) if declared == found => {}
            Some(Ok(declared)) => warnings.push(LevelError::SlcSizeDisagrees {
                attribute: name,
                declared: declared.to_string(),
                found,
            }),
            Some(Err(_)) => warnings.push(LevelError::SlcSizeDisagrees {
                attribute: name,
                declared: short_title(level.attribute(name).unwrap_or("")),
                found,
            }),
            None => {}
        }
    }
    if !id.is_empty() {
        out.line(&format!("Title: {id}"), at);
    }
    if !author.is_empty() {
        out.line(&format!("Author: {author}"), at);
    }
    out.line("", at);
    slc.declared.push(Declared {
        first_row,
        at,
        warnings,
    });
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
    pub(super) fn remap(self, mut report: PackReport) -> PackReport {
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
