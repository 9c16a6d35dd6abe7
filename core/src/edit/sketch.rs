//! The board being drawn: a grid of the level file's own characters, with the level's
//! settings, edited one step at a time.
//!
//! Every cell holds one character of the normal alphabet (`#` wall, ` ` floor, `.` goal,
//! `$` box, `*` box on goal, `@` player, `+` player on goal, `E` enemy, `F 7 L J` slopes,
//! `%` a spinner's hub); the alternates a file may use (`-` and `_` for floor, `p P b B`)
//! are taken as the character they stand for. A board holds at most one player: putting a
//! second one moves it. Each `%` hub has its spinner's settings, which move with the hub
//! when rows and columns are inserted or deleted, and go with it when it is drawn over.

use crate::level::{MAX_SIDE, Pos, Spinner};
use crate::words::Piece;

/// The characters a cell may hold, each with what it is called (the palette, in order).
pub const PALETTE: [(char, &str); 13] = [
    ('#', Piece::Wall.name()),
    (' ', Piece::Floor.name()),
    ('.', Piece::Goal.name()),
    ('$', Piece::Box.name()),
    ('*', Piece::BoxOnGoal.name()),
    ('@', Piece::Player.name()),
    ('+', Piece::PlayerOnGoal.name()),
    ('E', Piece::Enemy.name()),
    ('F', Piece::Slope.name()),
    ('7', Piece::Slope.name()),
    ('L', Piece::Slope.name()),
    ('J', Piece::Slope.name()),
    ('%', Piece::Hub.name()),
];

/// Why an edit was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The key typed is no character of a level file.
    #[error("`{0}` is not a level character: see the palette for the ones a board holds")]
    NotALevelChar(char),
    /// The board would grow past the loader's limit.
    #[error("a board is at most {max} × {max} cells", max = MAX_SIDE)]
    TooBig,
    /// The board would shrink to nothing.
    #[error("a board keeps at least one row and one column")]
    TooSmall,
    /// The cell named is not on the board.
    #[error("that cell is off the board")]
    OffBoard,
    /// There is no spinner hub at the cell named.
    #[error("there is no spinner hub `%` there")]
    NoHub,
}

/// The character `c` stands for on a board, in the normal alphabet, if it is a level
/// character (`-` and `_` are floor, `p P b B` the XSB alternates).
#[must_use]
pub fn normal_char(c: char) -> Option<char> {
    Some(match c {
        ' ' | '-' | '_' => ' ',
        'p' => '@',
        'P' => '+',
        'b' => '$',
        'B' => '*',
        '#' | '.' | '$' | '*' | '@' | '+' | 'E' | 'F' | '7' | 'L' | 'J' | '%' => c,
        _ => return None,
    })
}

/// The board being drawn and the level's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct Sketch {
    width: usize,
    height: usize,
    /// Row-major cells, each one character of the normal alphabet (ASCII).
    cells: Vec<u8>,
    /// One spinner per `%` hub, sorted by row then column.
    spinners: Vec<Spinner>,
    /// `Shots: N`, if the level limits them.
    pub shots: Option<u32>,
    /// `Title:`.
    pub title: Option<String>,
    /// `Author:`.
    pub author: Option<String>,
    /// Comment text (one entry per `Comment:` line or block).
    pub comments: Vec<String>,
    /// `Chapter:` as read (the editor keeps it, it does not edit it).
    pub chapter: Option<String>,
    /// `Solution:` of the board as drawn, when one is known.
    pub solution: Option<String>,
}

impl Sketch {
    /// A new board: one room of `width` × `height` cells walled round, the player in it.
    ///
    /// # Panics
    /// Never for sides of 3 to [`MAX_SIDE`]; smaller sides are taken as 3.
    #[must_use]
    pub fn room(width: usize, height: usize) -> Self {
        let (width, height) = (width.clamp(3, MAX_SIDE), height.clamp(3, MAX_SIDE));
        let mut cells = vec![b' '; width * height];
        for y in 0..height {
            for x in 0..width {
                if x == 0 || y == 0 || x + 1 == width || y + 1 == height {
                    cells[y * width + x] = b'#';
                }
            }
        }
        cells[width + 1] = b'@';
        Self {
            width,
            height,
            cells,
            spinners: Vec::new(),
            shots: None,
            title: None,
            author: None,
            comments: Vec::new(),
            chapter: None,
            solution: None,
        }
    }

    /// A board from rows of level characters (a character that is none is taken as floor)
    /// and the spinners given for its hubs (a hub without one gets the defaults).
    #[must_use]
    pub fn from_rows(rows: &[&str], spinners: &[Spinner]) -> Self {
        let height = rows.len().clamp(1, MAX_SIDE);
        let width = rows
            .iter()
            .map(|r| r.chars().count())
            .max()
            .unwrap_or(1)
            .clamp(1, MAX_SIDE);
        let mut sketch = Self::room(3, 3);
        sketch.width = width;
        sketch.height = height;
        sketch.cells = vec![b' '; width * height];
        for (y, row) in rows.iter().take(height).enumerate() {
            for (x, c) in row.chars().take(width).enumerate() {
                let c = normal_char(c).unwrap_or(' ');
                sketch.cells[y * width + x] = c as u8;
            }
        }
        sketch.spinners = spinners.to_vec();
        sketch.sync_spinners();
        sketch
    }

    /// Board width in cells.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height in cells.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The character at `pos` (floor off the board).
    #[must_use]
    pub fn get(&self, pos: Pos) -> char {
        self.index(pos).map_or(' ', |i| char::from(self.cells[i]))
    }

    /// The spinners, one per hub, by row then column.
    #[must_use]
    pub fn spinners(&self) -> &[Spinner] {
        &self.spinners
    }

    /// Where the player stands, if there is one.
    #[must_use]
    pub fn player(&self) -> Option<Pos> {
        let i = self.cells.iter().position(|&c| c == b'@' || c == b'+')?;
        Some(self.pos_of(i))
    }

    /// How many cells the board has.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.cells.len()
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        let x = usize::try_from(pos.x).ok().filter(|&x| x < self.width)?;
        let y = usize::try_from(pos.y).ok().filter(|&y| y < self.height)?;
        Some(y * self.width + x)
    }

    fn pos_of(&self, i: usize) -> Pos {
        // Both sides are at most MAX_SIDE, so the coordinates fit.
        Pos::new((i % self.width) as i32, (i / self.width) as i32)
    }

    /// Puts level character `c` at `pos`. A player put where there is one already moves it;
    /// a goal under the cell is kept for a box or player (`$` on a goal makes `*`).
    ///
    /// # Errors
    /// When `c` is no level character or `pos` is off the board.
    pub fn put(&mut self, pos: Pos, c: char) -> Result<(), EditError> {
        let c = normal_char(c).ok_or(EditError::NotALevelChar(c))?;
        let i = self.index(pos).ok_or(EditError::OffBoard)?;
        let on_goal = matches!(self.cells[i], b'.' | b'*' | b'+');
        let c = match (c, on_goal) {
            ('$', true) => '*',
            ('@', true) => '+',
            _ => c,
        };
        if c == '@' || c == '+' {
            while let Some(j) = self.cells.iter().position(|&c| c == b'@' || c == b'+') {
                self.cells[j] = if self.cells[j] == b'+' { b'.' } else { b' ' };
            }
        }
        self.cells[i] = c as u8;
        self.sync_spinners();
        Ok(())
    }

    /// Makes the board `width` × `height`, keeping the top-left corner; new cells are floor.
    ///
    /// # Errors
    /// When a side would be 0 or past [`MAX_SIDE`].
    pub fn resize(&mut self, width: usize, height: usize) -> Result<(), EditError> {
        if width == 0 || height == 0 {
            return Err(EditError::TooSmall);
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(EditError::TooBig);
        }
        let mut cells = vec![b' '; width * height];
        for y in 0..height.min(self.height) {
            for x in 0..width.min(self.width) {
                cells[y * width + x] = self.cells[y * self.width + x];
            }
        }
        self.width = width;
        self.height = height;
        self.cells = cells;
        self.sync_spinners();
        Ok(())
    }

    /// Inserts an empty row above row `y` (`y` = height adds one at the bottom); the rows
    /// below, and their hubs' spinners, move down one. A new cell between two walls is a
    /// wall, so a room cut across stays closed.
    ///
    /// # Errors
    /// When the board is as tall as it may be, or `y` is past the bottom.
    pub fn insert_row(&mut self, y: usize) -> Result<(), EditError> {
        self.splice(Axis::Row, y, true)
    }

    /// Deletes row `y`; the rows below move up one, and a hub in it goes with its spinner.
    ///
    /// # Errors
    /// When the board has one row, or `y` is off it.
    pub fn delete_row(&mut self, y: usize) -> Result<(), EditError> {
        self.splice(Axis::Row, y, false)
    }

    /// Inserts an empty column left of column `x` (`x` = width adds one at the right); a
    /// new cell between two walls is a wall, so a room cut across stays closed.
    ///
    /// # Errors
    /// When the board is as wide as it may be, or `x` is past the right edge.
    pub fn insert_column(&mut self, x: usize) -> Result<(), EditError> {
        self.splice(Axis::Column, x, true)
    }

    /// Deletes column `x`; the columns right of it move left one.
    ///
    /// # Errors
    /// When the board has one column, or `x` is off it.
    pub fn delete_column(&mut self, x: usize) -> Result<(), EditError> {
        self.splice(Axis::Column, x, false)
    }

    /// The old cells on either side of a new cell at (`x`, `y`) inserted at `at` along
    /// `axis`, when it has both.
    fn beside(&self, axis: Axis, at: usize, x: usize, y: usize) -> Option<(u8, u8)> {
        let w = self.width;
        let (side, k) = if axis == Axis::Row {
            (self.height, x)
        } else {
            (w, y)
        };
        if at == 0 || at >= side {
            return None;
        }
        let cell = |along: usize| match axis {
            Axis::Row => self.cells[along * w + k],
            Axis::Column => self.cells[k * w + along],
        };
        Some((cell(at - 1), cell(at)))
    }

    fn splice(&mut self, axis: Axis, at: usize, insert: bool) -> Result<(), EditError> {
        let (w, h) = (self.width, self.height);
        let side = if axis == Axis::Row { h } else { w };
        if insert && side >= MAX_SIDE {
            return Err(EditError::TooBig);
        }
        if !insert && side <= 1 {
            return Err(EditError::TooSmall);
        }
        if at > side || (!insert && at == side) {
            return Err(EditError::OffBoard);
        }
        let (nw, nh) = match (axis, insert) {
            (Axis::Row, true) => (w, h + 1),
            (Axis::Row, false) => (w, h - 1),
            (Axis::Column, true) => (w + 1, h),
            (Axis::Column, false) => (w - 1, h),
        };
        // Where a new cell comes from: its coordinate along the axis, shifted past `at`.
        let from = |k: usize| -> Option<usize> {
            match (insert, k.cmp(&at)) {
                (_, std::cmp::Ordering::Less) => Some(k),
                (true, std::cmp::Ordering::Equal) => None,
                (true, std::cmp::Ordering::Greater) => Some(k - 1),
                (false, _) => Some(k + 1),
            }
        };
        let mut cells = vec![b' '; nw * nh];
        for y in 0..nh {
            for x in 0..nw {
                let (sx, sy) = match axis {
                    Axis::Row => (Some(x), from(y)),
                    Axis::Column => (from(x), Some(y)),
                };
                if let (Some(sx), Some(sy)) = (sx, sy) {
                    cells[y * nw + x] = self.cells[sy * w + sx];
                } else if let Some((before, after)) = self.beside(axis, at, x, y) {
                    // A wall cut across stays closed: a room grows, it does not open.
                    if before == b'#' && after == b'#' {
                        cells[y * nw + x] = b'#';
                    }
                }
            }
        }
        // Move the spinners with their hubs; a hub deleted takes its spinner with it.
        let at = at as i32;
        self.spinners.retain_mut(|s| {
            let k = if axis == Axis::Row {
                &mut s.hub.y
            } else {
                &mut s.hub.x
            };
            match (insert, (*k).cmp(&at)) {
                (_, std::cmp::Ordering::Less) => true,
                (true, _) => {
                    *k += 1;
                    true
                }
                (false, std::cmp::Ordering::Equal) => false,
                (false, std::cmp::Ordering::Greater) => {
                    *k -= 1;
                    true
                }
            }
        });
        self.width = nw;
        self.height = nh;
        self.cells = cells;
        self.sync_spinners();
        Ok(())
    }

    /// Sets the spinner at `hub`'s length, speed and starting angle.
    ///
    /// # Errors
    /// When there is no `%` hub at `hub`.
    pub fn set_spinner(&mut self, spinner: Spinner) -> Result<(), EditError> {
        let slot = self
            .spinners
            .iter_mut()
            .find(|s| s.hub == spinner.hub)
            .ok_or(EditError::NoHub)?;
        *slot = spinner;
        Ok(())
    }

    /// Keeps one spinner per hub, in board order: a new hub gets the defaults, a spinner
    /// whose hub is gone is dropped.
    fn sync_spinners(&mut self) {
        let old = std::mem::take(&mut self.spinners);
        for (i, &c) in self.cells.iter().enumerate() {
            if c == b'%' {
                let hub = self.pos_of(i);
                let kept = old.iter().find(|s| s.hub == hub).copied();
                self.spinners.push(kept.unwrap_or(Spinner::at(hub)));
            }
        }
    }

    /// The rows as text, top to bottom, each `width` characters.
    pub fn rows(&self) -> impl Iterator<Item = &str> {
        self.cells
            .chunks(self.width)
            // The cells hold ASCII only.
            .map(|row| std::str::from_utf8(row).unwrap_or(""))
    }
}

/// Rows or columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Axis {
    Row,
    Column,
}
