//! The portfolio on threads (`Settings::threads` above one): its searches run on two
//! threads instead of taking turns on one, within one budget (see `crew`).
//!
//! - Any solution: the forward searches of the portfolio (greedy on the matching bound, on
//!   the nearest-goal bound, and with goal-room macros where the level has goal rooms)
//!   taking turns on one thread, the backward ones (see `pull`) taking turns on the other;
//!   the first solution answers, or the forward searches running out of positions (a
//!   proof that there is none), and the other side stops. Where there is no backward
//!   search (more goals than boxes, or `Techniques::backward` off), each forward search
//!   has a thread, the first solution or complete search's exhaustion answering.
//! - Fewest pushes or moves: the A* search on one thread and the greedy portfolio (taking
//!   turns) on the other, instead of one after the other. Only the A* search answers
//!   "solved, proven"; a greedy solution is kept for when a limit stops the A* search (then
//!   it is the best found), and a greedy search that exhausts its positions proves that
//!   there is no solution. The greedy search holds its memory until it ends, so a memory
//!   limit can stop the A* search sooner than when the two run in turn.

use super::context::Context;
use super::crew::{Job, race};
use super::limits::{Budget, Stop};
use super::packing::Packing;
use super::push::{Ending, Order, PushSearch, Techniques};
use super::{Optimize, Outcome, Sides, SolveError, outcome_of, portfolio};

/// A classic level's push searches, ready to race.
pub(crate) struct Classic<'c> {
    pub(crate) ctx: &'c Context,
    /// The goal rooms and their fill order, for the search with macro pushes.
    pub(crate) packing: &'c Packing,
    pub(crate) techniques: Techniques,
    pub(crate) boxes: &'c [u32],
    pub(crate) player: u32,
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
        let (ctx, boxes, player, packing) = (self.ctx, self.boxes, self.player, self.packing);
        let forward = Techniques {
            backward: false,
            ..self.techniques
        };
        let backward = self.techniques.backward && boxes.len() == ctx.goals.len();
        // The complete searches: they answer whatever their ending.
        let complete = if backward { 1 } else { 2 };
        let jobs: Vec<Job<'_, Ending>> = if backward {
            // The forward searches take turns on one thread; the backward ones, which
            // solve most of the levels either solves (benches/README.md), on the other.
            // The backward searches only answer with a solution (see `pull`).
            let techniques = self.techniques;
            let jobs: Vec<Job<'_, Ending>> = vec![
                Box::new(move |budget: &mut Budget<'_>| {
                    let sides = Sides::Forward;
                    portfolio(ctx, packing, forward, (boxes, player), sides, budget)
                }),
                Box::new(move |budget: &mut Budget<'_>| {
                    let sides = Sides::Backward;
                    match portfolio(ctx, packing, techniques, (boxes, player), sides, budget) {
                        Ending::Exhausted => Ending::Stopped(Stop::Cancelled),
                        ending => ending,
                    }
                }),
            ];
            jobs
        } else {
            // No backward search: the forward searches each on a thread.
            self.forward_apart(forward)
        };
        let settles =
            move |i: usize, ending: &Ending| i < complete || matches!(ending, Ending::Solved(_));
        let endings = race(budget, jobs, settles);
        let rank = |ending: &Ending| match ending {
            Ending::Solved(_) => 0,
            Ending::Exhausted => 1,
            Ending::Stopped(Stop::Cancelled) => 3,
            Ending::Stopped(_) => 2,
        };
        let ending = endings
            .into_iter()
            .min_by_key(rank)
            .unwrap_or(Ending::Stopped(Stop::Cancelled));
        outcome_of(ctx, boxes, player, ending, false)
    }

    /// The forward searches, each a job: on the matching bound, on the nearest-goal bound,
    /// and (where the level has goal rooms) the macro search, which only answers with a
    /// solution.
    fn forward_apart(&self, techniques: Techniques) -> Vec<Job<'_, Ending>> {
        let (ctx, boxes, player, packing) = (self.ctx, self.boxes, self.player, self.packing);
        let nearest = Techniques {
            matching: false,
            ..techniques
        };
        let mut jobs: Vec<Job<'_, Ending>> = [techniques, nearest]
            .into_iter()
            .map(|techniques| -> Job<'_, Ending> {
                Box::new(move |budget: &mut Budget<'_>| {
                    PushSearch::new(ctx, Order::Greedy, techniques, boxes, player).run(budget)
                })
            })
            .collect();
        if techniques.packing && !packing.is_empty() {
            // Ranked by boxes home first, the macro search takes the cheap bound (measured:
            // XSokoban 84 in 0.01 s, 82 in 5.7 s instead of 10 s).
            jobs.push(Box::new(move |budget: &mut Budget<'_>| {
                let search = PushSearch::new(ctx, Order::Greedy, nearest, boxes, player);
                match search.with_packing(packing).run(budget) {
                    Ending::Exhausted => Ending::Stopped(Stop::Cancelled),
                    ending => ending,
                }
            }));
        }
        jobs
    }

    fn optimal(&self, order: Order, budget: &mut Budget<'_>) -> Result<Outcome, SolveError> {
        let (ctx, boxes, player, techniques) = (self.ctx, self.boxes, self.player, self.techniques);
        let packing = self.packing;
        let exact: Job<'_, Ending> = Box::new(move |budget: &mut Budget<'_>| {
            PushSearch::new(ctx, order, techniques, boxes, player).run(budget)
        });
        let fast: Job<'_, Ending> = Box::new(move |budget: &mut Budget<'_>| {
            portfolio(
                ctx,
                packing,
                techniques,
                (boxes, player),
                Sides::Both,
                budget,
            )
        });
        let settles = |i: usize, ending: &Ending| i == 0 || *ending == Ending::Exhausted;
        let mut endings = race(budget, vec![exact, fast], settles).into_iter();
        let (Some(exact), Some(fast)) = (endings.next(), endings.next()) else {
            return Ok(Outcome::GaveUp(Stop::Cancelled));
        };
        Ok(match (exact, fast) {
            (Ending::Exhausted, _) | (_, Ending::Exhausted) => Outcome::NoSolution,
            (exact @ Ending::Solved(_), _) => outcome_of(ctx, boxes, player, exact, true)?,
            (Ending::Stopped(stop), fast @ Ending::Solved(_)) => {
                match outcome_of(ctx, boxes, player, fast, false)? {
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
