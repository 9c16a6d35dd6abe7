//! What a level's text says besides its board: title, author, comments, and the settings
//! lines (`Chapter:`, `Spinner:`, `Shots:`, `Solution:`, and keys sokoshot does not know).
//!
//! The title is the first `Title:` line; failing that the last bare text line before the
//! board (quotes taken off, as in `'The Dungeon'`); failing that the last `;` line before
//! the board (`; 12`). Every other `;`, `::` or bare line is kept as a comment. Keys are
//! matched without regard to case.

use super::lines::{Item, ItemKind};
use super::problems::Problems;
use super::{
    EXCERPT_CHARS, LevelError, MAX_COMMENTS, MAX_SIDE, MAX_SOLUTIONS, MAX_SPINNERS, excerpt,
};

/// A `Spinner:` line as written, before it is matched with a hub.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SpinnerSetting {
    /// Line of the setting.
    pub line: usize,
    /// Column of its value.
    pub col: usize,
    /// Hub column from the board's left.
    pub x: i64,
    /// Hub row from the board's top.
    pub y: i64,
    /// `length=`, if given.
    pub length: Option<f32>,
    /// `speed=`, if given.
    pub speed: Option<f32>,
    /// `angle=`, if given.
    pub angle: Option<f32>,
    /// Whether the line says `pushes`.
    pub pushes: bool,
}

/// Everything read from a level's text outside its board.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Meta {
    /// The level's title.
    pub title: Option<String>,
    /// The level's author.
    pub author: Option<String>,
    /// Comments, in order.
    pub comments: Vec<String>,
    /// `Chapter:` value: the level begins a chapter of this name.
    pub chapter: Option<String>,
    /// `Spinner:` lines, in order.
    pub spinners: Vec<SpinnerSetting>,
    /// `Shots:` value.
    pub shot_limit: Option<u32>,
    /// `Solution:` value.
    pub solution: Option<String>,
    /// Line of the `Solution:` kept.
    pub solution_line: Option<usize>,
    /// Further solutions (a SOK file keeps several, such as the fewest moves and the fewest
    /// pushes), each with its line, at most [`MAX_SOLUTIONS`] with the first.
    pub more_solutions: Vec<(usize, String)>,
    /// Unknown keys with their values.
    pub unknown: Vec<(String, String)>,
    /// Problems found (errors in values, warnings for unknown or repeated keys).
    pub problems: Problems,
    /// Lines of the settings kept so far, to name the first of a repeated one.
    first_lines: Vec<(&'static str, usize)>,
    /// Comments left out past [`MAX_COMMENTS`], and the line of the first of them.
    dropped_comments: Option<(usize, usize)>,
}

/// Reads the items before (`pre`) and after (`post`) a board.
pub(crate) fn read(pre: &[Item<'_>], post: &[Item<'_>]) -> Meta {
    let mut meta = Meta::default();
    let title_at = title_item(pre);
    for (i, item) in pre.iter().enumerate() {
        if Some(i) == title_at {
            meta.title = Some(title_text(&item.kind));
        } else {
            meta.item(item);
        }
    }
    for item in post {
        meta.item(item);
    }
    if let Some((line, count)) = meta.dropped_comments {
        meta.problems
            .push((line, 1, LevelError::TooManyComments { count }));
    }
    meta
}

/// Which item before the board names the level, when no `Title:` line does.
fn title_item(pre: &[Item<'_>]) -> Option<usize> {
    let has_key = |it: &Item<'_>| {
        matches!(&it.kind, ItemKind::Key(s)
            if s.key.eq_ignore_ascii_case("title") && !s.value.is_empty())
    };
    if pre.iter().any(has_key) {
        return None;
    }
    let text = pre
        .iter()
        .rposition(|it| matches!(it.kind, ItemKind::Text(_)));
    text.or_else(|| {
        pre.iter()
            .rposition(|it| matches!(it.kind, ItemKind::Comment(c) if !c.is_empty()))
    })
}

/// The title an item gives: its text with surrounding quotes taken off.
fn title_text(kind: &ItemKind<'_>) -> String {
    let text = match kind {
        ItemKind::Text(t) | ItemKind::Comment(t) => t.trim(),
        _ => "",
    };
    unquote(text).to_owned()
}

/// File text as a message quotes it: cut to [`EXCERPT_CHARS`] characters, made visible.
fn quote(text: &str) -> std::borrow::Cow<'_, str> {
    excerpt(text, EXCERPT_CHARS)
}

/// Takes matching single or double quotes off both ends.
fn unquote(text: &str) -> &str {
    for q in ['\'', '"'] {
        if let Some(inner) = text.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
            return inner.trim();
        }
    }
    text
}

impl Meta {
    /// Takes one item into account.
    fn item(&mut self, item: &Item<'_>) {
        match &item.kind {
            ItemKind::Comment(t) | ItemKind::Text(t) if !t.trim().is_empty() => {
                self.comment(item.line, t.trim());
            }
            ItemKind::Note(t) => {
                let t = t.trim_start().trim_start_matches(':').trim();
                if !t.is_empty() {
                    self.comment(item.line, t);
                }
            }
            ItemKind::Key(s) => self.key(item.line, s.key, &s.value, s.value_col),
            _ => {}
        }
    }

    /// Keeps a comment, up to [`MAX_COMMENTS`] of them.
    fn comment(&mut self, line: usize, text: &str) {
        if self.comments.len() < MAX_COMMENTS {
            self.comments.push(text.to_owned());
        } else {
            let dropped = self.dropped_comments.get_or_insert((line, 0));
            dropped.1 += 1;
        }
    }

    /// Takes one `Key: value` line into account.
    fn key(&mut self, line: usize, key: &str, value: &str, col: usize) {
        let lower = key.to_ascii_lowercase();
        match lower.as_str() {
            "title" => {
                if self.once("Title", line, value) {
                    self.title = Some(value.to_owned());
                }
            }
            "author" => {
                if self.once("Author", line, value) {
                    self.author = Some(value.to_owned());
                }
            }
            "chapter" => {
                if self.once("Chapter", line, value) {
                    self.chapter = Some(value.to_owned());
                }
            }
            "comment" => {
                if !value.is_empty() {
                    self.comment(line, value);
                }
            }
            "comment-end" | "comment_end" => {}
            "shots" => self.shots(line, key, value, col),
            "solution" => self.solution(line, value, col),
            "spinner" if self.spinners.len() >= MAX_SPINNERS => self.bad(
                line,
                col,
                key,
                format!("a level has at most {MAX_SPINNERS} spinners; this line is one too many"),
            ),
            "spinner" => match parse_spinner(value) {
                Ok((x, y, length, speed, angle, pushes)) => self.spinners.push(SpinnerSetting {
                    line,
                    col,
                    x,
                    y,
                    length,
                    speed,
                    angle,
                    pushes,
                }),
                Err(reason) => self.bad(line, col, key, reason.to_string()),
            },
            _ => {
                self.problems.push((
                    line,
                    1,
                    LevelError::UnknownSetting {
                        key: quote(key).into_owned(),
                    },
                ));
                if self.unknown.len() < MAX_COMMENTS {
                    self.unknown.push((key.to_owned(), value.to_owned()));
                } else {
                    self.dropped_comments.get_or_insert((line, 0)).1 += 1;
                }
            }
        }
    }

    /// Records a setting that may be given once; false (with a warning) for a repeat or an
    /// empty value.
    fn once(&mut self, name: &'static str, line: usize, value: &str) -> bool {
        if value.is_empty() {
            return false;
        }
        if let Some(&(_, first_line)) = self.first_lines.iter().find(|(n, _)| *n == name) {
            self.problems.push((
                line,
                1,
                LevelError::DuplicateSetting {
                    key: name.to_owned(),
                    first_line,
                },
            ));
            return false;
        }
        self.first_lines.push((name, line));
        true
    }

    /// Reads `Shots: N`.
    fn shots(&mut self, line: usize, key: &str, value: &str, col: usize) {
        match value.parse::<u32>() {
            Ok(n) => {
                if self.once("Shots", line, value) {
                    self.shot_limit = Some(n);
                }
            }
            Err(_) => self.bad(
                line,
                col,
                key,
                format!(
                    "expected a whole number of shots like `Shots: 3`, got `{}`",
                    quote(value)
                ),
            ),
        }
    }

    /// Reads `Solution: MOVES` (or a SOK solution block), warning about letters that are
    /// not moves.
    fn solution(&mut self, line: usize, value: &str, col: usize) {
        if value.is_empty() {
            return;
        }
        if self.solution.is_some() {
            if self.more_solutions.len() + 1 >= MAX_SOLUTIONS {
                self.problems
                    .push((line, 1, LevelError::TooManySolutions { max: MAX_SOLUTIONS }));
                return;
            }
            self.check_moves(line, value, col);
            self.more_solutions.push((line, value.to_owned()));
            return;
        }
        self.check_moves(line, value, col);
        self.solution = Some(value.to_owned());
        self.solution_line = Some(line);
    }

    /// Warns about the first letter of a solution that is not a move.
    fn check_moves(&mut self, line: usize, value: &str, col: usize) {
        if let Some((i, ch)) = value
            .chars()
            .enumerate()
            .find(|&(_, c)| !("lurdLURDfw()".contains(c) || c.is_ascii_digit()))
        {
            self.problems
                .push((line, col + i, LevelError::BadSolutionChar { ch }));
        }
    }

    /// Records a bad value for a known key.
    fn bad(&mut self, line: usize, col: usize, key: &str, reason: String) {
        let key = quote(key).into_owned();
        self.problems
            .push((line, col, LevelError::BadSetting { key, reason }));
    }
}

/// The parts of a `Spinner:` value: hub column, row, the optional length, speed, angle, and
/// whether the bar pushes boxes.
type SpinnerParts = (i64, i64, Option<f32>, Option<f32>, Option<f32>, bool);

/// Why a `Spinner:` value does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum SpinnerError {
    /// The value does not start with the hub's `X,Y`.
    #[error(
        "expected the hub's cell first, like `Spinner: 5,3 length=3 speed=90 angle=0`, got `{}`",
        quote(.0)
    )]
    NoCell(String),
    /// An option without `=` that is not `pushes`.
    #[error("expected `name=number` or `pushes`, got `{}`", quote(.0))]
    NotAnOption(String),
    /// An option whose value is not a finite number.
    #[error("`{}=` needs a number, got `{}`", quote(.name), quote(.number))]
    NotANumber {
        /// The option's name.
        name: String,
        /// Its value, as written.
        number: String,
    },
    /// A length of 0 or less, or longer than a board's side.
    #[error("`length=` must be above 0 and at most {MAX_SIDE}")]
    Length,
    /// An option the spinner does not take.
    #[error(
        "unknown option `{}`; a spinner takes length=, speed=, angle= and pushes",
        quote(.0)
    )]
    UnknownOption(String),
    /// `pushes` written twice.
    #[error("`pushes` is given twice")]
    PushesTwice,
    /// `pushes` on a bar that stands still.
    #[error("a bar that stands still (`speed=0`) never turns onto a box: `pushes` needs a speed")]
    StillPushes,
}

/// Reads `X,Y length=L speed=S angle=A pushes` (options in any order, each optional; `pushes`
/// is a word alone, and a bar that stands still, `speed=0`, cannot push).
fn parse_spinner(value: &str) -> Result<SpinnerParts, SpinnerError> {
    let (coords, rest) = match value.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => value.split_at(i),
        None => (value, ""),
    };
    let (x, y) = coords
        .split_once(',')
        .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)))
        .ok_or_else(|| SpinnerError::NoCell(coords.trim().to_owned()))?;
    let (mut length, mut speed, mut angle, mut pushes) = (None, None, None, false);
    for option in rest.split_whitespace() {
        if option == "pushes" {
            if pushes {
                return Err(SpinnerError::PushesTwice);
            }
            pushes = true;
            continue;
        }
        let (name, number) = option
            .split_once('=')
            .ok_or_else(|| SpinnerError::NotAnOption(option.to_owned()))?;
        let number: f32 = number
            .parse()
            .ok()
            .filter(|n: &f32| n.is_finite())
            .ok_or_else(|| SpinnerError::NotANumber {
                name: name.to_owned(),
                number: number.to_owned(),
            })?;
        let slot = match name {
            "length" => {
                if !(number > 0.0 && number <= MAX_SIDE as f32) {
                    return Err(SpinnerError::Length);
                }
                &mut length
            }
            "speed" => &mut speed,
            "angle" => &mut angle,
            _ => return Err(SpinnerError::UnknownOption(name.to_owned())),
        };
        *slot = Some(number);
    }
    if pushes && speed == Some(0.0) {
        return Err(SpinnerError::StillPushes);
    }
    Ok((x, y, length, speed, angle, pushes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spinner_values() {
        assert_eq!(
            parse_spinner("5,3 length=3 speed=90 angle=45"),
            Ok((5, 3, Some(3.0), Some(90.0), Some(45.0), false))
        );
        assert_eq!(parse_spinner("1, 2"), Ok((1, 2, None, None, None, false)));
        assert_eq!(
            parse_spinner("1,2 speed=-30.5"),
            Ok((1, 2, None, Some(-30.5), None, false))
        );
        assert_eq!(
            parse_spinner("1,2 pushes speed=45"),
            Ok((1, 2, None, Some(45.0), None, true))
        );
        assert_eq!(
            parse_spinner("1,2 pushes"),
            Ok((1, 2, None, None, None, true)),
            "the default speed turns"
        );
        let bad = [
            (
                "no coords",
                "length=3",
                "expected the hub's cell first, like `Spinner: 5,3 length=3 speed=90 angle=0`, got ``",
            ),
            (
                "one coord",
                "5 length=3",
                "expected the hub's cell first, like `Spinner: 5,3 length=3 speed=90 angle=0`, got `5`",
            ),
            ("nan", "1,1 speed=NaN", "`speed=` needs a number, got `NaN`"),
            (
                "zero length",
                "1,1 length=0",
                "`length=` must be above 0 and at most 1000",
            ),
            (
                "unknown option",
                "1,1 spin=3",
                "unknown option `spin`; a spinner takes length=, speed=, angle= and pushes",
            ),
            (
                "no equals",
                "1,1 length",
                "expected `name=number` or `pushes`, got `length`",
            ),
            (
                "pushes twice",
                "1,1 pushes pushes",
                "`pushes` is given twice",
            ),
            (
                "a still bar that pushes",
                "1,1 speed=0 pushes",
                "a bar that stands still (`speed=0`) never turns onto a box: `pushes` needs a speed",
            ),
            (
                "pushes with a value",
                "1,1 pushes=1",
                "unknown option `pushes`; a spinner takes length=, speed=, angle= and pushes",
            ),
        ];
        for (name, value, message) in bad {
            let err = parse_spinner(value).expect_err(name);
            assert_eq!(err.to_string(), message, "{name}");
        }
    }

    #[test]
    fn unquote_cases() {
        assert_eq!(unquote("'The Dungeon'"), "The Dungeon");
        assert_eq!(unquote("\"x\""), "x");
        assert_eq!(unquote("'"), "'");
        assert_eq!(unquote("Level 1"), "Level 1");
    }
}
