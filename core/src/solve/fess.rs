//! FESS, the feature space search (Y. Shoham and J. Schaeffer, "The FESS Algorithm: A
//! Feature Based Approach to Single-Agent Search", IEEE Conference on Games 2020), over
//! macro moves.
//!
//! A move here is a macro move: one box pushed to any cell it can reach while the player
//! walks freely and no other box moves (see `macros`). Every position projects onto a cell
//! of a small feature space:
//! - **packing**: the boxes home in the packing order: in each goal room with an order
//!   (see `packing`), the goals filled from the first in that order; elsewhere, boxes on
//!   goals;
//! - **connectivity**: the number of regions the boxes cut the player's floor into;
//! - **out of plan**, where the search is built to count it
//!   ([`FessSearch::with_out_of_plan`]): the boxes on goals the packing order has not
//!   reached yet, each a box some earlier goal's box must get past.
//!
//! The search keeps a tree of positions, each with an accumulated weight. It visits the
//! non-empty cells of the feature space in turn, and in each expands its position of least
//! weight (the newest breaking ties). A move an advisor suggests weighs nothing, any
//! other weighs one. Two advisors, each suggesting at most one move of a position: the packing advisor (a
//! move that packs a box, the most packed first) and the connectivity advisor (a move that
//! joins regions, the fewest regions first). Visiting cells in turn keeps the search from
//! sinking into one idea; the weights keep it near the advisors' suggestions.
//!
//! Positions are pruned as the push search prunes them (dead squares, a box frozen off a
//! goal, boxes with no matching to goals), all sound, and macro moves reach every position
//! single pushes reach (see `macros`): every position stored is expanded in the end,
//! whatever the visiting order, so running out of positions proves there is no solution.
//!
//! Limits: the positions within the budget's memory as every search; a macro move's own
//! search is bounded by the board (each cell and side once).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::context::{Context, NONE};
#[cfg(test)]
use super::engine::Ending;
use super::engine::{Search, room};
use super::freeze::frozen_off_goal;
use super::limits::{Budget, Stop};
use super::matching::Assignment;
use super::packing::Packing;
use super::pairs::Pairs;
use super::push::Push;
use super::push::reach::{Bits, Reach, cells, flip};
use super::table::{Table, zobrist_keys};
use super::triples::Triples;

mod features;
mod macros;
mod walls;

use features::Features;
use macros::{MacroMove, Macros};
use walls::{NO_WALLS, Walls};

/// The weight of a move no advisor suggested (an advisor's weighs 0).
const PLAIN_WEIGHT: u32 = 1;
/// The most regions the coarse feature space tells apart (see [`FessSearch::with_regions_cap`]):
/// measured against 1, 2, 4 and 6 and against no cap on XSokoban (benches/README.md).
pub(crate) const COARSE_REGIONS: u16 = 3;

/// One position of the search tree.
#[derive(Debug, Clone, Copy)]
struct Node {
    parent: u32,
    /// The macro move from the parent: the box's cell before and after, and the direction
    /// of its last push.
    from: u32,
    to: u32,
    dir: u8,
    weight: u32,
    /// Its boxes off goals (none: solved).
    off: u32,
    /// Its set of boxes frozen on goals (see `walls`).
    walls: u32,
}

/// One cell of the feature space: its positions not yet expanded, as (weight, [`NEWEST`]
/// less the node's number), least first.
#[derive(Debug, Default)]
struct FeatureCell {
    open: BinaryHeap<Reverse<(u32, u32)>>,
}

/// The largest node number, so that `NEWEST - id` ranks the newest node first.
const NEWEST: u32 = u32::MAX;

/// A child found while expanding a position, before it is stored.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    mv: MacroMove,
    features: Features,
    /// The child's boxes off goals.
    off: u32,
    /// The child's set of boxes frozen on goals.
    walls: u32,
    /// The child's hash, worked out when it was looked up.
    hash: u64,
}

/// The state of one FESS search.
pub(crate) struct FessSearch<'c> {
    ctx: &'c Context,
    packing: &'c Packing,
    pairs: &'c Pairs,
    zobrist: Vec<u64>,
    table: Table,
    nodes: Vec<Node>,
    space: Vec<FeatureCell>,
    index: HashMap<Features, usize>,
    /// The feature cell visited next.
    turn: usize,
    macros: Macros,
    walls: Walls,
    reach: Reach,
    assignment: Assignment,
    cur: Vec<u64>,
    key: Vec<u64>,
    boxes: Vec<u32>,
    candidates: Vec<Candidate>,
    /// Bytes held by other searches running beside this one.
    others: usize,
    /// The most regions the feature space tells apart (more count as this many).
    regions_cap: u16,
    /// Whether the feature space counts the boxes out of plan.
    out_of_plan: bool,
    /// The lost sets of three boxes, if the search was given them.
    triples: Option<&'c Triples>,
}

impl<'c> FessSearch<'c> {
    /// A search from the boxes on `boxes` with the player on `player` (cells of `ctx`),
    /// packing goal rooms in the orders of `packing`.
    pub(crate) fn new(
        ctx: &'c Context,
        packing: &'c Packing,
        pairs: &'c Pairs,
        boxes: &[u32],
        player: u32,
    ) -> Self {
        let mut search = Self {
            ctx,
            packing,
            pairs,
            zobrist: zobrist_keys(ctx.len() * 2, 0xfe55_5eed),
            table: Table::new(ctx.words + 1),
            nodes: Vec::new(),
            space: Vec::new(),
            index: HashMap::new(),
            turn: 0,
            macros: Macros::new(ctx.len()),
            walls: Walls::default(),
            reach: Reach::new(ctx.len()),
            assignment: Assignment::default(),
            cur: vec![0; ctx.words],
            key: vec![0; ctx.words + 1],
            boxes: Vec::new(),
            candidates: Vec::new(),
            others: 0,
            regions_cap: u16::MAX,
            out_of_plan: false,
            triples: None,
        };
        let mut bits = vec![0; ctx.words];
        for &b in boxes {
            flip(&mut bits, b);
        }
        search.root(&bits, player);
        search
    }

    /// The same search with the regions feature counted up to `cap`: positions cut into
    /// more regions share the cell of `cap`, so fewer cells take turns. Only the feature
    /// space changes; the advisors still see every region.
    pub(crate) fn with_regions_cap(mut self, cap: u16) -> Self {
        self.regions_cap = cap.max(1);
        self.root_again();
        self
    }

    /// The same search pruning the children with a lost set of three boxes around the box
    /// just moved (see `triples`).
    pub(crate) fn with_triples(mut self, triples: &'c Triples) -> Self {
        self.triples = Some(triples);
        self
    }

    /// The same search over a feature space with a third axis: the boxes on goals out of
    /// the packing order (see [`Features::out_of_plan`]). A position with such a box gets
    /// a cell of its own instead of sharing one with the positions that packed in order.
    pub(crate) fn with_out_of_plan(mut self) -> Self {
        self.out_of_plan = true;
        self.root_again();
        self
    }

    /// Puts the root, the only position stored yet, in its cell again after the feature
    /// space changed.
    fn root_again(&mut self) {
        self.space.clear();
        self.index.clear();
        if let Some(&root) = self.nodes.first() {
            let bits = self.table.get(0)[..self.ctx.words].to_vec();
            let features = Features::of(
                self.ctx,
                self.packing,
                &bits,
                &mut self.macros.regions,
                self.out_of_plan,
            );
            self.enqueue(features, &root, 0);
        }
    }

    fn root(&mut self, bits: &[u64], player: u32) {
        let lowest = self.reach.flood(self.ctx, bits, player);
        self.boxes.clear();
        self.boxes.extend(cells(bits));
        if !self.assignment.set_base(self.ctx, &self.boxes) {
            return;
        }
        let off = self
            .boxes
            .iter()
            .filter(|&&b| !self.ctx.is_goal[b as usize])
            .count() as u32;
        let features = Features::of(
            self.ctx,
            self.packing,
            bits,
            &mut self.macros.regions,
            self.out_of_plan,
        );
        let node = Node {
            parent: u32::MAX,
            from: NONE,
            to: NONE,
            dir: 0,
            weight: 0,
            off,
            walls: NO_WALLS,
        };
        self.key[..self.ctx.words].copy_from_slice(bits);
        self.key[self.ctx.words] = u64::from(lowest);
        let hash = self.hash(bits, lowest);
        if self.table.insert(&self.key, hash, usize::MAX).is_ok() {
            self.nodes.push(node);
            self.enqueue(features, &node, 0);
        }
    }

    fn hash(&self, bits: &[u64], player: u32) -> u64 {
        let mut h = self.zobrist[self.ctx.len() + player as usize];
        for c in cells(bits) {
            h ^= self.zobrist[c as usize];
        }
        h
    }

    /// Puts node `id` among the open positions of its feature cell: least weight first,
    /// the newest on a tie (it follows a line of advised moves to its end before it looks
    /// elsewhere; measured against the lower bound as the tie-break, benches/README.md).
    fn enqueue(&mut self, features: Features, node: &Node, id: u32) {
        let features = Features {
            regions: features.regions.min(self.regions_cap),
            ..features
        };
        let next = self.space.len();
        let at = *self.index.entry(features).or_insert(next);
        if at == next {
            self.space.push(FeatureCell::default());
        }
        self.space[at]
            .open
            .push(Reverse((node.weight, NEWEST - id)));
    }

    /// The bytes the search holds.
    pub(crate) fn bytes(&self) -> usize {
        let open: usize = self.space.iter().map(|c| c.open.capacity() * 8).sum();
        self.table.bytes()
            + self.nodes.capacity() * std::mem::size_of::<Node>()
            + open
            + self.space.capacity() * std::mem::size_of::<FeatureCell>()
            + self.index.capacity() * 24
            + self.zobrist.capacity() * 8
            + self.macros.bytes()
            + self.walls.bytes()
            + self.ctx.len() * 8
            + self.candidates.capacity() * std::mem::size_of::<Candidate>()
    }

    /// The next position to expand: the least weight of the next non-empty feature cell.
    fn next_open(&mut self) -> Option<u32> {
        for _ in 0..self.space.len() {
            let at = self.turn % self.space.len();
            self.turn = at + 1;
            if let Some(Reverse((_, rank))) = self.space[at].open.pop() {
                return Some(NEWEST - rank);
            }
        }
        None
    }

    /// Runs until a solution, exhaustion, or a limit.
    #[cfg(test)]
    pub(crate) fn run(&mut self, budget: &mut Budget<'_>) -> Ending {
        super::engine::run(self, budget)
    }

    /// Generates the children of node `id` by macro moves, weighs them by the advisors and
    /// stores the new ones; returns a solved child at once.
    fn children(&mut self, id: u32, budget: &Budget<'_>) -> Result<Option<u32>, Stop> {
        let ctx = self.ctx;
        let words = ctx.words;
        let stored = self.table.get(id);
        self.cur.copy_from_slice(&stored[..words]);
        let player = stored[words] as u32;
        self.boxes.clear();
        self.boxes.extend(cells(&self.cur));
        let n = self.boxes.len() as u64;
        budget.spend(n * n * ctx.goals.len() as u64 + n)?;
        if !self.assignment.set_base(ctx, &self.boxes) {
            return Ok(None);
        }
        let moves = self
            .macros
            .all(ctx, &self.cur, player, &mut self.reach, budget)?;
        // The parent's features: its regions were counted for the macro moves; the packed
        // boxes are a walk over the board.
        budget.spend(ctx.len() as u64)?;
        let regions = u16::try_from(self.macros.regions.areas()).unwrap_or(u16::MAX);
        let parent_features =
            Features::after(ctx, self.packing, &self.cur, regions, self.out_of_plan);
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        let mut child = self.cur.clone();
        let (walls, off) = (self.nodes[id as usize].walls, self.nodes[id as usize].off);
        for &mv in &moves {
            flip(&mut child, mv.from);
            flip(&mut child, mv.to);
            let kept = self.weigh(&child, mv, (walls, off), &mut candidates);
            flip(&mut child, mv.from);
            flip(&mut child, mv.to);
            if let Err(stop) = budget.spend(kept) {
                self.macros.give_back(moves);
                self.candidates = candidates;
                return Err(stop);
            }
        }
        self.macros.give_back(moves);
        let advised = advised(&candidates, parent_features);
        let parent_weight = self.nodes[id as usize].weight;
        let mut result = Ok(None);
        for (i, c) in candidates.iter().enumerate() {
            flip(&mut child, c.mv.from);
            flip(&mut child, c.mv.to);
            let weight = parent_weight
                + if advised.contains(&Some(i)) {
                    0
                } else {
                    PLAIN_WEIGHT
                };
            let node = Node {
                parent: id,
                from: c.mv.from,
                to: c.mv.to,
                dir: c.mv.dir,
                weight,
                off: c.off,
                walls: c.walls,
            };
            let stored = self.store(&child, c, node, budget);
            flip(&mut child, c.mv.from);
            flip(&mut child, c.mv.to);
            match stored {
                Ok(Some(found)) => {
                    result = Ok(Some(found));
                    break;
                }
                Ok(None) => {}
                Err(stop) => {
                    result = Err(stop);
                    break;
                }
            }
        }
        self.candidates = candidates;
        result
    }

    /// Tests the child `child` reached by `mv` from a parent with the frozen goal boxes
    /// `walls` and `off` boxes off goals; keeps it among `candidates` when it is new and not
    /// lost. Returns the work it took.
    fn weigh(
        &mut self,
        child: &[u64],
        mv: MacroMove,
        (walls, off): (u32, u32),
        candidates: &mut Vec<Candidate>,
    ) -> u64 {
        let ctx = self.ctx;
        let words = ctx.words;
        self.key[..words].copy_from_slice(child);
        self.key[words] = u64::from(mv.player);
        let hash = self.hash(child, mv.player);
        if self.table.find(&self.key, hash).is_some() {
            return 1;
        }
        if frozen_off_goal(ctx, &Bits(child), mv.to).is_some() {
            return super::freeze::MAX_VISITS as u64;
        }
        if self.pairs.partner(child, mv.to, mv.player).is_some() {
            return super::freeze::MAX_VISITS as u64;
        }
        if let Some(triples) = self.triples
            && triples.partners(ctx, child, mv.to).is_some()
        {
            return super::freeze::MAX_VISITS as u64 + self.boxes.len() as u64;
        }
        // A box frozen on a goal stays so: the child keeps its parent's walls unless the
        // move may have frozen another.
        let (walls, walls_work) = if Walls::may_freeze(ctx, child, mv.to) {
            self.walls.of(ctx, child)
        } else {
            (walls, 0)
        };
        if self.walls.loses(walls, child) {
            return walls_work + ctx.words as u64;
        }
        let matched = match self.assignment.feasible_moved(ctx, mv.from, mv.to) {
            Some(matched) => matched,
            // Not reached (the parent's boxes are the base): a matching of its own, so the
            // base stays the parent's for the other children.
            None => Assignment::default().set_base(ctx, &cells(child).collect::<Vec<_>>()),
        };
        let n = self.boxes.len() as u64;
        let work = n * ctx.goals.len() as u64
            + ctx.len() as u64
            + super::freeze::MAX_VISITS as u64
            + walls_work;
        if !matched {
            return work;
        }
        let off =
            off + u32::from(ctx.is_goal[mv.from as usize]) - u32::from(ctx.is_goal[mv.to as usize]);
        let features = Features::after(ctx, self.packing, child, mv.regions, self.out_of_plan);
        candidates.push(Candidate {
            mv,
            features,
            off,
            walls,
            hash,
        });
        work
    }

    /// Stores a child and puts it in its feature cell; returns it when
    /// it solves the level.
    fn store(
        &mut self,
        child: &[u64],
        candidate: &Candidate,
        node: Node,
        budget: &Budget<'_>,
    ) -> Result<Option<u32>, Stop> {
        // `weigh` looked the child up, and no two moves of one position lead to the same
        // child (see `macros`): it is new.
        let words = self.ctx.words;
        self.key[..words].copy_from_slice(child);
        self.key[words] = u64::from(candidate.mv.player);
        let held = self.bytes() - self.table.bytes() + self.others;
        let id = self
            .table
            .insert(&self.key, candidate.hash, room(budget, held))
            .map_err(|_| Stop::Memory)?;
        self.nodes.push(node);
        if node.off == 0 {
            return Ok(Some(id));
        }
        self.enqueue(candidate.features, &node, id);
        Ok(None)
    }

    /// The single pushes from the root to node `id`, each macro move spelled out.
    fn pushes_to(&mut self, id: u32) -> Vec<Push> {
        let mut chain = Vec::new();
        let mut at = id;
        while self.nodes[at as usize].parent != u32::MAX {
            chain.push(at);
            at = self.nodes[at as usize].parent;
        }
        chain.reverse();
        let words = self.ctx.words;
        let root = self.table.get(at);
        let mut bits = root[..words].to_vec();
        let mut player = root[words] as u32;
        let mut pushes = Vec::new();
        for &n in &chain {
            let node = self.nodes[n as usize];
            let mv = MacroMove {
                from: node.from,
                to: node.to,
                dir: node.dir,
                player: NONE,
                pushes: 0,
                regions: 0,
            };
            let Some(run) = self
                .macros
                .spell(self.ctx, &bits, player, mv, &mut self.reach)
            else {
                // Never: the move was found on this very board.
                return Vec::new();
            };
            pushes.extend(run);
            flip(&mut bits, node.from);
            flip(&mut bits, node.to);
            player = self.ctx.step(node.to, usize::from(node.dir + 2) % 4);
        }
        pushes
    }
}

impl Search for FessSearch<'_> {
    type Path = Vec<Push>;

    fn next(&mut self) -> Option<u32> {
        self.next_open()
    }

    fn layout(&self, id: u32) -> Option<&[u64]> {
        Some(&self.table.get(id)[..self.ctx.words])
    }

    fn solves(&mut self, id: u32) -> bool {
        self.nodes[id as usize].off == 0
    }

    fn expand(&mut self, id: u32, budget: &Budget<'_>, others: usize) -> Result<Option<u32>, Stop> {
        self.others = others;
        self.children(id, budget)
    }

    fn path(&mut self, id: u32) -> Vec<Push> {
        self.pushes_to(id)
    }

    fn bytes(&self) -> usize {
        FessSearch::bytes(self)
    }
}

/// The candidates the two advisors suggest: the one packing the most boxes (fewest pushes
/// on a tie), and the one leaving the fewest regions (fewest pushes on a tie), each only
/// when it does better than the parent.
fn advised(candidates: &[Candidate], parent: Features) -> [Option<usize>; 2] {
    let packing = candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| c.features.packed > parent.packed)
        .min_by_key(|(_, c)| (Reverse(c.features.packed), c.mv.pushes, c.off))
        .map(|(i, _)| i);
    let connectivity = candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| c.features.regions < parent.regions)
        .min_by_key(|(_, c)| (c.features.regions, c.mv.pushes, c.off))
        .map(|(i, _)| i);
    [packing, connectivity]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solve::Limits;

    /// A way to build the feature space a search works over.
    type Space = fn(FessSearch<'_>) -> FessSearch<'_>;

    /// How FESS ends on `text`, with the lost pairs and sets of three, each solution
    /// replayed by the game's rules; the coarse feature space and the one that counts boxes
    /// out of plan must end the same way.
    fn fess_solves(text: &str) -> Ending {
        let level: Level = text.parse().expect("the board reads");
        let ctx = Context::new(&level).expect("the board fits");
        let packing = Packing::new(&ctx);
        let boxes: Vec<u32> = level.boxes.iter().filter_map(|&b| ctx.cell(b)).collect();
        let player = ctx.cell(level.player).expect("the player stands inside");
        let pairs = Pairs::new(
            &ctx,
            &Budget::new(&Limits::positions(100_000), None),
            crate::solve::pairs::MAX_PAIR_WORK,
        )
        .expect("no limit yet")
        .unwrap_or_default();
        let triples = Triples::new(&ctx, &Budget::new(&Limits::default(), None))
            .expect("no limit yet")
            .unwrap_or_default();
        let spaces: [(&str, Space); 3] = [
            ("plain", |s| s),
            ("coarse", |s| s.with_regions_cap(COARSE_REGIONS)),
            ("out of plan", |s| s.with_out_of_plan()),
        ];
        let endings: Vec<Ending> = spaces
            .iter()
            .map(|(name, space)| {
                let mut budget = Budget::new(&Limits::positions(100_000), None);
                let mut search = space(
                    FessSearch::new(&ctx, &packing, &pairs, &boxes, player).with_triples(&triples),
                );
                let ending = search.run(&mut budget);
                if let Ending::Solved(pushes) = &ending {
                    let letters = super::super::solution::letters(&ctx, &boxes, player, pushes)
                        .expect("every push of the solution can be reached");
                    let mut world = crate::game::World::new(&level).expect("the level plays");
                    crate::game::play_moves(&mut world, &letters).expect("the letters replay");
                    assert!(world.is_solved(), "{name}: the solution solves the level");
                }
                ending
            })
            .collect();
        for (ending, (name, _)) in endings.iter().zip(&spaces) {
            assert_eq!(
                std::mem::discriminant(ending),
                std::mem::discriminant(&endings[0]),
                "{name} ends as the plain feature space does"
            );
        }
        endings[0].clone()
    }

    #[test]
    fn solves_hand_made_boards() {
        let boards = [
            ("one push", "#####\n#@$.#\n#####"),
            (
                "round a pillar",
                "#######\n#.  @ #\n# $#$ #\n#  .  #\n#######",
            ),
            (
                "a goal room filled in order",
                "########\n#@     #\n# $##  #\n#  #...#\n# $ $  #\n#      #\n########",
            ),
            (
                "a goal room with one way in",
                "########\n#...   #\n####   #\n#  $$$@#\n#      #\n########",
            ),
        ];
        for (name, board) in boards {
            assert!(
                matches!(fess_solves(board), Ending::Solved(_)),
                "{name}: solved"
            );
        }
    }

    #[test]
    fn it_answers_no_solution_exactly_where_the_search_over_single_pushes_does() {
        use crate::solve::push::{Order, PushSearch, Techniques};
        let boards = [
            (
                "solvable: two boxes, two goals",
                "######\n#@   #\n# $$ #\n#  . #\n# .  #\n######",
            ),
            (
                "no solution: the box must pass a box it cannot pass",
                "########\n#@$ $..#\n########",
            ),
            (
                "no solution: two boxes against a wall with no goal",
                "#######\n#.   .#\n#@$$  #\n#######",
            ),
            (
                "solvable: round a pillar",
                "#######\n#.  @ #\n# $#$ #\n#  .  #\n#######",
            ),
            (
                "no solution: a goal walled off from every box",
                "########\n#@ $  .#\n#####  #\n#.  ## #\n#  $   #\n########",
            ),
        ];
        for (name, board) in boards {
            let level: Level = board.parse().expect("the board reads");
            let ctx = Context::new(&level).expect("the board fits");
            let boxes: Vec<u32> = level.boxes.iter().filter_map(|&b| ctx.cell(b)).collect();
            let player = ctx.cell(level.player).expect("the player stands inside");
            let mut budget = Budget::new(&Limits::positions(1_000_000), None);
            let single =
                PushSearch::new(&ctx, Order::Greedy, Techniques::default(), &boxes, player)
                    .run(&mut budget);
            let fess = fess_solves(board);
            assert_eq!(
                matches!(fess, Ending::Solved(_)),
                matches!(single, Ending::Solved(_)),
                "{name}: both solve or neither"
            );
            assert_eq!(
                fess == Ending::Exhausted,
                single == Ending::Exhausted,
                "{name}: both exhaust or neither"
            );
            assert_eq!(
                name.starts_with("solvable"),
                matches!(fess, Ending::Solved(_)),
                "{name}"
            );
        }
    }

    /// A random room of `w`×`h` inside a wall: one cell in `sparse` a wall (drawn at random,
    /// so some twice), `boxes` boxes, as many goals, and the player.
    pub(super) fn random_room(
        seed: &mut u64,
        (w, h): (usize, usize),
        sparse: usize,
        boxes: usize,
    ) -> String {
        let mut next = |n: usize| {
            *seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (*seed >> 33) as usize % n
        };
        let mut grid = vec![vec![' '; w]; h];
        for _ in 0..(w * h / sparse) {
            grid[next(h)][next(w)] = '#';
        }
        let mut free: Vec<(usize, usize)> = Vec::new();
        for (y, row) in grid.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                if c == ' ' {
                    free.push((x, y));
                }
            }
        }
        let marks = std::iter::once('@')
            .chain(std::iter::repeat_n('$', boxes))
            .chain(std::iter::repeat_n('.', boxes));
        for mark in marks {
            let (x, y) = free.swap_remove(next(free.len()));
            grid[y][x] = mark;
        }
        let wall = "#".repeat(w + 2);
        let mut text = wall.clone();
        for row in grid {
            text.push_str("\n#");
            text.extend(row);
            text.push('#');
        }
        text.push('\n');
        text.push_str(&wall);
        text
    }

    #[test]
    fn on_random_small_rooms_it_solves_exactly_what_single_pushes_solve() {
        use crate::solve::push::{Order, PushSearch, Techniques};
        let mut seed = 0x5eed_f355;
        let (mut solvable, mut lost) = (0, 0);
        // Two boxes, then three (where the lost sets of three prune).
        for boxes in std::iter::repeat_n(2, 300).chain(std::iter::repeat_n(3, 150)) {
            let board = random_room(&mut seed, (6, 5), 6, boxes);
            let Ok(level) = board.parse::<Level>() else {
                continue;
            };
            let Ok(ctx) = Context::new(&level) else {
                continue;
            };
            let (Some(player), boxes) = (
                ctx.cell(level.player),
                level
                    .boxes
                    .iter()
                    .filter_map(|&b| ctx.cell(b))
                    .collect::<Vec<_>>(),
            ) else {
                continue;
            };
            if boxes.len() != level.boxes.len() {
                continue;
            }
            let mut budget = Budget::new(&Limits::positions(1_000_000), None);
            let single =
                PushSearch::new(&ctx, Order::Greedy, Techniques::default(), &boxes, player)
                    .run(&mut budget);
            let fess = fess_solves(&board);
            match (&single, &fess) {
                (Ending::Solved(_), Ending::Solved(_)) => solvable += 1,
                (Ending::Exhausted, Ending::Exhausted) => lost += 1,
                _ => panic!("{board}\nsingle pushes: {single:?}\nFESS: {fess:?}"),
            }
        }
        assert!(
            solvable > 20 && lost > 20,
            "{solvable} solvable, {lost} lost rooms"
        );
    }

    #[test]
    fn a_lost_start_has_nothing_to_expand() {
        // The box stands in a corner off the goal: no position at all.
        assert_eq!(fess_solves("#####\n#$ .#\n#  @#\n#####"), Ending::Exhausted);
    }

    #[test]
    fn advisors_pick_the_move_that_packs_and_the_one_that_joins() {
        let parent = Features {
            packed: 1,
            regions: 3,
            out_of_plan: 0,
        };
        let mv = |pushes| MacroMove {
            from: 0,
            to: 1,
            dir: 2,
            player: 0,
            pushes,
            regions: 0,
        };
        let candidate = |packed, regions, pushes| Candidate {
            mv: mv(pushes),
            features: Features {
                packed,
                regions,
                out_of_plan: 0,
            },
            off: 5,
            walls: NO_WALLS,
            hash: 0,
        };
        let cases = [
            (
                "nothing better",
                vec![candidate(1, 3, 1), candidate(0, 4, 1)],
                [None, None],
            ),
            (
                "the most packed, then the fewest pushes",
                vec![candidate(2, 3, 4), candidate(3, 3, 9), candidate(3, 3, 2)],
                [Some(2), None],
            ),
            (
                "the fewest regions",
                vec![candidate(1, 2, 1), candidate(1, 1, 7), candidate(2, 3, 3)],
                [Some(2), Some(1)],
            ),
        ];
        for (name, candidates, expected) in cases {
            assert_eq!(advised(&candidates, parent), expected, "{name}");
        }
    }
}
