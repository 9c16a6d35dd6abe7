//! The portfolio on threads (`Settings::threads` above one): its searches run on two
//! threads instead of taking turns on one, within one budget (see `crew`).
//!
//! - Any solution: the searches of the portfolio in two lanes (see `portfolio`): the
//!   feature space search and the goal-room macros taking turns on one thread, the
//!   backward searches (see `pull`) and the greedy ones on the other; the first solution
//!   answers, or a complete search running out of positions (a proof that there is none),
//!   and the other lane stops. When the list holds one lane only, each search has a
//!   thread.
//! - Fewest pushes or moves: the A* search on one thread and the greedy portfolio (taking
//!   turns) on the other, instead of one after the other. Only the A* search answers
//!   "solved, proven"; a greedy solution is kept for when a limit stops the A* search (then
//!   it is the best found), and a greedy search that exhausts its positions proves that
//!   there is no solution. The greedy search holds its memory until it ends, so a memory
//!   limit can stop the A* search sooner than when the two run in turn.

use super::crew::{Job, race};
use super::limits::{Budget, Stop};
use super::portfolio::{Found, Member, Sides, Start, Strategy, take_turns};
use super::push::{Ending, Order, PushSearch};
use super::{Optimize, Outcome, SolveError, outcome_of};

/// A classic level's searches, ready to race.
pub(crate) struct Classic<'c> {
    pub(crate) start: Start<'c>,
    pub(crate) strategies: &'c [Strategy],
}

impl Classic<'_> {
    /// Runs the portfolio for `optimize` on two threads.
    pub(crate) fn run(
        &self,
        optimize: Optimize,
        budget: &mut Budget<'_>,
    ) -> Result<Outcome, SolveError> {
        match optimize {
            Optimize::Any => self.any(budget),
            Optimize::Pushes => self.optimal(Order::Pushes, budget),
            Optimize::Moves => self.optimal(Order::Moves, budget),
        }
    }

    fn any(&self, budget: &mut Budget<'_>) -> Result<Outcome, SolveError> {
        let (start, strategies) = (self.start, self.strategies);
        let mut lanes: Vec<u8> = strategies.iter().map(|s| s.lane()).collect();
        lanes.sort_unstable();
        lanes.dedup();
        let jobs: Vec<Job<'_, Found>> = if lanes.len() > 1 {
            // Each lane's searches take turns on a thread of their own.
            lanes
                .into_iter()
                .map(|lane| -> Job<'_, Found> {
                    Box::new(move |budget: &mut Budget<'_>| {
                        take_turns(start, strategies, Sides::Lane(lane), budget)
                    })
                })
                .collect()
        } else {
            // One lane: each search on a thread.
            strategies
                .iter()
                .map(|&strategy| -> Job<'_, Found> {
                    Box::new(move |budget: &mut Budget<'_>| {
                        let back = super::portfolio::reversed(start, &[strategy], budget);
                        match Member::new(strategy, start, back.as_ref().map(|(c, p)| (c, p))) {
                            Some(member) => member.run(budget),
                            None => Found {
                                ending: Ending::Stopped(Stop::Cancelled),
                                by: None,
                            },
                        }
                    })
                })
                .collect()
        };
        // A solution settles the race, and so does a complete side's exhaustion.
        let settles = move |_: usize, found: &Found| !matches!(found.ending, Ending::Stopped(_));
        let endings = race(budget, jobs, settles);
        let rank = |found: &Found| match found.ending {
            Ending::Solved(_) => 0,
            Ending::Exhausted => 1,
            Ending::Stopped(Stop::Cancelled) => 3,
            Ending::Stopped(_) => 2,
        };
        let found = endings.into_iter().min_by_key(rank).unwrap_or(Found {
            ending: Ending::Stopped(Stop::Cancelled),
            by: None,
        });
        outcome_of(start.ctx, start.boxes, start.player, found, false)
    }

    fn optimal(&self, order: Order, budget: &mut Budget<'_>) -> Result<Outcome, SolveError> {
        let (start, strategies) = (self.start, self.strategies);
        let exact: Job<'_, Ending> = Box::new(move |budget: &mut Budget<'_>| {
            let Start {
                ctx,
                pairs,
                techniques,
                boxes,
                player,
                ..
            } = start;
            PushSearch::new(ctx, order, techniques, boxes, player)
                .with_pairs(pairs)
                .run(budget)
        });
        let fast: Job<'_, Ending> = Box::new(move |budget: &mut Budget<'_>| {
            take_turns(start, strategies, Sides::All, budget).ending
        });
        let settles = |i: usize, ending: &Ending| i == 0 || *ending == Ending::Exhausted;
        let mut endings = race(budget, vec![exact, fast], settles).into_iter();
        let (Some(exact), Some(fast)) = (endings.next(), endings.next()) else {
            return Ok(Outcome::GaveUp(Stop::Cancelled));
        };
        let (ctx, boxes, player) = (start.ctx, start.boxes, start.player);
        Ok(match (exact, fast) {
            (Ending::Exhausted, _) | (_, Ending::Exhausted) => Outcome::NoSolution,
            (exact @ Ending::Solved(_), _) => outcome_of(ctx, boxes, player, exact.into(), true)?,
            (Ending::Stopped(stop), fast @ Ending::Solved(_)) => {
                match outcome_of(ctx, boxes, player, fast.into(), false)? {
                    Outcome::Solved { moves, .. } => Outcome::BestFound { moves, stop },
                    other => other,
                }
            }
            (Ending::Stopped(stop), Ending::Stopped(_)) => Outcome::GaveUp(stop),
        })
    }
}

/// For an optimum on two threads: the optimizing search (`run(optimize, ..)`) and the fast
/// one (`run(Optimize::Any, ..)`) at once. The optimizing one answers; the fast one's
/// solution is the best found when a limit stops it, and its "no solution" is final.
pub(crate) fn fast_and_optimal(
    optimize: Optimize,
    budget: &mut Budget<'_>,
    run: impl Fn(Optimize, &mut Budget<'_>) -> Result<Outcome, SolveError> + Sync,
) -> Result<Outcome, SolveError> {
    let run = &run;
    let exact: Job<'_, Result<Outcome, SolveError>> =
        Box::new(move |budget: &mut Budget<'_>| run(optimize, budget));
    let fast: Job<'_, Result<Outcome, SolveError>> =
        Box::new(move |budget: &mut Budget<'_>| run(Optimize::Any, budget));
    let settles = |i: usize, ending: &Result<Outcome, SolveError>| {
        i == 0 || matches!(ending, Ok(Outcome::NoSolution) | Err(_))
    };
    let mut endings = race(budget, vec![exact, fast], settles).into_iter();
    let (Some(exact), Some(fast)) = (endings.next(), endings.next()) else {
        return Ok(Outcome::GaveUp(Stop::Cancelled));
    };
    Ok(match (exact?, fast?) {
        (Outcome::NoSolution, _) | (_, Outcome::NoSolution) => Outcome::NoSolution,
        (
            Outcome::GaveUp(stop),
            Outcome::Solved { moves, .. } | Outcome::BestFound { moves, .. },
        ) => Outcome::BestFound { moves, stop },
        (exact, _) => exact,
    })
}
