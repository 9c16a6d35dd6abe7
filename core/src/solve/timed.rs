//! The full-state search for levels with enemies or spinners: a position is everything the
//! game's [`State`] holds between two letters of a solution (player, facing, boxes, enemies,
//! shots fired, and the clock modulo the spinners' period), and each letter (`l u r d` steps
//! and pushes, `f`, `w`) is played by the game itself with the time that follows it on the
//! game's one clock ([`World::play_letter`], as in play and `replay`). Nothing of the
//! physics is worked out here: a shot's outcome is whatever [`World::tick`] made of it, cached by what decides it (the player's cell and
//! facing, the boxes, the enemies, the clock modulo the period).
//!
//! The order is A* on pushes (the matching bound of the classic search, which never
//! overestimates because enemies and bars only ever add to the work), then moves, then the
//! number of letters; with `--optimize moves`, moves first. Positions the deadlock test
//! calls lost are dropped. Where a bar pushes boxes (`Spinner: … pushes`), boxes move without
//! pushes: there the bound is 0 and the deadlock test calls nothing lost.
//!
//! Positions are stored packed in the transposition table of the push search (player,
//! facing, shots fired, clock phase, boxes and enemies as 32-bit cells), with the absolute
//! clock and counters beside them: no allocation per position.
//!
//! Limits: the clock is folded into the position only when every turning spinner's speed is
//! a whole number of degrees per second and their common period (half a turn for each bar,
//! which is symmetric about its hub) is at most
//! [`MAX_PERIOD_TICKS`]; otherwise the absolute tick is kept (the search is then bounded
//! only by its limits).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use crate::game::{
    Counters, Dir, FIRE_TICK_LIMIT, Move, Outcome as Rule, STEP_TICKS, State, TICKS_PER_SECOND,
    WAIT_TICKS, World,
};
use crate::level::Pos;

use super::context::Context;
use super::deadlock::Deadlocks;
use super::engine::{self, Ending, Search, room};
use super::limits::{Budget, Stop};
use super::matching::Matcher;
use super::push::Techniques;
use super::table::Table;
use super::{Optimize, Outcome, SolveError};

/// The longest spinner period folded into positions, in ticks (about 18 minutes).
pub const MAX_PERIOD_TICKS: u64 = 1 << 16;

/// A stored position beside its packed key: the clock, the counters, how it was reached.
#[derive(Debug, Clone, Copy)]
struct Node {
    tick: u64,
    counters: Counters,
    parent: u32,
    letter: char,
    letters: u32,
    cost: [u32; 3],
    closed: bool,
}

/// What a shot did: the enemies left, the boxes (which bars that push may move while it
/// flies), and the ticks until no shot flew.
#[derive(Debug, Clone)]
struct ShotOutcome {
    enemies: Vec<Pos>,
    boxes: Vec<Pos>,
    ticks: u32,
}

struct TimedSearch<'a> {
    start: State,
    optimize: Optimize,
    period: Option<u64>,
    ctx: Context,
    deadlocks: Deadlocks,
    matcher: Matcher,
    nodes: Vec<Node>,
    table: Table,
    /// Enemies at the start: every key leaves room for them all.
    enemy_slots: usize,
    heap: BinaryHeap<Reverse<([u32; 3], u32)>>,
    shots: HashMap<Vec<u64>, ShotOutcome>,
    /// Bytes held by the shot cache.
    shot_bytes: usize,
    /// Bytes held by everything, as of the last position stored.
    bytes: usize,
    world: &'a mut World,
}

/// Searches from `world` as it stands.
pub(crate) fn search(
    world: &World,
    optimize: Optimize,
    techniques: Techniques,
    budget: &mut Budget<'_>,
) -> Result<Outcome, SolveError> {
    let ctx = match Context::within(world.level(), budget, budget.memory_limit() / 2)? {
        Ok(ctx) => ctx,
        Err(stop) => return Ok(Outcome::GaveUp(stop)),
    };
    // The context, and its copy in the deadlock test.
    if let Err(stop) = budget.hold(2 * ctx.bytes()) {
        return Ok(Outcome::GaveUp(stop));
    }
    let deadlocks = match Deadlocks::within(ctx.clone(), techniques.pairs, budget) {
        Ok(deadlocks) => deadlocks.without_corrals(),
        Err(stop) => return Ok(Outcome::GaveUp(stop)),
    };
    if let Err(stop) = budget.hold(deadlocks.bytes() - ctx.bytes()) {
        return Ok(Outcome::GaveUp(stop));
    }
    let mut sim = world.clone();
    let mut search = TimedSearch {
        start: world.state().clone(),
        optimize,
        period: period(world),
        ctx,
        deadlocks,
        matcher: Matcher::default(),
        nodes: Vec::new(),
        table: Table::new(key_words(world)),
        enemy_slots: world.enemies().len(),
        heap: BinaryHeap::new(),
        shots: HashMap::new(),
        shot_bytes: 0,
        bytes: 0,
        world: &mut sim,
    };
    Ok(search.run(budget))
}

/// The ticks after which every turning bar covers what it covered, if short enough to fold.
/// A bar is symmetric about its hub, so it is back where it was after half a turn.
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
        // After p ticks a bar has turned speed·p/60 degrees: half a turn when speed·p is a
        // multiple of 180·60.
        let turn = 180 * u64::from(TICKS_PER_SECOND);
        let p = turn / gcd(turn, speed as u64);
        period = period / gcd(period, p) * p;
        if period > MAX_PERIOD_TICKS {
            return None;
        }
    }
    Some(period)
}

/// Words in a packed position: player, facing and shots; the clock phase; then the boxes and
/// enemies, two cells a word.
fn key_words(world: &World) -> usize {
    2 + (world.boxes().len() + world.enemies().len()).div_ceil(2)
}

/// A cell as 32 bits (boards are at most 1000 cells a side).
fn pack(pos: Pos) -> u64 {
    (pos.x as u64 & 0xffff) | (pos.y as u64 & 0xffff) << 16
}

fn unpack(bits: u64) -> Pos {
    Pos::new((bits & 0xffff) as i32, (bits >> 16 & 0xffff) as i32)
}

/// An empty enemy slot.
const NO_CELL: u64 = 0xffff_ffff;

/// A hash of a packed position (a multiply-rotate mix of its words).
fn hash_words(words: &[u64]) -> u64 {
    words.iter().fold(0x9E37_79B9_7F4A_7C15, |h, &w| {
        (h ^ w).wrapping_mul(0xBF58_476D_1CE4_E5B9).rotate_left(29)
    })
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

impl TimedSearch<'_> {
    fn run(&mut self, budget: &mut Budget<'_>) -> Outcome {
        let start = self.start.clone();
        if let Err(stop) = self.offer(start, u32::MAX, ' ', 0, budget) {
            return Outcome::GaveUp(stop);
        }
        match engine::run(self, budget) {
            Ending::Solved(moves) => Outcome::Solved {
                moves,
                proven: self.optimize != Optimize::Any,
                by: None,
            },
            Ending::Exhausted => Outcome::NoSolution,
            Ending::Stopped(stop) => Outcome::GaveUp(stop),
        }
    }

    /// The game's state of node `id`, rebuilt from its key (boxes and enemies sorted, which
    /// the rules do not mind).
    fn state_of(&self, id: u32) -> State {
        let node = self.nodes[id as usize];
        let key = self.table.get(id);
        let boxes = key[2..]
            .iter()
            .flat_map(|&w| [w & 0xffff_ffff, w >> 32])
            .take(self.start.boxes.len())
            .map(unpack)
            .collect();
        let live = key[2..]
            .iter()
            .flat_map(|&w| [w & 0xffff_ffff, w >> 32])
            .skip(self.start.boxes.len())
            .take(self.enemy_slots)
            .filter(|&bits| bits != NO_CELL)
            .map(unpack)
            .collect();
        State {
            player: unpack(key[0] & 0xffff_ffff),
            facing: Dir::ALL[(key[0] >> 32 & 0x3) as usize],
            boxes,
            enemies: live,
            shots: Vec::new(),
            tick: node.tick,
            counters: node.counters,
        }
    }

    fn successors(&mut self, id: u32, budget: &Budget<'_>) -> Result<(), Stop> {
        let state = self.state_of(id);
        let letters = self.nodes[id as usize].letters + 1;
        for dir in Dir::ALL {
            self.world.set_state(state.clone());
            let letter = match self.world.play_letter(Move::Step(dir)) {
                Ok(Rule::Pushed { .. }) => dir_letter(dir).to_ascii_uppercase(),
                Ok(_) => dir_letter(dir),
                Err(_) => continue,
            };
            budget.spend(u64::from(STEP_TICKS) * self.tick_work())?;
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
            budget.spend(u64::from(FIRE_TICK_LIMIT) * self.tick_work())?;
            self.offer(next, id, 'f', letters, budget)?;
        }
        if self.period != Some(1) {
            self.world.set_state(state);
            if self.world.play_letter(Move::Wait).is_err() {
                return Ok(());
            }
            budget.spend(u64::from(WAIT_TICKS) * self.tick_work())?;
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
                self.world.play_letter(Move::Fire).ok()?;
                // A shot lands within its lifetime, far below `u32::MAX` ticks.
                let ticks =
                    u32::try_from(self.world.elapsed_ticks() - state.tick).unwrap_or(u32::MAX);
                let outcome = ShotOutcome {
                    enemies: self.world.enemies().to_vec(),
                    boxes: self.world.boxes().to_vec(),
                    ticks,
                };
                self.shot_bytes +=
                    key.len() * 8 + (outcome.enemies.len() + outcome.boxes.len()) * 8 + 96;
                self.shots.insert(key, outcome.clone());
                outcome
            }
        };
        if outcome.enemies.len() == state.enemies.len() {
            return None;
        }
        let mut next = state.clone();
        next.enemies = outcome.enemies;
        next.boxes = outcome.boxes;
        next.shots.clear();
        next.tick += u64::from(outcome.ticks);
        next.counters.shots += 1;
        Some(next)
    }

    /// Work units of one tick of the world: every bar and every cell a shot may cross.
    fn tick_work(&self) -> u64 {
        1 + self.world.level().spinners.len() as u64 + 4 * self.world.shots().len() as u64
    }

    /// Work units of one position offered: the deadlock test's pass over the board and its
    /// matching, and the bound's matching.
    fn offer_work(&self, state: &State) -> u64 {
        let (n, m) = (state.boxes.len() as u64, self.ctx.goals.len() as u64);
        self.world.level().tiles.len() as u64 + self.ctx.len() as u64 + 2 * (n * n * m + n)
    }

    fn phase(&self, tick: u64) -> u64 {
        match self.period {
            Some(p) => tick % p,
            None => tick,
        }
    }

    /// What decides a shot's outcome: the packed position without the shots fired.
    fn shot_key(&self, state: &State) -> Vec<u64> {
        let mut key = self.key(state);
        key[0] &= 0xff_ffff_ffff;
        key
    }

    /// The packed position.
    fn key(&self, state: &State) -> Vec<u64> {
        let facing = Dir::ALL
            .iter()
            .position(|&d| d == state.facing)
            .unwrap_or(0) as u64;
        let shots = if self.world.level().shot_limit.is_some() {
            u64::from(state.counters.shots) & 0xff_ffff
        } else {
            0
        };
        let mut key = vec![
            pack(state.player) | facing << 32 | shots << 40,
            self.phase(state.tick),
        ];
        let mut cells: Vec<u64> = sorted(&state.boxes).into_iter().map(pack).collect();
        cells.extend(sorted(&state.enemies).into_iter().map(pack));
        cells.resize(state.boxes.len() + self.enemy_slots, NO_CELL);
        key.extend(
            cells
                .chunks(2)
                .map(|pair| pair[0] | pair.get(1).copied().unwrap_or(NO_CELL) << 32),
        );
        key
    }

    fn cost(&mut self, state: &State, letters: u32) -> Option<[u32; 3]> {
        let boxes: Vec<u32> = state
            .boxes
            .iter()
            .filter_map(|&b| self.ctx.cell(b))
            .collect();
        // Where bars push, boxes move without pushes: the only bound that never
        // overestimates is none.
        let bound = if self.world.level().bars_push() {
            0
        } else {
            self.matcher.bound(&self.ctx, &boxes)?
        };
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
        budget.spend(self.offer_work(&state))?;
        let key = self.key(&state);
        let hash = hash_words(&key);
        if let Some(old) = self.table.find(&key, hash) {
            let Some(cost) = self.cost(&state, letters) else {
                return Ok(());
            };
            let node = &mut self.nodes[old as usize];
            if !node.closed && cost < node.cost {
                *node = Node {
                    tick: state.tick,
                    counters: state.counters,
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
            let before = self.nodes[parent as usize].counters;
            before.pushes != state.counters.pushes || before.shots != state.counters.shots
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
        let others = self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.heap.capacity() * std::mem::size_of::<Reverse<([u32; 3], u32)>>()
            + self.shot_bytes;
        let id = self
            .table
            .insert(&key, hash, room(budget, others))
            .map_err(|_| Stop::Memory)?;
        self.nodes.push(Node {
            tick: state.tick,
            counters: state.counters,
            parent,
            letter,
            letters,
            cost,
            closed: false,
        });
        self.heap.push(Reverse((cost, id)));
        self.bytes = self.table.bytes()
            + self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.heap.capacity() * std::mem::size_of::<Reverse<([u32; 3], u32)>>()
            + self.shot_bytes;
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

impl Search for TimedSearch<'_> {
    type Path = String;

    fn next(&mut self) -> Option<u32> {
        while let Some(Reverse((cost, id))) = self.heap.pop() {
            let node = &self.nodes[id as usize];
            if node.closed || node.cost != cost {
                continue;
            }
            self.nodes[id as usize].closed = true;
            return Some(id);
        }
        None
    }

    fn layout(&self, id: u32) -> Option<&[u64]> {
        Some(&self.table.get(id)[2..])
    }

    fn solves(&mut self, id: u32) -> bool {
        let state = self.state_of(id);
        self.world.set_state(state);
        self.world.is_solved()
    }

    fn expand(&mut self, id: u32, budget: &Budget<'_>, _: usize) -> Result<Option<u32>, Stop> {
        self.successors(id, budget).map(|()| None)
    }

    fn path(&mut self, id: u32) -> String {
        self.letters(id)
    }

    fn bytes(&self) -> usize {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    fn world(spinners: &str) -> World {
        let text = format!("#########\n#@  %   #\n#      $#\n#   %  .#\n#########\n{spinners}");
        let level: Level = text.parse().expect("test level reads");
        World::new(&level).expect("test level plays")
    }

    #[test]
    fn the_period_is_half_a_turn_of_every_bar_together() {
        let cases = [
            (
                "standing bars",
                "Spinner: 4,1 speed=0\nSpinner: 4,3 speed=0",
                Some(1),
            ),
            (
                "45°/s: half a turn in 4 s",
                "Spinner: 4,1 speed=45\nSpinner: 4,3 speed=0",
                Some(240),
            ),
            (
                "-30°/s: 6 s",
                "Spinner: 4,1 speed=-30\nSpinner: 4,3 speed=0",
                Some(360),
            ),
            (
                "45°/s and 30°/s: 12 s",
                "Spinner: 4,1 speed=45\nSpinner: 4,3 speed=30",
                Some(720),
            ),
            (
                "a speed in fractions",
                "Spinner: 4,1 speed=22.5\nSpinner: 4,3 speed=0",
                None,
            ),
            (
                "1°/s and 7°/s: 3 minutes",
                "Spinner: 4,1 speed=1
Spinner: 4,3 speed=7",
                Some(10_800),
            ),
        ];
        for (name, spinners, want) in cases {
            assert_eq!(period(&world(spinners)), want, "{name}");
        }
    }

    /// What the fold rests on: after one period every bar blocks the same cells as before,
    /// at every tick of the turn, in the game's own terms.
    #[test]
    fn after_one_period_every_bar_blocks_the_same_cells() {
        let mut world =
            world("Spinner: 4,1 length=3 speed=45\nSpinner: 4,3 length=2 speed=-30 angle=20");
        let period = period(&world).expect("short enough to fold");
        let level = world.level().clone();
        let cells: Vec<Pos> = (0..level.height)
            .flat_map(|y| (0..level.width).map(move |x| Pos::new(x, y)))
            .collect();
        let mut seen = Vec::new();
        for _ in 0..2 * period {
            seen.push(cells.iter().map(|&c| world.barred(c)).collect::<Vec<_>>());
            world.tick();
        }
        let p = usize::try_from(period).unwrap();
        for t in 0..p {
            assert_eq!(seen[t], seen[t + p], "tick {t} and one period later");
        }
        assert!(
            (1..p).any(|t| seen[t] != seen[0]),
            "the bars do turn within the period"
        );
    }
}
