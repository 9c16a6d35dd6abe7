//! Sokoban steps: walk one cell, push one box (never two, never pull), turn to face what
//! blocks the way, and run until something is in the way.
//!
//! The player is a disk of radius [`PLAYER_RADIUS`] at its cell's centre; a step is refused
//! when that disk at the target cell touches a slope's triangle. Spinners block by cells: a
//! step or a push into a cell that a bar covers right now is refused (the one rule, shared
//! with the drawing, is [`World::barred`]). Bars that turn onto a standing player or box
//! pass over them, except that a bar that pushes moves the box (see `sweep`).

use crate::geom::{Disk, Intersects};
use crate::level::{Pos, Tile};

use super::World;
use super::board::{cell_aabb, cell_center, slope_triangle};
use super::cell::Occupant;
use super::command::{Blocker, Dir, Outcome, RuleError, Solid};

/// Radius of the player's disk, in cells.
pub const PLAYER_RADIUS: f32 = 0.4;

/// What one step in a direction would do.
enum Probe {
    /// Walk into the free cell.
    Walk(Pos),
    /// Walk into the cell and push its box on to `box_to`.
    Push { to: Pos, box_to: Pos },
    /// Nothing moves.
    Blocked(Blocker),
}

impl World {
    /// One step in `dir` (see [`Command::Step`](super::Command::Step)).
    pub(super) fn step(&mut self, dir: Dir) -> Result<Outcome, RuleError> {
        match self.probe(dir) {
            Probe::Walk(to) => {
                self.walk(dir, to);
                Ok(Outcome::Moved { to })
            }
            Probe::Push { to, box_to } => {
                self.push_box(to, box_to);
                self.walk(dir, to);
                self.state.counters.pushes += 1;
                Ok(Outcome::Pushed { to, box_to })
            }
            Probe::Blocked(blocker) => self.turn(dir, blocker),
        }
    }

    /// Steps in `dir` while the way is free (see [`Command::Run`](super::Command::Run)),
    /// letting `step_ticks` ticks pass after each cell walked (or after the turn, when it
    /// walks none), so that the next cell is judged at the time it is reached.
    ///
    /// A run that walks none because a box it could push is next changes nothing: a turn
    /// there would be no step of a solution (a step in `dir` pushes), so the game played
    /// would not replay.
    pub(super) fn run(&mut self, dir: Dir, step_ticks: u32) -> Result<Outcome, RuleError> {
        let mut steps = 0;
        let stopped_by = loop {
            match self.probe(dir) {
                Probe::Walk(to) => {
                    self.walk(dir, to);
                    steps += 1;
                    self.pass(step_ticks);
                }
                Probe::Push { .. } if steps == 0 => {
                    return Err(RuleError::Blocked(Blocker::Solid(Solid::Box)));
                }
                Probe::Push { .. } => break Blocker::Solid(Solid::Box),
                Probe::Blocked(blocker) => break blocker,
            }
        };
        if steps == 0 {
            let turned = self.turn(dir, stopped_by)?;
            self.pass(step_ticks);
            return Ok(turned);
        }
        Ok(Outcome::Ran { steps, stopped_by })
    }

    /// A blocked step: turn to face it if not already facing it.
    fn turn(&mut self, dir: Dir, blocker: Blocker) -> Result<Outcome, RuleError> {
        if self.state.facing == dir {
            return Err(RuleError::Blocked(blocker));
        }
        self.state.facing = dir;
        Ok(Outcome::Turned {
            facing: dir,
            blocked_by: blocker,
        })
    }

    fn walk(&mut self, dir: Dir, to: Pos) {
        self.state.player = to;
        self.state.facing = dir;
        self.state.counters.moves += 1;
    }

    pub(super) fn push_box(&mut self, from: Pos, to: Pos) {
        if let Some(index) = self.state.boxes.iter().position(|b| *b == from) {
            self.state.boxes[index] = to;
            self.moved_box = Some((index, from));
        }
        self.set_occupant(from, Occupant::Empty);
        self.set_occupant(to, Occupant::Box);
        // A box moved onto a shot absorbs it, as a box in its path would.
        let cell = cell_aabb(to);
        self.state
            .shots
            .retain(|shot| !shot.disk().intersects(&cell));
    }

    fn probe(&self, dir: Dir) -> Probe {
        let to = dir.step_from(self.state.player);
        if let Some(solid) = self.solid_for_player(to) {
            return Probe::Blocked(Blocker::Solid(solid));
        }
        if self.occupant(to) != Occupant::Box {
            return Probe::Walk(to);
        }
        let box_to = dir.step_from(to);
        match self.solid_for_box(box_to) {
            Some(solid) => Probe::Blocked(Blocker::BoxAgainst(solid)),
            None => Probe::Push { to, box_to },
        }
    }

    /// What keeps the player's disk out of `pos`, boxes aside.
    pub(super) fn solid_for_player(&self, pos: Pos) -> Option<Solid> {
        match self.board.tile(pos) {
            Tile::Wall => return Some(Solid::Wall),
            Tile::Hub => return Some(Solid::Spinner),
            Tile::Floor | Tile::Goal | Tile::Slope(_) => {}
        }
        if self.occupant(pos) == Occupant::Enemy {
            return Some(Solid::Enemy);
        }
        let disk = Disk::new(cell_center(pos), PLAYER_RADIUS);
        if self.slope_touches(pos, |triangle| disk.intersects(triangle)) {
            return Some(Solid::Slope);
        }
        self.barred(pos).then_some(Solid::Spinner)
    }

    /// What keeps a box out of `pos`.
    pub(super) fn solid_for_box_at(&self, pos: Pos) -> Option<Solid> {
        self.solid_for_box(pos)
    }

    /// What keeps a box out of `pos`.
    fn solid_for_box(&self, pos: Pos) -> Option<Solid> {
        if self.occupant(pos) == Occupant::Box {
            return Some(Solid::Box);
        }
        self.solid_for_box_but_boxes(pos)
    }

    /// What keeps a box out of `pos`, other boxes aside.
    pub(super) fn solid_for_box_but_boxes(&self, pos: Pos) -> Option<Solid> {
        match self.board.tile(pos) {
            Tile::Wall => return Some(Solid::Wall),
            Tile::Slope(_) => return Some(Solid::Slope),
            Tile::Hub => return Some(Solid::Spinner),
            Tile::Floor | Tile::Goal => {}
        }
        if self.occupant(pos) == Occupant::Enemy {
            return Some(Solid::Enemy);
        }
        self.barred(pos).then_some(Solid::Spinner)
    }

    /// Whether `test` holds for the triangle of a slope in `pos` or a cell next to it.
    fn slope_touches(&self, pos: Pos, test: impl Fn(&crate::geom::Triangle) -> bool) -> bool {
        (-1..=1).any(|dy| {
            (-1..=1).any(|dx| {
                let cell = Pos::new(pos.x + dx, pos.y + dy);
                matches!(self.board.tile(cell), Tile::Slope(s) if test(&slope_triangle(cell, s)))
            })
        })
    }
}
