//! The portfolio: the searches that look for any solution, each lucky where the others are
//! not (see benches/README.md), built once from a list of [`Strategy`] and run taking
//! turns on one thread (here) or racing on several (see `parallel`). The first solution
//! wins; a complete search running out of positions proves there is none.
//!
//! Turns are measured in work units, which keeps one thread's answer the same on every run
//! (a busy machine changes how long a turn takes, not what it does). A unit costs each
//! search a different time, so each strategy's turn ([`Strategy::turn_work`]) is its rate
//! of units per millisecond, measured on XSokoban 11 (benches/README.md), times the
//! milliseconds its turn should last. On two threads the strategies run in two lanes
//! ([`Strategy::lane`]): three feature space searches and the goal-room macros on one, the
//! backward searches, the two greedy ones and the flat out-of-plan feature space search on
//! the other.

use super::context::Context;
use super::engine::{Ending, Search, Turn, run_for};
use super::fess::{COARSE_REGIONS, FessSearch};
use super::limits::{Budget, Stop};
use super::packing::Packing;
use super::pairs::{MAX_PAIR_WORK, Pairs, Way};
use super::pull::{self, PullSearch};
use super::push::{Order, PushSearch, Techniques};
use super::triples::Triples;

/// One search of the portfolio, which looks for any solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Greedy over pushes, on the matching bound. Complete: when it runs out of positions
    /// there is no solution.
    Matching,
    /// Greedy over pushes, on each box's nearest goal. Complete.
    Nearest,
    /// Goal rooms filled by macro pushes in a worked-out order (see `packing`), ranked by
    /// boxes home first. It prunes solutions as well as positions, so it proves nothing.
    GoalRooms,
    /// The feature space search over macro moves (see `fess`). Complete: macro moves reach
    /// every position single pushes reach, and its pruning is sound.
    Fess,
    /// The same search over a coarser feature space: regions counted up to
    /// `COARSE_REGIONS`, so that positions cut into many regions share one cell and the
    /// cells of fewer regions get more of the turns. Complete as FESS. Each solves levels
    /// the other does not (benches/README.md).
    FessCoarse,
    /// The same search over a feature space with a third axis, the boxes on goals out of
    /// the packing order: positions that put a box on a far goal early get cells of their
    /// own. Complete as FESS. Alone it solves fewer levels than FESS, but some FESS does
    /// not (benches/README.md).
    FessPlan,
    /// The out-of-plan feature space without the regions: boxes packed in order and boxes
    /// on goals out of it, nothing else. Complete as FESS. It solves a level the others do
    /// not (benches/README.md).
    FessPlanFlat,
    /// Backward from the solved position by pulls, on the matching bound (see `pull`);
    /// only where there are as many goals as boxes. It only answers with a solution.
    PullMatching,
    /// Backward by pulls, on each box's nearest start.
    PullNearest,
}

impl Strategy {
    /// Every strategy, as the portfolio runs them unless told otherwise.
    pub const ALL: [Self; 9] = [
        Self::Fess,
        Self::FessCoarse,
        Self::FessPlan,
        Self::FessPlanFlat,
        Self::GoalRooms,
        Self::Matching,
        Self::Nearest,
        Self::PullMatching,
        Self::PullNearest,
    ];

    /// The strategy's name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Matching => "matching",
            Self::Nearest => "nearest",
            Self::GoalRooms => "goal-rooms",
            Self::Fess => "fess",
            Self::FessCoarse => "fess-coarse",
            Self::FessPlan => "fess-plan",
            Self::FessPlanFlat => "fess-plan-flat",
            Self::PullMatching => "pull-matching",
            Self::PullNearest => "pull-nearest",
        }
    }

    /// The strategy named `name` (as [`Strategy::name`] spells it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether it is a feature space search, which counts boxes packed by the packing plan.
    #[must_use]
    pub fn is_fess(self) -> bool {
        matches!(
            self,
            Self::Fess | Self::FessCoarse | Self::FessPlan | Self::FessPlanFlat
        )
    }

    /// Whether it searches backwards from the solved position.
    #[must_use]
    pub fn is_backward(self) -> bool {
        matches!(self, Self::PullMatching | Self::PullNearest)
    }

    /// Whether its running out of positions proves there is no solution.
    #[must_use]
    pub fn is_complete(self) -> bool {
        matches!(
            self,
            Self::Matching
                | Self::Nearest
                | Self::Fess
                | Self::FessCoarse
                | Self::FessPlan
                | Self::FessPlanFlat
        )
    }

    /// Work units per millisecond of CPU time it does, measured (XSokoban 11, release build,
    /// each strategy alone for 300 million units, `perf stat -e task-clock`; the feature
    /// space search's from that and its change since, benches/README.md): the feature space
    /// search looks at every macro move of every box, the push searches count matchings.
    fn units_per_ms(self) -> u64 {
        match self {
            Self::Fess | Self::FessCoarse | Self::FessPlan | Self::FessPlanFlat => 600_000,
            Self::Matching => 1_180_000,
            Self::Nearest => 2_400_000,
            Self::GoalRooms => 2_700_000,
            Self::PullMatching => 305_000,
            Self::PullNearest => 158_000,
        }
    }

    /// How long its turn lasts, in milliseconds, beside the others of its lane: the
    /// feature space searches, which solve the most levels, take most of theirs (the finer
    /// one the largest part: the XSokoban levels only it solves need up to 2.4 billion
    /// units, those only the coarse one solves at most 0.9 billion, the one only the
    /// out-of-plan one solves 0.92 billion; benches/README.md); the flat out-of-plan one,
    /// whose level takes it 0.36 billion, a small turn in the second lane; the
    /// backward searches most of theirs (the nearest-start one solves Microban 153, the
    /// goal corridor); the greedy searches, which answer small levels and prove the lost
    /// ones quickly, the rest.
    fn turn_ms(self) -> u64 {
        match self {
            Self::Fess => 26,
            Self::FessCoarse => 18,
            Self::FessPlan => 20,
            Self::GoalRooms => 6,
            Self::PullNearest => 26,
            Self::PullMatching => 10,
            Self::FessPlanFlat => 5,
            Self::Nearest => 2,
            Self::Matching => 2,
        }
    }

    /// The work units of one turn.
    pub(crate) fn turn_work(self) -> u64 {
        self.units_per_ms() * self.turn_ms()
    }

    /// The lane it runs in on two threads.
    pub(crate) fn lane(self) -> u8 {
        match self {
            Self::Fess | Self::FessCoarse | Self::FessPlan | Self::GoalRooms => 0,
            _ => 1,
        }
    }
}

/// Which searches of the portfolio run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sides {
    /// All of them.
    All,
    /// The ones of one lane (see [`Strategy::lane`]).
    Lane(u8),
}

impl Sides {
    fn holds(self, strategy: Strategy) -> bool {
        match self {
            Self::All => true,
            Self::Lane(lane) => strategy.lane() == lane,
        }
    }
}

/// What every search of a classic level starts from.
#[derive(Clone, Copy)]
pub(crate) struct Start<'c> {
    pub(crate) ctx: &'c Context,
    pub(crate) packing: &'c Packing,
    /// The lost pairs of the board (see `pairs`).
    pub(crate) pairs: &'c Pairs,
    /// The lost sets of three boxes (see `triples`), for the feature space searches.
    pub(crate) triples: &'c Triples,
    pub(crate) techniques: Techniques,
    pub(crate) boxes: &'c [u32],
    pub(crate) player: u32,
}

/// One search of the portfolio with its strategy.
pub(crate) struct Member<'c> {
    pub(crate) strategy: Strategy,
    search: Box<dyn Search<Path = Vec<super::push::Push>> + 'c>,
}

impl<'c> Member<'c> {
    /// The search of `strategy` from `start`; `back` is the reversed board of the backward
    /// searches. `None` when the strategy has nothing to do on this level (no goal rooms,
    /// no reversed board).
    pub(crate) fn new(
        strategy: Strategy,
        start: Start<'c>,
        back: Option<(&'c Context, &'c Pairs)>,
    ) -> Option<Self> {
        let Start {
            ctx,
            packing,
            pairs,
            triples,
            techniques,
            boxes,
            player,
        } = start;
        let fess = || FessSearch::new(ctx, packing, pairs, boxes, player).with_triples(triples);
        let greedy = |matching| {
            let techniques = Techniques {
                matching,
                ..techniques
            };
            PushSearch::new(ctx, Order::Greedy, techniques, boxes, player).with_pairs(pairs)
        };
        let search: Box<dyn Search<Path = Vec<super::push::Push>> + 'c> = match strategy {
            Strategy::Matching => Box::new(greedy(true)),
            Strategy::Nearest => Box::new(greedy(false)),
            // Ranked by boxes home first, the macro search takes the cheap bound (measured:
            // XSokoban 84 in 0.01 s, 82 in 5.7 s instead of 10 s).
            Strategy::GoalRooms if !packing.is_empty() => {
                Box::new(greedy(false).with_packing(packing))
            }
            Strategy::GoalRooms => return None,
            Strategy::Fess => Box::new(fess()),
            Strategy::FessCoarse => Box::new(fess().with_regions_cap(COARSE_REGIONS)),
            Strategy::FessPlan => Box::new(fess().with_out_of_plan()),
            Strategy::FessPlanFlat => Box::new(fess().with_out_of_plan().with_regions_cap(1)),
            Strategy::PullMatching => {
                let (back, pairs) = back?;
                Box::new(PullSearch::new(ctx, back, player, true).with_pairs(pairs))
            }
            Strategy::PullNearest => {
                let (back, pairs) = back?;
                Box::new(PullSearch::new(ctx, back, player, false).with_pairs(pairs))
            }
        };
        Some(Self { strategy, search })
    }

    /// Runs it until a solution, exhaustion or a limit; an exhaustion that proves nothing
    /// is told as a stop (the others, if any, go on).
    pub(crate) fn run(mut self, budget: &mut Budget<'_>) -> Found {
        let ending = match super::engine::run(self.search.as_mut(), budget) {
            Ending::Exhausted if !self.strategy.is_complete() => Ending::Stopped(Stop::Cancelled),
            ending => ending,
        };
        Found {
            ending,
            by: Some(self.strategy),
        }
    }
}

/// How a portfolio ended, and which search ended it (none when a limit did).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) ending: Ending,
    pub(crate) by: Option<Strategy>,
}

impl Found {
    fn stopped(stop: Stop) -> Self {
        Self {
            ending: Ending::Stopped(stop),
            by: None,
        }
    }
}

impl From<Ending> for Found {
    /// An ending no strategy of the portfolio gave (an optimizing search's).
    fn from(ending: Ending) -> Self {
        Self { ending, by: None }
    }
}

/// The reversed board of the backward searches and its lost pairs (for pulls), when
/// `strategies` hold one and the level has one (see `pull::reversed`).
pub(crate) fn reversed(
    start: Start<'_>,
    strategies: &[Strategy],
    budget: &Budget<'_>,
) -> Option<(Context, Pairs)> {
    let back = strategies
        .iter()
        .any(|s| s.is_backward())
        .then(|| pull::reversed(start.ctx, start.boxes, budget))
        .flatten()?;
    let pairs = if start.techniques.pairs {
        Pairs::moving(&back, Way::Pulls, budget, MAX_PAIR_WORK)
            .ok()
            .flatten()
            .unwrap_or_default()
    } else {
        Pairs::default()
    };
    Some((back, pairs))
}

/// The searches of `strategies` on `sides`, taking turns until one solves the level, a
/// complete one runs out of positions (no solution), or a limit stops them. When only
/// searches that prove nothing are left and they run out too, the ending is a stop.
pub(crate) fn take_turns(
    start: Start<'_>,
    strategies: &[Strategy],
    sides: Sides,
    budget: &mut Budget<'_>,
) -> Found {
    let mine: Vec<Strategy> = strategies
        .iter()
        .copied()
        .filter(|&s| sides.holds(s))
        .collect();
    let back = reversed(start, &mine, budget);
    let held = back
        .as_ref()
        .map_or(0, |(ctx, pairs)| ctx.bytes() + pairs.bytes());
    let mut members: Vec<Member<'_>> = mine
        .iter()
        .filter_map(|&s| Member::new(s, start, back.as_ref().map(|(c, p)| (c, p))))
        .collect();
    let mut turn = 0;
    loop {
        if members.is_empty() {
            return Found::stopped(Stop::Cancelled);
        }
        let others: usize = members
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != turn)
            .map(|(_, m)| m.search.bytes())
            .sum();
        let member = &mut members[turn];
        let strategy = member.strategy;
        let slice = Turn {
            positions: u64::MAX,
            work: member.strategy.turn_work(),
        };
        match run_for(member.search.as_mut(), budget, slice, others + held) {
            None => turn += 1,
            Some(Ending::Exhausted) if !strategy.is_complete() => {
                members.remove(turn);
            }
            Some(ending @ Ending::Stopped(_)) => {
                return Found { ending, by: None };
            }
            Some(ending) => {
                return Found {
                    ending,
                    by: Some(strategy),
                };
            }
        }
        if turn >= members.len() {
            turn = 0;
        }
    }
}
