//! [`World`]: one level being played. It owns the level, the changing [`State`], the undo
//! history, and what can be worked out from the state (who stands where, where the bars are).
//!
//! Undo is cheap: a step of the history keeps the player, the clock, the counters and the
//! shots in flight (at most [`MAX_SHOTS_IN_FLIGHT`]) as they were, the one box that moved
//! (all of them only for a restart), and the enemies shared with the steps before it for as
//! long as none falls. The history keeps the last [`MAX_UNDO_STEPS`] commands; a world made
//! with [`World::without_history`] (replays, checks) keeps none.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::geom::Obb;
use crate::level::{Level, Pos, Tile};

use super::board::{Board, CellBits, bar_covers, spinner_obb};
use super::cell::{CellByte, Occupant};
use super::command::{Command, Dir, Outcome, RuleError};
use super::replay::Move;
use super::shots::Scratch;
use super::state::{Counters, Shot, State};

/// Why a level cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WorldError {
    /// The tile vector does not match the board's size.
    #[error("the board is {width}×{height} cells but holds {tiles} tiles")]
    TileCount {
        /// Board width.
        width: i32,
        /// Board height.
        height: i32,
        /// Number of tiles given.
        tiles: usize,
    },
    /// The player, a box or an enemy is off the board or on a tile it cannot stand on.
    #[error("{what} at column {}, row {} is off the board or inside a solid tile", .pos.x + 1, .pos.y + 1)]
    Misplaced {
        /// "the player", "a box" or "an enemy".
        what: &'static str,
        /// Where it is (0-based).
        pos: Pos,
    },
    /// Two things stand on one cell.
    #[error("two things stand on column {}, row {}", .pos.x + 1, .pos.y + 1)]
    Crowded {
        /// The shared cell (0-based).
        pos: Pos,
    },
    /// A spinner's hub is not on a `%` cell, or its settings are not finite numbers.
    #[error("the spinner at column {}, row {} has no hub there or unusable settings", .pos.x + 1, .pos.y + 1)]
    BadSpinner {
        /// The spinner's hub (0-based).
        pos: Pos,
    },
}

/// A level in play: carry out [`Command`]s with the time after them ([`World::play`], the one
/// clock of play, replay and the solver) or without ([`World::apply`], then [`World::tick`]),
/// and read the accessors to draw it.
#[derive(Debug, Clone)]
pub struct World {
    level: Level,
    pub(crate) board: Board,
    initial: State,
    pub(crate) state: State,
    /// Each cell's fixed part and who stands on it, row-major; always agrees with
    /// `state.boxes` and `state.enemies`.
    pub(crate) cells: Vec<CellByte>,
    /// Whether a shot in each cell meets nothing there: open floor, no spinner, nobody.
    pub(crate) clear: CellBits,
    /// Every spinner's bar at `state.tick`.
    pub(crate) bars: Vec<Obb>,
    /// Whether a turning bar pushes boxes ([`Level::bars_push`]): ticks then move boxes.
    pub(crate) bars_push: bool,
    /// The bars a tick before, kept by [`World::tick`] where bars push.
    pub(crate) bars_before: Vec<Obb>,
    undo: VecDeque<Saved>,
    redo: Vec<Saved>,
    /// Whether commands are put on the undo history.
    history: bool,
    /// The enemies as they are now, shared with the history (see `World::shared_enemies`).
    enemies_shared: Option<Arc<Vec<Pos>>>,
    /// The box the command being carried out pushed: its index and where it was.
    pub(crate) moved_box: Option<(usize, Pos)>,
    /// The boxes as they were before the restart being carried out.
    restarted_boxes: Option<Vec<Pos>>,
    pub(crate) scratch: Scratch,
}

/// The most commands the undo history keeps; the oldest are forgotten past it.
pub const MAX_UNDO_STEPS: usize = 10_000;
/// The most shots that may fly at once; firing more is refused until some are gone.
pub const MAX_SHOTS_IN_FLIGHT: usize = 100;

/// One step of the undo (or redo) history: the state to go back to, kept small.
#[derive(Debug, Clone)]
struct Saved {
    player: Pos,
    facing: Dir,
    tick: u64,
    counters: Counters,
    /// The shots in flight, at most [`MAX_SHOTS_IN_FLIGHT`].
    shots: Vec<Shot>,
    /// The enemies, shared between steps while none falls.
    enemies: Arc<Vec<Pos>>,
    /// How the boxes differ from the state the history goes back from.
    boxes: Boxes,
}

/// The boxes of a [`Saved`] state, as a change from the boxes of the state it replaces
/// (ticks move a box only where bars push, and there every box is kept).
#[derive(Debug, Clone)]
enum Boxes {
    /// The same boxes.
    Same,
    /// Box `index` stood at `at`.
    Moved { index: usize, at: Pos },
    /// All the boxes (for a restart).
    All(Vec<Pos>),
}

impl World {
    /// Starts playing `level`: the player faces up, nothing has moved, the clock is at 0.
    ///
    /// # Errors
    ///
    /// A [`WorldError`] when the level is inconsistent (the parser never produces one).
    pub fn new(level: &Level) -> Result<Self, WorldError> {
        validate(level)?;
        let initial = State {
            player: level.player,
            facing: Dir::Up,
            boxes: level.boxes.clone(),
            enemies: level.enemies.clone(),
            shots: Vec::new(),
            tick: 0,
            counters: Counters::default(),
        };
        let mut world = Self {
            level: level.clone(),
            board: Board::new(level),
            state: initial.clone(),
            initial,
            cells: Vec::new(),
            clear: CellBits::default(),
            bars: Vec::new(),
            bars_push: level.bars_push(),
            bars_before: Vec::new(),
            undo: VecDeque::new(),
            redo: Vec::new(),
            history: true,
            enemies_shared: None,
            moved_box: None,
            restarted_boxes: None,
            scratch: Scratch::default(),
        };
        world.sync();
        Ok(world)
    }

    /// This world without an undo history: commands are not kept, so a long run (a replay,
    /// a check of stored solutions) costs no memory for them. Undo then has nothing to undo.
    #[must_use]
    pub fn without_history(mut self) -> Self {
        self.history = false;
        self.undo.clear();
        self.redo.clear();
        self
    }

    /// Carries out one command.
    ///
    /// `Ok` means the world changed and the command can be undone; `Err` means nothing changed.
    /// A blocked step that turns the player is `Ok(`[`Outcome::Turned`]`)`; a blocked step
    /// while already facing that way is `Err(`[`RuleError::Blocked`]`)`.
    ///
    /// # Errors
    ///
    /// A [`RuleError`] saying why the command could not change anything.
    pub fn apply(&mut self, command: Command) -> Result<Outcome, RuleError> {
        match command {
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Step(dir) => self.recorded(|world| world.step(dir)),
            Command::Run(dir) => self.recorded(|world| world.run(dir, 0)),
            Command::Fire => self.recorded(Self::fire),
            Command::Wait(ticks) => self.recorded(|world| world.wait(ticks)),
            Command::Restart => self.recorded(|world| Ok(world.restart())),
        }
    }

    /// Runs `change` and, when it succeeds, puts the state before it on the undo history and
    /// forgets what was undone.
    pub(super) fn recorded(
        &mut self,
        change: impl FnOnce(&mut Self) -> Result<Outcome, RuleError>,
    ) -> Result<Outcome, RuleError> {
        if !self.history {
            return change(self);
        }
        let before = Saved {
            player: self.state.player,
            facing: self.state.facing,
            tick: self.state.tick,
            counters: self.state.counters,
            shots: self.state.shots.clone(),
            enemies: self.shared_enemies(),
            boxes: Boxes::Same,
        };
        self.moved_box = None;
        self.restarted_boxes = None;
        // Where bars push, the time after a command may move any box.
        let all_before = self.bars_push.then(|| self.state.boxes.clone());
        let outcome = change(self)?;
        let boxes = match (
            self.restarted_boxes.take().or(all_before),
            self.moved_box.take(),
        ) {
            (Some(all), _) => Boxes::All(all),
            (None, Some((index, at))) => Boxes::Moved { index, at },
            (None, None) => Boxes::Same,
        };
        if self.undo.len() == MAX_UNDO_STEPS {
            self.undo.pop_front();
        }
        self.undo.push_back(Saved { boxes, ..before });
        self.redo.clear();
        Ok(outcome)
    }

    /// Plays `path` (letters `l u r d` that must not push and `L U R D` that must; see
    /// [`World::walk_path`] and [`World::push_path`]) as one command: one undo step. If any
    /// letter cannot be played as written, nothing changes.
    ///
    /// # Errors
    /// [`RuleError::NothingToPlay`] for an empty path, [`RuleError::PathBlocked`] naming the
    /// first letter that cannot be played as written (or is not a step).
    pub fn apply_path(&mut self, path: &[Move]) -> Result<Outcome, RuleError> {
        self.path_command(path, 0)
    }

    /// [`World::apply_path`] with `step_ticks` ticks after each letter.
    pub(super) fn path_command(
        &mut self,
        path: &[Move],
        step_ticks: u32,
    ) -> Result<Outcome, RuleError> {
        let before = self.state.clone();
        // Several pushes, so the undo step keeps every box (as a restart does).
        let boxes = self.state.boxes.clone();
        let result = self.recorded(|world| {
            let outcome = world.walk_letters(path, step_ticks)?;
            world.restarted_boxes = Some(boxes);
            Ok(outcome)
        });
        if result.is_err() {
            self.state = before;
            self.sync();
        }
        result
    }

    /// Runs `change` as one command on the undo history, whatever it plays inside (each
    /// command it plays is not put on the history by itself): how a string of moves is
    /// played as one undo step (see [`World::play_moves_as_one`]). The undo step keeps every
    /// box, as a restart does.
    pub(super) fn as_one_step(
        &mut self,
        change: impl FnOnce(&mut Self) -> Result<Outcome, RuleError>,
    ) -> Result<Outcome, RuleError> {
        let boxes = self.state.boxes.clone();
        self.recorded(|world| {
            let history = std::mem::replace(&mut world.history, false);
            let outcome = change(world);
            world.history = history;
            world.restarted_boxes = Some(boxes);
            outcome
        })
    }

    /// The enemies as they are now, as one shared list: the same list as the last time
    /// while no enemy has fallen (enemies only ever fall between wholesale changes, which
    /// drop the shared list, so an unchanged count means an unchanged list).
    fn shared_enemies(&mut self) -> Arc<Vec<Pos>> {
        if let Some(shared) = &self.enemies_shared
            && shared.len() == self.state.enemies.len()
        {
            return Arc::clone(shared);
        }
        let shared = Arc::new(self.state.enemies.clone());
        self.enemies_shared = Some(Arc::clone(&shared));
        shared
    }

    /// Puts `saved` in place of the state and returns the state it replaced, saved the
    /// same way (for the other history), keeping occupancy in step.
    fn restore(&mut self, saved: Saved) -> Saved {
        let old_enemies = self.shared_enemies();
        let mut box_change = None;
        let boxes = match saved.boxes {
            Boxes::Same => Boxes::Same,
            Boxes::Moved { index, at } => match self.state.boxes.get_mut(index) {
                Some(b) => {
                    let now = std::mem::replace(b, at);
                    box_change = Some((now, at));
                    Boxes::Moved { index, at: now }
                }
                None => Boxes::Same,
            },
            Boxes::All(all) => Boxes::All(std::mem::replace(&mut self.state.boxes, all)),
        };
        let whole = matches!(boxes, Boxes::All(_));
        let now = Saved {
            player: std::mem::replace(&mut self.state.player, saved.player),
            facing: std::mem::replace(&mut self.state.facing, saved.facing),
            tick: std::mem::replace(&mut self.state.tick, saved.tick),
            counters: std::mem::replace(&mut self.state.counters, saved.counters),
            shots: std::mem::replace(&mut self.state.shots, saved.shots),
            enemies: Arc::clone(&old_enemies),
            boxes,
        };
        self.state.enemies.clear();
        self.state.enemies.extend_from_slice(&saved.enemies);
        if whole {
            self.sync();
        } else {
            for &e in old_enemies.iter() {
                self.set_occupant(e, Occupant::Empty);
            }
            if let Some((was, _)) = box_change {
                self.set_occupant(was, Occupant::Empty);
            }
            for i in 0..self.state.enemies.len() {
                self.set_occupant(self.state.enemies[i], Occupant::Enemy);
            }
            if let Some((_, is)) = box_change {
                self.set_occupant(is, Occupant::Box);
            }
            self.update_bars();
        }
        self.enemies_shared = Some(saved.enemies);
        now
    }

    pub(super) fn fire(&mut self) -> Result<Outcome, RuleError> {
        if let Some(limit) = self.level.shot_limit
            && self.state.counters.shots >= limit
        {
            return Err(RuleError::OutOfShots { limit });
        }
        if self.state.shots.len() >= MAX_SHOTS_IN_FLIGHT {
            return Err(RuleError::TooManyShots {
                max: MAX_SHOTS_IN_FLIGHT,
            });
        }
        let from = super::board::cell_center(self.state.player);
        self.state
            .shots
            .push(Shot::new(from, self.state.facing.unit()));
        self.state.counters.shots += 1;
        Ok(Outcome::Fired)
    }

    fn wait(&mut self, ticks: u32) -> Result<Outcome, RuleError> {
        if ticks == 0 {
            return Err(RuleError::EmptyWait);
        }
        self.pass(ticks);
        Ok(Outcome::Waited { ticks })
    }

    /// Lets `ticks` ticks pass.
    pub(super) fn pass(&mut self, ticks: u32) {
        for _ in 0..ticks {
            self.tick();
        }
    }

    /// Puts the world in `state`, a state of this level as [`World::state`] gave it, and
    /// forgets the undo history: how a solver goes back to a position it remembered.
    pub fn set_state(&mut self, state: State) {
        self.state = state;
        self.undo.clear();
        self.redo.clear();
        self.sync();
    }

    fn restart(&mut self) -> Outcome {
        let before = std::mem::replace(&mut self.state, self.initial.clone());
        self.restarted_boxes = Some(before.boxes);
        self.sync();
        Outcome::Restarted
    }

    fn undo(&mut self) -> Result<Outcome, RuleError> {
        let before = self.undo.pop_back().ok_or(RuleError::NothingToUndo)?;
        let now = self.restore(before);
        self.redo.push(now);
        Ok(Outcome::Undone)
    }

    fn redo(&mut self) -> Result<Outcome, RuleError> {
        let after = self.redo.pop().ok_or(RuleError::NothingToRedo)?;
        let now = self.restore(after);
        self.undo.push_back(now);
        Ok(Outcome::Redone)
    }

    /// Rebuilds everything derived from the state: occupancy, clear cells and the bars.
    fn sync(&mut self) {
        self.enemies_shared = None;
        let cells = self.level.tiles.len();
        self.cells.clear();
        self.cells.extend((0..cells).map(|i| self.board.fixed(i)));
        self.clear = CellBits::new(cells);
        for i in 0..cells {
            self.clear.set(i, self.cells[i].is_clear());
        }
        for i in 0..self.state.boxes.len() {
            self.set_occupant(self.state.boxes[i], Occupant::Box);
        }
        for i in 0..self.state.enemies.len() {
            self.set_occupant(self.state.enemies[i], Occupant::Enemy);
        }
        self.update_bars();
    }

    /// Puts `who` on `pos` (if on the board), keeping `clear` in step.
    pub(crate) fn set_occupant(&mut self, pos: Pos, who: Occupant) {
        if let Some(i) = self.board.index(pos) {
            self.cells[i] = self.cells[i].with_occupant(who);
            self.clear.set(i, self.cells[i].is_clear());
        }
    }

    /// Moves every spinner's bar to where it is at `state.tick`.
    pub(crate) fn update_bars(&mut self) {
        let tick = self.state.tick;
        self.bars.clear();
        self.bars
            .extend(self.level.spinners.iter().map(|s| spinner_obb(s, tick)));
    }

    /// What stands on `pos` besides its tile.
    pub(crate) fn occupant(&self, pos: Pos) -> Occupant {
        self.board
            .index(pos)
            .map_or(Occupant::Empty, |i| self.cells[i].occupant())
    }

    /// The level being played, as loaded.
    #[must_use]
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Everything that changes, in one value (equal states mean equal worlds).
    #[must_use]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The player's cell.
    #[must_use]
    pub fn player(&self) -> Pos {
        self.state.player
    }

    /// The direction the player faces and fires in.
    #[must_use]
    pub fn facing(&self) -> Dir {
        self.state.facing
    }

    /// The boxes' cells.
    #[must_use]
    pub fn boxes(&self) -> &[Pos] {
        &self.state.boxes
    }

    /// The enemies still standing.
    #[must_use]
    pub fn enemies(&self) -> &[Pos] {
        &self.state.enemies
    }

    /// Shots in flight, with sub-cell positions.
    #[must_use]
    pub fn shots(&self) -> &[Shot] {
        &self.state.shots
    }

    /// Every spinner's bar as it is now, in the order of [`Level::spinners`].
    #[must_use]
    pub fn spinner_bars(&self) -> &[Obb] {
        &self.bars
    }

    /// Whether a spinner's bar covers `pos` right now (see [`bar_covers`]): such a cell
    /// cannot be entered by the player or a pushed box, and the board draws it as barred.
    #[must_use]
    pub fn barred(&self, pos: Pos) -> bool {
        self.board.index(pos).is_some_and(|i| {
            self.board
                .spinners_at(i)
                .iter()
                .any(|&s| bar_covers(&self.bars[s as usize], pos))
        })
    }

    /// Moves, pushes and shots since the level (re)started.
    #[must_use]
    pub fn counters(&self) -> Counters {
        self.state.counters
    }

    /// Ticks since the level (re)started.
    #[must_use]
    pub fn elapsed_ticks(&self) -> u64 {
        self.state.tick
    }

    /// Shots the player may still fire, or `None` when the level sets no limit.
    #[must_use]
    pub fn shots_left(&self) -> Option<u32> {
        let fired = self.state.counters.shots;
        self.level
            .shot_limit
            .map(|limit| limit.saturating_sub(fired))
    }

    /// Whether a box stands on `pos`.
    #[must_use]
    pub fn box_at(&self, pos: Pos) -> bool {
        self.occupant(pos) == Occupant::Box
    }

    /// Whether an enemy stands on `pos`.
    #[must_use]
    pub fn enemy_at(&self, pos: Pos) -> bool {
        self.occupant(pos) == Occupant::Enemy
    }

    /// Whether every box stands on a goal and no enemy is left.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.state.enemies.is_empty()
            && self
                .state
                .boxes
                .iter()
                .all(|&b| self.level.tile(b) == Tile::Goal)
    }

    /// Whether any shot is in flight.
    #[must_use]
    pub fn has_shots_in_flight(&self) -> bool {
        !self.state.shots.is_empty()
    }

    /// Whether there is a command to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an undone command to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The board as it stands now, as a level (player, boxes, enemies where they are now;
    /// spinners at their current angle), for printing as level text.
    #[must_use]
    pub fn to_level(&self) -> Level {
        let mut level = self.level.clone();
        level.player = self.state.player;
        level.boxes = self.state.boxes.clone();
        level.boxes.sort_unstable();
        level.enemies = self.state.enemies.clone();
        level.enemies.sort_unstable();
        for (spinner, bar) in level.spinners.iter_mut().zip(&self.bars) {
            spinner.angle = bar.angle().to_degrees().rem_euclid(360.0);
        }
        level
    }
}

/// Checks the things a [`World`] relies on; the level parser guarantees them all.
fn validate(level: &Level) -> Result<(), WorldError> {
    let cells = i64::from(level.width.max(0)) * i64::from(level.height.max(0));
    if level.width <= 0 || level.height <= 0 || cells != level.tiles.len() as i64 {
        return Err(WorldError::TileCount {
            width: level.width,
            height: level.height,
            tiles: level.tiles.len(),
        });
    }
    let mut taken = vec![false; level.tiles.len()];
    let index = |pos: Pos| (pos.y * level.width + pos.x) as usize;
    let people = std::iter::once(("the player", level.player))
        .chain(level.boxes.iter().map(|&p| ("a box", p)))
        .chain(level.enemies.iter().map(|&p| ("an enemy", p)));
    for (what, pos) in people {
        if !level.contains(pos) || !matches!(level.tile(pos), Tile::Floor | Tile::Goal) {
            return Err(WorldError::Misplaced { what, pos });
        }
        if std::mem::replace(&mut taken[index(pos)], true) {
            return Err(WorldError::Crowded { pos });
        }
    }
    for spinner in &level.spinners {
        let finite = [spinner.length, spinner.speed, spinner.angle]
            .iter()
            .all(|v| v.is_finite());
        if !finite || level.tile(spinner.hub) != Tile::Hub {
            return Err(WorldError::BadSpinner { pos: spinner.hub });
        }
    }
    Ok(())
}
