//! Everything about a world that changes: where the player, boxes, enemies and shots are, the
//! clock, and the counters. One [`State`] is what undo saves and gives back.

use crate::geom::{Disk, Vec2};
use crate::level::Pos;

use super::command::Dir;

/// Radius of a shot, in cells.
pub const SHOT_RADIUS: f32 = 0.15;
/// Speed of a shot, in cells per second.
pub const SHOT_SPEED: f32 = 12.0;
/// Ticks a shot lives before it fades (10 seconds).
pub const SHOT_LIFETIME: u32 = 600;
/// Bounces a shot survives; the next one removes it.
pub const SHOT_MAX_BOUNCES: u32 = 32;

/// A shot in flight: a small disk moving at constant speed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shot {
    /// Centre of the shot in world units (sub-cell precision).
    pub pos: Vec2,
    /// Motion per tick; its length stays the same through bounces.
    pub velocity: Vec2,
    /// Ticks since it was fired.
    pub age: u32,
    /// Times it has bounced.
    pub bounces: u32,
}

impl Shot {
    /// A new shot at `pos` flying along `direction` (any length) at [`SHOT_SPEED`].
    #[must_use]
    pub fn new(pos: Vec2, direction: Vec2) -> Self {
        let per_tick = SHOT_SPEED / super::board::TICKS_PER_SECOND as f32;
        Self {
            pos,
            velocity: direction.normalize_or_zero() * per_tick,
            age: 0,
            bounces: 0,
        }
    }

    /// The shot's disk.
    #[must_use]
    pub fn disk(&self) -> Disk {
        Disk::new(self.pos, SHOT_RADIUS)
    }
}

/// How much the player has done since the level (re)started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Counters {
    /// Steps taken, pushes included.
    pub moves: u32,
    /// Steps that pushed a box.
    pub pushes: u32,
    /// Shots fired.
    pub shots: u32,
}

/// The changing part of a world; two worlds on the same level are the same exactly when their
/// states are equal.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// The player's cell.
    pub player: Pos,
    /// The way the player faces (and fires).
    pub facing: Dir,
    /// The boxes' cells.
    pub boxes: Vec<Pos>,
    /// The enemies still standing.
    pub enemies: Vec<Pos>,
    /// Shots in flight, oldest first.
    pub shots: Vec<Shot>,
    /// Ticks since the level started; spinners' angles follow from it.
    pub tick: u64,
    /// Moves, pushes and shots so far.
    pub counters: Counters,
}
