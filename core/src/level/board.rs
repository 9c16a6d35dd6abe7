//! Turning board rows into a grid of tiles and the things standing on it, remembering for
//! every cell where in the file it came from.
//!
//! The grid is normalised so that printing it gives the same grid back: floor at the end of
//! a row is dropped (the row is padded with floor to the board's width), and rows made only
//! of floor at the top or bottom of a run-length board are dropped.

use super::problems::Problems;
use super::rle::{self, Cell};
use super::{LevelError, MAX_SIDE, Pos, Slope, Tile};

/// A problem at a place in the file: line, column, what.
pub(crate) type Problem = (usize, usize, LevelError);

/// One board row as read: its line, its cells with their source columns.
struct SourceRow {
    /// Line number the row comes from.
    line: usize,
    /// The cells, each with the 1-based column that produced it.
    cells: Vec<Cell>,
}

/// A board read from the file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Board {
    /// Width in cells.
    pub width: i32,
    /// Height in cells.
    pub height: i32,
    /// Tiles, row-major.
    pub tiles: Vec<Tile>,
    /// Every player found, in board order.
    pub players: Vec<Pos>,
    /// Boxes, in board order.
    pub boxes: Vec<Pos>,
    /// Enemies, in board order.
    pub enemies: Vec<Pos>,
    /// Hubs, in board order.
    pub hubs: Vec<Pos>,
    /// For each row, its line and the source column of each cell.
    sources: Vec<(usize, Vec<u32>)>,
    /// Line of the board's first row.
    pub first_line: usize,
}

impl Board {
    /// The line and column a cell came from (for cells past the end of a row, just after it).
    pub fn source(&self, pos: Pos) -> (usize, usize) {
        let y = usize::try_from(pos.y).unwrap_or(0);
        let x = usize::try_from(pos.x).unwrap_or(0);
        match self.sources.get(y) {
            Some((line, cols)) => {
                let col = cols.get(x).map_or_else(
                    || cols.last().map_or(1, |c| *c as usize + 1),
                    |c| *c as usize,
                );
                (*line, col)
            }
            None => (self.first_line, 1),
        }
    }

    /// The tile at `pos`, `None` off the board.
    pub fn tile(&self, pos: Pos) -> Option<Tile> {
        self.index(pos).map(|i| self.tiles[i])
    }

    /// The row-major index of `pos`, `None` off the board.
    pub fn index(&self, pos: Pos) -> Option<usize> {
        let inside = (0..self.width).contains(&pos.x) && (0..self.height).contains(&pos.y);
        inside.then(|| (pos.y * self.width + pos.x) as usize)
    }
}

/// Reads the rows of one board, at most `budget` cells in all.
///
/// Returns the board and the problems with single cells (unknown characters, digits), or
/// the problem that keeps the board from being read at all.
pub(crate) fn build(rows: &[(usize, &str)], budget: usize) -> Result<(Board, Problems), Problem> {
    let first_line = rows.first().map_or(1, |r| r.0);
    let mut source = read_rows(rows, budget)?;
    for row in &mut source {
        let keep = row
            .cells
            .iter()
            .rposition(|&(c, _)| !is_blank(c))
            .map_or(0, |p| p + 1);
        row.cells.truncate(keep);
    }
    let top = source.iter().position(|r| !r.cells.is_empty()).unwrap_or(0);
    let bottom = source
        .iter()
        .rposition(|r| !r.cells.is_empty())
        .map_or(0, |p| p + 1);
    let source = source.drain(top..bottom.max(top)).collect::<Vec<_>>();
    let width = source.iter().map(|r| r.cells.len()).max().unwrap_or(0);
    let height = source.len();
    if width > MAX_SIDE || height > MAX_SIDE || width * height > budget {
        return Err(too_big(first_line, width, height));
    }
    Ok(fill(source, width, first_line))
}

/// Whether a character is floor with nothing on it.
fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '-' | '_')
}

/// The too-big problem for a board.
fn too_big(line: usize, width: usize, height: usize) -> Problem {
    (line, 1, LevelError::BoardTooBig { width, height })
}

/// Reads plain and run-length rows into cells with their source columns, refusing a board
/// past [`MAX_SIDE`] cells wide or `budget` cells (row ends included) before it is held.
fn read_rows(rows: &[(usize, &str)], budget: usize) -> Result<Vec<SourceRow>, Problem> {
    let first_line = rows.first().map_or(1, |r| r.0);
    let mut out: Vec<SourceRow> = Vec::new();
    let mut used = 0usize;
    let mut widest = 0usize;
    let mut tall = Height {
        first_line,
        first: None,
    };
    for &(line, text) in rows {
        if text.contains('|') {
            // Run-length text can stand for far more cells than it has characters: cap it.
            let left = budget.saturating_sub(used);
            let expanded = rle::expand(text, left).map_err(|p| {
                if p.too_wide {
                    let (width, height) = measured_size(rows, budget);
                    too_big(first_line, width, height)
                } else {
                    (line, p.col, LevelError::BadRunLength { reason: p.reason })
                }
            })?;
            for cells in expanded {
                used = used.saturating_add(cells.len() + 1);
                widest = widest.max(cells.len());
                out.push(SourceRow { line, cells });
                tall.row(&out)
                    .map_err(|_| too_big_plain(rows, first_line, widest, out.len()))?;
            }
        } else {
            // Floor at the end of a row is dropped anyway; what is left must fit.
            let kept = text.trim_end_matches(is_blank);
            let width = kept.chars().count();
            if width > MAX_SIDE {
                return Err(too_big_plain(rows, first_line, width, out.len() + 1));
            }
            used = used.saturating_add(width + 1);
            widest = widest.max(width);
            out.push(SourceRow {
                line,
                cells: kept.chars().zip(1u32..).collect(),
            });
            tall.row(&out)
                .map_err(|_| too_big_plain(rows, first_line, widest, out.len()))?;
        }
        if used > budget {
            return Err(too_big_plain(rows, first_line, widest, out.len()));
        }
    }
    Ok(out)
}

/// The size of a board measured from its text, run-length rows measured without being
/// expanded (each row counted, even an empty one at the top or bottom).
fn measured_size(rows: &[(usize, &str)], budget: usize) -> (usize, usize) {
    rows.iter().fold((0, 0), |(width, height), (_, text)| {
        let (w, h) = if text.contains('|') {
            rle::measure_line(text, budget).unwrap_or((0, 1))
        } else {
            (text.trim_end_matches(is_blank).chars().count(), 1)
        };
        (width.max(w), height + h)
    })
}

/// The too-big problem for a board found too big while reading it: a board of plain rows is
/// measured whole (without holding it), one with run-length rows as far as it was read.
fn too_big_plain(rows: &[(usize, &str)], line: usize, width: usize, height: usize) -> Problem {
    if rows.iter().any(|(_, t)| t.contains('|')) {
        return too_big(line, width, height);
    }
    let widest = rows
        .iter()
        .map(|(_, t)| t.trim_end_matches(is_blank).chars().count())
        .max()
        .unwrap_or(0);
    too_big(line, widest, rows.len())
}

/// Keeps a board's height (from its first row holding anything to its last) within
/// [`MAX_SIDE`] while its rows are read.
struct Height {
    /// Line of the board, for the problem.
    first_line: usize,
    /// Index of the first row holding anything.
    first: Option<usize>,
}

impl Height {
    /// Takes the row just read into account.
    fn row(&mut self, rows: &[SourceRow]) -> Result<(), Problem> {
        let last = rows.len() - 1;
        if rows[last].cells.iter().all(|&(c, _)| is_blank(c)) {
            return Ok(());
        }
        let first = *self.first.get_or_insert(last);
        let height = last - first + 1;
        if height > MAX_SIDE {
            let width = rows[first..]
                .iter()
                .map(|r| r.cells.len())
                .max()
                .unwrap_or(0);
            return Err((
                self.first_line,
                1,
                LevelError::BoardTooBig { width, height },
            ));
        }
        Ok(())
    }
}

/// What one board character puts in its cell.
enum Glyph {
    /// Just a tile.
    Tile(Tile),
    /// The player on a tile.
    Player(Tile),
    /// A box on a tile.
    Box(Tile),
    /// An enemy on floor.
    Enemy,
}

/// Reads one board character, `None` when it means nothing.
fn glyph(c: char) -> Option<Glyph> {
    Some(match c {
        ' ' | '-' | '_' => Glyph::Tile(Tile::Floor),
        '#' => Glyph::Tile(Tile::Wall),
        '.' => Glyph::Tile(Tile::Goal),
        '@' | 'p' => Glyph::Player(Tile::Floor),
        '+' | 'P' => Glyph::Player(Tile::Goal),
        '$' | 'b' => Glyph::Box(Tile::Floor),
        '*' | 'B' => Glyph::Box(Tile::Goal),
        'E' => Glyph::Enemy,
        'F' => Glyph::Tile(Tile::Slope(Slope::TopLeft)),
        '7' => Glyph::Tile(Tile::Slope(Slope::TopRight)),
        'L' => Glyph::Tile(Tile::Slope(Slope::BottomLeft)),
        'J' => Glyph::Tile(Tile::Slope(Slope::BottomRight)),
        '%' => Glyph::Tile(Tile::Hub),
        _ => return None,
    })
}

/// Lays the cells out on a `width`-wide grid, collecting cell problems.
fn fill(source: Vec<SourceRow>, width: usize, first_line: usize) -> (Board, Problems) {
    let height = source.len();
    let mut board = Board {
        width: i32::try_from(width).unwrap_or(i32::MAX),
        height: i32::try_from(height).unwrap_or(i32::MAX),
        tiles: vec![Tile::Floor; width * height],
        players: Vec::new(),
        boxes: Vec::new(),
        enemies: Vec::new(),
        hubs: Vec::new(),
        sources: Vec::with_capacity(height),
        first_line,
    };
    let mut problems = Problems::default();
    for (y, row) in source.into_iter().enumerate() {
        for (x, &(c, col)) in row.cells.iter().enumerate() {
            // Both are below MAX_SIDE, checked by the caller.
            let pos = Pos::new(x as i32, y as i32);
            let index = y * width + x;
            match glyph(c) {
                Some(Glyph::Tile(tile)) => board.tiles[index] = tile,
                Some(Glyph::Player(tile)) => {
                    board.tiles[index] = tile;
                    board.players.push(pos);
                }
                Some(Glyph::Box(tile)) => {
                    board.tiles[index] = tile;
                    board.boxes.push(pos);
                }
                Some(Glyph::Enemy) => board.enemies.push(pos),
                None => {
                    let error = if c.is_ascii_digit() {
                        LevelError::DigitInRow { ch: c }
                    } else {
                        LevelError::UnknownChar { ch: c }
                    };
                    problems.push((row.line, col as usize, error));
                }
            }
            if board.tiles[index] == Tile::Hub {
                board.hubs.push(pos);
            }
        }
        board
            .sources
            .push((row.line, row.cells.iter().map(|&(_, col)| col).collect()));
    }
    (board, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_glyph() {
        let rows = [(1, "#@$.*+#"), (2, "#pbBP-_#"), (3, "#EF7LJ%#")];
        let (board, problems) = build(&rows, 1000).expect("readable");
        assert!(problems.kept().is_empty());
        assert_eq!((board.width, board.height), (8, 3));
        assert_eq!(board.players.len(), 4);
        assert_eq!(board.boxes.len(), 4);
        assert_eq!(board.enemies, vec![Pos::new(1, 2)]);
        assert_eq!(board.hubs, vec![Pos::new(6, 2)]);
        assert_eq!(
            board.tile(Pos::new(2, 2)),
            Some(Tile::Slope(Slope::TopLeft))
        );
        assert_eq!(board.tile(Pos::new(7, 0)), Some(Tile::Floor));
    }

    #[test]
    fn cell_problems_point_at_their_column() {
        let rows = [(4, "#####"), (5, "#@X3#")];
        let (_, problems) = build(&rows, 1000).expect("readable");
        assert_eq!(
            problems.kept(),
            [
                (5, 3, LevelError::UnknownChar { ch: 'X' }),
                (5, 4, LevelError::DigitInRow { ch: '3' }),
            ]
        );
    }

    #[test]
    fn run_length_rows_are_normalised() {
        let (board, _) = build(&[(1, "3-|4#|#@$.#|4#--|2-")], 1000).expect("readable");
        assert_eq!((board.width, board.height), (5, 3));
        assert_eq!(board.source(Pos::new(1, 1)), (1, 8));
    }

    #[test]
    fn too_wide_is_refused() {
        let row = "#".repeat(MAX_SIDE + 1);
        let err = build(&[(1, row.as_str())], usize::MAX).expect_err("too wide");
        assert!(matches!(err.2, LevelError::BoardTooBig { .. }));
    }

    #[test]
    fn board_too_many_rows_is_refused_before_it_is_held() {
        let rows: Vec<(usize, &str)> = (1..=5000).map(|line| (line, "#")).collect();
        let err = build(&rows, MAX_SIDE * (MAX_SIDE + 1)).expect_err("too tall");
        assert_eq!(
            err.2,
            LevelError::BoardTooBig {
                width: 1,
                height: 5000
            }
        );
        // A long plain row with floor at its end is measured without the floor.
        let row = format!("#@$.#{}", "-".repeat(5000));
        assert!(build(&[(1, row.as_str())], MAX_SIDE * (MAX_SIDE + 1)).is_ok());
    }
}
