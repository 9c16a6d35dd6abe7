//! The rules of sokoshot, headless: a [`World`] built from a [`Level`](crate::level::Level),
//! changed by [`Command`]s through [`World::apply`] and by [`World::tick`], read through its
//! accessors.
//!
//! Conventions, said once:
//! - Units and axes are the level's: one cell is a 1×1 square, cell `(x, y)` covers
//!   `[x, x+1) × [y, y+1)`, `y` grows downward. Things on a cell stand at its centre.
//! - Time moves only in fixed ticks of 1/60 s ([`TICKS_PER_SECOND`]); the same commands at
//!   the same ticks give the same world, bit for bit. In play, replay, the solver and hints
//!   time passes only through commands, by one clock ([`World::play`]; see `clock`).
//! - `apply` returns `Ok` exactly when the world changed; every `Ok` is one undo step (undo
//!   and redo themselves move along the history). `Err` leaves the world untouched. A blocked
//!   step that turns the player is `Ok(Outcome::Turned)`; blocked while already facing that
//!   way is `Err(RuleError::Blocked)`. Neither counts as a move.
//! - Touching counts as intersecting, as in [`geom`](crate::geom).

mod batch;
mod board;
mod cell;
mod clock;
mod command;
mod moves;
mod path;
mod replay;
mod shots;
mod state;
mod sweep;
mod world;

pub use batch::{Batch, Bound, Dropped, MAX_BATCH_LETTERS, MAX_BATCH_WORK};
pub use board::{
    BAR_GRAZE, SPINNER_THICKNESS, TICKS_PER_SECOND, bar_covers, cell_aabb, cell_center,
    slope_edges, slope_triangle, spinner_obb,
};
pub use clock::{FIRE_TICK_LIMIT, Pending, STEP_TICKS, WAIT_TICKS, letters_played};
pub use command::{Blocker, Command, Dir, Outcome, RuleError, Solid};
pub use moves::PLAYER_RADIUS;
pub use path::{MAX_PATH_WORK, PathError};
pub use replay::{
    MAX_REPEAT, MAX_REPLAY_TICKS, MAX_VERIFY_WORK, Move, Replay, ReplayError, Token, Verified,
    parse_moves, play_moves, replay, tick_cost, verify_solutions, verify_solutions_within,
};
pub use state::{Counters, SHOT_LIFETIME, SHOT_MAX_BOUNCES, SHOT_RADIUS, SHOT_SPEED, Shot, State};
pub use sweep::bar_push;
pub use world::{MAX_SHOTS_IN_FLIGHT, MAX_UNDO_STEPS, World, WorldError};
