//! The solver and deadlock detection, on the game's own rules; no terminal.
//!
//! [`solve`] answers for a [`World`] as it stands (a level from its start is
//! `World::new(level)`): a solution in the letters `replay` reads, no solution, or a limit
//! reached. Two searches sit behind it:
//! - Classic levels (no enemies, no spinners; slopes are walls for the player and boxes)
//!   run the push search of `push`: positions are box bitsets with the player's reach
//!   normalised, stored once in a transposition table, bounded below by a minimum-cost
//!   matching of boxes to goals, pruned by dead squares, freeze deadlocks and PI-corrals
//!   (and, on request, corral deadlocks: a small search of a corral's boxes alone,
//!   `corral_search`, which play's deadlock check uses). For any
//!   solution, greedy searches take turns; one of them fills goal rooms in an order worked
//!   out backwards (`packing`) by macro pushes, and two more search backwards from the
//!   solved position by pulls (`pull`), on a thread of their own when there are two.
//! - Levels with enemies or spinners run the full-state search of `timed`: every step, shot
//!   and wait is played by the game itself ([`World::apply`], [`World::tick`]), time is part
//!   of the position (modulo the spinners' period), and what a shot does is cached by what
//!   decides it.
//!
//! Every solution is replayed with [`game::play_moves`](crate::game::play_moves) before it
//! is handed out; one that does not solve the level is an error, never an answer.
//!
//! Limits: [`Limits`] (time, memory counted by the search with its precomputed tables,
//! positions, work units, a cancel flag from any thread), looked at after a bounded amount of
//! work whatever the board (see `limits`); [`Settings::threads`] runs the portfolio's
//! searches at once (see `parallel`); boards of at most [`MAX_CELLS`] open cells and [`MAX_BOXES`] boxes; at most
//! [`MAX_POSITIONS`] positions in one table.
//!
//! [`Deadlocks`] (and the one-off [`is_lost`]) say whether a position is lost and why.

mod context;
mod corral;
mod corral_search;
mod crew;
mod cuts;
mod deadlock;
mod engine;
mod fess;
mod freeze;
pub mod hint;
mod limits;
mod matching;
mod packing;
mod pairs;
mod parallel;
mod portfolio;
mod pull;
mod push;
mod solution;
mod stamps;
mod table;
mod timed;
mod triples;

use std::time::Duration;

use crate::game::{Counters, Move, ReplayError, World, WorldError, parse_moves, play_moves};
use crate::level::Level;

pub use context::{ContextError, MAX_BOXES, MAX_CELLS};
pub use deadlock::{Deadlocks, Lost, is_lost};
pub use limits::{CHECK_WORK, DEFAULT_MEMORY_BYTES, Limits, Progress, Stop};
pub use portfolio::Strategy;
pub use push::Techniques;
pub use table::MAX_POSITIONS;
pub use timed::MAX_PERIOD_TICKS;

/// What a search minimises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Optimize {
    /// Nothing: the first solution found, as fast as possible.
    #[default]
    Any,
    /// The fewest pushes, proven; fewest moves among those.
    Pushes,
    /// The fewest moves, proven; fewest pushes among those.
    Moves,
}

/// How to search: what to minimise, within which limits, with which techniques, on how
/// many threads.
#[derive(Debug, Clone)]
pub struct Settings {
    /// What to minimise.
    pub optimize: Optimize,
    /// When to give up.
    pub limits: Limits,
    /// Which deadlock tests and bound the classic search uses (all, unless measuring).
    pub techniques: Techniques,
    /// The searches of the portfolio that look for any solution on a classic level (all of
    /// [`Strategy::ALL`], unless measuring; an empty list is taken as
    /// [`Strategy::Matching`] alone).
    pub strategies: Vec<Strategy>,
    /// Threads the searches of the portfolio may run on at once (0 is taken as 1). On two,
    /// the forward searches take turns on one and the backward ones on the other, so more
    /// than two add little; with one, the searches take turns and a position or work budget
    /// gives the same answer every run.
    pub threads: usize,
}

impl Default for Settings {
    /// Any solution, the default [`Limits`], every technique and strategy, one thread.
    fn default() -> Self {
        Self {
            optimize: Optimize::default(),
            limits: Limits::default(),
            techniques: Techniques::default(),
            strategies: Strategy::ALL.to_vec(),
            threads: 1,
        }
    }
}

/// A solution, replayed and counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The letters, as `replay` reads them.
    pub moves: String,
    /// Moves, pushes and shots it takes.
    pub counters: Counters,
}

impl Solution {
    /// The solution as one [`Move`] per letter, counts expanded: what a game plays for a hint.
    #[must_use]
    pub fn actions(&self) -> Vec<Move> {
        parse_moves(&self.moves)
            .map(|tokens| {
                tokens
                    .iter()
                    .flat_map(|t| std::iter::repeat_n(t.action, t.count as usize))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// What a search concluded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Solved; `proven` when the solution is proven optimal for what was asked.
    Solved {
        /// The solution.
        solution: Solution,
        /// Whether it is proven the fewest pushes or moves asked for.
        proven: bool,
    },
    /// An optimizing search was stopped after a solution was found: the best one found.
    BestFound {
        /// The best solution found.
        solution: Solution,
        /// What stopped the search.
        stop: Stop,
    },
    /// Every reachable position was searched: the level cannot be solved.
    NoSolution,
    /// A limit stopped the search before it found anything.
    GaveUp(Stop),
}

/// The verdict with what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// What the search concluded.
    pub verdict: Verdict,
    /// Positions looked at (expanded).
    pub positions: u64,
    /// Distinct layouts among them: where the boxes and enemies stood, whatever the player's
    /// cell, facing and the clock. Unlike positions, it means the same for levels searched by
    /// pushes and for levels with shots and bars searched step by step.
    pub layouts: u64,
    /// Work units done (see [`Limits::work`]): what the search cost, whatever the board.
    pub work: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Which search of the portfolio found the solution, on a classic level looking for
    /// any solution (none for the optimizing and timed searches).
    pub solved_by: Option<Strategy>,
}

impl Report {
    /// The solution, if one was found (proven or not).
    #[must_use]
    pub fn solution(&self) -> Option<&Solution> {
        match &self.verdict {
            Verdict::Solved { solution, .. } | Verdict::BestFound { solution, .. } => {
                Some(solution)
            }
            Verdict::NoSolution | Verdict::GaveUp(_) => None,
        }
    }
}

/// Why the solver could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The board is beyond the solver's limits.
    #[error(transparent)]
    TooLarge(#[from] ContextError),
    /// The level cannot be played at all.
    #[error(transparent)]
    World(#[from] WorldError),
    /// A solution the search produced does not replay (a bug in the solver, never handed
    /// out as an answer).
    #[error("the solver's answer {moves} does not solve the level: {reason}")]
    Unverified {
        /// The letters that failed.
        moves: String,
        /// What the replay said.
        reason: String,
    },
}

/// Solves `level` from its start.
///
/// # Errors
///
/// A [`SolveError`] when the level is out of the solver's reach or cannot be played.
pub fn solve_level(
    level: &Level,
    settings: &Settings,
    progress: Option<&mut dyn FnMut(&Progress)>,
) -> Result<Report, SolveError> {
    solve(&World::new(level)?, settings, progress)
}

/// Solves from `world` as it stands: the solution's letters are to be played from there
/// (what a hint asks for). `progress` is called about four times a second.
///
/// # Errors
///
/// A [`SolveError`] when the level is out of the solver's reach, or (a bug) when a found
/// solution does not replay.
pub fn solve(
    world: &World,
    settings: &Settings,
    progress: Option<&mut dyn FnMut(&Progress)>,
) -> Result<Report, SolveError> {
    let mut budget = limits::Budget::new(&settings.limits, progress);
    let outcome = if is_classic(world) {
        classic(world, settings, &mut budget)?
    } else if settings.threads > 1 && settings.optimize != Optimize::Any {
        parallel::fast_and_optimal(settings.optimize, &mut budget, |optimize, budget| {
            timed::search(world, optimize, settings.techniques, budget)
        })?
    } else {
        fast_then_optimal(settings.optimize, &mut budget, |optimize, budget| {
            timed::search(world, optimize, settings.techniques, budget)
        })?
    };
    let mut solved_by = None;
    let verdict = match outcome {
        Outcome::Solved { moves, proven, by } => {
            solved_by = by;
            Verdict::Solved {
                solution: verify(world, moves)?,
                proven,
            }
        }
        Outcome::BestFound { moves, stop } => Verdict::BestFound {
            solution: verify(world, moves)?,
            stop,
        },
        Outcome::NoSolution => Verdict::NoSolution,
        Outcome::GaveUp(stop) => Verdict::GaveUp(stop),
    };
    Ok(Report {
        verdict,
        positions: budget.positions,
        layouts: budget.layouts(),
        work: budget.work(),
        elapsed: budget.elapsed(),
        solved_by,
    })
}

/// What a search hands back before it is verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    Solved {
        moves: String,
        proven: bool,
        by: Option<Strategy>,
    },
    BestFound {
        moves: String,
        stop: Stop,
    },
    NoSolution,
    GaveUp(Stop),
}

/// Whether the classic push search applies: nothing to shoot and nothing that turns or
/// stands in the way but walls (slopes are walls to the player and boxes; shots change
/// nothing when no enemy is left).
fn is_classic(world: &World) -> bool {
    world.enemies().is_empty() && world.level().spinners.is_empty()
}

/// Replays `moves` from `world` and counts them; an error if they do not solve it.
fn verify(world: &World, moves: String) -> Result<Solution, SolveError> {
    let mut end = world.clone();
    let failed = |reason: String| SolveError::Unverified {
        moves: moves.clone(),
        reason,
    };
    play_moves(&mut end, &moves).map_err(|e: ReplayError| failed(e.to_string()))?;
    if !end.is_solved() {
        return Err(failed("it ends unsolved".into()));
    }
    let (before, after) = (world.counters(), end.counters());
    let counters = Counters {
        moves: after.moves - before.moves,
        pushes: after.pushes - before.pushes,
        shots: after.shots - before.shots,
    };
    Ok(Solution { moves, counters })
}

/// For an optimum, a fast search first (within a third of the time left) so that a limit
/// still leaves a solution, then the optimizing one; for any solution, the fast one alone.
fn fast_then_optimal(
    optimize: Optimize,
    budget: &mut limits::Budget<'_>,
    mut run: impl FnMut(Optimize, &mut limits::Budget<'_>) -> Result<Outcome, SolveError>,
) -> Result<Outcome, SolveError> {
    if optimize == Optimize::Any {
        return run(Optimize::Any, budget);
    }
    let deadline = budget.cap_time(1.0 / 3.0);
    let first = run(Optimize::Any, budget);
    budget.restore_deadline(deadline);
    let first = match first? {
        Outcome::Solved { moves, .. } | Outcome::BestFound { moves, .. } => Some(moves),
        Outcome::NoSolution => return Ok(Outcome::NoSolution),
        Outcome::GaveUp(Stop::Time) => None,
        Outcome::GaveUp(stop) => return Ok(Outcome::GaveUp(stop)),
    };
    Ok(match run(optimize, budget)? {
        Outcome::GaveUp(stop) => match first {
            Some(moves) => Outcome::BestFound { moves, stop },
            None => Outcome::GaveUp(stop),
        },
        other => other,
    })
}

/// The classic push search: greedy for any solution, A* for an optimum.
fn classic(
    world: &World,
    settings: &Settings,
    budget: &mut limits::Budget<'_>,
) -> Result<Outcome, SolveError> {
    let ctx = match context::Context::within(world.level(), budget, budget.memory_limit())? {
        Ok(ctx) => ctx,
        Err(stop) => return Ok(Outcome::GaveUp(stop)),
    };
    if let Err(stop) = budget.hold(ctx.bytes()) {
        return Ok(Outcome::GaveUp(stop));
    }
    let mut boxes = Vec::new();
    for &b in world.boxes() {
        match ctx.cell(b) {
            Some(cell) => boxes.push(cell),
            None if world.level().tile(b) == crate::level::Tile::Goal => {}
            None => return Ok(Outcome::NoSolution),
        }
    }
    let Some(player) = ctx.cell(world.player()) else {
        return Ok(Outcome::NoSolution);
    };
    let techniques = settings.techniques;
    let strategies: &[Strategy] = if settings.strategies.is_empty() {
        &[Strategy::Matching]
    } else {
        &settings.strategies
    };
    let mut packing = if strategies
        .iter()
        .any(|&s| s.is_fess() || s == Strategy::GoalRooms)
    {
        packing::Packing::new(&ctx)
    } else {
        packing::Packing::default()
    };
    if strategies.iter().any(|s| s.is_fess()) {
        packing = match packing.with_plan(&ctx, &boxes, budget) {
            Ok(packing) => packing,
            Err(stop) => return Ok(Outcome::GaveUp(stop)),
        };
    }
    let pairs = if techniques.pairs {
        match pairs::Pairs::new(&ctx, budget, pairs::MAX_PAIR_WORK) {
            Ok(pairs) => pairs.unwrap_or_default(),
            Err(stop) => return Ok(Outcome::GaveUp(stop)),
        }
    } else {
        pairs::Pairs::default()
    };
    if let Err(stop) = budget.hold(pairs.bytes()) {
        return Ok(Outcome::GaveUp(stop));
    }
    let triples = if techniques.pairs && strategies.iter().any(|s| s.is_fess()) {
        match triples::Triples::new(&ctx, budget) {
            Ok(triples) => triples.unwrap_or_default(),
            Err(stop) => return Ok(Outcome::GaveUp(stop)),
        }
    } else {
        triples::Triples::default()
    };
    if let Err(stop) = budget.hold(triples.bytes()) {
        return Ok(Outcome::GaveUp(stop));
    }
    let start = portfolio::Start {
        ctx: &ctx,
        packing: &packing,
        pairs: &pairs,
        triples: &triples,
        techniques,
        boxes: &boxes,
        player,
    };
    if settings.threads > 1 {
        return parallel::Classic { start, strategies }.run(settings.optimize, budget);
    }
    fast_then_optimal(settings.optimize, budget, |optimize, budget| {
        let ending = match optimize {
            Optimize::Any => {
                portfolio::take_turns(start, strategies, portfolio::Sides::All, budget)
            }
            Optimize::Pushes => {
                push::PushSearch::new(&ctx, push::Order::Pushes, techniques, &boxes, player)
                    .with_pairs(&pairs)
                    .run(budget)
                    .into()
            }
            Optimize::Moves => {
                push::PushSearch::new(&ctx, push::Order::Moves, techniques, &boxes, player)
                    .with_pairs(&pairs)
                    .run(budget)
                    .into()
            }
        };
        outcome_of(&ctx, &boxes, player, ending, optimize != Optimize::Any)
    })
}

/// What a push search's ending says, its pushes turned into letters.
fn outcome_of(
    ctx: &context::Context,
    boxes: &[u32],
    player: u32,
    found: portfolio::Found,
    proven: bool,
) -> Result<Outcome, SolveError> {
    Ok(match found.ending {
        push::Ending::Solved(pushes) => Outcome::Solved {
            by: found.by,
            moves: solution::letters(ctx, boxes, player, &pushes).ok_or_else(|| {
                SolveError::Unverified {
                    moves: String::new(),
                    reason: "a push of the solution cannot be reached".into(),
                }
            })?,
            proven,
        },
        push::Ending::Exhausted => Outcome::NoSolution,
        push::Ending::Stopped(stop) => Outcome::GaveUp(stop),
    })
}
