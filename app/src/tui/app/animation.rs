//! Showing a command's time smoothly. The world in play takes each command with all its time
//! at once (on the game's one clock, so the position after a command is exactly the one a
//! replay reaches); a copy of the world from before the command then plays the same letters
//! again, a tick a frame, so a bar turns during the step that moves it and a shot flies,
//! drawn, until it lands. The copy ends where the world in play stands, and then nothing
//! moves until the next key. The next command (a key that plays, a click) puts the copy away
//! at once; an overlay (help, the level list) holds it until it closes.
//!
//! Only levels where time shows are animated: a bar turns there, or a shot was fired.
//! Limits: at most [`MAX_SHOWN_LETTERS`] letters are shown; past that the board jumps.

use std::collections::VecDeque;

use sokoshot_core::game::{Move, Pending, State, World};
use sokoshot_core::geom::Vec2;

/// The most letters one animation plays again (a count or a long walk beyond it jumps).
pub const MAX_SHOWN_LETTERS: usize = 100;

/// A copy of the world playing letters again, a tick at a time.
#[derive(Debug, Clone)]
pub(crate) struct Animation {
    world: World,
    letters: VecDeque<Move>,
    pending: Pending,
    /// Enemies standing when the letters began.
    enemies: usize,
    /// Where the shots in flight were, frame by frame (at most [`MAX_TRACE_POINTS`]).
    trace: Vec<Vec2>,
}

/// The most points a shot's trace keeps (a shot lives a few hundred ticks at most).
pub const MAX_TRACE_POINTS: usize = 4096;

impl Animation {
    /// Shows `letters` played from `before` on `level_world`'s level, when time shows there;
    /// `None` when nothing would move or the letters are too many to show.
    pub(crate) fn new(level_world: &World, before: State, letters: Vec<Move>) -> Option<Self> {
        let fired = letters.contains(&Move::Fire);
        if letters.is_empty()
            || letters.len() > MAX_SHOWN_LETTERS
            || !fired && !bars_turn(level_world)
        {
            return None;
        }
        let mut world = World::new(level_world.level()).ok()?.without_history();
        world.set_state(before);
        let enemies = world.enemies().len();
        let mut animation = Self {
            world,
            letters: letters.into(),
            pending: Pending::NONE,
            enemies,
            trace: Vec::new(),
        };
        // The first letter's rule shows at once (the player has stepped, the shot is out).
        animation.next_letter();
        Some(animation)
    }

    /// The world as shown now.
    pub(crate) fn world(&self) -> &World {
        &self.world
    }

    /// One frame: a tick of the time owed, or the next letter and its first tick. Returns
    /// whether anything is left to show.
    pub(crate) fn tick(&mut self) -> bool {
        if self.pending.tick(&mut self.world) {
            self.trace_shots();
            return true;
        }
        if !self.next_letter() {
            return false;
        }
        self.pending.tick(&mut self.world);
        self.trace_shots();
        true
    }

    /// Adds where the shots in flight are now to the trace.
    fn trace_shots(&mut self) {
        let room = MAX_TRACE_POINTS.saturating_sub(self.trace.len());
        let shots = self.world.shots().iter().map(|shot| shot.pos);
        self.trace.extend(shots.take(room));
    }

    /// Where the shots flew, if they were shown and hit no enemy; empty otherwise.
    pub(crate) fn missed_shot_trace(self) -> Vec<Vec2> {
        if self.world.enemies().len() < self.enemies {
            Vec::new()
        } else {
            self.trace
        }
    }

    /// Applies the next letter's rule and owes its time. Returns whether there was one.
    fn next_letter(&mut self) -> bool {
        let Some(letter) = self.letters.pop_front() else {
            return false;
        };
        // The world in play took this letter from this very state, so it plays here too.
        self.pending = match self.world.begin(letter) {
            Ok(_) => Pending::after(letter),
            Err(_) => Pending::NONE,
        };
        true
    }
}

/// Whether a bar turns on `world`'s level.
pub(crate) fn bars_turn(world: &World) -> bool {
    world.level().spinners.iter().any(|s| s.speed != 0.0)
}
