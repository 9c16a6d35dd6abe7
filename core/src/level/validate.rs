//! Checks that a board can be played: one player, as many boxes as goals, something to do,
//! walls all round the player's reach, and every loose box and empty goal within it.
//!
//! Reach is a flood fill from the player through every cell that is not solid for walking
//! (walls, slopes and hubs are; boxes and enemies are not, since they can be pushed or shot
//! away). A box can only ever stand where this fill goes, so a box off its goal outside it,
//! or an empty goal outside it, makes the level unsolvable. Boxes on goals outside it are
//! decoration and fine.

use std::collections::VecDeque;

use super::board::Board;
use super::problems::Problems;
use super::{LevelError, Pos, Tile};

/// Every problem that keeps `board` from being played, in no particular order.
pub(crate) fn check(board: &Board) -> Problems {
    let start = (board.first_line, 1);
    let mut problems = Problems::default();
    check_players(board, &mut problems);
    let goals = board.tiles.iter().filter(|t| **t == Tile::Goal).count();
    let boxes = board.boxes.len();
    if boxes != goals {
        problems.push((
            start.0,
            start.1,
            LevelError::BoxGoalMismatch { boxes, goals },
        ));
    } else if boxes == 0 && board.enemies.is_empty() {
        problems.push((start.0, start.1, LevelError::NothingToDo));
    } else if board.enemies.is_empty()
        && board
            .boxes
            .iter()
            .all(|b| board.tile(*b) == Some(Tile::Goal))
    {
        problems.push((start.0, start.1, LevelError::AlreadySolved));
    }
    if let Some(&player) = board.players.first() {
        check_reach(board, player, &mut problems);
    }
    problems
}

/// No player, or more than one.
fn check_players(board: &Board, problems: &mut Problems) {
    let Some(&first) = board.players.first() else {
        problems.push((board.first_line, 1, LevelError::NoPlayer));
        return;
    };
    let (first_line, first_col) = board.source(first);
    for &other in &board.players[1..] {
        let (line, col) = board.source(other);
        problems.push((
            line,
            col,
            LevelError::TwoPlayers {
                first_line,
                first_col,
            },
        ));
    }
}

/// Whether the player can stand on a tile (once boxes and enemies are out of the way).
fn walkable(tile: Tile) -> bool {
    matches!(tile, Tile::Floor | Tile::Goal)
}

/// The cells the player can ever reach from `player`, and the first cell (in board order)
/// from which it can step off the board.
fn reach(board: &Board, player: Pos) -> (Vec<bool>, Option<Pos>) {
    let mut seen = vec![false; board.tiles.len()];
    let mut leak: Option<Pos> = None;
    let mut queue = VecDeque::new();
    if let Some(i) = board.index(player) {
        seen[i] = true;
        queue.push_back(player);
    }
    while let Some(p) = queue.pop_front() {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let q = Pos::new(p.x + dx, p.y + dy);
            let Some(i) = board.index(q) else {
                if leak.is_none_or(|l| (p.y, p.x) < (l.y, l.x)) {
                    leak = Some(p);
                }
                continue;
            };
            if !seen[i] && walkable(board.tiles[i]) {
                seen[i] = true;
                queue.push_back(q);
            }
        }
    }
    (seen, leak)
}

/// The level is open, or a loose box or empty goal is out of reach.
fn check_reach(board: &Board, player: Pos, problems: &mut Problems) {
    let (seen, leak) = reach(board, player);
    if let Some(p) = leak {
        let (line, col) = board.source(p);
        problems.push((line, col, LevelError::Open));
    }
    let reached = |p: Pos| board.index(p).is_some_and(|i| seen[i]);
    let mut boxed = vec![false; board.tiles.len()];
    for &b in &board.boxes {
        if let Some(i) = board.index(b) {
            boxed[i] = true;
        }
        if board.tile(b) != Some(Tile::Goal) && !reached(b) {
            let (line, col) = board.source(b);
            problems.push((line, col, LevelError::UnreachableBox));
        }
    }
    for (i, tile) in board.tiles.iter().enumerate() {
        if *tile == Tile::Goal && !boxed[i] && !seen[i] {
            // The index came from a board of at most MAX_SIDE × MAX_SIDE cells.
            let pos = Pos::new(i as i32 % board.width, i as i32 / board.width);
            let (line, col) = board.source(pos);
            problems.push((line, col, LevelError::UnreachableGoal));
        }
    }
}
