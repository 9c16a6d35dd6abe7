//! One byte per cell holding all a flying shot asks of it: the fixed solid there (a wall or
//! which slope), whether a box or an enemy stands on it, and whether any spinner's bar can
//! reach it. Packing it keeps the table small (32 KiB for 256×128) so that it stays in cache
//! while thousands of shots look cells up at random.

use crate::level::{Slope, Tile};

/// What stands on a cell besides the fixed tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Occupant {
    /// Nothing.
    #[default]
    Empty,
    /// A box.
    Box,
    /// An enemy.
    Enemy,
}

/// The fixed solid of a cell, as shots see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fixed {
    /// A wall.
    Wall,
    /// A slope of this kind.
    Slope(Slope),
}

/// A cell packed into a byte; the all-zero byte is open floor with nothing on or near it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct CellByte(u8);

/// Low three bits: 0 open, 1 wall, 2..=5 the slopes `F 7 L J`.
const KIND: u8 = 0b111;
const BOX: u8 = 1 << 3;
const ENEMY: u8 = 1 << 4;
const SPINNERS: u8 = 1 << 5;
const SLOPES: [Slope; 4] = [
    Slope::TopLeft,
    Slope::TopRight,
    Slope::BottomLeft,
    Slope::BottomRight,
];

impl CellByte {
    /// The fixed part of a cell: its tile, and whether some spinner's bar can reach it.
    pub(crate) fn fixed(tile: Tile, spinners: bool) -> Self {
        let kind = match tile {
            Tile::Floor | Tile::Goal | Tile::Hub => 0,
            Tile::Wall => 1,
            Tile::Slope(slope) => 2 + SLOPES.iter().position(|&s| s == slope).unwrap_or(0) as u8,
        };
        Self(kind | if spinners { SPINNERS } else { 0 })
    }

    /// The same cell with `who` standing on it.
    pub(crate) fn with_occupant(self, who: Occupant) -> Self {
        let fixed = self.0 & !(BOX | ENEMY);
        Self(match who {
            Occupant::Empty => fixed,
            Occupant::Box => fixed | BOX,
            Occupant::Enemy => fixed | ENEMY,
        })
    }

    /// Who stands on the cell.
    #[inline]
    pub(crate) fn occupant(self) -> Occupant {
        if self.0 & BOX != 0 {
            Occupant::Box
        } else if self.0 & ENEMY != 0 {
            Occupant::Enemy
        } else {
            Occupant::Empty
        }
    }

    /// The wall or slope in the cell, if any.
    #[inline]
    pub(crate) fn solid(self) -> Option<Fixed> {
        match self.0 & KIND {
            0 => None,
            1 => Some(Fixed::Wall),
            k => SLOPES.get(usize::from(k - 2)).map(|&s| Fixed::Slope(s)),
        }
    }

    /// Whether some spinner's bar can reach the cell.
    #[inline]
    pub(crate) fn has_spinners(self) -> bool {
        self.0 & SPINNERS != 0
    }

    /// Whether a shot here meets nothing: open floor, nobody on it, no bar within reach.
    #[inline]
    pub(crate) fn is_clear(self) -> bool {
        self.0 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_and_occupant_packs_and_unpacks() {
        let tiles = [
            (Tile::Floor, None),
            (Tile::Goal, None),
            (Tile::Hub, None),
            (Tile::Wall, Some(Fixed::Wall)),
        ]
        .into_iter()
        .chain(SLOPES.map(|s| (Tile::Slope(s), Some(Fixed::Slope(s)))));
        for (tile, solid) in tiles {
            for spinners in [false, true] {
                for who in [Occupant::Empty, Occupant::Box, Occupant::Enemy] {
                    let cell = CellByte::fixed(tile, spinners).with_occupant(who);
                    assert_eq!(cell.solid(), solid, "{tile:?}");
                    assert_eq!(cell.has_spinners(), spinners);
                    assert_eq!(cell.occupant(), who);
                    assert_eq!(
                        cell.is_clear(),
                        solid.is_none() && !spinners && who == Occupant::Empty
                    );
                    assert_eq!(
                        cell.with_occupant(Occupant::Empty).occupant(),
                        Occupant::Empty
                    );
                }
            }
        }
    }
}
