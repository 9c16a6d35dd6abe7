//! Paths for pointing and clicking: the shortest walk to a cell, and the pushes (with the
//! walks between them) that take one box to a cell. Both are found on the world as it stands,
//! by its own rules ([`World::apply`] decides every step when they are played), and come back
//! as letters of the replay alphabet, so a path can be played, shown or saved like any other
//! moves.
//!
//! [`World::apply_path`] plays a path of steps and pushes as one command: one undo step, or
//! nothing at all.
//!
//! Limits: a walk is a breadth-first search over the board's cells (at most
//! [`MAX_SIDE`](crate::level::MAX_SIDE)² of them). A push path searches positions of the one
//! box with the player beside it, filling the player's reach once per position; the cells
//! visited in all are capped at [`MAX_PATH_WORK`], beyond which the answer is
//! [`PathError::TooFar`].

use std::collections::VecDeque;

use crate::level::Pos;

use super::World;
use super::command::{Dir, Outcome, RuleError};
use super::replay::Move;

/// The most cells a push-path search visits (over all its fills of the player's reach)
/// before it gives up.
pub const MAX_PATH_WORK: usize = 8_000_000;

/// Why no path was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// The player cannot walk there without pushing something.
    #[error("the player cannot walk there")]
    Unreachable,
    /// There is no box on the cell a push path starts from.
    #[error("there is no box there")]
    NoBox,
    /// The box cannot be pushed there.
    #[error("that box cannot be pushed there")]
    NoPushPath,
    /// The search visited [`MAX_PATH_WORK`] cells without an answer.
    #[error("no push path found within {MAX_PATH_WORK} cells searched")]
    TooFar,
}

/// The board as a path search sees it: where the player may stand and where the moving box
/// may go, every other box fixed in place.
struct Grid {
    width: i32,
    height: i32,
    /// The player's disk fits here and no other box stands here.
    walkable: Vec<bool>,
    /// The moving box may stand here.
    box_ok: Vec<bool>,
}

impl Grid {
    /// The board of `world`, with the box on `moving` (if any) taken out of it.
    fn new(world: &World, moving: Option<Pos>) -> Self {
        let level = world.level();
        let (width, height) = (level.width, level.height);
        let cells = (0..height).flat_map(|y| (0..width).map(move |x| Pos::new(x, y)));
        let mut walkable = Vec::with_capacity(level.tiles.len());
        let mut box_ok = Vec::with_capacity(level.tiles.len());
        for pos in cells {
            let other_box = world.box_at(pos) && Some(pos) != moving;
            walkable.push(!other_box && world.solid_for_player(pos).is_none());
            box_ok.push(!other_box && world.solid_for_box_but_boxes(pos).is_none());
        }
        Self {
            width,
            height,
            walkable,
            box_ok,
        }
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        ((0..self.width).contains(&pos.x) && (0..self.height).contains(&pos.y))
            .then(|| (pos.y * self.width + pos.x) as usize)
    }

    /// Whether the player may stand on `pos` while the moving box stands on `box_at`.
    fn can_walk(&self, pos: Pos, box_at: Pos) -> bool {
        pos != box_at && self.index(pos).is_some_and(|i| self.walkable[i])
    }

    fn box_may_stand(&self, pos: Pos) -> bool {
        self.index(pos).is_some_and(|i| self.box_ok[i])
    }

    /// Breadth-first search from `from` with the moving box on `box_at`: for each cell
    /// reached, the direction of the step that reached it first (`from` itself holds
    /// `Some(Dir::Up)`, meaning only "reached"). Stops early at `goal`.
    fn reach(&self, from: Pos, box_at: Pos, goal: Option<Pos>) -> Vec<Option<Dir>> {
        let mut came = vec![None; self.walkable.len()];
        let Some(start) = self.index(from) else {
            return came;
        };
        came[start] = Some(Dir::Up);
        let mut queue = VecDeque::from([from]);
        while let Some(at) = queue.pop_front() {
            if Some(at) == goal {
                break;
            }
            for dir in Dir::ALL {
                let next = dir.step_from(at);
                if let Some(i) = self.index(next)
                    && came[i].is_none()
                    && self.can_walk(next, box_at)
                {
                    came[i] = Some(dir);
                    queue.push_back(next);
                }
            }
        }
        came
    }

    /// The steps from `from` to `to` found by [`Grid::reach`], or `None` if `to` was not
    /// reached.
    fn walk(&self, from: Pos, to: Pos, box_at: Pos) -> Option<Vec<Move>> {
        if from == to {
            return Some(Vec::new());
        }
        let came = self.reach(from, box_at, Some(to));
        let mut steps = Vec::new();
        let mut at = to;
        while at != from {
            let dir = came[self.index(at)?]?;
            steps.push(Move::Step(dir));
            at = back(dir).step_from(at);
        }
        steps.reverse();
        Some(steps)
    }
}

/// The opposite direction.
fn back(dir: Dir) -> Dir {
    match dir {
        Dir::Left => Dir::Right,
        Dir::Right => Dir::Left,
        Dir::Up => Dir::Down,
        Dir::Down => Dir::Up,
    }
}

/// Where no box stands: a cell off every board, so the player may go anywhere.
const NO_BOX: Pos = Pos::new(-1, -1);

impl World {
    /// The shortest walk (fewest steps, no pushes) from the player to `to`; empty when the
    /// player already stands there.
    ///
    /// # Errors
    /// [`PathError::Unreachable`] when no walk gets there.
    pub fn walk_path(&self, to: Pos) -> Result<Vec<Move>, PathError> {
        Grid::new(self, None)
            .walk(self.player(), to, NO_BOX)
            .ok_or(PathError::Unreachable)
    }

    /// The pushes that take the box on `from` to `to`, fewest pushes first and the walks
    /// between them shortest, other boxes staying where they are. Empty when `from == to`.
    ///
    /// # Errors
    /// [`PathError::NoBox`] when no box stands on `from`, [`PathError::NoPushPath`] when it
    /// cannot be pushed to `to`, [`PathError::TooFar`] when the search ran out of work.
    pub fn push_path(&self, from: Pos, to: Pos) -> Result<Vec<Move>, PathError> {
        if !self.box_at(from) {
            return Err(PathError::NoBox);
        }
        let grid = Grid::new(self, Some(from));
        let pushes = push_search(&grid, self.player(), from, to)?;
        let mut moves = Vec::new();
        let (mut player, mut box_at) = (self.player(), from);
        for dir in pushes {
            let behind = back(dir).step_from(box_at);
            moves.extend(
                grid.walk(player, behind, box_at)
                    .ok_or(PathError::NoPushPath)?,
            );
            moves.push(Move::Push(dir));
            player = box_at;
            box_at = dir.step_from(box_at);
        }
        Ok(moves)
    }

    /// Plays the letters of `path` one after the other, each followed by `step_ticks` ticks
    /// (the body of [`World::apply_path`] and [`World::play_path`]); stops at the first that
    /// cannot be played as written.
    pub(super) fn walk_letters(
        &mut self,
        path: &[Move],
        step_ticks: u32,
    ) -> Result<Outcome, RuleError> {
        if path.is_empty() {
            return Err(RuleError::NothingToPlay);
        }
        for (i, &letter) in path.iter().enumerate() {
            let fits = match letter {
                Move::Step(dir) => matches!(self.step(dir), Ok(Outcome::Moved { .. })),
                Move::Push(dir) => matches!(self.step(dir), Ok(Outcome::Pushed { .. })),
                Move::Fire | Move::Wait => false,
            };
            if !fits {
                return Err(RuleError::PathBlocked { at: i + 1 });
            }
            self.pass(step_ticks);
        }
        let moves = u32::try_from(path.len()).unwrap_or(u32::MAX);
        let pushes = path.iter().filter(|m| matches!(m, Move::Push(_))).count();
        Ok(Outcome::Walked {
            moves,
            pushes: u32::try_from(pushes).unwrap_or(u32::MAX),
        })
    }
}

/// Breadth-first search over the moving box's positions with the player beside it: the
/// directions of the fewest pushes that take the box from `from` to `to`.
fn push_search(grid: &Grid, player: Pos, from: Pos, to: Pos) -> Result<Vec<Dir>, PathError> {
    if from == to {
        return Ok(Vec::new());
    }
    let cells = grid.walkable.len();
    let node = |pos: Pos, dir: Dir| grid.index(pos).map(|i| i * 4 + dir as usize);
    // For each (box cell, direction of the push that brought it there): the push before.
    let mut parent: Vec<Option<(Pos, Dir, Option<Dir>)>> = vec![None; cells * 4];
    let mut queue = VecDeque::new();
    let mut work = 0usize;
    // The start: the box where it is, the player where it is.
    let mut expand = |box_at: Pos,
                      player: Pos,
                      came_by: Option<Dir>,
                      queue: &mut VecDeque<(Pos, Dir)>,
                      parent: &mut Vec<Option<(Pos, Dir, Option<Dir>)>>|
     -> Result<Option<Dir>, PathError> {
        let reach = grid.reach(player, box_at, None);
        work += cells;
        if work > MAX_PATH_WORK {
            return Err(PathError::TooFar);
        }
        let reached = |pos: Pos| grid.index(pos).is_some_and(|i| reach[i].is_some());
        for dir in Dir::ALL {
            let behind = back(dir).step_from(box_at);
            let ahead = dir.step_from(box_at);
            let Some(n) = node(ahead, dir) else { continue };
            if !reached(behind)
                || !grid.box_may_stand(ahead)
                || !grid.can_walk(box_at, NO_BOX)
                || parent[n].is_some()
            {
                continue;
            }
            parent[n] = Some((box_at, dir, came_by));
            if ahead == to {
                return Ok(Some(dir));
            }
            queue.push_back((ahead, dir));
        }
        Ok(None)
    };
    let mut last = expand(from, player, None, &mut queue, &mut parent)?;
    while last.is_none() {
        let Some((box_at, dir)) = queue.pop_front() else {
            return Err(PathError::NoPushPath);
        };
        let player = back(dir).step_from(box_at);
        last = expand(box_at, player, Some(dir), &mut queue, &mut parent)?;
    }
    let mut pushes = Vec::new();
    let (mut at, mut dir) = (to, last);
    while let Some(d) = dir {
        let Some((before, _, came_by)) = node(at, d).and_then(|n| parent[n]) else {
            break;
        };
        pushes.push(d);
        at = before;
        dir = came_by;
    }
    pushes.reverse();
    Ok(pushes)
}
