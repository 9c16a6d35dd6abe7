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
mod deadlock;
mod freeze;
pub mod hint;
mod limits;
mod matching;
mod packing;
mod parallel;
mod pull;
mod push;
mod solution;
mod table;
mod timed;

use std::time::Duration;

use crate::game::{Counters, Move, ReplayError, World, WorldError, parse_moves, play_moves};
use crate::level::Level;

pub use context::{ContextError, MAX_BOXES, MAX_CELLS};
pub use deadlock::{Deadlocks, Lost, is_lost};
pub use limits::{CHECK_WORK, DEFAULT_MEMORY_BYTES, Limits, Progress, Stop};
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
    /// Threads the searches of the portfolio may run on at once (0 is taken as 1). The
    /// portfolio holds two searches, so more than two threads add nothing; with one, the
    /// searches take turns and a position budget gives the same answer every run.
    pub threads: usize,
}

impl Default for Settings {
    /// Any solution, the default [`Limits`], every technique, one thread.
    fn default() -> Self {
        Self {
            optimize: Optimize::default(),
            limits: Limits::default(),
            techniques: Techniques::default(),
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
            timed::search(world, optimize, budget)
        })?
    } else {
        fast_then_optimal(settings.optimize, &mut budget, |optimize, budget| {
            timed::search(world, optimize, budget)
        })?
    };
    let verdict = match outcome {
        Outcome::Solved { moves, proven } => Verdict::Solved {
            solution: verify(world, moves)?,
            proven,
        },
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
    })
}

/// What a search hands back before it is verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    Solved { moves: String, proven: bool },
    BestFound { moves: String, stop: Stop },
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

/// Positions each search of the portfolio looks at before handing over to the next.
const PORTFOLIO_SLICE: u64 = 4096;

/// Which searches of the portfolio run (see [`portfolio`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sides {
    /// The forward searches and, with `Techniques::backward`, the backward ones.
    Both,
    /// The forward searches only.
    Forward,
    /// The backward searches only (none when the level has spare goals).
    Backward,
}

/// Greedy searches taking turns. Forward: one filling the goal rooms by macros in a
/// worked-out order (when the level has goal rooms and `packing` is on), one ordered by the
/// matching bound and one by the nearest-goal bound. Backward (with `backward`, where there
/// are as many goals as boxes; see `pull`): from the solved position, one on each bound
/// again, together taking as many positions as the forward ones. Each is lucky on levels
/// where the others are not (see benches/README.md). The first solution wins. A complete
/// search (a forward one without macros) exhausting its positions proves there is no
/// solution; the others running out only leave the rest to go on, and when only such
/// searches were left, the ending is `Exhausted` all the same (the backward ones' pruning is
/// sound, but their callers do not take that as a proof; see `parallel`).
fn portfolio(
    ctx: &context::Context,
    packing: &packing::Packing,
    techniques: Techniques,
    (boxes, player): (&[u32], u32),
    sides: Sides,
    budget: &mut limits::Budget<'_>,
) -> push::Ending {
    let nearest = Techniques {
        matching: false,
        ..techniques
    };
    let back = (techniques.backward && sides != Sides::Forward)
        .then(|| pull::reversed(ctx, boxes, budget))
        .flatten();
    let greedy = |t| push::PushSearch::new(ctx, push::Order::Greedy, t, boxes, player);
    let mut searches = Vec::with_capacity(5);
    if sides != Sides::Backward {
        if techniques.packing && !packing.is_empty() {
            // Ranked by boxes home first, the macro search takes the cheap bound (see
            // `parallel`).
            searches.push(Turn::Forward(Box::new(
                greedy(nearest).with_packing(packing),
            )));
        }
        searches.push(Turn::Forward(Box::new(greedy(techniques))));
        searches.push(Turn::Forward(Box::new(greedy(nearest))));
    }
    if let Some(back) = &back {
        for matching in [techniques.matching, false] {
            let pull = pull::PullSearch::new(ctx, back, player, matching);
            searches.push(Turn::Backward(Box::new(pull)));
        }
    }
    let held = back.as_ref().map_or(0, context::Context::bytes);
    let mut turn = 0;
    loop {
        if searches.is_empty() {
            return push::Ending::Exhausted;
        }
        let others: usize = searches
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != turn)
            .map(|(_, s)| s.bytes())
            .sum();
        // The backward searches together take as many positions as the forward ones, as
        // they have a thread to themselves on two (see `parallel`).
        let forward = searches
            .iter()
            .filter(|s| matches!(s, Turn::Forward(_)))
            .count() as u64;
        let slice = match searches[turn] {
            Turn::Forward(_) => PORTFOLIO_SLICE,
            Turn::Backward(_) => {
                let backward = searches.len() as u64 - forward;
                PORTFOLIO_SLICE * forward.max(backward) / backward
            }
        };
        match searches[turn].run_for(budget, slice, others + held) {
            None => turn += 1,
            Some(push::Ending::Exhausted) if !searches[turn].complete() => {
                searches.remove(turn);
            }
            Some(ending) => return ending,
        }
        if turn >= searches.len() {
            turn = 0;
        }
    }
}

/// One search of the portfolio taking turns.
enum Turn<'c> {
    Forward(Box<push::PushSearch<'c>>),
    Backward(Box<pull::PullSearch<'c>>),
}

impl Turn<'_> {
    fn run_for(
        &mut self,
        budget: &mut limits::Budget<'_>,
        slice: u64,
        others: usize,
    ) -> Option<push::Ending> {
        match self {
            Self::Forward(search) => search.run_for(budget, slice, others),
            Self::Backward(search) => search.run_for(budget, slice, others),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Self::Forward(search) => search.bytes(),
            Self::Backward(search) => search.bytes(),
        }
    }

    /// Whether running out of positions proves there is no solution (not taken so from
    /// the backward searches; see `pull`).
    fn complete(&self) -> bool {
        match self {
            Self::Forward(search) => search.complete(),
            Self::Backward(_) => false,
        }
    }
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
    let packing = if techniques.packing {
        packing::Packing::new(&ctx)
    } else {
        packing::Packing::default()
    };
    if settings.threads > 1 && techniques.portfolio && techniques.matching {
        let search = parallel::Classic {
            ctx: &ctx,
            packing: &packing,
            techniques,
            boxes: &boxes,
            player,
        };
        return search.run(settings.optimize, budget);
    }
    fast_then_optimal(settings.optimize, budget, |optimize, budget| {
        let order = match optimize {
            Optimize::Any => push::Order::Greedy,
            Optimize::Pushes => push::Order::Pushes,
            Optimize::Moves => push::Order::Moves,
        };
        let ending = if order == push::Order::Greedy && techniques.portfolio && techniques.matching
        {
            portfolio(
                &ctx,
                &packing,
                techniques,
                (&boxes, player),
                Sides::Both,
                budget,
            )
        } else {
            push::PushSearch::new(&ctx, order, techniques, &boxes, player).run(budget)
        };
        outcome_of(&ctx, &boxes, player, ending, optimize != Optimize::Any)
    })
}

/// What a push search's ending says, its pushes turned into letters.
fn outcome_of(
    ctx: &context::Context,
    boxes: &[u32],
    player: u32,
    ending: push::Ending,
    proven: bool,
) -> Result<Outcome, SolveError> {
    Ok(match ending {
        push::Ending::Solved(pushes) => Outcome::Solved {
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
