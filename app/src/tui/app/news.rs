//! What the line below the board says about a command that changes little on the board: a
//! step that only turned the player ("turned left: a wall is in the way"), and an undo or redo (what it
//! took back or brought back), so neither seems to do nothing.

use sokoshot_core::game::{Blocker, Counters, Dir, World};

use crate::words::{Piece, count};

/// The direction's name, as the messages say it.
fn name(dir: Dir) -> &'static str {
    match dir {
        Dir::Left => "left",
        Dir::Up => "up",
        Dir::Right => "right",
        Dir::Down => "down",
    }
}

/// What a step that only turned the player says.
#[must_use]
pub fn turned(facing: Dir, blocked_by: Blocker) -> String {
    format!("turned {}: {blocked_by} (not a move)", name(facing))
}

/// Where the player was and what had been counted, before an undo or a redo.
#[derive(Debug, Clone, Copy)]
pub struct Before {
    counters: Counters,
    facing: Dir,
    enemies: usize,
}

impl Before {
    /// Notes `world` as it is before the undo or redo.
    #[must_use]
    pub fn of(world: &World) -> Self {
        Self {
            counters: world.counters(),
            facing: world.facing(),
            enemies: world.enemies().len(),
        }
    }

    /// What `steps` undo steps (`redo` false) or redo steps that went from `self` to `world`
    /// changed, in words: `undid 1 push`, `redid a turn to face left`, `undid a restart`;
    /// `restarts` of the steps were restarts.
    #[must_use]
    pub fn news(self, world: &World, redo: bool, steps: usize, restarts: usize) -> String {
        let verb = if redo { "redid" } else { "undid" };
        let now = world.counters();
        let diff = |a: u32, b: u32| a.abs_diff(b);
        let moves = diff(self.counters.moves, now.moves);
        let pushes = diff(self.counters.pushes, now.pushes);
        let shots = diff(self.counters.shots, now.shots);
        let enemies = self.enemies.abs_diff(world.enemies().len());
        if restarts > 0 {
            return if steps == 1 {
                format!("{verb} a restart")
            } else {
                format!(
                    "{verb} {steps} undo steps, {} among them",
                    count(restarts as u64, "restart")
                )
            };
        }
        let mut parts = Vec::new();
        if shots > 0 {
            parts.push(count(shots, "shot"));
        }
        if enemies > 0 {
            let gone = if redo { "gone again" } else { "back" };
            parts.push(format!("{} {gone}", Piece::Enemy.count(enemies)));
        }
        if pushes > 0 {
            parts.push(count(pushes, "push"));
        }
        if moves > pushes {
            parts.push(count(moves - pushes, "step"));
        }
        if parts.is_empty() && self.facing != world.facing() {
            let facing = if redo { world.facing() } else { self.facing };
            return format!("{verb} a turn to face {}", name(facing));
        }
        if parts.is_empty() {
            return format!("{verb} a wait");
        }
        format!("{verb} {}", parts.join(", "))
    }
}
