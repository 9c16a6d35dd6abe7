//! The one clock of play, replay, the solver and hints: time on the board passes only
//! through the player's commands, each letting a fixed time pass after its rule, so the same
//! commands always give the same world.
//!
//! The time after each letter of a solution (and of the command that plays it):
//! - a step, a push, or a turn (a blocked step that turns the player): [`STEP_TICKS`];
//! - a run: [`STEP_TICKS`] after each cell walked, so each cell is judged when it is reached
//!   (a run that walks none is a turn, or changes nothing beside a box a step would push);
//! - a shot (`f`, space in play): the ticks until no shot is in flight, at most
//!   [`FIRE_TICK_LIMIT`];
//! - a wait (`w`, `.` in play): [`WAIT_TICKS`], one beat;
//! - none for a command that changes nothing (a step refused while already facing what
//!   blocks it, a shot with none left), nor for undo, redo and restart, which put back a
//!   position with its clock.
//!
//! [`World::play`], [`World::play_letter`] and [`World::play_path`] carry a command out with
//! its time, as one undo step; [`World::begin`] applies a letter's rule alone and [`Pending`]
//! runs the time after it a tick at a time, so a front end can show what `play` did at once.
//! Between commands nothing moves: no shot is in flight (every shot has landed) and the bars
//! stand where the last command left them.

use super::command::{Command, Outcome, RuleError};
use super::replay::Move;
use super::state::SHOT_LIFETIME;
use super::world::World;

/// Ticks that pass after every step, push or turn (a tenth of a second at 60 ticks a second).
pub const STEP_TICKS: u32 = 6;
/// Ticks that one wait lets pass: one beat (a quarter of a second).
pub const WAIT_TICKS: u32 = 15;
/// Most ticks a shot waits for the shots to settle; every shot is gone by then.
pub const FIRE_TICK_LIMIT: u32 = SHOT_LIFETIME + 1;

/// The time a letter lets pass after its rule, still to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pending {
    /// Ticks left at most.
    ticks: u32,
    /// Whether the time ends as soon as no shot is in flight.
    until_landed: bool,
}

impl Pending {
    /// No time owed.
    pub const NONE: Self = Self {
        ticks: 0,
        until_landed: false,
    };

    /// The time after `letter`'s rule changed the world.
    #[must_use]
    pub const fn after(letter: Move) -> Self {
        match letter {
            Move::Step(_) | Move::Push(_) => Self {
                ticks: STEP_TICKS,
                until_landed: false,
            },
            Move::Fire => Self {
                ticks: FIRE_TICK_LIMIT,
                until_landed: true,
            },
            Move::Wait => Self {
                ticks: WAIT_TICKS,
                until_landed: false,
            },
        }
    }

    /// Whether the time is over on `world`.
    #[must_use]
    pub fn is_over(&self, world: &World) -> bool {
        self.ticks == 0 || self.until_landed && !world.has_shots_in_flight()
    }

    /// Runs one tick of the time owed, if any is. Returns whether one ran.
    pub fn tick(&mut self, world: &mut World) -> bool {
        if self.is_over(world) {
            return false;
        }
        world.tick();
        self.ticks -= 1;
        true
    }

    /// Runs all the time owed.
    pub fn finish(mut self, world: &mut World) {
        while self.tick(world) {}
    }
}

impl World {
    /// Carries out `command` on the shared clock (see the module documentation): its rule,
    /// then the time after it, as one undo step. `Ok` and `Err` mean what they mean for
    /// [`World::apply`].
    ///
    /// # Errors
    /// A [`RuleError`] saying why the command could not change anything; no time passes.
    pub fn play(&mut self, command: Command) -> Result<Outcome, RuleError> {
        match command {
            Command::Step(dir) => self.play_letter(Move::Step(dir)),
            Command::Fire => self.play_letter(Move::Fire),
            Command::Run(dir) => self.recorded(|world| world.run(dir, STEP_TICKS)),
            Command::Wait(_) | Command::Undo | Command::Redo | Command::Restart => {
                self.apply(command)
            }
        }
    }

    /// Plays one letter of a solution, rule and time, as one undo step: a step or a push
    /// (`Step(d)` and `Push(d)` alike step in `d`; the caller checks whether it pushed), a
    /// shot, or a wait of one beat.
    ///
    /// # Errors
    /// A [`RuleError`] saying why the letter could not change anything; no time passes.
    pub fn play_letter(&mut self, letter: Move) -> Result<Outcome, RuleError> {
        self.recorded(|world| {
            let outcome = world.begin(letter)?;
            Pending::after(letter).finish(world);
            Ok(outcome)
        })
    }

    /// Plays `path` (letters `l u r d` that must not push and `L U R D` that must) on the
    /// shared clock, each letter followed by [`STEP_TICKS`], as one undo step; if any letter
    /// cannot be played as written, nothing changes (see [`World::apply_path`]).
    ///
    /// # Errors
    /// As [`World::apply_path`].
    pub fn play_path(&mut self, path: &[Move]) -> Result<Outcome, RuleError> {
        self.path_command(path, STEP_TICKS)
    }

    /// Applies `letter`'s rule alone, with no time after it and not on the undo history:
    /// what [`World::play_letter`] does before the [`Pending`] time of
    /// [`Pending::after`]`(letter)`. A wait's rule changes nothing and answers
    /// [`Outcome::Waited`] with the ticks to come.
    ///
    /// # Errors
    /// A [`RuleError`] saying why the letter could not change anything.
    pub fn begin(&mut self, letter: Move) -> Result<Outcome, RuleError> {
        match letter {
            Move::Step(dir) | Move::Push(dir) => self.step(dir),
            Move::Fire => self.fire(),
            Move::Wait => Ok(Outcome::Waited { ticks: WAIT_TICKS }),
        }
    }
}

/// The letters `command` played, given what it did (`Undo`, `Redo` and `Restart` play none,
/// nor does a wait that is not a whole number of beats): what a front end shows a tick at a
/// time.
#[must_use]
pub fn letters_played(command: Command, outcome: Outcome) -> Vec<Move> {
    match (command, outcome) {
        (Command::Step(dir), Outcome::Pushed { .. }) => vec![Move::Push(dir)],
        (Command::Run(dir), Outcome::Ran { steps, .. }) => vec![Move::Step(dir); steps as usize],
        (Command::Step(dir) | Command::Run(dir), _) => vec![Move::Step(dir)],
        (Command::Fire, _) => vec![Move::Fire],
        (Command::Wait(ticks), _) => vec![Move::Wait; (ticks / WAIT_TICKS) as usize],
        (Command::Undo | Command::Redo | Command::Restart, _) => Vec::new(),
    }
}
