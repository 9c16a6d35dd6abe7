//! The fixed part of a world: tiles, the shapes of walls and slopes, the spinners' bars, and a
//! per-cell index of which spinners can reach each cell.
//!
//! Cell `(x, y)` covers `[x, x+1) × [y, y+1)`; its centre is `(x + 0.5, y + 0.5)`. Off the
//! board everything is a wall.

use crate::geom::{Aabb, Intersects, Obb, Segment, Triangle, Vec2};
use crate::level::{Level, Pos, Slope, Spinner, Tile};

use super::cell::CellByte;

/// Thickness of every spinner's bar, in cells.
pub const SPINNER_THICKNESS: f32 = 0.2;

/// How much of a cell a bar may graze without covering it, in cells: a bar covers a cell when
/// it reaches inside the cell's square shrunk by this much on every side. A bar lying along
/// a row or a column, or across a diagonal, so covers only the cells it is drawn through,
/// never a neighbour whose corner it shaves.
pub const BAR_GRAZE: f32 = 0.1;

/// The simulation rate: ticks per second.
pub const TICKS_PER_SECOND: u32 = 60;

/// The centre of cell `pos` in world units.
#[must_use]
pub fn cell_center(pos: Pos) -> Vec2 {
    Vec2::new(pos.x as f32 + 0.5, pos.y as f32 + 0.5)
}

/// The whole square of cell `pos`.
#[must_use]
pub fn cell_aabb(pos: Pos) -> Aabb {
    let min = Vec2::new(pos.x as f32, pos.y as f32);
    Aabb::new(min, min + Vec2::ONE)
}

/// The corners of a slope in cell `pos`: the right-angle corner first, then the two ends of
/// the long side.
fn slope_corners(pos: Pos, slope: Slope) -> [Vec2; 3] {
    let (x0, y0) = (pos.x as f32, pos.y as f32);
    let (x1, y1) = (x0 + 1.0, y0 + 1.0);
    let [tl, tr, bl, br] = [
        Vec2::new(x0, y0),
        Vec2::new(x1, y0),
        Vec2::new(x0, y1),
        Vec2::new(x1, y1),
    ];
    match slope {
        Slope::TopLeft => [tl, tr, bl],
        Slope::TopRight => [tr, tl, br],
        Slope::BottomLeft => [bl, tl, br],
        Slope::BottomRight => [br, tr, bl],
    }
}

/// The solid triangle of a slope in cell `pos`.
#[must_use]
pub fn slope_triangle(pos: Pos, slope: Slope) -> Triangle {
    let [corner, a, b] = slope_corners(pos, slope);
    Triangle::new(corner, a, b)
}

/// A slope's edges: the long side (which reflects shots) and the two axis-aligned legs
/// (which stop them, as a wall would).
#[must_use]
pub fn slope_edges(pos: Pos, slope: Slope) -> (Segment, [Segment; 2]) {
    let [corner, a, b] = slope_corners(pos, slope);
    (
        Segment { a, b },
        [Segment { a: corner, b: a }, Segment { a: corner, b }],
    )
}

/// A spinner's bar `ticks` simulation ticks after the level started.
///
/// The angle is worked out from the tick count (in `f64`, reduced to one turn) rather than
/// accumulated, so it never drifts and is the same however the ticks were reached.
#[must_use]
pub fn spinner_obb(spinner: &Spinner, ticks: u64) -> Obb {
    let seconds = ticks as f64 / f64::from(TICKS_PER_SECOND);
    let degrees = (f64::from(spinner.angle) + f64::from(spinner.speed) * seconds).rem_euclid(360.0);
    Obb::new(
        cell_center(spinner.hub),
        Vec2::new(spinner.length.max(0.0), SPINNER_THICKNESS),
        degrees.to_radians() as f32,
    )
}

/// Whether `bar` covers cell `pos` at this moment: the rule for what a spinner blocks.
///
/// A covered cell cannot be entered by the player or by a pushed box; the board draws
/// exactly the covered cells as barred. A bar never pushes: whatever already stands in a
/// cell when the bar turns over it stays there, and the bar sweeps over it.
#[must_use]
pub fn bar_covers(bar: &Obb, pos: Pos) -> bool {
    let cell = cell_aabb(pos);
    let inner = Aabb::new(cell.min + BAR_GRAZE, cell.max - BAR_GRAZE);
    Obb::from(inner).intersects(bar)
}

/// How far from its hub's centre a spinner's bar can reach.
fn spinner_reach(spinner: &Spinner) -> f32 {
    Vec2::new(spinner.length.max(0.0), SPINNER_THICKNESS).length() * 0.5
}

/// The fixed tiles of a level plus an index from each cell to the spinners that can reach it.
#[derive(Debug, Clone)]
pub(crate) struct Board {
    width: i32,
    height: i32,
    tiles: Vec<Tile>,
    /// `spinner_ids[spinner_start[i]..spinner_start[i + 1]]` are the spinners reaching cell `i`.
    spinner_start: Vec<u32>,
    spinner_ids: Vec<u32>,
    /// Each cell's fixed part as shots see it (tile kind, spinners within reach).
    fixed: Vec<CellByte>,
}

/// The cells `x0..=x1` × `y0..=y1`, within the board and a one-cell rim round it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CellRange {
    x0: i32,
    x1: i32,
    y0: i32,
    y1: i32,
}

impl CellRange {
    /// Every cell of the range, row by row.
    pub(crate) fn cells(self) -> impl Iterator<Item = Pos> {
        (self.y0..=self.y1).flat_map(move |y| (self.x0..=self.x1).map(move |x| Pos::new(x, y)))
    }
}

/// `v.floor()` as an integer, for the coordinates of a board (no libm call); NaN gives 0.
#[inline]
fn floor_to_i32(v: f32) -> i32 {
    let truncated = v as i32;
    if (truncated as f32) > v {
        truncated - 1
    } else {
        truncated
    }
}

impl Board {
    /// Builds the board of a level whose tile vector matches its size.
    pub(crate) fn new(level: &Level) -> Self {
        let mut board = Self {
            width: level.width,
            height: level.height,
            tiles: level.tiles.clone(),
            spinner_start: Vec::new(),
            spinner_ids: Vec::new(),
            fixed: Vec::new(),
        };
        board.index_spinners(&level.spinners);
        board.fixed = (0..board.tiles.len())
            .map(|i| CellByte::fixed(board.tiles[i], !board.spinners_at(i).is_empty()))
            .collect();
        board
    }

    fn index_spinners(&mut self, spinners: &[Spinner]) {
        let mut per_cell: Vec<Vec<u32>> = vec![Vec::new(); self.tiles.len()];
        for (id, spinner) in spinners.iter().enumerate() {
            let centre = cell_center(spinner.hub);
            let reach = spinner_reach(spinner);
            for pos in self.cells_overlapping(centre - reach, centre + reach) {
                let Some(i) = self.index(pos) else { continue };
                let nearest = centre.clamp(cell_aabb(pos).min, cell_aabb(pos).max);
                if nearest.distance_squared(centre) <= reach * reach {
                    per_cell[i].push(id as u32);
                }
            }
        }
        self.spinner_start.clear();
        self.spinner_start.push(0);
        for ids in per_cell {
            self.spinner_ids.extend(ids);
            self.spinner_start.push(self.spinner_ids.len() as u32);
        }
    }

    /// The row-major index of `pos`, if it is on the board.
    #[inline]
    pub(crate) fn index(&self, pos: Pos) -> Option<usize> {
        if (0..self.width).contains(&pos.x) && (0..self.height).contains(&pos.y) {
            Some((pos.y * self.width + pos.x) as usize)
        } else {
            None
        }
    }

    /// The tile at `pos`; off the board, a wall.
    #[inline]
    pub(crate) fn tile(&self, pos: Pos) -> Tile {
        self.index(pos).map_or(Tile::Wall, |i| self.tiles[i])
    }

    /// The spinners whose bars can reach the cell with index `i`.
    #[inline]
    pub(crate) fn spinners_at(&self, i: usize) -> &[u32] {
        &self.spinner_ids[self.spinner_start[i] as usize..self.spinner_start[i + 1] as usize]
    }

    /// The cells that the box `min..max` touches, limited to the board and a one-cell rim
    /// around it (everything further out is the same wall).
    #[inline]
    pub(crate) fn cell_range(&self, min: Vec2, max: Vec2) -> CellRange {
        let clamp_x = |v: f32| floor_to_i32(v).clamp(-1, self.width);
        let clamp_y = |v: f32| floor_to_i32(v).clamp(-1, self.height);
        CellRange {
            x0: clamp_x(min.x),
            x1: clamp_x(max.x),
            y0: clamp_y(min.y),
            y1: clamp_y(max.y),
        }
    }

    /// Every cell that the box `min..max` touches (see [`Board::cell_range`]).
    pub(crate) fn cells_overlapping(
        &self,
        min: Vec2,
        max: Vec2,
    ) -> impl Iterator<Item = Pos> + use<> {
        self.cell_range(min, max).cells()
    }

    /// The fixed part of cell `i` (nobody standing on it).
    #[inline]
    pub(crate) fn fixed(&self, i: usize) -> CellByte {
        self.fixed[i]
    }

    /// Whether every cell that the box `min..max` touches is on the board and set in
    /// `clear`.
    #[inline]
    pub(crate) fn all_clear(&self, min: Vec2, max: Vec2, clear: &CellBits) -> bool {
        let (x0, x1) = (floor_to_i32(min.x), floor_to_i32(max.x));
        let (y0, y1) = (floor_to_i32(min.y), floor_to_i32(max.y));
        if x0 < 0 || y0 < 0 || x1 >= self.width || y1 >= self.height {
            return false;
        }
        let width = self.width as usize;
        (y0 as usize..=y1 as usize).all(|y| {
            let row = y * width;
            (row + x0 as usize..=row + x1 as usize).all(|i| clear.get(i))
        })
    }
}

/// One bit per cell, row-major: small enough (a 256×128 board takes 4 KiB) to stay in the
/// nearest cache while thousands of shots look cells up in it.
#[derive(Debug, Clone, Default)]
pub(crate) struct CellBits(Vec<u64>);

impl CellBits {
    /// `cells` bits, all unset.
    pub(crate) fn new(cells: usize) -> Self {
        Self(vec![0; cells.div_ceil(64)])
    }

    /// Sets bit `i` to `value`.
    #[inline]
    pub(crate) fn set(&mut self, i: usize, value: bool) {
        let mask = 1u64 << (i % 64);
        if value {
            self.0[i / 64] |= mask;
        } else {
            self.0[i / 64] &= !mask;
        }
    }

    /// Bit `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_to_i32_agrees_with_floor() {
        for v in [
            -1.5f32, -1.0, -0.25, -0.0, 0.0, 0.3, 1.0, 1.999_999, 255.5, 1e6,
        ] {
            assert_eq!(floor_to_i32(v), v.floor() as i32, "{v}");
        }
        assert_eq!(floor_to_i32(f32::NAN), 0);
    }
}
