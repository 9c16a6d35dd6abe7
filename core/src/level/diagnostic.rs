//! What can be wrong with level text, and where: [`LevelError`] says what, [`Diagnostic`]
//! says where (line and column, both 1-based, columns counted in characters) and in which
//! level (1-based, in file order).
//!
//! A few kinds are only warnings ([`LevelError::severity`]): the level still loads, but the
//! author should know (an unknown setting, a repeated one, a file that is not UTF-8).

use std::fmt;

use super::source::{EXCERPT_CHARS, excerpt, visible};
use crate::words::{Piece, check};

/// How bad a problem is: an error keeps the level from loading, a warning does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The level loads, but something in its text is suspicious or ignored.
    Warning,
    /// The level cannot be played as written.
    Error,
}

/// Everything that can be wrong with a level or a pack file, each in words a level author
/// can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// The board has no `@` or `+`.
    #[error("no player: put one `@` on the board (or `+` for the player on a goal)")]
    NoPlayer,
    /// A second `@` or `+`; reported at the second one.
    #[error(
        "a second player (the first is at line {first_line}, col {first_col}); a level has exactly one `@` or `+`"
    )]
    TwoPlayers {
        /// Line of the first player.
        first_line: usize,
        /// Column of the first player.
        first_col: usize,
    },
    /// The numbers of boxes and goals differ.
    #[error(
        "{} but {}: every box needs a goal and every goal a box",
        Piece::Box.count(*boxes),
        Piece::Goal.count(*goals)
    )]
    BoxGoalMismatch {
        /// Boxes on the board (`$` and `*`).
        boxes: usize,
        /// Goals on the board (`.`, `*` and `+`).
        goals: usize,
    },
    /// Neither a box nor an enemy: nothing to solve.
    #[error("nothing to do: the level has no box and no enemy")]
    NothingToDo,
    /// Every box already stands on a goal and there is no enemy.
    #[error("already solved: every box is on a goal and there is no enemy")]
    AlreadySolved,
    /// A character that means nothing on a board.
    #[error(
        "unknown character {ch:?} on the board: use # @ + $ * . and space or - for floor (sokoshot adds E F 7 L J %)"
    )]
    UnknownChar {
        /// The character found.
        ch: char,
    },
    /// A digit other than `7` in a board written row by row.
    #[error(
        "digit {ch:?} in a plain board row: counts work only in a run-length board written on one line with `|` between rows, like `4#|#@$.#|4#`"
    )]
    DigitInRow {
        /// The digit found.
        ch: char,
    },
    /// The player can walk off the board from here.
    #[error("the level is open: the player can walk off the board here; close it with a wall `#`")]
    Open,
    /// A box off a goal in a part of the board the player can never reach.
    #[error("this box is not on a goal and the player can never reach it")]
    UnreachableBox,
    /// An empty goal that neither the player nor any box can ever reach.
    #[error("this goal is empty and neither the player nor a box can ever reach it")]
    UnreachableGoal,
    /// A run-length board that cannot be expanded.
    #[error("bad run-length board: {reason}")]
    BadRunLength {
        /// What is wrong with it.
        reason: String,
    },
    /// A board bigger than sokoshot reads.
    #[error(
        "the board is {width}×{height} cells; the most sokoshot reads is {max}×{max}",
        max = crate::level::MAX_SIDE
    )]
    BoardTooBig {
        /// Width in cells (or as far as it was read).
        width: usize,
        /// Height in cells (or as far as it was read).
        height: usize,
    },
    /// A file bigger than sokoshot reads.
    #[error("the file is {bytes} bytes; the most sokoshot reads is 16 MiB")]
    FileTooBig {
        /// Size of the file in bytes.
        bytes: u64,
    },
    /// The boards of a file add up to more cells than sokoshot keeps in memory.
    #[error("the boards up to here hold more than {max} cells in all; sokoshot stops reading the file here", max = crate::level::MAX_PACK_CELLS)]
    PackTooBig,
    /// More lines in one file than sokoshot reads.
    #[error("the file has more than {max} lines; sokoshot stops reading it here", max = crate::level::MAX_LINES)]
    TooManyLines,
    /// More levels in one file than sokoshot reads.
    #[error("the file holds more than {max} levels; sokoshot stops reading it here", max = crate::level::MAX_LEVELS)]
    TooManyLevels,
    /// A `Spinner:` line whose cell is not a `%`.
    #[error("`Spinner: {x},{y}` points at no `%` hub (that cell is {found})")]
    SpinnerWithoutHub {
        /// Column given in the setting.
        x: i64,
        /// Row given in the setting.
        y: i64,
        /// What the cell holds instead, in words.
        found: String,
    },
    /// More hubs on a board than sokoshot plays.
    #[error("the board has {hubs} spinner hubs `%`; a level may have at most {max}", max = crate::level::MAX_SPINNERS)]
    TooManyHubs {
        /// Hubs on the board.
        hubs: usize,
    },
    /// A `Spinner:` line whose bar is longer than the board.
    #[error(
        "the bar of the spinner at {x},{y} is longer than the board: `length=` may be at most {max} here, the board's longer side"
    )]
    SpinnerTooLong {
        /// Column of the hub.
        x: i64,
        /// Row of the hub.
        y: i64,
        /// The board's longer side, in cells.
        max: u32,
    },
    /// The spinners of a level sweep more cells than sokoshot keeps track of.
    #[error(
        "the spinners' bars sweep {cells} cells in all; the most sokoshot keeps track of is {max}: shorten the bars (`length=`) or use fewer spinners",
        max = crate::level::MAX_SPINNER_CELLS
    )]
    SpinnersSweepTooMuch {
        /// Cells swept, each bar counted over the square it can reach.
        cells: u64,
    },
    /// Two `Spinner:` lines for the same hub.
    #[error("a second `Spinner:` line for the hub at {x},{y} (the first is on line {first_line})")]
    DuplicateSpinner {
        /// Column of the hub.
        x: i64,
        /// Row of the hub.
        y: i64,
        /// Line of the first setting for this hub.
        first_line: usize,
    },
    /// A known setting whose value cannot be read.
    #[error("bad `{key}:` line: {reason}")]
    BadSetting {
        /// The setting's key, as written.
        key: String,
        /// What is wrong and what was expected.
        reason: String,
    },
    /// Text holding no board at all.
    #[error("no level found: a level is a board of `#` walls holding one `@` player")]
    NoLevel,
    /// Text given as one level holds several boards.
    #[error("the text holds {count} levels where one was expected")]
    SeveralLevels {
        /// How many boards the text holds.
        count: usize,
    },
    /// A stored solution that, replayed, does not solve its level (`check --verify-solutions`).
    #[error("the stored solution does not solve this level: {reason}")]
    SolutionFails {
        /// What went wrong in the replay.
        reason: String,
    },
    /// A `Key: value` line sokoshot does not know (warning).
    #[error("unknown setting `{key}:`; it is kept with the level but sokoshot does not use it")]
    UnknownSetting {
        /// The key, as written.
        key: String,
    },
    /// A setting given twice (warning); the first is kept.
    #[error("a second `{key}:` line is ignored (the first, on line {first_line}, is kept)")]
    DuplicateSetting {
        /// The key, as written.
        key: String,
        /// Line of the setting that is kept.
        first_line: usize,
    },
    /// A stored solution with a letter that is not a move (warning).
    #[error(
        "the solution holds {ch:?}, which is not a move: moves are l u r d, L U R D for pushes, f to fire and w to wait, with counts like 3r"
    )]
    BadSolutionChar {
        /// The character found.
        ch: char,
    },
    /// More problems than a level reports; the first ones are reported before this.
    #[error(
        "{}",
        check::more_listed(
            *count,
            if *severity == Severity::Error { "problems" } else { "warnings" },
            "this level",
            crate::level::MAX_LEVEL_PROBLEMS,
        )
    )]
    MoreProblems {
        /// How many were left out.
        count: usize,
        /// An error when any left out was one.
        severity: Severity,
    },
    /// More comment lines or unknown settings than sokoshot keeps with a level or a file
    /// (warning).
    #[error(
        "{count} more comment lines or unknown settings from here on are not kept: sokoshot keeps {max} of each with a level or a file",
        max = crate::level::MAX_COMMENTS
    )]
    TooManyComments {
        /// How many were left out.
        count: usize,
    },
    /// The file is not UTF-8 and was read as Latin-1 (warning).
    #[error("the file is not valid UTF-8; it was read as Latin-1")]
    NotUtf8,
    /// More solutions for one level than sokoshot keeps (warning).
    #[error("more than {max} solutions for this level: this one and those after it are not kept")]
    TooManySolutions {
        /// How many are kept.
        max: usize,
    },
    /// An SLC file that cannot be read as XML.
    #[error("the file cannot be read as an SLC collection: {reason}")]
    Xml {
        /// What is wrong, from the XML reader or about the file's elements.
        reason: String,
    },
    /// An SLC `Level` element with no `L` rows (warning); it is skipped.
    #[error("this SLC `<Level>` has no `<L>` rows; it is skipped")]
    SlcLevelWithoutRows,
    /// More SLC `Level` elements without rows than are listed one by one (warning); they
    /// are skipped like the ones listed.
    #[error(
        "… and {count} more SLC `<Level>`s without `<L>` rows from here on, skipped (only the first {max} are listed)",
        max = crate::level::MAX_SLC_LEVELS_WITHOUT_ROWS_LISTED
    )]
    SlcMoreLevelsWithoutRows {
        /// How many were left out of the list.
        count: usize,
    },
    /// An SLC `Level` whose `Width` or `Height` disagrees with its rows (warning); the rows
    /// are read.
    #[error(
        "the level's `{attribute}` says {declared} but its rows make {found}; the rows are read"
    )]
    SlcSizeDisagrees {
        /// `Width` or `Height`.
        attribute: &'static str,
        /// The value given, as written (cut short).
        declared: String,
        /// What the rows make.
        found: usize,
    },
}

impl LevelError {
    /// Whether this problem keeps the level from loading or is only worth a warning.
    #[must_use]
    pub fn severity(&self) -> Severity {
        match self {
            Self::UnknownSetting { .. }
            | Self::DuplicateSetting { .. }
            | Self::BadSolutionChar { .. }
            | Self::TooManyComments { .. }
            | Self::NotUtf8
            | Self::TooManySolutions { .. }
            | Self::SlcLevelWithoutRows
            | Self::SlcMoreLevelsWithoutRows { .. }
            | Self::SlcSizeDisagrees { .. } => Severity::Warning,
            Self::MoreProblems { severity, .. } => *severity,
            _ => Severity::Error,
        }
    }
}

/// One problem found in a file: where it is, which level it belongs to, and what it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostic {
    /// Line in the file, 1-based.
    pub line: usize,
    /// Column in the line, 1-based, in characters.
    pub col: usize,
    /// The level it belongs to, 1-based in file order; `None` for the file as a whole.
    pub level: Option<usize>,
    /// That level's title, if it has one.
    pub title: Option<String>,
    /// What is wrong.
    pub error: LevelError,
}

impl Diagnostic {
    /// Whether this is an error or only a warning.
    #[must_use]
    pub fn severity(&self) -> Severity {
        self.error.severity()
    }

    /// Whether this keeps its level from loading.
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }
}

/// A title as diagnostics carry it: cut just past [`EXCERPT_CHARS`] characters, so that
/// printing can still tell it was cut.
pub(crate) fn short_title(title: &str) -> String {
    match title.char_indices().nth(EXCERPT_CHARS + 1) {
        Some((cut, _)) => title[..cut].to_owned(),
        None => title.to_owned(),
    }
}

/// Prints `LINE:COL: level N "Title": message`, with `warning: ` before the message of a
/// warning; prefix the file name to get the `check` format. The title is cut to
/// [`EXCERPT_CHARS`] characters with `…`, and every control character of the line (from a
/// title, a quoted value, a letter) is made [`visible`], so that printing file text can
/// never act on the terminal.
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.line, self.col)?;
        if let Some(n) = self.level {
            let title = self.title.as_deref().map(|t| excerpt(t, EXCERPT_CHARS));
            write!(f, "{}: ", check::level(n, title.as_deref()))?;
        }
        let message = visible(&self.error.to_string()).into_owned();
        if self.severity() == Severity::Warning {
            f.write_str(&check::warning(&message))
        } else {
            f.write_str(&message)
        }
    }
}
