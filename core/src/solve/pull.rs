//! The backward search: from the solved position, pulling boxes back towards where they
//! start. A pull is a push undone: the player stands beside a box, steps away from it, and
//! the box follows into the cell the player left. Every position met this way can be solved
//! (its pulls, read backwards, are pushes that solve it), so the search looks for the level's
//! start among them: its boxes on their start cells, its player's area holding the player.
//!
//! Why beside the forward searches: what is hard forwards is often easy backwards. Filling a
//! goal room in the right order is a puzzle for pushes; pulling its boxes out of it, in
//! whatever order the room allows, is not, and the boxes then only have to reach start cells
//! that lie apart (classic packers work out their goal rooms' orders the same way).
//!
//! A position is the boxes (a bitset) and the lowest cell of the player's area, as in the
//! forward greedy search. Its bound is the minimum-cost matching of the boxes to the start
//! cells on the reversed distances (`Context::reversed`), or, in a second search beside it,
//! each box's distance to its nearest start (cheaper, and the better guide on about as many
//! levels: measured on XSokoban, each solves ten levels the other does not); the search
//! expands the lowest bound first, fewest pulls on a tie. A pull that takes a box onto a
//! cell from which no start can be reached is not made. The roots are the solved boxes with
//! the player in each area they leave free. The search runs only where there are as many
//! goals as boxes (otherwise the solved positions are every choice of goals, too many to
//! start from).
//!
//! It only answers with a solution: the pruning is sound, so running out of positions would
//! prove there is none, but the forward searches already answer that.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::context::{Context, NONE};
#[cfg(test)]
use super::engine::Ending;
use super::engine::{Search, room};
use super::limits::{Budget, Stop};
use super::matching::{Matcher, nearest_bound};
use super::pairs::Pairs;
use super::push::Push;
use super::push::reach::{Reach, cells, flip, has};
use super::table::{Table, zobrist_keys};

#[derive(Debug, Clone, Copy)]
struct Node {
    parent: u32,
    /// The forward push that undoes this node's pull (the box's cell after the pull, and
    /// the direction it is pushed back in).
    push: Push,
    pulls: u32,
    bound: u32,
    closed: bool,
}

/// The state of one backward search.
pub(crate) struct PullSearch<'c> {
    ctx: &'c Context,
    /// The board with the start cells as goals.
    back: &'c Context,
    /// The reversed board's lost pairs, when this search prunes by them.
    pairs: Option<&'c Pairs>,
    /// Bound by the matching (else each box's nearest start).
    matching: bool,
    start: u32,
    zobrist: Vec<u64>,
    table: Table,
    nodes: Vec<Node>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    reach: Reach,
    matcher: Matcher,
    base_ready: bool,
    /// The node whose matching the matcher's base holds (`u32::MAX`: none), and the node
    /// being expanded.
    based: u32,
    expanding: u32,
    cur: Vec<u64>,
    key: Vec<u64>,
    child: Vec<u64>,
    boxes: Vec<u32>,
    pulls: Vec<(u32, u8)>,
    /// A solution found among the roots (the level starts solved).
    solved: Option<u32>,
}

/// The board of the backward search towards the boxes on `boxes`: `ctx` with their cells as
/// goals (`Context::reversed`). `None` when the level has more goals than boxes (or no box:
/// the solved positions would be every choice of goals), or when the tables (as large as
/// `ctx`'s) would not fit in the memory `budget` leaves or a limit stops the work of
/// building them.
pub(crate) fn reversed(ctx: &Context, boxes: &[u32], budget: &Budget<'_>) -> Option<Context> {
    if boxes.is_empty() || boxes.len() != ctx.goals.len() {
        return None;
    }
    if ctx.bytes() > budget.memory_limit() / 2 {
        return None;
    }
    ctx.reversed(boxes, budget).ok()
}

impl<'c> PullSearch<'c> {
    /// This search, dropping every child with two boxes that could never both be pulled
    /// onto start cells (see `pairs`).
    pub(crate) fn with_pairs(mut self, pairs: &'c Pairs) -> Self {
        self.pairs = Some(pairs);
        self
    }

    /// The backward search on the board `back` (see [`reversed`]) towards the player on
    /// `player`, ordered by the matching bound, or by the nearest-start one when `matching`
    /// is off (cheaper, and a better guide on other levels).
    pub(crate) fn new(ctx: &'c Context, back: &'c Context, player: u32, matching: bool) -> Self {
        let mut search = Self {
            ctx,
            back,
            pairs: None,
            matching,
            start: player,
            zobrist: zobrist_keys(ctx.len() * 2, 0x9a11_5eed),
            table: Table::new(ctx.words + 1),
            nodes: Vec::new(),
            heap: BinaryHeap::new(),
            reach: Reach::new(ctx.len()),
            matcher: Matcher::default(),
            base_ready: false,
            based: u32::MAX,
            expanding: u32::MAX,
            cur: vec![0; ctx.words],
            key: vec![0; ctx.words + 1],
            child: vec![0; ctx.words],
            boxes: Vec::new(),
            pulls: Vec::new(),
            solved: None,
        };
        search.roots();
        search
    }

    /// One root per area the solved boxes leave free.
    fn roots(&mut self) {
        let ctx = self.ctx;
        let mut bits = vec![0; ctx.words];
        for &g in &ctx.goals {
            flip(&mut bits, g);
        }
        self.boxes.clear();
        self.boxes.extend_from_slice(&ctx.goals);
        let Some(bound) = self.bound() else {
            return;
        };
        let mut area = vec![false; ctx.len()];
        for c in 0..ctx.len() as u32 {
            if area[c as usize] || has(&bits, c) {
                continue;
            }
            let lowest = self.reach.flood(ctx, &bits, c);
            for &r in &self.reach.queue {
                area[r as usize] = true;
            }
            let home = bound == 0 && self.reach.reached(self.start);
            self.key[..ctx.words].copy_from_slice(&bits);
            self.key[ctx.words] = u64::from(lowest);
            let hash = self.hash(&bits, lowest);
            let Ok(id) = self.table.insert(&self.key, hash, usize::MAX) else {
                return;
            };
            let node = Node {
                parent: u32::MAX,
                push: Push { from: NONE, dir: 0 },
                pulls: 0,
                bound,
                closed: false,
            };
            self.nodes.push(node);
            self.heap.push(Reverse((priority(&node), id)));
            if home {
                self.solved = Some(id);
            }
        }
    }

    fn hash(&self, bits: &[u64], player: u32) -> u64 {
        let mut h = self.zobrist[self.ctx.len() + player as usize];
        for c in cells(bits) {
            h ^= self.zobrist[c as usize];
        }
        h
    }

    /// The bytes the search holds.
    pub(crate) fn bytes(&self) -> usize {
        self.table.bytes()
            + self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.heap.capacity() * 16
            + self.zobrist.capacity() * 8
            + self.ctx.len() * 12
    }

    /// Runs until a solution, exhaustion, or a limit.
    #[cfg(test)]
    pub(crate) fn run(&mut self, budget: &mut Budget<'_>) -> Ending {
        super::engine::run(self, budget)
    }

    /// Offers every pull from node `id`; returns the node that reaches the start, if one
    /// does.
    fn pulls_from(
        &mut self,
        id: u32,
        budget: &Budget<'_>,
        others: usize,
    ) -> Result<Option<u32>, Stop> {
        let ctx = self.ctx;
        let words = ctx.words;
        let stored = self.table.get(id);
        self.cur.copy_from_slice(&stored[..words]);
        let player = stored[words] as u32;
        self.base_ready = false;
        self.expanding = id;
        self.reach.flood(ctx, &self.cur, player);
        let mut pulls = std::mem::take(&mut self.pulls);
        pulls.clear();
        for &c in &self.reach.queue {
            for dir in 0..4 {
                // The box on `b` follows the player from `c` to `away`.
                let b = ctx.step(c, dir);
                if b == NONE || !has(&self.cur, b) || self.back.dead[c as usize] {
                    continue;
                }
                let away = ctx.step(c, (dir + 2) % 4);
                if away == NONE || has(&self.cur, away) {
                    continue;
                }
                pulls.push((c, dir as u8));
            }
        }
        let mut result = budget
            .spend(self.reach.queue.len() as u64 * 4)
            .map(|()| None);
        for &(c, dir) in &pulls {
            if !matches!(result, Ok(None)) {
                break;
            }
            result = self.offer(id, c, dir, budget, others);
        }
        self.pulls = pulls;
        result
    }

    /// Stores the position after the pull that brings the box from `c`'s neighbour in
    /// direction `dir` onto `c`, if it is new.
    fn offer(
        &mut self,
        id: u32,
        c: u32,
        dir: u8,
        budget: &Budget<'_>,
        others: usize,
    ) -> Result<Option<u32>, Stop> {
        let ctx = self.ctx;
        let words = ctx.words;
        let b = ctx.step(c, usize::from(dir));
        let away = ctx.step(c, usize::from(dir + 2) % 4);
        let mut child = std::mem::take(&mut self.child);
        child.copy_from_slice(&self.cur);
        flip(&mut child, b);
        flip(&mut child, c);
        if self
            .pairs
            .is_some_and(|p| p.partner(&child, c, away).is_some())
        {
            self.child = child;
            return Ok(None);
        }
        let lowest = self.reach.flood(ctx, &child, away);
        let home = self.reach.reached(self.start);
        budget.spend(self.reach.queue.len() as u64 * 4)?;
        self.key[..words].copy_from_slice(&child);
        self.key[words] = u64::from(lowest);
        let hash = self.hash(&child, lowest);
        if self.table.find(&self.key, hash).is_some() {
            self.child = child;
            return Ok(None);
        }
        let bound = if self.matching {
            let bound = self.bound_moved(&child, (b, c));
            let n = self.boxes.len() as u64;
            budget.spend(n * n * n + n)?;
            bound
        } else {
            // The nearest-start bound is a sum over the boxes: only the pulled box's term
            // changes (the cell it lands on is live, so its term is finite).
            let near = &self.back.nearest;
            let bound = self.nodes[id as usize].bound - near[b as usize] + near[c as usize];
            debug_assert_eq!(
                Some(bound),
                nearest_bound(self.back, &cells(&child).collect::<Vec<_>>()),
                "the sum changed by the pulled box's term is the sum"
            );
            Some(bound)
        };
        self.child = child;
        let held = self.bytes() - self.table.bytes() + others;
        let new = self
            .table
            .insert(&self.key, hash, room(budget, held))
            .map_err(|_| Stop::Memory)?;
        let parent = self.nodes[id as usize];
        let mut node = Node {
            parent: id,
            push: Push { from: c, dir },
            pulls: parent.pulls + 1,
            bound: 0,
            closed: true,
        };
        if let Some(bound) = bound {
            node.bound = bound;
            node.closed = false;
            self.heap.push(Reverse((priority(&node), new)));
        }
        self.nodes.push(node);
        Ok((bound == Some(0) && home).then_some(new))
    }

    /// The matching bound of the child of the position expanded now in which the box on
    /// `from` went to `to`, from the expanded position's matching.
    fn bound_moved(&mut self, bits: &[u64], (from, to): (u32, u32)) -> Option<u32> {
        if !self.base_ready {
            self.base_ready = true;
            // The expanded position is a pull away from its parent's: when the base holds
            // the parent's matching, one augmenting path makes it this position's.
            let node = self.nodes[self.expanding as usize];
            let moved = (node.parent == self.based && node.parent != u32::MAX).then(|| {
                let to = node.push.from;
                (self.ctx.step(to, usize::from(node.push.dir)), to)
            });
            self.matcher
                .set_base_after(self.back, moved, &self.cur, &mut self.boxes);
            self.based = self.expanding;
        }
        if let Some(bound) = self.matcher.bound_moved(self.back, from, to) {
            return bound;
        }
        self.boxes.clear();
        self.boxes.extend(cells(bits));
        self.bound()
    }

    /// The bound of the boxes in `self.boxes`.
    fn bound(&mut self) -> Option<u32> {
        if self.matching {
            self.matcher.bound(self.back, &self.boxes)
        } else {
            nearest_bound(self.back, &self.boxes)
        }
    }

    /// The pushes that solve the level from node `id`'s position: its pulls, last first,
    /// each undone.
    fn pushes_to(&self, mut id: u32) -> Vec<Push> {
        let mut pushes = Vec::new();
        while self.nodes[id as usize].parent != u32::MAX {
            pushes.push(self.nodes[id as usize].push);
            id = self.nodes[id as usize].parent;
        }
        pushes
    }
}

impl Search for PullSearch<'_> {
    type Path = Vec<Push>;

    fn found(&mut self) -> Option<u32> {
        self.solved
    }

    fn next(&mut self) -> Option<u32> {
        while let Some(Reverse((_, id))) = self.heap.pop() {
            if !self.nodes[id as usize].closed {
                self.nodes[id as usize].closed = true;
                return Some(id);
            }
        }
        None
    }

    /// Positions met backwards are not counted as layouts.
    fn layout(&self, _: u32) -> Option<&[u64]> {
        None
    }

    /// A position reaching the start is returned as it is stored (see `pulls_from`).
    fn solves(&mut self, _: u32) -> bool {
        false
    }

    fn expand(&mut self, id: u32, budget: &Budget<'_>, others: usize) -> Result<Option<u32>, Stop> {
        self.pulls_from(id, budget, others)
    }

    fn path(&mut self, id: u32) -> Vec<Push> {
        self.pushes_to(id)
    }

    fn bytes(&self) -> usize {
        PullSearch::bytes(self)
    }
}

/// Lowest bound first, fewest pulls on a tie.
fn priority(node: &Node) -> u64 {
    (u64::from(node.bound) << 32) | u64::from(node.pulls)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Pos;
    use crate::solve::limits::Limits;
    use crate::solve::solution::letters;

    /// What the search on each bound (matching, nearest start) ends with, every solution
    /// replayed by the game.
    fn solve(text: &str) -> [Ending; 2] {
        let level: crate::level::Level = text.parse().expect("test level parses");
        let ctx = Context::new(&level).expect("fits");
        let boxes: Vec<u32> = level.boxes.iter().filter_map(|&b| ctx.cell(b)).collect();
        let player = ctx.cell(level.player).expect("player on the board");
        let mut budget = Budget::new(&Limits::positions(100_000), None);
        let back = reversed(&ctx, &boxes, &budget).expect("as many goals as boxes");
        [true, false].map(|matching| {
            let ending = PullSearch::new(&ctx, &back, player, matching).run(&mut budget);
            if let Ending::Solved(pushes) = &ending {
                let moves =
                    letters(&ctx, &boxes, player, pushes).expect("every push can be reached");
                let mut world = crate::game::World::new(&level).expect("test level plays");
                crate::game::play_moves(&mut world, &moves).expect("the moves replay");
                assert!(world.is_solved(), "the pushes solve the level");
            }
            ending
        })
    }

    #[test]
    fn pulls_read_backwards_solve_the_level() {
        for (name, text) in [
            ("one push", "#####\n#@$.#\n#####"),
            ("round a corner", "######\n#@   #\n# $  #\n###. #\n  ####"),
            (
                "a goal room filled in order",
                "########\n#@     #\n# $ $  #\n###  ..#\n  ######",
            ),
            (
                "two boxes that must go in turn",
                "#######\n#.@ $ #\n#.$   #\n#######",
            ),
        ] {
            for ending in solve(text) {
                assert!(
                    matches!(ending, Ending::Solved(_)),
                    "{name}: no solution found"
                );
            }
        }
    }

    #[test]
    fn a_level_with_spare_goals_is_left_to_the_forward_search() {
        let level: crate::level::Level = "#######\n#@$$..#\n#######".parse().unwrap();
        let ctx = Context::new(&level).unwrap();
        // One box asked for, two goals.
        let b = ctx.cell(Pos::new(2, 1)).unwrap();
        let budget = Budget::new(&Limits::default(), None);
        assert!(reversed(&ctx, &[b], &budget).is_none());
    }

    #[test]
    fn a_position_no_pull_reaches_runs_out_of_positions() {
        // The box starts in a corner: no pull brings a box into one.
        assert_eq!(
            solve("#####\n#$ .#\n# @ #\n#####"),
            [Ending::Exhausted, Ending::Exhausted]
        );
    }
}
