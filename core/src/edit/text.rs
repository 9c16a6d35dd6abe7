//! The board as level text, in the normal form `replay` prints (`Level`'s `Display`), and
//! what `check` says of it, each problem placed on its cell.
//!
//! Rows of floor alone at the top or bottom of the board are left out of the text (a level's
//! board starts and ends with a row that holds something); the `Spinner:` lines count rows
//! from the first row written, as the loader does.

use std::fmt::Write as _;

use super::Sketch;
use crate::level::{Diagnostic, Level, LevelError, Pos, parse_pack};

/// What `check` says of the board as drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// The level, when it loads.
    pub level: Option<Level>,
    /// Every error and warning, in board order, each with the cell it is about when it is
    /// about one.
    pub problems: Vec<Problem>,
}

/// One thing `check` reports, placed on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The diagnostic, at its line and column in [`Sketch::text`].
    pub diagnostic: Diagnostic,
    /// The cell it is about, when it points into the board.
    pub cell: Option<Pos>,
}

impl Checked {
    /// The first error, if the level does not load.
    #[must_use]
    pub fn first_error(&self) -> Option<&Problem> {
        self.problems.iter().find(|p| p.diagnostic.is_error())
    }
}

impl Sketch {
    /// The first and one-past-last rows written: rows of floor alone at either end are not
    /// (so row `y` of the level read from the text is row `y + first` of the board).
    #[must_use]
    pub fn written_rows(&self) -> (usize, usize) {
        let empty: Vec<bool> = self.rows().map(|r| r.trim().is_empty()).collect();
        let top = empty.iter().position(|e| !e).unwrap_or(0);
        let bottom = empty.iter().rposition(|e| !e).map_or(top, |b| b + 1);
        (top, bottom)
    }

    /// The board rows as written in a level file (trailing floor cut, a blank row as `-`).
    #[must_use]
    pub fn board_text(&self) -> String {
        let (top, bottom) = self.written_rows();
        let mut out = String::new();
        for row in self.rows().skip(top).take(bottom - top) {
            let trimmed = row.trim_end();
            out.push_str(if trimmed.is_empty() { "-" } else { trimmed });
            out.push('\n');
        }
        out
    }

    /// The title, author and comment lines, as `Level` prints them.
    #[must_use]
    pub fn meta_text(&self) -> String {
        let mut out = String::new();
        if let Some(title) = &self.title {
            let _ = writeln!(out, "Title: {}", one_line(title));
        }
        if let Some(author) = &self.author {
            let _ = writeln!(out, "Author: {}", one_line(author));
        }
        out
    }

    /// The comment lines, as `Level` prints them.
    #[must_use]
    pub fn comment_text(&self) -> String {
        let mut out = String::new();
        for comment in &self.comments {
            if comment.contains('\n') {
                let _ = writeln!(out, "Comment:\n{comment}\nComment-End:");
            } else {
                let _ = writeln!(out, "Comment: {comment}");
            }
        }
        out
    }

    /// The settings lines (`Spinner:`, `Shots:`, `Solution:`), as `Level` prints them.
    #[must_use]
    pub fn settings_text(&self) -> String {
        let (top, _) = self.written_rows();
        let top = top as i32;
        let mut out = String::new();
        for s in self.spinners() {
            let _ = writeln!(
                out,
                "Spinner: {},{} length={} speed={} angle={}{}",
                s.hub.x,
                s.hub.y - top,
                s.length,
                s.speed,
                s.angle,
                if s.pushes { " pushes" } else { "" }
            );
        }
        if let Some(n) = self.shots {
            let _ = writeln!(out, "Shots: {n}");
        }
        if let Some(moves) = &self.solution {
            let _ = writeln!(out, "Solution: {}", one_line(moves));
        }
        out
    }

    /// The whole level as text in the normal form: the board, then title, author,
    /// chapter, comments and settings.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = self.board_text();
        out.push_str(&self.meta_text());
        if let Some(chapter) = &self.chapter {
            let _ = writeln!(out, "Chapter: {}", one_line(chapter));
        }
        out.push_str(&self.comment_text());
        out.push_str(&self.settings_text());
        out
    }

    /// Reads [`Sketch::text`] back as the loader does: the level, or what keeps it from
    /// loading, with each problem's cell.
    #[must_use]
    pub fn check(&self) -> Checked {
        let text = self.text();
        let mut report = parse_pack(&text);
        let (top, bottom) = self.written_rows();
        let rows = bottom - top;
        let place = |d: &Diagnostic| {
            // These are about the level as a whole, not the cell they are reported at.
            if matches!(
                d.error,
                LevelError::NoPlayer
                    | LevelError::NothingToDo
                    | LevelError::AlreadySolved
                    | LevelError::BoxGoalMismatch { .. }
            ) {
                return None;
            }
            let row = d.line.checked_sub(1).filter(|&r| r < rows)?;
            let x = i32::try_from(d.col.checked_sub(1)?).ok()?;
            Some(Pos::new(x, i32::try_from(row + top).ok()?))
        };
        let mut problems: Vec<Problem> = report
            .diagnostics()
            .into_iter()
            .map(|d| Problem {
                diagnostic: d.clone(),
                cell: place(d),
            })
            .collect();
        problems.sort_by_key(|p| !p.diagnostic.is_error());
        let level = match report.levels.len() {
            1 => report.levels.pop().and_then(|l| l.result.ok()),
            _ => None,
        };
        Checked { level, problems }
    }
}

/// A value printed on one line: line breaks become spaces.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

impl From<&Level> for Sketch {
    /// The board and settings of a level that loaded.
    fn from(level: &Level) -> Self {
        let rows: Vec<String> = level
            .board_text()
            .lines()
            .map(|r| {
                if r == "-" {
                    String::new()
                } else {
                    r.to_owned()
                }
            })
            .collect();
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let mut sketch = Sketch::from_rows(&refs, &level.spinners);
        sketch.shots = level.shot_limit;
        sketch.title.clone_from(&level.title);
        sketch.author.clone_from(&level.author);
        sketch.comments.clone_from(&level.comments);
        sketch.chapter.clone_from(&level.chapter);
        sketch.solution.clone_from(&level.solution);
        sketch
    }
}
