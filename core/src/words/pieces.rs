//! The names of the things on a board, as every screen and message writes them: the help's
//! legend, the editor's palette, the level checker's messages, the counts on the level list
//! and in the news line.

use std::fmt;

/// A thing a board can show, named once for every screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// `#`.
    Wall,
    /// ` ` (or `-`, `_`).
    Floor,
    /// `.`.
    Goal,
    /// `$`.
    Box,
    /// `*`.
    BoxOnGoal,
    /// `@`.
    Player,
    /// `+`.
    PlayerOnGoal,
    /// `E`: a shot clears it.
    Enemy,
    /// `F 7 L J`: a shot bounces off it.
    Slope,
    /// `%`: the cell a spinner's bar turns round.
    Hub,
    /// A spinner's bar, turning round its hub.
    Bar,
    /// A cell a bar covers now.
    Covered,
}

impl Piece {
    /// Every piece, in the order the help and the palette list them.
    pub const ALL: [Self; 12] = [
        Self::Wall,
        Self::Floor,
        Self::Goal,
        Self::Box,
        Self::BoxOnGoal,
        Self::Player,
        Self::PlayerOnGoal,
        Self::Enemy,
        Self::Slope,
        Self::Hub,
        Self::Bar,
        Self::Covered,
    ];

    /// The piece's name, a noun that takes the plural of [`super::count`]: `box on goal`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Wall => "wall",
            Self::Floor => "floor",
            Self::Goal => "goal",
            Self::Box => "box",
            Self::BoxOnGoal => "box on goal",
            Self::Player => "player",
            Self::PlayerOnGoal => "player on goal",
            Self::Enemy => "enemy",
            Self::Slope => "slope",
            Self::Hub => "spinner's hub",
            Self::Bar => "bar",
            Self::Covered => "covered cell",
        }
    }

    /// The name with its article, as a sentence names one: `a wall`, `an enemy`.
    #[must_use]
    pub fn a(self) -> String {
        let name = self.name();
        let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {name}")
    }

    /// `count` of this piece in words: `1 box`, `3 enemies`.
    #[must_use]
    pub fn count(self, count: impl TryInto<u64>) -> String {
        super::count(count, self.name())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_piece_has_its_own_name_article_and_plural() {
        let cases = [
            (Piece::Wall, "a wall", 2, "2 walls"),
            (Piece::Enemy, "an enemy", 3, "3 enemies"),
            (Piece::Box, "a box", 1, "1 box"),
            (Piece::Box, "a box", 0, "0 boxes"),
            (Piece::Goal, "a goal", 4, "4 goals"),
        ];
        for (piece, a, n, counted) in cases {
            assert_eq!(piece.a(), a, "{piece:?}");
            assert_eq!(piece.count(n), counted, "{piece:?}");
        }
        let mut names: Vec<&str> = Piece::ALL.iter().map(|p| p.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Piece::ALL.len(), "two pieces share a name");
    }
}
