//! Printing a level back as text: the board in standard XSB (with sokoshot's letters), then
//! its settings lines right under it, so that reading the text again gives the same level.
//!
//! A row with nothing but floor in the middle of a board is printed as `-` (a blank line
//! would end the board). Line breaks inside a title, author or setting are printed as
//! spaces; a comment of several lines is printed as a `Comment:` … `Comment-End:` block.

use std::fmt;

use super::{Level, Pos, Slope, Tile};

impl Level {
    /// The character that shows cell `pos` in a level file.
    #[must_use]
    pub fn glyph(&self, pos: Pos) -> char {
        let tile = self.tile(pos);
        let on_goal = tile == Tile::Goal;
        if self.player == pos {
            return if on_goal { '+' } else { '@' };
        }
        if self.boxes.binary_search(&pos).is_ok() {
            return if on_goal { '*' } else { '$' };
        }
        if self.enemies.binary_search(&pos).is_ok() {
            return 'E';
        }
        match tile {
            Tile::Floor => ' ',
            Tile::Goal => '.',
            Tile::Wall => '#',
            Tile::Hub => '%',
            Tile::Slope(Slope::TopLeft) => 'F',
            Tile::Slope(Slope::TopRight) => '7',
            Tile::Slope(Slope::BottomLeft) => 'L',
            Tile::Slope(Slope::BottomRight) => 'J',
        }
    }

    /// The board alone, one line per row, as it is written in a level file.
    #[must_use]
    pub fn board_text(&self) -> String {
        let mut out = String::new();
        let mut row = String::new();
        for y in 0..self.height {
            row.clear();
            row.extend((0..self.width).map(|x| self.glyph(Pos::new(x, y))));
            let trimmed = row.trim_end();
            out.push_str(if trimmed.is_empty() { "-" } else { trimmed });
            out.push('\n');
        }
        out
    }
}

/// A value printed on one line: line breaks become spaces.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

/// Prints the level as text that [`Level::from_str`](std::str::FromStr) reads back to the
/// same level: the board, then `Title:`, `Author:`, `Chapter:`, `Comment:`, `Spinner:`, `Shots:`,
/// `Solution:` and any unknown settings, each on its own line.
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_text())?;
        if let Some(title) = &self.title {
            writeln!(f, "Title: {}", one_line(title))?;
        }
        if let Some(author) = &self.author {
            writeln!(f, "Author: {}", one_line(author))?;
        }
        if let Some(chapter) = &self.chapter {
            writeln!(f, "Chapter: {}", one_line(chapter))?;
        }
        for comment in &self.comments {
            if comment.contains('\n') {
                writeln!(f, "Comment:\n{comment}\nComment-End:")?;
            } else {
                writeln!(f, "Comment: {comment}")?;
            }
        }
        for s in &self.spinners {
            writeln!(
                f,
                "Spinner: {},{} length={} speed={} angle={}{}",
                s.hub.x,
                s.hub.y,
                s.length,
                s.speed,
                s.angle,
                if s.pushes { " pushes" } else { "" }
            )?;
        }
        if let Some(n) = self.shot_limit {
            writeln!(f, "Shots: {n}")?;
        }
        if let Some(moves) = &self.solution {
            writeln!(f, "Solution: {}", one_line(moves))?;
        }
        for moves in &self.more_solutions {
            writeln!(f, "Solution: {}", one_line(moves))?;
        }
        for (key, value) in &self.unknown_settings {
            writeln!(f, "{key}: {}", one_line(value))?;
        }
        Ok(())
    }
}
