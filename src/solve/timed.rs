//! The full-state search for levels with enemies or spinners: a position is everything the
//! game's [`State`] holds between two letters of a solution (player, facing, boxes, enemies,
//! shots fired, and the clock modulo the spinners' period), and each letter (`l u r d` steps
//! and pushes, `f`, `w`) is played by the game itself, with the ticks that follow it in
//! `replay`'s timeline. Nothing of the physics is worked out here: a shot's outcome is
//! whatever [`World::tick`] made of it, cached by what decides it (the player's cell and
//! facing, the boxes, the enemies, the clock modulo the period).
//!
//! The order is A* on pushes (the matching bound of the classic search, which never
//! overestimates because enemies and bars only ever add to the work), then moves, then the
//! number of letters; with `--optimize moves`, moves first. Positions the deadlock test
//! calls lost are dropped.
//!
//! Limits: the clock is folded into the position only when every turning spinner's speed is
//! a whole number of degrees per second and their common period is at most
//! [`MAX_PERIOD_TICKS`]; otherwise the absolute tick is kept (the search is then bounded
//! only by its limits).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use crate::game::{
    Command, Dir, FIRE_TICK_LIMIT, Outcome as Rule, STEP_TICKS, State, TICKS_PER_SECOND,
    WAIT_TICKS, World,
};
use crate::level::Pos;

use super::context::Context;
use super::deadlock::Deadlocks;
use super::limits::{Budget, Stop};
use super::matching::Matcher;
use super::{Optimize, Outcome, SolveError};

/// The longest spinner period folded into positions, in ticks (about 18 minutes).
pub const MAX_PERIOD_TICKS: u64 = 1 << 16;

/// A stored position: the game's state and how it was reached.
#[derive(Debug, Clone)]
struct Node {
    state: State,
    parent: u32,
    letter: char,
    letters: u32,
    cost: [u32; 3],
    closed: bool,
}

/// What a shot did: the enemies left, and the ticks until no shot flew.
#[derive(Debug, Clone)]
struct ShotOutcome {
    enemies: Vec<Pos>,
    ticks: u32,
}

struct Search<'a> {
    start: State,
    optimize: Optimize,
    period: Option<u64>,
    ctx: Context,
    deadlocks: Deadlocks,
    matcher: Matcher,
    nodes: Vec<Node>,
    index: HashMap<Vec<i32>, u32>,
    heap: BinaryHeap<Reverse<([u32; 3], u32)>>,
    shots: HashMap<Vec<i32>, ShotOutcome>,
    bytes: usize,
    world: &'a mut World,
}

/// Searches from `world` as it stands.
pub(crate) fn search(
    world: &World,
    optimize: Optimize,
    budget: &mut Budget<'_>,
) -> Result<Outcome, SolveError> {
    let ctx = Context::new(world.level())?;
    let deadlocks = Deadlocks::with_context(ctx.clone());
    let mut sim = world.clone();
    let mut search = Search {
        start: world.state().clone(),
        optimize,
        period: period(world),
        ctx,
        deadlocks,
        matcher: Matcher::default(),
        nodes: Vec::new(),
        index: HashMap::new(),
        heap: BinaryHeap::new(),
        shots: HashMap::new(),
        bytes: 0,
        world: &mut sim,
    };
    Ok(search.run(budget))
}

/// The ticks after which every turning bar is back where it was, if short enough to fold.
fn period(world: &World) -> Option<u64> {
    let mut period = 1u64;
    for spinner in &world.level().spinners {
        if spinner.speed == 0.0 {
            continue;
        }
        let speed = spinner.speed.abs();
        if speed.fract() != 0.0 {
            return None;
        }
        // After p ticks a bar has turned speed·p/60 degrees: a whole turn when speed·p is a
        // multiple of 360·60.
        let turn = 360 * u64::from(TICKS_PER_SECOND);
        let p = turn / gcd(turn, speed as u64);
        period = period / gcd(period, p) * p;
        if period > MAX_PERIOD_TICKS {
            return None;
        }
    }
    Some(period)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn dir_letter(dir: Dir) -> char {
    match dir {
        Dir::Left => 'l',
        Dir::Up => 'u',
        Dir::Right => 'r',
        Dir::Down => 'd',
    }
}

fn sorted(list: &[Pos]) -> Vec<Pos> {
    let mut list = list.to_vec();
    list.sort_unstable();
    list
}

impl Search<'_> {
    fn run(&mut self, budget: &mut Budget<'_>) -> Outcome {
        let start = self.start.clone();
        if let Err(stop) = self.offer(start, u32::MAX, ' ', 0, budget) {
            return Outcome::GaveUp(stop);
        }
        while let Some(Reverse((cost, id))) = self.heap.pop() {
            let node = &self.nodes[id as usize];
            if node.closed || node.cost != cost {
                continue;
            }
            if let Some(stop) = budget.tick(self.bytes) {
                return Outcome::GaveUp(stop);
            }
            self.nodes[id as usize].closed = true;
            self.world.set_state(self.nodes[id as usize].state.clone());
            if self.world.is_solved() {
                return Outcome::Solved {
                    moves: self.letters(id),
                    proven: self.optimize != Optimize::Any,
                };
            }
            if let Err(stop) = self.expand(id, budget) {
                return Outcome::GaveUp(stop);
            }
        }
        Outcome::NoSolution
    }

    fn expand(&mut self, id: u32, budget: &Budget<'_>) -> Result<(), Stop> {
        let state = self.nodes[id as usize].state.clone();
        let letters = self.nodes[id as usize].letters + 1;
        for dir in Dir::ALL {
            self.world.set_state(state.clone());
            let letter = match self.world.apply(Command::Step(dir)) {
                Ok(Rule::Pushed { .. }) => dir_letter(dir).to_ascii_uppercase(),
                Ok(_) => dir_letter(dir),
                Err(_) => continue,
            };
            for _ in 0..STEP_TICKS {
                self.world.tick();
            }
            let next = self.world.state().clone();
            self.offer(next, id, letter, letters, budget)?;
        }
        if !state.enemies.is_empty()
            && self
                .world
                .level()
                .shot_limit
                .is_none_or(|limit| state.counters.shots < limit)
            && let Some(next) = self.fire(&state)
        {
            self.offer(next, id, 'f', letters, budget)?;
        }
        if self.period != Some(1) {
            self.world.set_state(state);
            for _ in 0..WAIT_TICKS {
                self.world.tick();
            }
            let next = self.world.state().clone();
            self.offer(next, id, 'w', letters, budget)?;
        }
        Ok(())
    }

    /// The state after `f` from `state`, or `None` when the shot hits no enemy (then `f` is
    /// only a wait, and `w` does that).
    fn fire(&mut self, state: &State) -> Option<State> {
        let key = self.shot_key(state);
        let outcome = match self.shots.get(&key) {
            Some(outcome) => outcome.clone(),
            None => {
                self.world.set_state(state.clone());
                self.world.apply(Command::Fire).ok()?;
                let mut ticks = 0;
                while ticks < FIRE_TICK_LIMIT && self.world.has_shots_in_flight() {
                    self.world.tick();
                    ticks += 1;
                }
                let outcome = ShotOutcome {
                    enemies: self.world.enemies().to_vec(),
                    ticks,
                };
                self.bytes += key.len() * 4 + outcome.enemies.len() * 8 + 96;
                self.shots.insert(key, outcome.clone());
                outcome
            }
        };
        if outcome.enemies.len() == state.enemies.len() {
            return None;
        }
        let mut next = state.clone();
        next.enemies = outcome.enemies;
        next.shots.clear();
        next.tick += u64::from(outcome.ticks);
        next.counters.shots += 1;
        Some(next)
    }

    fn phase(&self, tick: u64) -> u64 {
        match self.period {
            Some(p) => tick % p,
            None => tick,
        }
    }

    /// What decides a shot's outcome.
    fn shot_key(&self, state: &State) -> Vec<i32> {
        let mut key = vec![
            state.player.x,
            state.player.y,
            state.facing as i32,
            self.phase(state.tick) as i32,
            (self.phase(state.tick) >> 32) as i32,
        ];
        for p in sorted(&state.boxes)
            .into_iter()
            .chain(sorted(&state.enemies))
        {
            key.extend([p.x, p.y]);
        }
        key
    }

    /// The position's identity: the shot key plus the shots fired (when limited).
    fn key(&self, state: &State) -> Vec<i32> {
        let mut key = self.shot_key(state);
        if self.world.level().shot_limit.is_some() {
            key.push(state.counters.shots as i32);
        }
        key
    }

    fn cost(&mut self, state: &State, letters: u32) -> Option<[u32; 3]> {
        let boxes: Vec<u32> = state
            .boxes
            .iter()
            .filter_map(|&b| self.ctx.cell(b))
            .collect();
        let bound = self.matcher.bound(&self.ctx, &boxes)?;
        let pushes = state.counters.pushes - self.start.counters.pushes;
        let moves = state.counters.moves - self.start.counters.moves;
        Some(match self.optimize {
            Optimize::Any => [bound, pushes, moves],
            Optimize::Pushes => [pushes + bound, moves, letters],
            Optimize::Moves => [moves + bound, pushes, letters],
        })
    }

    fn offer(
        &mut self,
        state: State,
        parent: u32,
        letter: char,
        letters: u32,
        budget: &Budget<'_>,
    ) -> Result<(), Stop> {
        let key = self.key(&state);
        if let Some(&old) = self.index.get(&key) {
            let Some(cost) = self.cost(&state, letters) else {
                return Ok(());
            };
            let node = &mut self.nodes[old as usize];
            if !node.closed && cost < node.cost {
                *node = Node {
                    state,
                    parent,
                    letter,
                    letters,
                    cost,
                    closed: false,
                };
                self.heap.push(Reverse((cost, old)));
            }
            return Ok(());
        }
        let changed = parent == u32::MAX || {
            let before = &self.nodes[parent as usize].state;
            before.counters.pushes != state.counters.pushes
                || before.enemies.len() != state.enemies.len()
        };
        if changed {
            self.world.set_state(state.clone());
            if self.deadlocks.check(self.world).is_some() {
                return Ok(());
            }
        }
        let Some(cost) = self.cost(&state, letters) else {
            return Ok(());
        };
        let size = std::mem::size_of::<Node>()
            + (state.boxes.len() + state.enemies.len()) * 8
            + key.len() * 4
            + 80;
        if self.bytes + size > budget.memory_limit() {
            return Err(Stop::Memory);
        }
        self.bytes += size;
        let id = self.nodes.len() as u32;
        self.index.insert(key, id);
        self.nodes.push(Node {
            state,
            parent,
            letter,
            letters,
            cost,
            closed: false,
        });
        self.heap.push(Reverse((cost, id)));
        Ok(())
    }

    fn letters(&self, mut id: u32) -> String {
        let mut letters = Vec::new();
        while self.nodes[id as usize].parent != u32::MAX {
            letters.push(self.nodes[id as usize].letter);
            id = self.nodes[id as usize].parent;
        }
        letters.iter().rev().collect()
    }
}
