//! SLC collections (the XML pack format of JSoko, YSokoban and YASC): `SokobanLevels` with a
//! `Title`, a `Description` and `LevelCollection`s of `Level` elements (`Id`, `Width`,
//! `Height`, `Copyright`) whose `L` elements are the board's rows.
//!
//! An SLC file is turned into pack text ([`convert`]): the collection's notes, then each
//! level's rows with its `Title:` and `Author:` under them. That text is read like any other
//! pack, and every line of it remembers where in the XML it came from, so that the problems
//! found are reported at the SLC file's own line and column ([`Slc::remap`]).
//!
//! The XML is read in one pass as events (`quick-xml`), so that no tree of it is built: a DTD
//! is refused, so no entity is defined and nothing outside the file is read; only the
//! entities XML defines itself and character references are read; elements nest at most
//! [`MAX_XML_DEPTH`] deep.

mod places;

use super::{Diagnostic, LevelError, diagnostic::short_title};
use places::{Cursor, Declared, Origin, Slc, Writer, file_diag};

/// Whether `text` is XML rather than pack text: its first character other than a
/// byte-order mark or white space is `<`, which no pack line starts with.
pub(crate) fn looks_like_xml(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('<')
}

/// What an open element is, as far as reading an SLC file goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `SokobanLevels`.
    Root,
    /// The collection's `Title`.
    Title,
    /// `Description`, `Email` or `Url`: notes.
    Note,
    /// `LevelCollection`.
    Collection,
    /// `Level`.
    Level,
    /// `L`: one row.
    Row,
    /// Anything else, read past.
    Other,
}

/// The text of the element being read, with where it starts and whether it is as written.
///
/// Places are kept as lines and columns, found when the reading passes them: the cursor
/// only ever walks forward, so that each byte of the file is walked over once.
#[derive(Debug, Default)]
struct Text {
    value: String,
    /// Where the element starts.
    element: Option<Origin>,
    /// Where its first text starts.
    start: Option<Origin>,
    verbatim: bool,
}

impl Text {
    /// Where the text starts, or the element when it has none.
    fn origin(&self) -> Origin {
        self.start.or(self.element).unwrap_or(Origin {
            line: 1,
            col: 1,
            verbatim: false,
        })
    }
}

/// The `Level` being read.
#[derive(Debug)]
struct OpenLevel {
    id: String,
    author: String,
    width: Option<String>,
    height: Option<String>,
    at: Origin,
    first_row: usize,
    rows: usize,
    widest: usize,
}

/// Reads the XML of an SLC file and turns it into pack text.
///
/// # Errors
///
/// When the text is not well-formed XML (as far as reading it in one pass can tell), holds a
/// DTD or an entity XML does not define itself, nests elements more than [`MAX_XML_DEPTH`]
/// deep, or its root is not `SokobanLevels`: one diagnostic at the place in the XML.
pub(super) fn convert(xml: &str) -> Result<Slc, Diagnostic> {
    read(xml, &mut Cursor::new(xml))
}

/// [`convert`] with the cursor that places are found with, so that its walk can be counted.
fn read<'a>(xml: &'a str, cursor: &mut Cursor<'a>) -> Result<Slc, Diagnostic> {
    let mut reader = quick_xml::Reader::from_str(xml);
    reader.config_mut().check_end_names = true;
    let mut reading = Reading {
        cursor,
        out: Writer {
            text: String::new(),
            origins: Vec::new(),
        },
        declared: Vec::new(),
        file: Vec::new(),
        stack: Vec::new(),
        text: Text::default(),
        level: None,
        noted: false,
        root_seen: false,
        unlisted: None,
        listed_without_rows: 0,
    };
    loop {
        let before = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        let event = match reader.read_event() {
            Ok(event) => event,
            Err(err) => {
                let at = usize::try_from(reader.error_position()).unwrap_or(usize::MAX);
                return Err(reading.error(at, err.to_string()));
            }
        };
        match event {
            quick_xml::events::Event::Start(e) => reading.start(&e, before, false)?,
            quick_xml::events::Event::Empty(e) => reading.start(&e, before, true)?,
            quick_xml::events::Event::End(_) => reading.end(),
            quick_xml::events::Event::Text(t) => {
                let raw = String::from_utf8_lossy(&t);
                reading.text(&raw, before, true);
            }
            quick_xml::events::Event::CData(t) => {
                let raw = String::from_utf8_lossy(&t);
                reading.text(&raw, before, false);
            }
            quick_xml::events::Event::GeneralRef(r) => {
                let name = String::from_utf8_lossy(&r).into_owned();
                let meant = match r.resolve_char_ref() {
                    Ok(Some(ch)) => ch.to_string(),
                    _ => match quick_xml::escape::resolve_predefined_entity(&name) {
                        Some(text) => text.to_owned(),
                        None => {
                            let reason = format!(
                                "`&{};` is an entity XML does not define, and an SLC file defines none",
                                short_title(&name)
                            );
                            return Err(reading.error(before, reason));
                        }
                    },
                };
                reading.text(&meant, before, false);
            }
            quick_xml::events::Event::DocType(_) => {
                let reason = "it holds a DTD (`<!DOCTYPE`), which sokoshot does not read";
                return Err(reading.error(before, reason.to_owned()));
            }
            quick_xml::events::Event::Eof => break,
            quick_xml::events::Event::Comment(_)
            | quick_xml::events::Event::Decl(_)
            | quick_xml::events::Event::PI(_) => {}
        }
    }
    if !reading.stack.is_empty() {
        let reason = format!(
            "it ends with {} elements still open: is it cut short?",
            reading.stack.len()
        );
        return Err(reading.error(xml.len(), reason));
    }
    if !reading.root_seen {
        return Err(reading.error(xml.len(), "it holds no element".to_owned()));
    }
    if let Some((count, at)) = reading.unlisted {
        let error = LevelError::SlcMoreLevelsWithoutRows { count };
        reading.file.push(file_diag(at.line, at.col, error));
    }
    Ok(Slc {
        text: reading.out.text,
        origins: reading.out.origins,
        declared: reading.declared,
        file: reading.file,
    })
}

/// The most elements open at once in an SLC file (it needs four).
pub const MAX_XML_DEPTH: usize = 64;

/// The most SLC `Level` elements without rows listed one warning each; the rest are counted
/// in one last warning, so that a file of nothing but empty levels keeps little.
pub const MAX_SLC_LEVELS_WITHOUT_ROWS_LISTED: usize = 100;

/// The state of one pass over the XML.
struct Reading<'a, 'c> {
    cursor: &'c mut Cursor<'a>,
    out: Writer,
    declared: Vec<Declared>,
    file: Vec<Diagnostic>,
    stack: Vec<Kind>,
    text: Text,
    level: Option<OpenLevel>,
    /// Whether notes were written since the last blank line.
    noted: bool,
    root_seen: bool,
    /// Levels without rows past those listed, and where the first of them is.
    unlisted: Option<(usize, Origin)>,
    /// Levels without rows listed one warning each.
    listed_without_rows: usize,
}

impl Reading<'_, '_> {
    /// The error at byte `offset`.
    fn error(&mut self, offset: usize, reason: String) -> Diagnostic {
        let (line, col) = self.cursor.at(offset);
        file_diag(line, col, LevelError::Xml { reason })
    }

    /// An element opens (and closes at once when `empty`).
    fn start(
        &mut self,
        e: &quick_xml::events::BytesStart<'_>,
        at: usize,
        empty: bool,
    ) -> Result<(), Diagnostic> {
        let name = e.local_name();
        let name = String::from_utf8_lossy(name.as_ref()).into_owned();
        let parent = self.stack.last().copied();
        if parent.is_none() && self.root_seen {
            return Err(self.error(at, "it has a second root element".to_owned()));
        }
        if self.stack.len() >= MAX_XML_DEPTH {
            let reason = format!("its elements are nested more than {MAX_XML_DEPTH} deep");
            return Err(self.error(at, reason));
        }
        let kind = match (parent, name.as_str()) {
            (None, "SokobanLevels") => Kind::Root,
            (None, _) => {
                let reason = format!(
                    "its root element is `<{}>`; an SLC file's is `<SokobanLevels>`",
                    short_title(&name)
                );
                return Err(self.error(at, reason));
            }
            (Some(Kind::Root), "Title") => Kind::Title,
            (Some(Kind::Root), "Description" | "Email" | "Url") => Kind::Note,
            (Some(Kind::Root), "LevelCollection") => Kind::Collection,
            (Some(Kind::Collection), "Level") => Kind::Level,
            (Some(Kind::Level), "L") => Kind::Row,
            _ => Kind::Other,
        };
        self.root_seen = true;
        // Only the attributes an SLC file means are kept. quick-xml's own check for a
        // repeated name compares each name with every one before it (quadratic in their
        // number), so names are checked here against a set of those seen instead.
        let mut attributes: Vec<(&str, String)> = Vec::new();
        if matches!(kind, Kind::Collection | Kind::Level) {
            let mut seen = std::collections::HashSet::new();
            let mut all = e.attributes();
            all.with_checks(false);
            for attribute in all {
                let attribute = attribute.map_err(|err| self.error(at, err.to_string()))?;
                let key = attribute.key.into_inner();
                if !seen.insert(key) {
                    let reason = format!(
                        "its attribute `{}` is given twice on one element",
                        short_title(&String::from_utf8_lossy(key))
                    );
                    return Err(self.error(at, reason));
                }
                let local = attribute.key.local_name();
                let Some(&name) = ["Id", "Width", "Height", "Copyright"]
                    .iter()
                    .find(|n| n.as_bytes() == local.as_ref())
                else {
                    continue;
                };
                let value = attribute
                    .unescape_value()
                    .map_err(|err| self.error(at, err.to_string()))?;
                attributes.push((name, value.into_owned()));
            }
        }
        let attribute = |name: &str| {
            attributes
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.clone())
        };
        let origin = self.cursor.origin(at, false);
        match kind {
            Kind::Collection => {
                let author = attribute("Copyright").map(|a| one_line(&a));
                if let Some(author) = author.filter(|a| !a.is_empty()) {
                    self.out.line(&format!("Author: {author}"), origin);
                    self.noted = true;
                }
                if self.noted {
                    self.out.line("", origin);
                    self.noted = false;
                }
            }
            Kind::Level => {
                self.level = Some(OpenLevel {
                    id: attribute("Id").map(|a| one_line(&a)).unwrap_or_default(),
                    author: attribute("Copyright")
                        .map(|a| one_line(&a))
                        .unwrap_or_default(),
                    width: attribute("Width"),
                    height: attribute("Height"),
                    at: origin,
                    first_row: self.out.origins.len() + 1,
                    rows: 0,
                    widest: 0,
                });
            }
            _ => {}
        }
        if matches!(kind, Kind::Title | Kind::Note | Kind::Row) {
            self.text = Text {
                value: String::new(),
                element: Some(origin),
                start: None,
                verbatim: true,
            };
        }
        self.stack.push(kind);
        if empty {
            self.end();
        }
        Ok(())
    }

    /// Text inside the open element; `as_written` when it is the file's own characters.
    fn text(&mut self, text: &str, at: usize, as_written: bool) {
        if !matches!(
            self.stack.last(),
            Some(Kind::Title | Kind::Note | Kind::Row)
        ) {
            return;
        }
        if self.text.start.is_none() {
            self.text.start = Some(self.cursor.origin(at, false));
        } else {
            self.text.verbatim = false;
        }
        self.text.verbatim &= as_written;
        self.text.value.push_str(text);
    }

    /// The open element closes.
    fn end(&mut self) {
        let Some(kind) = self.stack.pop() else {
            return;
        };
        let text = if matches!(kind, Kind::Title | Kind::Note | Kind::Row) {
            std::mem::take(&mut self.text)
        } else {
            Text::default()
        };
        match kind {
            Kind::Title => {
                let title = one_line(&text.value);
                if !title.is_empty() {
                    let at = text.origin();
                    self.out.line(&format!("Collection: {title}"), at);
                    self.noted = true;
                }
            }
            Kind::Note => {
                let at = text.origin();
                for line in text.value.trim().lines() {
                    self.out.line(&format!(":: {}", line.trim_end()), at);
                    self.noted = true;
                }
            }
            Kind::Row => self.row(&text),
            Kind::Level => self.level_ends(),
            Kind::Root | Kind::Collection | Kind::Other => {}
        }
    }

    /// A row of the open level: a line of the converted text for each line of its text.
    /// Text as written maps column for column: its first line starts where the text does,
    /// each later one at column 1 of the next line.
    fn row(&mut self, text: &Text) {
        let Some(level) = &mut self.level else { return };
        let start = text.origin();
        for (k, piece) in text.value.split('\n').enumerate() {
            let origin = match k {
                0 => Origin {
                    verbatim: text.verbatim,
                    ..start
                },
                _ if text.verbatim => Origin {
                    line: start.line + k,
                    col: 1,
                    verbatim: true,
                },
                _ => start,
            };
            let piece = piece.strip_suffix('\r').unwrap_or(piece);
            self.out.line(piece, origin);
            level.widest = level.widest.max(piece.chars().count());
            level.rows += 1;
        }
    }

    /// The open level ends: its title, author and a blank line, and what it declares.
    fn level_ends(&mut self) {
        let Some(level) = self.level.take() else {
            return;
        };
        let at = level.at;
        if level.rows == 0 {
            if self.listed_without_rows < MAX_SLC_LEVELS_WITHOUT_ROWS_LISTED {
                self.listed_without_rows += 1;
                self.file
                    .push(file_diag(at.line, at.col, LevelError::SlcLevelWithoutRows));
            } else {
                self.unlisted.get_or_insert((0, at)).0 += 1;
            }
            return;
        }
        let mut warnings = Vec::new();
        for (name, declared, found) in [
            ("Width", &level.width, level.widest),
            ("Height", &level.height, level.rows),
        ] {
            let Some(declared) = declared else { continue };
            if declared.trim().parse::<usize>() != Ok(found) {
                warnings.push(LevelError::SlcSizeDisagrees {
                    attribute: name,
                    declared: short_title(declared),
                    found,
                });
            }
        }
        if !level.id.is_empty() {
            self.out.line(&format!("Title: {}", level.id), at);
        }
        if !level.author.is_empty() {
            self.out.line(&format!("Author: {}", level.author), at);
        }
        self.out.line("", at);
        self.declared.push(Declared {
            first_row: level.first_row,
            at,
            warnings,
        });
    }
}

/// A text made one line: its lines joined by spaces, trimmed.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::{Cursor, read};

    /// Reads `xml` and answers how many bytes the cursor walked over to place things.
    fn walked(xml: &str) -> usize {
        let mut cursor = Cursor::new(xml);
        let slc = read(xml, &mut cursor);
        assert!(slc.is_ok(), "{slc:?}");
        cursor.walked()
    }

    /// A named way to write `n` rows.
    type Shape = (&'static str, fn(usize) -> String);

    const HEAD: &str = "<SokobanLevels><Title>t<a/></Title><Description>d<a/>e</Description><LevelCollection><Level>";
    const TAIL: &str = "</Level></LevelCollection></SokobanLevels>";

    #[test]
    fn places_are_found_walking_the_file_once() {
        // Each shape puts an element after text, which once sent the cursor back to the
        // top of the file for every row: the walk grew with the square of the rows.
        let shapes: [Shape; 4] = [
            ("rows with an element after the text", |n| {
                "<L>#<a/></L>".repeat(n)
            }),
            ("rows of text over lines", |n| {
                "<L>\n#\r\n#<a/></L>".repeat(n)
            }),
            ("rows of text and references", |n| {
                "<L>#&amp;<a/>#</L>".repeat(n)
            }),
            ("plain rows", |n| "<L>#@$.#</L>".repeat(n)),
        ];
        for (name, shape) in shapes {
            for n in [1, 10, 1_000, 20_000] {
                let xml = format!("{HEAD}{}{TAIL}", shape(n));
                let walked = walked(&xml);
                assert!(
                    walked <= xml.len(),
                    "{name} at {n}: {walked} bytes walked for {} of XML",
                    xml.len()
                );
            }
        }
    }
}
