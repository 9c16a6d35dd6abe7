//! Text level files: the data model of one level and of a pack of levels, reading packs as
//! players have them (standard XSB and sokoshot's extensions), checking every level, and
//! printing a level back as text. SLC collections (XML) are read too, by content: their
//! levels are the same as the pack text's, and problems are placed in the XML (`slc`).
//!
//! Cells are addressed by [`Pos`], column `x` from the left and row `y` from the top, both
//! 0-based, as in the file. A board is `width × height` cells, row-major.
//!
//! Reading: [`parse_pack`] gives a [`PackReport`] with every level or its errors, each
//! [`Diagnostic`] at a 1-based line and column; [`Pack`] is the playable result; one level's
//! text reads with [`str::parse`] (`"...".parse::<Level>()`), and prints back with
//! `Display`, so that parse → print → parse gives the same level.
//!
//! Limits: a board is at most [`MAX_SIDE`] × [`MAX_SIDE`] cells, a file at most
//! [`MAX_FILE_BYTES`] of at most [`MAX_LINES`] lines and [`MAX_LEVELS`] levels, and all the
//! boards of one file
//! at most [`MAX_PACK_CELLS`] cells; a
//! level has at most [`MAX_SPINNERS`] spinners, a spinner's bar is at most as long as its
//! board's longer side, and the bars of one level
//! sweep at most [`MAX_SPINNER_CELLS`] cells together. Messages quote file text cut to
//! [`EXCERPT_CHARS`] characters, and a level reports at most [`MAX_LEVEL_PROBLEMS`]
//! problems, then how many more there are. An SLC file's elements nest at most
//! [`MAX_XML_DEPTH`] deep, and it has no DTD.

mod board;
mod check;
mod diagnostic;
mod display;
pub(crate) mod lines;
mod meta;
mod pack;
mod problems;
mod report;
mod rle;
pub(crate) mod segment;
pub(crate) mod slc;
mod source;
mod validate;

pub use crate::store::open::{SourceError, read_file, read_source, read_source_bytes};
pub use check::{check_file, summary};
pub use diagnostic::{Diagnostic, LevelError, Severity};
pub use pack::{parse_pack, parse_pack_bytes};
pub use report::{LevelReport, Pack, PackReport};
pub use slc::{MAX_SLC_LEVELS_WITHOUT_ROWS_LISTED, MAX_XML_DEPTH};
pub use source::{EXCERPT_CHARS, excerpt, visible};

/// The most cells a board may have along either side.
pub const MAX_SIDE: usize = 1000;
/// The largest file sokoshot reads, in bytes (16 MiB).
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// The most problems reported for one level; past it, one line says how many more there are.
pub const MAX_LEVEL_PROBLEMS: usize = 20;
/// The most problems `sokoshot check` prints for one file; past it, one line says how many
/// more there are.
pub const MAX_FILE_PROBLEMS: usize = 100;
/// The most cells all the boards of one file may hold together (sixteen boards of the
/// largest size).
pub const MAX_PACK_CELLS: usize = 16 * 1024 * 1024;
/// The most comment lines kept with one level (and notes with one file); past it, one
/// warning says how many more were left out.
pub const MAX_COMMENTS: usize = 1000;
/// The most solutions kept with one level (a SOK file may give several); past it, one
/// warning says so.
pub const MAX_SOLUTIONS: usize = 100;
/// The most spinners (`%` hubs, and `Spinner:` lines) one level may have.
pub const MAX_SPINNERS: usize = 10_000;
/// The most lines sokoshot reads from one file.
pub const MAX_LINES: usize = 1_000_000;
/// The most levels sokoshot reads from one file.
pub const MAX_LEVELS: usize = 50_000;
/// The most cells the bars of one level's spinners may sweep together (each bar counted
/// over the square round its hub that it can reach), so that the game's index of which
/// bars reach which cell stays small.
pub const MAX_SPINNER_CELLS: u64 = 4 * 1024 * 1024;

/// A cell position on the board: column `x` from the left, row `y` from the top, 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    /// Column, 0 at the left edge.
    pub x: i32,
    /// Row, 0 at the top edge.
    pub y: i32,
}

impl Pos {
    /// The position at column `x`, row `y`.
    #[must_use]
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }
}

/// Which corner of its cell holds a slope's right angle (the solid corner).
///
/// Letters as in the file: `F` top-left, `7` top-right, `L` bottom-left, `J` bottom-right.
/// The long side faces the opposite, open corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slope {
    /// `F`: right angle at the top-left corner.
    TopLeft,
    /// `7`: right angle at the top-right corner.
    TopRight,
    /// `L`: right angle at the bottom-left corner.
    BottomLeft,
    /// `J`: right angle at the bottom-right corner.
    BottomRight,
}

/// What fixed thing a cell holds. Movable things (player, boxes, enemies) are kept apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Tile {
    /// Open floor (also the blank outside the walls).
    #[default]
    Floor,
    /// A goal square on the floor.
    Goal,
    /// A wall.
    Wall,
    /// A solid right triangle filling half the cell.
    Slope(Slope),
    /// The hub of a spinner; the spinner's bar turns about the cell's centre.
    Hub,
}

/// A spinning bar: an oriented box turning about the centre of its hub cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spinner {
    /// The `%` cell the bar turns about.
    pub hub: Pos,
    /// Length of the bar in cells (its thickness is fixed by the game).
    pub length: f32,
    /// Turning speed in degrees per second; positive turns +x towards +y (clockwise on screen).
    pub speed: f32,
    /// Starting angle in degrees.
    pub angle: f32,
    /// `pushes`: the bar pushes a box it turns onto one cell the way it turns there, when
    /// that cell is free (see [`crate::game::bar_push`]); otherwise it passes over boxes.
    pub pushes: bool,
}

impl Spinner {
    /// Length of a spinner when its settings line does not give one.
    pub const DEFAULT_LENGTH: f32 = 3.0;
    /// Speed of a spinner when its settings line does not give one.
    pub const DEFAULT_SPEED: f32 = 90.0;

    /// A spinner at `hub` with the default length, speed and angle.
    #[must_use]
    pub const fn at(hub: Pos) -> Self {
        Self {
            hub,
            length: Self::DEFAULT_LENGTH,
            speed: Self::DEFAULT_SPEED,
            angle: 0.0,
            pushes: false,
        }
    }
}

/// One playable level: the board, what stands on it, and its settings.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// The level's title, if the file gives one.
    pub title: Option<String>,
    /// The level's author, if the file gives one.
    pub author: Option<String>,
    /// Comment text kept with the level (`Comment:` lines and blocks).
    pub comments: Vec<String>,
    /// `Chapter: NAME`: the level begins a chapter of that name, which runs until the next
    /// level that begins one.
    pub chapter: Option<String>,
    /// Board width in cells (the longest row).
    pub width: i32,
    /// Board height in cells (the number of rows).
    pub height: i32,
    /// The fixed tiles, row-major, `width * height` of them.
    pub tiles: Vec<Tile>,
    /// Where the player starts.
    pub player: Pos,
    /// Where the boxes start, sorted.
    pub boxes: Vec<Pos>,
    /// Where the enemies start, sorted.
    pub enemies: Vec<Pos>,
    /// One spinner for every `%` hub, in board order, with its settings applied.
    pub spinners: Vec<Spinner>,
    /// `Shots: N`: how many shots the player may fire, if limited.
    pub shot_limit: Option<u32>,
    /// `Solution: MOVES` kept with the level.
    pub solution: Option<String>,
    /// Further solutions after the first (a SOK file keeps several per level, such as the
    /// fewest moves and the fewest pushes), in file order.
    pub more_solutions: Vec<String>,
    /// Settings lines with keys sokoshot does not know, kept in order as (key, value).
    pub unknown_settings: Vec<(String, String)>,
}

impl Level {
    /// Whether a turning bar of this level pushes boxes (see [`Spinner::pushes`]): boxes then
    /// move without the player, so tests that assume only pushes move them do not hold.
    #[must_use]
    pub fn bars_push(&self) -> bool {
        self.spinners.iter().any(|s| s.pushes && s.speed != 0.0)
    }

    /// Whether `pos` lies on the board.
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        (0..self.width).contains(&pos.x) && (0..self.height).contains(&pos.y)
    }

    /// The tile at `pos`; off the board everything is [`Tile::Wall`].
    #[must_use]
    pub fn tile(&self, pos: Pos) -> Tile {
        if self.contains(pos) {
            // Both coordinates are in range and non-negative, so the index is too.
            self.tiles[(pos.y * self.width + pos.x) as usize]
        } else {
            Tile::Wall
        }
    }
}
