//! What the player asks for ([`Command`]) and what the rules answer ([`Outcome`],
//! [`RuleError`]).
//!
//! The contract of [`World::apply`](super::World::apply): `Ok` means the world changed and the
//! command went on the undo history; `Err` means nothing changed at all.

use std::fmt;

use crate::geom::Vec2;
use crate::level::Pos;

/// One of the four directions the player can step, face and fire in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards smaller `x` (LURD `l`).
    Left,
    /// Towards smaller `y`, up the screen (LURD `u`).
    Up,
    /// Towards larger `x` (LURD `r`).
    Right,
    /// Towards larger `y`, down the screen (LURD `d`).
    Down,
}

impl Dir {
    /// All four directions in LURD order.
    pub const ALL: [Self; 4] = [Self::Left, Self::Up, Self::Right, Self::Down];

    /// The cell offset of one step, `(dx, dy)`.
    #[must_use]
    pub const fn offset(self) -> (i32, i32) {
        match self {
            Self::Left => (-1, 0),
            Self::Up => (0, -1),
            Self::Right => (1, 0),
            Self::Down => (0, 1),
        }
    }

    /// The unit vector pointing this way, in world units (y grows downward).
    #[must_use]
    pub fn unit(self) -> Vec2 {
        let (dx, dy) = self.offset();
        Vec2::new(dx as f32, dy as f32)
    }

    /// The cell one step from `pos` in this direction.
    #[must_use]
    pub const fn step_from(self, pos: Pos) -> Pos {
        let (dx, dy) = self.offset();
        Pos::new(pos.x + dx, pos.y + dy)
    }

    /// The LURD letter of a plain step this way (`l`, `u`, `r`, `d`).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::Left => 'l',
            Self::Up => 'u',
            Self::Right => 'r',
            Self::Down => 'd',
        }
    }
}

/// Something the player asks the world to do; see [`World::apply`](super::World::apply).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// Step one cell, pushing a box if one is in the way and can move.
    Step(Dir),
    /// Walk in a direction until the next step is blocked or would push a box; never pushes.
    Run(Dir),
    /// Fire a shot from the player in the facing direction.
    Fire,
    /// Let this many simulation ticks pass as one undoable command.
    Wait(u32),
    /// Go back to the world as it was before the last command.
    Undo,
    /// Go forward again to the world an undo went back from.
    Redo,
    /// Start the level over from its initial position (undoable).
    Restart,
}

/// A solid thing that stops a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Solid {
    /// A wall, or the edge of the board.
    Wall,
    /// A slope (a half-cell triangle).
    Slope,
    /// An enemy.
    Enemy,
    /// A box (in front of the one being pushed).
    Box,
    /// A spinner's bar where it is now, or its hub.
    Spinner,
}

impl fmt::Display for Solid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Wall => "a wall",
            Self::Slope => "a slope",
            Self::Enemy => "an enemy",
            Self::Box => "another box",
            Self::Spinner => "a spinner",
        })
    }
}

/// Why a step could not be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Blocker {
    /// The player would run into this.
    Solid(Solid),
    /// A box is in the way and this keeps it from moving.
    BoxAgainst(Solid),
}

impl fmt::Display for Blocker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The player's own way is never blocked by a box (a step pushes it): only a run,
            // which stops in front of a box rather than push it, meets one.
            Self::Solid(Solid::Box) => {
                f.write_str("a box is ahead (a run stops at a box; step to push it)")
            }
            Self::Solid(solid) => write!(f, "{solid} is in the way"),
            Self::BoxAgainst(solid) => write!(f, "the box is stuck against {solid}"),
        }
    }
}

/// What a successful command did. Every `Ok` outcome is one entry on the undo history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player stepped to `to` (one move).
    Moved {
        /// The player's new cell.
        to: Pos,
    },
    /// The player stepped to `to` and pushed a box to `box_to` (one move, one push).
    Pushed {
        /// The player's new cell.
        to: Pos,
        /// The box's new cell.
        box_to: Pos,
    },
    /// The step was blocked; the player turned to face `facing` (not a move). This is how a
    /// player aims. Blocked while already facing that way is [`RuleError::Blocked`] instead.
    Turned {
        /// The direction the player faces now.
        facing: Dir,
        /// What stopped the step.
        blocked_by: Blocker,
    },
    /// The player ran `steps` cells (each one a move) and stopped in front of `stopped_by`.
    Ran {
        /// How many cells the player walked; at least one.
        steps: u32,
        /// What ended the run.
        stopped_by: Blocker,
    },
    /// A shot left the player.
    Fired,
    /// This many ticks passed.
    Waited {
        /// How many ticks passed.
        ticks: u32,
    },
    /// The last command was undone.
    Undone,
    /// The last undone command was redone.
    Redone,
    /// The level started over.
    Restarted,
    /// A path of steps was walked as one command (see `World::apply_path`).
    Walked {
        /// Steps taken, pushes included.
        moves: u32,
        /// Steps that pushed a box.
        pushes: u32,
    },
}

/// Why a command changed nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum RuleError {
    /// The step is blocked and the player already faces that way.
    #[error("blocked: {0}")]
    Blocked(Blocker),
    /// `Shots: N` allows no more shots.
    #[error("no shots left (this level allows {limit})")]
    OutOfShots {
        /// The level's shot limit.
        limit: u32,
    },
    /// Firing while [`MAX_SHOTS_IN_FLIGHT`](super::MAX_SHOTS_IN_FLIGHT) shots fly.
    #[error("{max} shots are in flight already, the most there can be; wait for some to land")]
    TooManyShots {
        /// The most shots in flight at once.
        max: usize,
    },
    /// Undo with nothing to undo.
    #[error("nothing to undo")]
    NothingToUndo,
    /// Redo with nothing undone.
    #[error("nothing to redo")]
    NothingToRedo,
    /// A wait of zero ticks.
    #[error("a wait must last at least one tick")]
    EmptyWait,
    /// A path with no steps.
    #[error("there is nothing to walk")]
    NothingToPlay,
    /// A path whose letter cannot be played as written (the world changed since it was
    /// found).
    #[error("step {at} of the path cannot be taken")]
    PathBlocked {
        /// 1-based position of the letter.
        at: usize,
    },
}
