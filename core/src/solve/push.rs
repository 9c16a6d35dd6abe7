//! The classic search: over pushes, not steps. A position is the boxes (a bitset over the
//! context's cells) and the player's cell; between pushes the player walks anywhere it can
//! reach, so for "any solution" and "fewest pushes" the player's cell is normalised to the
//! lowest-numbered cell it can reach, and positions that differ only in where the player
//! stands inside one area are one. For "fewest moves" (and as the tie-break of "fewest
//! pushes") the player's cell is kept exact: the cell the last pushed box left.
//!
//! Each expanded position yields one successor per box the player can reach a side of and
//! push into a free, live cell. A successor is dropped when the pushed box lands on a dead
//! square, freezes off a goal, leaves the boxes without a matching to goals, or the position
//! is already stored at no greater cost.
//!
//! Orders ([`Order`]): greedy best-first on the lower bound (any solution, quickly), and A*
//! on pushes then moves, or on moves then pushes, both proven optimal with the consistent
//! matching bound.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::context::{Context, NONE};
use super::corral::Corrals;
use super::corral_search::CorralSearch;
pub(crate) use super::engine::Ending;
use super::engine::{Search, room};
use super::freeze::frozen_off_goal;
use super::limits::{Budget, Stop};
use super::matching::Matcher;
use super::packing::Packing;
use super::pairs::Pairs;
use super::table::{Table, zobrist_keys};

mod bound;
mod goal_macro;
pub(crate) mod reach;

use reach::{Bits, Reach, flip, has};

/// Which positions the search expands first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// Lowest lower bound first (fewest pushes so far on a tie): finds a solution fast.
    Greedy,
    /// A* on pushes, moves breaking ties: the fewest pushes, proven.
    Pushes,
    /// A* on moves, pushes breaking ties: the fewest moves, proven.
    Moves,
}

/// Which deadlock tests and bound a search over pushes uses, so their worth can be
/// measured (which searches run is [`Strategy`](super::Strategy)'s list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Techniques {
    /// Drop pushes onto dead squares.
    pub dead_squares: bool,
    /// Drop pushes that freeze a box off a goal.
    pub freeze: bool,
    /// Bound the optimizing searches by a minimum-cost matching (else each box's nearest
    /// goal; the greedy ones have a [`Strategy`](super::Strategy) each).
    pub matching: bool,
    /// Try only the pushes into a PI-corral when there is one (not in the fewest-moves
    /// search, where it could cost moves).
    pub corrals: bool,
    /// Where the PI-corral rule keeps one corral's pushes, search that corral's boxes alone
    /// for a way out or home, and drop the position when there is none (see
    /// `corral_search`). Off by default: measured on XSokoban and Microban it prunes
    /// positions but costs more time than it saves (benches/README.md); play's deadlock
    /// check uses it all the same.
    pub corral_deadlocks: bool,
    /// Drop positions with two boxes that could not both reach goals even alone on the
    /// board (see `pairs`): in every search, and in the timed search's deadlock test.
    pub pairs: bool,
}

impl Default for Techniques {
    /// Everything on but the corral deadlock search.
    fn default() -> Self {
        Self {
            dead_squares: true,
            freeze: true,
            matching: true,
            corrals: true,
            corral_deadlocks: false,
            pairs: true,
        }
    }
}

impl Techniques {
    /// The techniques of the difficulty measure (the layouts of the fewest-pushes proof,
    /// levels/README.md): those the campaign's curve was set with, so that a stronger solver
    /// does not move the ruler. The small deadlock sets came later and are off.
    #[must_use]
    pub fn measure() -> Self {
        Self {
            pairs: false,
            ..Self::default()
        }
    }
}

/// One push: the box's cell before it and the direction (LURD order); or, with the direction
/// [`MACRO`], a run of pushes kept by the search (`from` numbers it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Push {
    pub(crate) from: u32,
    pub(crate) dir: u8,
}

/// The direction that marks a [`Push`] as a macro.
const MACRO: u8 = 4;

#[derive(Debug, Clone, Copy)]
struct Node {
    parent: u32,
    push: Push,
    pushes: u32,
    moves: u32,
    bound: u32,
    closed: bool,
    /// In a search with macros, the boxes off goals: ranked before the bound, so the search
    /// fills the rooms box by box.
    rank: u16,
}

/// The matcher of a push search and the position whose matching its base holds.
struct MatcherCache {
    matcher: Matcher,
    /// Whether the matcher holds the matching of the position expanded now.
    base_ready: bool,
    /// The node whose matching the matcher's base holds (`u32::MAX`: none), and the node
    /// being expanded.
    based: u32,
    expanding: u32,
}

/// The buffers a push search reuses from position to position.
struct Scratch {
    /// The expanded position's boxes, a child's, and a table key (boxes and player).
    cur: Vec<u64>,
    child: Vec<u64>,
    key: Vec<u64>,
    /// Box cells, for the bound.
    boxes: Vec<u32>,
    /// The pushes of the expanded position.
    pushes: Vec<(u32, u8, u32)>,
    /// The pushes that stay plain pushes (no macro), while offering them.
    plain: Vec<(u32, u8, u32)>,
}

/// The state of one push search.
pub(crate) struct PushSearch<'c> {
    ctx: &'c Context,
    order: Order,
    techniques: Techniques,
    zobrist: Vec<u64>,
    table: Table,
    nodes: Vec<Node>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    reach: Reach,
    /// The lower bound's matcher and what its base holds.
    cache: MatcherCache,
    /// Buffers reused from position to position.
    scratch: Scratch,
    corrals: Corrals,
    /// Bytes held by other searches running beside this one.
    others: usize,
    /// The goals as a bitset.
    goal_bits: Vec<u64>,
    /// The goal rooms' orders, when this search fills them by macros.
    packing: Option<&'c Packing>,
    /// The macros taken so far and their scratch space.
    macros: goal_macro::Macros,
    /// The board's lost pairs, when this search prunes by them.
    pairs: Option<&'c Pairs>,
    /// Scratch space for the corral deadlock test.
    corral_search: CorralSearch,
}

impl<'c> PushSearch<'c> {
    /// A search from the boxes on `boxes` with the player on `player` (cells of `ctx`).
    pub(crate) fn new(
        ctx: &'c Context,
        order: Order,
        techniques: Techniques,
        boxes: &[u32],
        player: u32,
    ) -> Self {
        let mut search = Self {
            ctx,
            order,
            techniques,
            zobrist: zobrist_keys(ctx.len() * 2, 0x5eed_50c0),
            table: Table::new(ctx.words + 1),
            nodes: Vec::new(),
            heap: BinaryHeap::new(),
            reach: Reach::new(ctx.len()),
            cache: MatcherCache {
                matcher: Matcher::default(),
                base_ready: false,
                based: u32::MAX,
                expanding: u32::MAX,
            },
            scratch: Scratch {
                cur: vec![0; ctx.words],
                key: vec![0; ctx.words + 1],
                child: vec![0; ctx.words],
                boxes: Vec::new(),
                pushes: Vec::new(),
                plain: Vec::new(),
            },
            corrals: Corrals::default(),
            others: 0,
            goal_bits: vec![0; ctx.words],
            packing: None,
            macros: goal_macro::Macros::default(),
            pairs: None,
            corral_search: CorralSearch::default(),
        };
        for &g in &ctx.goals {
            flip(&mut search.goal_bits, g);
        }
        let mut bits = vec![0; ctx.words];
        for &b in boxes {
            flip(&mut bits, b);
        }
        search.root(&bits, player);
        search
    }

    /// This search, filling the goal rooms of `packing` by macro pushes (greedy order only:
    /// macros may cost pushes, and their pruning may lose every solution, so a search that
    /// uses them never answers "no solution" on its own; see `Strategy::is_complete`).
    pub(crate) fn with_packing(mut self, packing: &'c Packing) -> Self {
        if self.order == Order::Greedy && !packing.is_empty() && !self.nodes.is_empty() {
            self.packing = Some(packing);
            let words = self.ctx.words;
            self.nodes[0].rank = self.off_goals(&self.table.get(0)[..words]);
            self.heap.clear();
            self.heap.push(Reverse((self.priority(&self.nodes[0]), 0)));
        }
        self
    }

    /// This search, pruning every child with a lost pair of boxes (see `pairs`; sound, so
    /// for every order).
    pub(crate) fn with_pairs(mut self, pairs: &'c Pairs) -> Self {
        self.pairs = Some(pairs);
        self
    }

    fn exact_player(&self) -> bool {
        self.order != Order::Greedy
    }

    fn root(&mut self, bits: &[u64], player: u32) {
        let lowest = self.reach.flood(self.ctx, bits, player);
        let Some(bound) = self.bound(bits) else {
            return;
        };
        let at = if self.exact_player() { player } else { lowest };
        let hash = self.hash(bits, at);
        self.scratch.key[..self.ctx.words].copy_from_slice(bits);
        self.scratch.key[self.ctx.words] = u64::from(at);
        if self
            .table
            .insert(&self.scratch.key, hash, usize::MAX)
            .is_ok()
        {
            self.nodes.push(Node {
                parent: u32::MAX,
                push: Push { from: NONE, dir: 0 },
                pushes: 0,
                moves: 0,
                bound,
                closed: false,
                rank: 0,
            });
            self.heap.push(Reverse((self.priority(&self.nodes[0]), 0)));
        }
    }

    fn hash(&self, bits: &[u64], player: u32) -> u64 {
        let mut h = self.zobrist[self.ctx.len() + player as usize];
        for (w, &word) in bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let i = word.trailing_zeros() as usize;
                h ^= self.zobrist[w * 64 + i];
                word &= word - 1;
            }
        }
        h
    }

    fn priority(&self, node: &Node) -> u64 {
        let (primary, secondary) = match self.order {
            Order::Greedy if self.packing.is_some() => {
                return (u64::from(node.rank) << 48)
                    | (u64::from(node.bound.min(0xff_ffff)) << 24)
                    | u64::from(node.pushes.min(0xff_ffff));
            }
            Order::Greedy => (node.bound, node.pushes),
            Order::Pushes => (node.pushes + node.bound, node.moves),
            Order::Moves => (node.moves + node.bound, node.pushes),
        };
        (u64::from(primary) << 32) | u64::from(secondary)
    }

    /// The bytes the search holds.
    pub(crate) fn bytes(&self) -> usize {
        self.table.bytes()
            + self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.heap.capacity() * 16
            + self.zobrist.capacity() * 8
            + self.ctx.len() * 20
            + self.macros.bytes()
            + self.corral_search.bytes()
    }

    /// Runs until a solution, exhaustion, or a limit.
    pub(crate) fn run(&mut self, budget: &mut Budget<'_>) -> Ending {
        super::engine::run(self, budget)
    }

    /// Generates the successors of node `id`; in greedy order returns a solved successor at
    /// once.
    fn successors(&mut self, id: u32, budget: &Budget<'_>) -> Result<Option<u32>, Stop> {
        let ctx = self.ctx;
        let words = ctx.words;
        let stored = self.table.get(id);
        self.scratch.cur.copy_from_slice(&stored[..words]);
        let player = stored[words] as u32;
        self.cache.base_ready = false;
        self.cache.expanding = id;
        self.reach.flood(ctx, &self.scratch.cur, player);
        let mut pushes = std::mem::take(&mut self.scratch.pushes);
        pushes.clear();
        for &c in &self.reach.queue {
            for dir in 0..4 {
                let b = ctx.step(c, dir);
                if b == NONE || !has(&self.scratch.cur, b) {
                    continue;
                }
                let t = ctx.step(b, dir);
                if t == NONE || has(&self.scratch.cur, t) {
                    continue;
                }
                if self.techniques.dead_squares && ctx.dead[t as usize] {
                    continue;
                }
                pushes.push((b, dir as u8, self.reach.dist[c as usize]));
            }
        }
        if self.techniques.corrals && self.order != Order::Moves {
            let cur = &self.scratch.cur;
            let reach = &self.reach;
            if !self
                .corrals
                .restrict(ctx, |c| has(cur, c), |c| reach.reached(c), &mut pushes)
            {
                pushes.clear();
            } else if let Some(k) = self.corrals.chosen()
                && self.techniques.corral_deadlocks
            {
                // The corral whose pushes are kept may be lost in a way only a search of its
                // boxes shows.
                let mut work = 0;
                let lost = self.corral_search.lost(
                    ctx,
                    &self.corrals,
                    k,
                    &self.scratch.cur,
                    player,
                    &mut work,
                );
                budget.spend(work)?;
                if lost {
                    pushes.clear();
                }
            }
        }
        if let Some(packing) = self.packing {
            let cur = &self.scratch.cur;
            self.macros
                .drop_settled(packing, |c| has(cur, c), &mut pushes);
        }
        // The flood and the corrals' labels: every cell at most.
        let result = budget
            .spend(self.reach.queue.len() as u64 * 4 + ctx.len() as u64)
            .and_then(|()| self.try_pushes(id, &pushes, budget));
        self.scratch.pushes = pushes;
        result
    }

    /// Offers the position after each of `pushes` from node `id`.
    fn try_pushes(
        &mut self,
        id: u32,
        pushes: &[(u32, u8, u32)],
        budget: &Budget<'_>,
    ) -> Result<Option<u32>, Stop> {
        let ctx = self.ctx;
        let mut plain = std::mem::take(&mut self.scratch.plain);
        plain.clear();
        let mut cut = false;
        if let Some(packing) = self.packing {
            for &(b, dir, walk) in pushes {
                match self.goal_macro(packing, id, (b, dir), walk, budget) {
                    goal_macro::Taken::Instead(outcome) => {
                        cut = true;
                        if let Some(found) = outcome? {
                            self.scratch.plain = plain;
                            return Ok(Some(found));
                        }
                    }
                    goal_macro::Taken::Dropped => {}
                    goal_macro::Taken::No => plain.push((b, dir, walk)),
                }
            }
        } else {
            plain.extend_from_slice(pushes);
        }
        if cut {
            // A goal cut: when a box can be taken home, nothing else is tried from here.
            plain.clear();
        }
        let mut result = Ok(None);
        for &(b, dir, walk) in &plain {
            let t = ctx.step(b, usize::from(dir));
            let mut child = std::mem::take(&mut self.scratch.child);
            child.copy_from_slice(&self.scratch.cur);
            flip(&mut child, b);
            flip(&mut child, t);
            let outcome = self.consider(&child, id, Push { from: b, dir }, walk, budget);
            self.scratch.child = child;
            match outcome {
                Ok(None) => {}
                other => {
                    result = other;
                    break;
                }
            }
        }
        self.scratch.plain = plain;
        result
    }

    /// Tests the position after one push from node `id` and stores it if it is worth it.
    fn consider(
        &mut self,
        child: &[u64],
        id: u32,
        push: Push,
        walk: u32,
        budget: &Budget<'_>,
    ) -> Result<Option<u32>, Stop> {
        let ctx = self.ctx;
        let b = push.from;
        let t = ctx.step(b, usize::from(push.dir));
        if self.techniques.freeze && frozen_off_goal(ctx, &Bits(child), t).is_some() {
            return Ok(None);
        }
        // The player stands where the box was.
        if self.pairs.is_some_and(|p| p.partner(child, t, b).is_some()) {
            return Ok(None);
        }
        let at = if self.exact_player() {
            b
        } else {
            self.reach.flood(ctx, child, b)
        };
        budget.spend(self.reach.queue.len() as u64 * 4 + 5 * super::freeze::MAX_VISITS as u64)?;
        let parent = self.nodes[id as usize];
        let node = Node {
            parent: id,
            push,
            pushes: parent.pushes + 1,
            moves: parent.moves + walk + 1,
            bound: 0,
            closed: false,
            rank: 0,
        };
        self.offer(child, at, node, (b, t), budget)
    }

    /// Stores a successor if it is new or cheaper; returns it when it solves the level and
    /// the order stops at the first solution. The bound is worked out only for a position met
    /// for the first time (a position met again has the same boxes, so the same bound); one
    /// without a matching is stored closed, so it is never matched again.
    fn offer(
        &mut self,
        bits: &[u64],
        at: u32,
        mut node: Node,
        moved: (u32, u32),
        budget: &Budget<'_>,
    ) -> Result<Option<u32>, Stop> {
        let words = self.ctx.words;
        self.scratch.key[..words].copy_from_slice(bits);
        self.scratch.key[words] = u64::from(at);
        let hash = self.hash(bits, at);
        if let Some(old) = self.table.find(&self.scratch.key, hash) {
            let stored = self.nodes[old as usize];
            if stored.closed || self.order == Order::Greedy {
                return Ok(None);
            }
            node.bound = stored.bound;
            if (node.pushes, node.moves) < (stored.pushes, stored.moves)
                && self.order == Order::Pushes
                || (node.moves, node.pushes) < (stored.moves, stored.pushes)
                    && self.order == Order::Moves
            {
                self.nodes[old as usize] = node;
                self.heap.push(Reverse((self.priority(&node), old)));
            }
            return Ok(None);
        }
        let bound = self.bound_moved(bits, moved);
        let (n, m) = (self.scratch.boxes.len() as u64, self.ctx.goals.len() as u64);
        budget.spend(
            if self.techniques.matching {
                n * n * m
            } else {
                n * m
            } + n,
        )?;
        let held = self.bytes() - self.table.bytes() + self.others;
        let id = self
            .table
            .insert(&self.scratch.key, hash, room(budget, held))
            .map_err(|_| Stop::Memory)?;
        let Some(bound) = bound else {
            node.closed = true;
            self.nodes.push(node);
            return Ok(None);
        };
        node.bound = bound;
        if self.packing.is_some() {
            node.rank = self.off_goals(bits);
        }
        self.nodes.push(node);
        self.heap.push(Reverse((self.priority(&node), id)));
        Ok((self.order == Order::Greedy && node.bound == 0).then_some(id))
    }

    /// The pushes from the root to node `id`, macros spelled out.
    fn pushes_to(&self, mut id: u32) -> Vec<Push> {
        let mut pushes = Vec::new();
        while self.nodes[id as usize].parent != u32::MAX {
            let push = self.nodes[id as usize].push;
            if push.dir == MACRO {
                pushes.extend(self.macros.pushes(push.from).iter().rev());
            } else {
                pushes.push(push);
            }
            id = self.nodes[id as usize].parent;
        }
        pushes.reverse();
        pushes
    }
}

impl Search for PushSearch<'_> {
    type Path = Vec<Push>;

    fn next(&mut self) -> Option<u32> {
        while let Some(Reverse((key, id))) = self.heap.pop() {
            let node = self.nodes[id as usize];
            if node.closed || key != self.priority(&node) {
                continue;
            }
            self.nodes[id as usize].closed = true;
            return Some(id);
        }
        None
    }

    fn layout(&self, id: u32) -> Option<&[u64]> {
        Some(&self.table.get(id)[..self.ctx.words])
    }

    fn solves(&mut self, id: u32) -> bool {
        self.nodes[id as usize].bound == 0
    }

    fn expand(&mut self, id: u32, budget: &Budget<'_>, others: usize) -> Result<Option<u32>, Stop> {
        self.others = others;
        self.successors(id, budget)
    }

    fn path(&mut self, id: u32) -> Vec<Push> {
        self.pushes_to(id)
    }

    fn bytes(&self) -> usize {
        PushSearch::bytes(self)
    }
}
