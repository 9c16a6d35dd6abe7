//! The status line's labels, as the play screen, the solved panel and the scores view write
//! a level's figures: `Moves 12  Pushes 3  Shots 1`, `(2 left)`, `best 12/3`.

/// The label of the moves made.
pub const MOVES: &str = "Moves";
/// The label of the boxes pushed.
pub const PUSHES: &str = "Pushes";
/// The label of the shots fired.
pub const SHOTS: &str = "Shots";
/// What follows the shots fired on a level with enemies and no limit to the shots.
pub const NO_LIMIT: &str = " (no limit)";

/// The three counters with their labels: `Moves 12  Pushes 3  Shots 1`.
#[must_use]
pub fn counters(moves: u32, pushes: u32, shots: u32) -> String {
    format!("{MOVES} {moves}  {PUSHES} {pushes}  {SHOTS} {shots}")
}

/// What follows the shots fired on a level with a limit: ` (2 left)`.
#[must_use]
pub fn shots_left(left: u32) -> String {
    format!(" ({left} left)")
}

/// The best result kept for a level, moves then pushes: `best 12/3`.
#[must_use]
pub fn best(moves: u32, pushes: u32) -> String {
    format!("best {moves}/{pushes}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_read_as_the_status_line_shows_them() {
        assert_eq!(counters(12, 3, 1), "Moves 12  Pushes 3  Shots 1");
        assert_eq!(shots_left(2), " (2 left)");
        assert_eq!(best(12, 3), "best 12/3");
    }
}
