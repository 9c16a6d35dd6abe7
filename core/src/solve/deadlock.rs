//! Whether a position is lost, and why, in a player's words. Sound: every reason below holds
//! for every way the game could go on, so a position that can still be solved is never
//! called lost (the tests replay known solutions to check that no prefix of one is).
//!
//! The reasons, in the order they are tested:
//! - a box on a dead square (no goal can be reached from it by pushing, even on an empty
//!   board);
//! - a box frozen off a goal (held on both axes by walls, dead squares or other held boxes);
//! - fewer shots left than enemies (a shot removes at most one enemy);
//! - an enemy that no shot can reach: shots fly through anything but walls and frozen boxes
//!   (slopes, bars, boxes that can still move and other enemies are all taken as open), and
//!   the enemy's cell and the eight around it lie outside everything a shot from the player
//!   could cross;
//! - no way to give every box a goal of its own that it can reach;
//! - on a level without enemies or spinners, boxes shut in a corral (an area the player
//!   cannot reach) that no order of pushes brings all onto goals or out of it, found by a
//!   small search of those boxes alone (see `corral_search`);
//! - two boxes that could not both reach goals even alone on the board, with the player
//!   where it is (see `pairs`).
//!
//! On a level whose bars push ([`Level::bars_push`]) a box may move without a push, so
//! [`Deadlocks::new`] works out which cells a pushing bar can ever turn over and counts a
//! box there as able to go to any cell beside it: a square is dead only when no mix of pushes
//! and such moves brings a box from it to a goal, a box a bar can reach is never frozen and
//! never holds another, and the tests that assume pushes alone (the goals each box can reach,
//! corrals, pairs) are left out. The full-state search builds its test without that
//! knowledge ([`Deadlocks::within`]) and gets no answer on such levels.
//!
//! [`Deadlocks`] keeps what is worked out once per level, so a check after every push costs
//! one pass over the boxes and, with enemies, one flood fill of the board (see the `deadlock`
//! benchmark).

use std::fmt;

use crate::game::{BAR_GRAZE, SPINNER_THICKNESS, World, cell_aabb, cell_center};
use crate::geom::Vec2;
use crate::level::{Level, Pos, Tile};
use crate::words::{count, is_are};

use super::context::{Context, ContextError, DIRS, NONE};
use super::corral_search::CorralCheck;
use super::freeze::{Occupancy, is_frozen};
use super::limits::{Budget, Limits, Stop};
use super::matching::Matcher;
use super::pairs::{MAX_PAIR_WORK, PLAY_PAIR_WORK, Pairs};

/// Why a position is lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lost {
    /// A box stands where no goal can ever be reached from.
    DeadSquare {
        /// The box (0-based).
        at: Pos,
    },
    /// A box off a goal can never move again.
    Frozen {
        /// The box (0-based).
        at: Pos,
    },
    /// Two boxes could not both reach goals even if they were the only ones.
    Pair {
        /// One box (0-based).
        at: Pos,
        /// The other (0-based).
        with: Pos,
    },
    /// More enemies are left than shots.
    TooFewShots {
        /// Shots left.
        left: u32,
        /// Enemies left.
        enemies: usize,
    },
    /// No shot can reach this enemy any more.
    EnemyOutOfReach {
        /// The enemy (0-based).
        at: Pos,
    },
    /// The boxes cannot each reach a goal of their own.
    NotEnoughGoals,
    /// Boxes shut in an area the player cannot reach can never all reach goals or get out.
    ShutIn {
        /// One of those boxes (0-based).
        at: Pos,
    },
}

impl fmt::Display for Lost {
    /// The reason in a player's words, columns and rows counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::DeadSquare { at } => write!(
                f,
                "the box at column {}, row {} can never reach a goal",
                at.x + 1,
                at.y + 1
            ),
            Self::Frozen { at } => write!(
                f,
                "the box at column {}, row {} can never move again and is not on a goal",
                at.x + 1,
                at.y + 1
            ),
            Self::Pair { at, with } => write!(
                f,
                "the boxes at column {}, row {} and column {}, row {} can never both reach goals",
                at.x + 1,
                at.y + 1,
                with.x + 1,
                with.y + 1
            ),
            Self::TooFewShots { left, enemies } => {
                write!(
                    f,
                    "{} {} left but only {}",
                    count(enemies, "enemy"),
                    is_are(enemies),
                    count(left, "shot")
                )
            }
            Self::EnemyOutOfReach { at } => write!(
                f,
                "no shot can reach the enemy at column {}, row {} any more",
                at.x + 1,
                at.y + 1
            ),
            Self::NotEnoughGoals => {
                write!(f, "the boxes cannot each reach a goal of their own")
            }
            Self::ShutIn { at } => write!(
                f,
                "the boxes shut in with the box at column {}, row {} can never all reach goals",
                at.x + 1,
                at.y + 1
            ),
        }
    }
}

/// The deadlock test of one level, with what it works out once.
#[derive(Debug, Clone)]
pub struct Deadlocks {
    ctx: Context,
    /// The lost pairs of the board (empty past their work bound).
    pairs: Pairs,
    /// Whether the corral test runs (play's check); the full-state search leaves it out.
    corrals: bool,
    /// On a level whose bars push, made by [`Deadlocks::new`]: whether a pushing bar can
    /// ever turn over each cell (then `ctx.dead` counts the moves such a bar may make).
    /// `None` elsewhere, and in the search's test, which then answers nothing on such levels.
    carried: Option<Vec<bool>>,
}

/// The boxes of a world as cells of the context.
struct Cells(Vec<bool>);

impl Occupancy for Cells {
    fn has_box(&self, cell: u32) -> bool {
        self.0[cell as usize]
    }
}

impl Deadlocks {
    /// Works out the dead squares and push distances of `level`.
    ///
    /// # Errors
    ///
    /// A [`ContextError`] when the board is beyond the solver's limits.
    pub fn new(level: &Level) -> Result<Self, ContextError> {
        let mut ctx = Context::new(level)?;
        if !level.bars_push() {
            return Ok(Self::with_context(ctx));
        }
        let carried = carried_cells(&ctx, level);
        ctx.dead = dead_with_bars(&ctx, &carried);
        Ok(Self {
            carried: Some(carried),
            ..Self::with_context(ctx)
        })
    }

    /// Whether a box on `pos` could never reach a goal, even on an otherwise empty board (a
    /// goal itself is never dead; a cell off the board or in a wall is).
    #[must_use]
    pub fn is_dead_square(&self, level: &Level, pos: Pos) -> bool {
        // A bar that pushes can move a box from where no push could: only a test that knows
        // where the bars reach can tell.
        if level.tile(pos) == Tile::Goal || level.bars_push() && self.carried.is_none() {
            return false;
        }
        self.ctx.cell(pos).is_none_or(|c| self.ctx.dead[c as usize])
    }

    /// The bytes its tables hold (what a caller with a memory budget counts).
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.ctx.bytes() + self.pairs.bytes()
    }

    /// The lost pairs of boxes this test knows (none when the board is past their bound).
    #[must_use]
    pub fn lost_pairs(&self) -> usize {
        self.pairs.len()
    }

    /// The test of `ctx`'s board, its lost pairs worked out within play's bound (it runs at
    /// the first push).
    pub(crate) fn with_context(ctx: Context) -> Self {
        let unlimited = Budget::new(&Limits::default(), None);
        let pairs = Pairs::new(&ctx, &unlimited, PLAY_PAIR_WORK)
            .unwrap_or_else(|_| unreachable!("no limit stops the work without a limit"))
            .unwrap_or_default();
        Self {
            ctx,
            pairs,
            corrals: true,
            carried: None,
        }
    }

    /// [`Deadlocks::with_context`], the lost pairs (when `pairs` asks for them) worked out
    /// with their work spent from `budget`.
    pub(crate) fn within(ctx: Context, pairs: bool, budget: &Budget<'_>) -> Result<Self, Stop> {
        let pairs = if pairs {
            Pairs::new(&ctx, budget, MAX_PAIR_WORK)?.unwrap_or_default()
        } else {
            Pairs::default()
        };
        Ok(Self {
            ctx,
            pairs,
            corrals: true,
            carried: None,
        })
    }

    /// This check without the corral test: for the full-state search, where it was measured
    /// to cost more time than it saves (benches/README.md), as in the push search.
    pub(crate) fn without_corrals(mut self) -> Self {
        self.corrals = false;
        self
    }

    /// Why `world` (a world of the level this was made for) is lost, or `None` when it is not
    /// known to be (always `None` where bars push boxes, unless this test was made by
    /// [`Deadlocks::new`], which knows where they reach).
    #[must_use]
    pub fn check(&self, world: &World) -> Option<Lost> {
        if world.level().bars_push() {
            return self
                .carried
                .as_ref()
                .and_then(|carried| self.check_with_bars(world, carried));
        }
        let ctx = &self.ctx;
        let mut occupied = Cells(vec![false; ctx.len()]);
        let mut cells = Vec::with_capacity(world.boxes().len());
        for &b in world.boxes() {
            let on_goal = world.level().tile(b) == Tile::Goal;
            match ctx.cell(b) {
                Some(c) if ctx.dead[c as usize] && !on_goal => {
                    return Some(Lost::DeadSquare { at: b });
                }
                Some(c) => {
                    occupied.0[c as usize] = true;
                    if !on_goal {
                        cells.push(c);
                    }
                }
                None if on_goal => {}
                None => return Some(Lost::DeadSquare { at: b }),
            }
        }
        for &c in &cells {
            if is_frozen(ctx, &occupied, c) {
                return Some(Lost::Frozen {
                    at: ctx.cells[c as usize],
                });
            }
        }
        if let Some(lost) = self.enemies_lost(world, &occupied) {
            return Some(lost);
        }
        let all: Vec<u32> = world.boxes().iter().filter_map(|&b| ctx.cell(b)).collect();
        if Matcher::default().bound(ctx, &all).is_none() {
            return Some(Lost::NotEnoughGoals);
        }
        self.shut_in(world).or_else(|| self.pair(world, &occupied))
    }

    /// [`Deadlocks::check`] on a level whose bars push: dead squares counting the bars'
    /// moves, boxes frozen by walls and by boxes no bar can reach, and the enemies; a box on
    /// a cell in `carried` is neither tested for freezing nor holds another box.
    fn check_with_bars(&self, world: &World, carried: &[bool]) -> Option<Lost> {
        let ctx = &self.ctx;
        let mut fixed = Cells(vec![false; ctx.len()]);
        let mut loose = Vec::with_capacity(world.boxes().len());
        for &b in world.boxes() {
            let on_goal = world.level().tile(b) == Tile::Goal;
            match ctx.cell(b) {
                Some(c) if ctx.dead[c as usize] && !on_goal => {
                    return Some(Lost::DeadSquare { at: b });
                }
                Some(c) if !carried[c as usize] => {
                    fixed.0[c as usize] = true;
                    if !on_goal {
                        loose.push(c);
                    }
                }
                Some(_) => {}
                None if on_goal => {}
                None => return Some(Lost::DeadSquare { at: b }),
            }
        }
        for &c in &loose {
            if is_frozen(ctx, &fixed, c) {
                return Some(Lost::Frozen {
                    at: ctx.cells[c as usize],
                });
            }
        }
        self.enemies_lost(world, &fixed)
    }

    /// Two boxes that could not both reach goals alone.
    fn pair(&self, world: &World, occupied: &Cells) -> Option<Lost> {
        let ctx = &self.ctx;
        let player = ctx.cell(world.player())?;
        let mut bits = vec![0u64; ctx.words];
        for (c, _) in occupied.0.iter().enumerate().filter(|(_, on)| **on) {
            bits[c / 64] |= 1 << (c % 64);
        }
        let (a, b) = self.pairs.any(&bits, player)?;
        let (a, b) = (ctx.cells[a as usize], ctx.cells[b as usize]);
        // In reading order, whatever the cells' numbering.
        let (at, with) = if (a.y, a.x) <= (b.y, b.x) {
            (a, b)
        } else {
            (b, a)
        };
        Some(Lost::Pair { at, with })
    }

    /// Boxes shut in a lost corral, on a level without enemies or spinners (where the
    /// player's reach and the pushes are those of classic Sokoban).
    fn shut_in(&self, world: &World) -> Option<Lost> {
        let ctx = &self.ctx;
        if !self.corrals || !world.enemies().is_empty() || !world.level().spinners.is_empty() {
            return None;
        }
        let player = ctx.cell(world.player())?;
        let mut bits = vec![0u64; ctx.words];
        for &b in world.boxes() {
            // A box off the solver's cells stands on a goal nothing else can reach: it takes
            // no part in any corral.
            if let Some(c) = ctx.cell(b) {
                bits[c as usize / 64] |= 1 << (c % 64);
            }
        }
        let at = CorralCheck::default().lost_box(ctx, &bits, player)?;
        Some(Lost::ShutIn {
            at: ctx.cells[at as usize],
        })
    }

    fn enemies_lost(&self, world: &World, occupied: &Cells) -> Option<Lost> {
        let enemies = world.enemies();
        if enemies.is_empty() {
            return None;
        }
        // A shot still flying may yet hit an enemy, one at the most, and anywhere it goes: it
        // counts as a shot in hand, and no enemy is called out of reach while one flies.
        let flying = world.shots().len();
        if let Some(left) = world.shots_left()
            && (left as usize).saturating_add(flying) < enemies.len()
        {
            return Some(Lost::TooFewShots {
                left,
                enemies: enemies.len(),
            });
        }
        if flying > 0 {
            return None;
        }
        let open = self.shot_flood(world, occupied);
        let level = world.level();
        let index = |p: Pos| (p.y * level.width + p.x) as usize;
        enemies
            .iter()
            .find(|&&e| {
                !(-1..=1).any(|dy| {
                    (-1..=1).any(|dx| {
                        let p = Pos::new(e.x + dx, e.y + dy);
                        level.contains(p) && open[index(p)]
                    })
                })
            })
            .map(|&at| Lost::EnemyOutOfReach { at })
    }

    /// Every board cell a shot fired from anywhere the player may get to could cross: a
    /// flood from the player through everything but walls and frozen boxes.
    fn shot_flood(&self, world: &World, occupied: &Cells) -> Vec<bool> {
        let ctx = &self.ctx;
        let level = world.level();
        let index = |p: Pos| (p.y * level.width + p.x) as usize;
        let blocked = |p: Pos| {
            level.tile(p) == Tile::Wall
                || ctx
                    .cell(p)
                    .is_some_and(|c| occupied.0[c as usize] && is_frozen(ctx, occupied, c))
        };
        let mut open = vec![false; level.tiles.len()];
        let start = world.player();
        if !level.contains(start) {
            return open;
        }
        open[index(start)] = true;
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            for (dx, dy) in DIRS {
                let q = Pos::new(p.x + dx, p.y + dy);
                if level.contains(q) && !open[index(q)] && !blocked(q) {
                    open[index(q)] = true;
                    stack.push(q);
                }
            }
        }
        open
    }
}

/// Whether a pushing bar of `level` can ever turn over each cell of `ctx`: the cell's part
/// a bar must cross to cover it ([`crate::game::bar_covers`]) comes within the bar's reach of its hub.
fn carried_cells(ctx: &Context, level: &Level) -> Vec<bool> {
    let bars: Vec<(Vec2, f32)> = level
        .spinners
        .iter()
        .filter(|s| s.pushes && s.speed != 0.0)
        .map(|s| {
            let reach = Vec2::new(s.length.max(0.0), SPINNER_THICKNESS).length() * 0.5;
            (cell_center(s.hub), reach)
        })
        .collect();
    ctx.cells
        .iter()
        .map(|&pos| {
            let cell = cell_aabb(pos);
            let (min, max) = (cell.min + BAR_GRAZE, cell.max - BAR_GRAZE);
            bars.iter().any(|&(hub, reach)| {
                let nearest = hub.clamp(min, max);
                // A margin over the bar's reach: counting a cell too many only says less.
                (nearest - hub).length() <= reach + BAR_REACH_MARGIN
            })
        })
        .collect()
}

/// How much further than its reach a pushing bar is taken to reach (see [`carried_cells`]).
const BAR_REACH_MARGIN: f32 = 0.01;

/// The dead squares of `ctx`'s board where a box on a cell in `carried` can also be moved to
/// any open cell beside it: the cells from which no goal can be reached by pushes (the
/// player's cell behind the box open) and such moves, found backwards from the goals.
fn dead_with_bars(ctx: &Context, carried: &[bool]) -> Vec<bool> {
    let mut live = vec![false; ctx.len()];
    let mut queue: Vec<u32> = ctx.goals.clone();
    for &g in &queue {
        live[g as usize] = true;
    }
    while let Some(to) = queue.pop() {
        for dir in 0..4 {
            // A box on `from` goes to `to` in the direction opposite `dir`; a push needs the
            // player on the far side of `from`.
            let from = ctx.step(to, dir);
            if from == NONE || live[from as usize] {
                continue;
            }
            let pushed = ctx.step(from, dir) != NONE;
            if pushed || carried[from as usize] {
                live[from as usize] = true;
                queue.push(from);
            }
        }
    }
    live.iter().map(|&l| !l).collect()
}

/// Why `world` is lost, or `None` when it is not known to be: a one-off [`Deadlocks::check`]
/// (keep a [`Deadlocks`] to check many positions of one level).
#[must_use]
pub fn is_lost(world: &World) -> Option<Lost> {
    Deadlocks::new(world.level()).ok()?.check(world)
}
