//! Positions inside a cell, drawn as braille dots.
//!
//! A board cell is two terminal columns wide and one row high; a braille character is a grid
//! of 2 × 4 dots, so each cell holds 4 × 4 dots, each a quarter of a cell on a side. A point in
//! world units lands on the dot whose square contains it. The ASCII look draws each column of
//! a bar as the character nearest in shape to its dots (see the board view).

use sokoshot_core::geom::{Obb, Vec2};

/// Dots per cell along each axis.
pub const DOTS_PER_CELL: f32 = 4.0;

/// The braille bit of the dot at column `dx` (0..2) and row `dy` (0..4) of a character.
pub const BRAILLE_BITS: [[u8; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];

/// The braille character with the dots in `bits` raised (bit layout as in Unicode's braille
/// block: dots 1-2-3 down the left column, 4-5-6 down the right, 7 and 8 at the bottom).
#[must_use]
pub fn braille(bits: u8) -> char {
    char::from_u32(0x2800 + u32::from(bits)).unwrap_or(' ')
}

/// A grid of dots over a board, one byte of braille bits per terminal column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DotLayer {
    columns: usize,
    rows: usize,
    bits: Vec<u8>,
}

impl DotLayer {
    /// An empty layer over a board of `width × height` cells.
    #[must_use]
    pub fn new(width: i32, height: i32) -> Self {
        let columns = usize::try_from(width.max(0)).unwrap_or(0) * 2;
        let rows = usize::try_from(height.max(0)).unwrap_or(0);
        Self {
            columns,
            rows,
            bits: vec![0; columns * rows],
        }
    }

    /// Raises the dot under the world point `p`; points off the board are ignored.
    pub fn plot(&mut self, p: Vec2) {
        let (x, y) = ((p.x * DOTS_PER_CELL).floor(), (p.y * DOTS_PER_CELL).floor());
        if !(x.is_finite() && y.is_finite() && x >= 0.0 && y >= 0.0) {
            return;
        }
        // Both are finite and non-negative; the casts saturate on huge values, which the
        // bounds check below then rejects.
        let (x, y) = (x as usize, y as usize);
        let (column, row) = (x / 2, y / 4);
        if column < self.columns && row < self.rows {
            self.bits[row * self.columns + column] |= BRAILLE_BITS[x % 2][y % 4];
        }
    }

    /// Raises every dot whose centre lies strictly within `obb` grown by half a dot on each
    /// side, so a bar thinner than a dot still draws as an unbroken line.
    pub fn fill_obb(&mut self, obb: &Obb) {
        let grow = 0.5 / DOTS_PER_CELL;
        let corners = obb.corners();
        let lo = corners.iter().fold(Vec2::INFINITY, |m, &c| m.min(c)) - grow;
        let hi = corners.iter().fold(Vec2::NEG_INFINITY, |m, &c| m.max(c)) + grow;
        let max = Vec2::new(self.columns as f32 / 2.0, self.rows as f32);
        let (lo, hi) = (lo.max(Vec2::ZERO), hi.min(max));
        if !(lo.is_finite() && hi.is_finite()) {
            return;
        }
        let [ux, uy] = obb.axes();
        let reach = obb.half_size + grow;
        let step = 1.0 / DOTS_PER_CELL;
        let mut y = (lo.y * DOTS_PER_CELL).floor() * step + step / 2.0;
        while y < hi.y {
            let mut x = (lo.x * DOTS_PER_CELL).floor() * step + step / 2.0;
            while x < hi.x {
                let d = Vec2::new(x, y) - obb.center;
                if d.dot(ux).abs() < reach.x && d.dot(uy).abs() < reach.y {
                    self.plot(Vec2::new(x, y));
                }
                x += step;
            }
            y += step;
        }
    }

    /// The braille bits of terminal column `column` (0-based from the board's left edge) in
    /// row `row`; 0 when no dot is raised there or it is off the board.
    #[must_use]
    pub fn bits(&self, column: usize, row: usize) -> u8 {
        if column < self.columns && row < self.rows {
            self.bits[row * self.columns + column]
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_land_on_the_dot_of_their_quarter_cell() {
        // (point, column, row, bits)
        let cases = [
            ("top-left of cell 0,0", Vec2::new(0.1, 0.1), 0, 0, 0x01),
            ("second dot across", Vec2::new(0.3, 0.1), 0, 0, 0x08),
            (
                "third dot across is the next column",
                Vec2::new(0.6, 0.1),
                1,
                0,
                0x01,
            ),
            ("bottom row of the cell", Vec2::new(0.1, 0.9), 0, 0, 0x40),
            ("bottom-right dot", Vec2::new(0.99, 0.99), 1, 0, 0x80),
            ("cell 1,2 centre", Vec2::new(1.5, 2.5), 3, 2, 0x04),
        ];
        for (name, p, column, row, bits) in cases {
            let mut layer = DotLayer::new(3, 3);
            layer.plot(p);
            assert_eq!(layer.bits(column, row), bits, "{name}");
            let total: u32 = layer.bits.iter().map(|b| b.count_ones()).sum();
            assert_eq!(total, 1, "{name}: exactly one dot");
        }
    }

    #[test]
    fn points_off_the_board_are_ignored() {
        let mut layer = DotLayer::new(2, 2);
        for p in [
            Vec2::new(-0.1, 0.5),
            Vec2::new(2.0, 0.5),
            Vec2::new(0.5, 2.0),
            Vec2::new(f32::NAN, 0.5),
            Vec2::new(f32::INFINITY, 0.5),
            Vec2::new(1e30, 1e30),
        ] {
            layer.plot(p);
        }
        assert!(layer.bits.iter().all(|&b| b == 0));
    }

    #[test]
    fn a_level_bar_draws_an_unbroken_row_of_dots() {
        let mut layer = DotLayer::new(3, 3);
        // A bar three cells long and 0.2 thick through the middle of the board.
        layer.fill_obb(&Obb::new(Vec2::new(1.5, 1.5), Vec2::new(3.0, 0.2), 0.0));
        for column in 0..6 {
            assert_ne!(layer.bits(column, 1), 0, "column {column}");
            assert_eq!(layer.bits(column, 0), 0, "row above is clear");
            assert_eq!(layer.bits(column, 2), 0, "row below is clear");
        }
    }

    #[test]
    fn an_upright_bar_draws_in_its_own_columns_only() {
        let mut layer = DotLayer::new(3, 3);
        layer.fill_obb(&Obb::new(
            Vec2::new(1.5, 1.5),
            Vec2::new(3.0, 0.2),
            std::f32::consts::FRAC_PI_2,
        ));
        for row in 0..3 {
            assert_ne!(layer.bits(2, row) | layer.bits(3, row), 0, "row {row}");
            for column in [0, 1, 4, 5] {
                assert_eq!(layer.bits(column, row), 0, "column {column} row {row}");
            }
        }
    }

    #[test]
    fn braille_characters_are_the_unicode_block() {
        assert_eq!(braille(0), '\u{2800}');
        assert_eq!(braille(0xff), '\u{28ff}');
        assert_eq!(braille(0x01), '⠁');
    }
}
