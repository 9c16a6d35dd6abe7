//! Small deadlock sets of two boxes: every pair of cells (and, where it matters, every area of
//! the player) from which two boxes alone, on an otherwise empty board, can never both reach
//! goals.
//!
//! Found by a retrograde search: from every way two boxes can stand on two goals, with the
//! player in any area of the floor they leave, pull the boxes back in every way the player
//! can. Every (pair, player area) met can be solved by pushing; every other cannot. The
//! search is complete (it stops or it has met every solvable one), so a table is only ever
//! built whole, or not at all.
//!
//! Sound for a full position: taking boxes off the board never makes the rest harder (a
//! solution of the position moves these two onto goals while every other box only ever
//! stands in the way), and the player's area among all the boxes lies inside its area among
//! these two. Enemies, slopes and spinners' bars only block as well, so the same holds by
//! sokoshot's rules.
//!
//! Limits: at most [`MAX_PAIR_WORK`] cell visits in all (floods of the player's area) for a
//! search, spent from its budget, and [`PLAY_PAIR_WORK`] for play's deadlock check, which
//! works them out at the first push and must not hold up the game; past its bound there is
//! no table and nothing is pruned by it.

use std::collections::{HashSet, VecDeque};

use super::context::{Context, NONE};
use super::cuts::Cuts;
use super::limits::{Budget, Stop};
use super::push::reach::{flip, has};
use super::stamps::Stamps;

/// The most cells a search's table may visit before it gives up: every XSokoban table is
/// found within play's smaller bound; a larger one cost Sasquatch 28 its solve at 2 s a
/// level (benches/README.md).
pub(crate) const MAX_PAIR_WORK: u64 = 1 << 24;
/// The bound for play's deadlock check (measured on a loaded machine: at most 165 ms on an
/// XSokoban level, 222 ms on a Sasquatch one; benches/README.md).
pub(crate) const PLAY_PAIR_WORK: u64 = 1 << 23;
/// Work is spent from the budget in chunks of this many cell visits.
const SPEND_EVERY: u64 = 1 << 14;
/// The entry of a pair lost wherever the player is.
const EVERYWHERE: u32 = u32::MAX;

/// A pair that is lost: the other box's cell, and where the player must be for it
/// ([`EVERYWHERE`], or the number of a mask of player cells).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    partner: u32,
    mask: u32,
}

/// The lost pairs of one board, listed under each of their two cells (none in the default
/// table, which stands for a board without one).
#[derive(Debug, Clone, Default)]
pub(crate) struct Pairs {
    /// Each cell's entries are `entries[start[c]..start[c + 1]]`.
    start: Vec<u32>,
    entries: Vec<Entry>,
    /// Masks of player cells, `words` words each.
    masks: Vec<u64>,
    words: usize,
}

/// Which way the searches a table serves move boxes: pushes towards the goals (the game, and
/// the forward searches), or pulls towards the start cells (the backward searches, on the
/// reversed board whose goals are the start cells).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Way {
    Pushes,
    Pulls,
}

/// A (pair, player area) of the retrograde search: the two boxes' cells, lowest first, and
/// the lowest cell of the player's area.
type State = (u32, u32, u32);

impl Pairs {
    /// The table of `ctx`'s board, its work spent from `budget`; `None` when it would take
    /// more than `max_work` cell visits.
    pub(crate) fn new(
        ctx: &Context,
        budget: &Budget<'_>,
        max_work: u64,
    ) -> Result<Option<Self>, Stop> {
        Self::moving(ctx, Way::Pushes, budget, max_work)
    }

    /// The table of `ctx`'s board for searches that move boxes `way`: for pulls, the pairs
    /// that two boxes alone can never both pull onto goals (the reversed board's goals are
    /// the start cells), found by pushing them back from there.
    pub(crate) fn moving(
        ctx: &Context,
        way: Way,
        budget: &Budget<'_>,
        max_work: u64,
    ) -> Result<Option<Self>, Stop> {
        let goals = ctx.goals.len() as u64;
        let live = ctx.dead.iter().filter(|&&d| !d).count() as u64;
        // At least a flood of the board for each pair of goals and each live cell.
        let floods = goals * goals.saturating_sub(1) / 2 + live;
        if floods.saturating_mul(ctx.len() as u64) > max_work {
            return Ok(None);
        }
        let mut builder = Builder {
            ctx,
            budget,
            flood: Flood::new(ctx.len()),
            work: 0,
            spent: 0,
            max_work,
            way,
        };
        let Some(solvable) = builder.solvable()? else {
            return Ok(None);
        };
        builder.table(&solvable)
    }

    /// The number of lost pairs (each counted once).
    pub(crate) fn len(&self) -> usize {
        self.entries.len() / 2
    }

    /// The bytes the table holds.
    pub(crate) fn bytes(&self) -> usize {
        self.start.capacity() * 4
            + self.entries.capacity() * std::mem::size_of::<Entry>()
            + self.masks.capacity() * 8
    }

    /// A box that makes a lost pair with the box on `cell`, among the boxes of `bits`, with
    /// the player on `player` (any cell of the player's area).
    pub(crate) fn partner(&self, bits: &[u64], cell: u32, player: u32) -> Option<u32> {
        if self.start.is_empty() {
            return None;
        }
        let (from, to) = (
            self.start[cell as usize] as usize,
            self.start[cell as usize + 1] as usize,
        );
        self.entries[from..to]
            .iter()
            .find(|e| has(bits, e.partner) && self.holds(e.mask, player))
            .map(|e| e.partner)
    }

    /// A lost pair among the boxes of `bits` with the player on `player`.
    pub(crate) fn any(&self, bits: &[u64], player: u32) -> Option<(u32, u32)> {
        super::push::reach::cells(bits).find_map(|c| self.partner(bits, c, player).map(|p| (c, p)))
    }

    fn holds(&self, mask: u32, player: u32) -> bool {
        mask == EVERYWHERE || has(&self.masks[mask as usize * self.words..], player)
    }
}

/// Floods of the player's area with two cells blocked, stamped so nothing is cleared.
struct Flood {
    stamps: Stamps,
    /// The area of each cell stamped by the last [`Flood::areas`].
    area: Vec<u32>,
    stack: Vec<u32>,
}

impl Flood {
    fn new(cells: usize) -> Self {
        Self {
            stamps: Stamps::new(cells),
            area: vec![0; cells],
            stack: Vec::new(),
        }
    }

    /// Floods from `from` around the boxes on `a` and `b`, marking the cells with area
    /// `k`; returns the lowest cell reached and the cells visited.
    fn flood(&mut self, ctx: &Context, from: u32, (a, b): (u32, u32), k: u32) -> (u32, u64) {
        self.stamps.mark(from as usize);
        self.area[from as usize] = k;
        self.stack.clear();
        self.stack.push(from);
        let (mut lowest, mut visits) = (from, 0);
        while let Some(c) = self.stack.pop() {
            visits += 1;
            lowest = lowest.min(c);
            for dir in 0..4 {
                let n = ctx.step(c, dir);
                if n != NONE && n != a && n != b && !self.stamps.marked(n as usize) {
                    self.stamps.mark(n as usize);
                    self.area[n as usize] = k;
                    self.stack.push(n);
                }
            }
        }
        (lowest, visits)
    }

    /// The player's area from `from` around the boxes on `a` and `b`: its lowest cell and
    /// the cells visited. The area's cells are then [`Flood::reached`].
    fn fill(&mut self, ctx: &Context, from: u32, pair: (u32, u32)) -> (u32, u64) {
        self.stamps.clear(ctx.len());
        self.flood(ctx, from, pair, 0)
    }

    /// Every area of the floor around the boxes on `a` and `b`, numbered from 0 in the
    /// order of their lowest cells (pushed to `lowest`); returns the cells visited.
    fn areas(&mut self, ctx: &Context, pair: (u32, u32), lowest: &mut Vec<u32>) -> u64 {
        self.stamps.clear(ctx.len());
        lowest.clear();
        let mut visits = 0;
        for c in 0..ctx.len() as u32 {
            if c == pair.0 || c == pair.1 || self.reached(c) {
                continue;
            }
            let k = lowest.len() as u32;
            visits += self.flood(ctx, c, pair, k).1;
            lowest.push(c);
        }
        visits
    }

    fn reached(&self, cell: u32) -> bool {
        self.stamps.marked(cell as usize)
    }
}

struct Builder<'a, 'b> {
    ctx: &'a Context,
    budget: &'a Budget<'b>,
    flood: Flood,
    work: u64,
    spent: u64,
    max_work: u64,
    way: Way,
}

impl Builder<'_, '_> {
    /// Counts `visits` cell visits; `false` past the bound.
    fn count(&mut self, visits: u64) -> Result<bool, Stop> {
        self.work += visits;
        if self.work - self.spent >= SPEND_EVERY {
            self.budget.spend(self.work - self.spent)?;
            self.spent = self.work;
        }
        Ok(self.work <= self.max_work)
    }

    /// Every (pair, player area) from which two boxes alone can be pushed onto goals.
    fn solvable(&mut self) -> Result<Option<HashSet<State>>, Stop> {
        let ctx = self.ctx;
        let mut seen = HashSet::new();
        let mut queue = VecDeque::new();
        let mut lowest = Vec::new();
        for (i, &g) in ctx.goals.iter().enumerate() {
            for &h in &ctx.goals[i + 1..] {
                let pair = (g.min(h), g.max(h));
                let visits = self.flood.areas(ctx, pair, &mut lowest);
                if !self.count(visits)? {
                    return Ok(None);
                }
                for &low in &lowest {
                    if seen.insert((pair.0, pair.1, low)) {
                        queue.push_back((pair.0, pair.1, low));
                    }
                }
            }
        }
        let mut pulls = Vec::with_capacity(8);
        while let Some((a, b, area)) = queue.pop_front() {
            let (_, visits) = self.flood.fill(ctx, area, (a, b));
            if !self.count(visits)? {
                return Ok(None);
            }
            pulls.clear();
            for (moved, other) in [(a, b), (b, a)] {
                for dir in 0..4 {
                    // Undone moves: a pull (the box follows the player onto `to`, who
                    // steps on to `back`) or a push (the player behind the box pushes it
                    // onto `to` and stands where it was).
                    let (to, back) = match self.way {
                        Way::Pushes => {
                            let to = ctx.step(moved, dir);
                            if to == NONE || !self.flood.reached(to) {
                                continue;
                            }
                            (to, ctx.step(to, dir))
                        }
                        Way::Pulls => {
                            let behind = ctx.step(moved, (dir + 2) % 4);
                            if behind == NONE || !self.flood.reached(behind) {
                                continue;
                            }
                            (ctx.step(moved, dir), moved)
                        }
                    };
                    if to != NONE && back != NONE && to != other && back != other {
                        pulls.push((to, other, back));
                    }
                }
            }
            for &(to, other, back) in &pulls {
                let pair = (to.min(other), to.max(other));
                let (low, visits) = self.flood.fill(ctx, back, pair);
                if !self.count(visits)? {
                    return Ok(None);
                }
                if seen.insert((pair.0, pair.1, low)) {
                    queue.push_back((pair.0, pair.1, low));
                }
            }
        }
        Ok(Some(seen))
    }

    /// The table of every pair of live cells that is lost for some area of the player.
    fn table(&mut self, solvable: &HashSet<State>) -> Result<Option<Pairs>, Stop> {
        let ctx = self.ctx;
        let live: Vec<u32> = (0..ctx.len() as u32)
            .filter(|&c| !ctx.dead[c as usize])
            .collect();
        let words = ctx.words;
        let mut lost: Vec<(u32, u32, u32)> = Vec::new();
        let mut masks: Vec<u64> = Vec::new();
        let mut lowest = Vec::new();
        let mut ok = Vec::new();
        let mut cuts = Cuts::new(ctx.len());
        let mut board = vec![0u64; words];
        for (i, &a) in live.iter().enumerate() {
            // The areas without `a` once; without `a` and `b` they are the same but for
            // `b`'s, which loses `b`, unless `b` is a cut vertex there (then a flood).
            flip(&mut board, a);
            let visits = cuts.find(ctx, &board);
            flip(&mut board, a);
            if !self.count(visits)? {
                return Ok(None);
            }
            for &b in &live[i + 1..] {
                if ctx.is_goal[a as usize] && ctx.is_goal[b as usize] {
                    continue;
                }
                let known = cuts.area_without(b);
                match known {
                    Some(without_b) => {
                        let own = cuts.area_of(b) as usize;
                        lowest.clear();
                        lowest.extend(cuts.lowest().iter().map(|&(low, _)| low));
                        lowest[own] = without_b;
                    }
                    None => {
                        let visits = self.flood.areas(ctx, (a, b), &mut lowest);
                        if !self.count(visits)? {
                            return Ok(None);
                        }
                    }
                }
                ok.clear();
                // An area left empty (`b` was all of it) holds no player.
                ok.extend(
                    lowest
                        .iter()
                        .map(|&low| low == NONE || solvable.contains(&(a, b, low))),
                );
                if ok.iter().all(|&ok| ok) {
                    continue;
                }
                if ok.iter().all(|&ok| !ok) {
                    lost.push((a, b, EVERYWHERE));
                    continue;
                }
                let mask = (masks.len() / words) as u32;
                let at = masks.len();
                masks.resize(at + words, 0);
                for c in 0..ctx.len() as u32 {
                    if c == a || c == b {
                        continue;
                    }
                    let area = match known {
                        Some(_) => cuts.area_of(c),
                        None => self.flood.area[c as usize],
                    };
                    if !ok[area as usize] {
                        masks[at + c as usize / 64] |= 1 << (c % 64);
                    }
                }
                lost.push((a, b, mask));
            }
        }
        Ok(Some(Pairs::listed(ctx.len(), &lost, masks, words)))
    }
}

impl Pairs {
    /// The table listing each lost pair `(a, b, mask)` under both its cells.
    fn listed(cells: usize, lost: &[(u32, u32, u32)], masks: Vec<u64>, words: usize) -> Self {
        let mut counts = vec![0u32; cells + 1];
        for &(a, b, _) in lost {
            counts[a as usize] += 1;
            counts[b as usize] += 1;
        }
        let mut start = vec![0u32; cells + 1];
        for c in 0..cells {
            start[c + 1] = start[c] + counts[c];
        }
        let mut fill = start.clone();
        let mut entries = vec![
            Entry {
                partner: NONE,
                mask: EVERYWHERE
            };
            lost.len() * 2
        ];
        for &(a, b, mask) in lost {
            for (at, partner) in [(a, b), (b, a)] {
                entries[fill[at as usize] as usize] = Entry { partner, mask };
                fill[at as usize] += 1;
            }
        }
        Self {
            start,
            entries,
            masks,
            words,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::limits::Limits;
    use super::*;

    /// Whether two boxes on `a` and `b` with the player on `player` can be pushed onto
    /// goals, by a forward fixed point over every (boxes, player cell): an outside reference
    /// that shares nothing with the retrograde search but the board.
    fn brute_force(ctx: &Context, way: Way) -> impl Fn(u32, u32, u32) -> bool {
        let n = ctx.len();
        let at = move |a: u32, b: u32, p: u32| (a as usize * n + b as usize) * n + p as usize;
        let mut good = vec![false; n * n * n];
        let valid = |a: u32, b: u32, p: u32| a != b && p != a && p != b;
        loop {
            let mut changed = false;
            for a in 0..n as u32 {
                for b in 0..n as u32 {
                    for p in 0..n as u32 {
                        if !valid(a, b, p) || good[at(a, b, p)] {
                            continue;
                        }
                        let home = ctx.is_goal[a as usize] && ctx.is_goal[b as usize];
                        let next = (0..4).any(|d| {
                            let q = ctx.step(p, d);
                            if q == NONE {
                                return false;
                            }
                            if way == Way::Pulls {
                                if q == a || q == b {
                                    return false;
                                }
                                // A step, or a pull of the box behind the player.
                                let r = ctx.step(p, (d + 2) % 4);
                                return good[at(a, b, q)]
                                    || (r == a && good[at(p, b, q)])
                                    || (r == b && good[at(a, p, q)]);
                            }
                            if q != a && q != b {
                                return good[at(a, b, q)];
                            }
                            let beyond = ctx.step(q, d);
                            if beyond == NONE || beyond == a || beyond == b {
                                return false;
                            }
                            if q == a {
                                good[at(beyond, b, q)]
                            } else {
                                good[at(a, beyond, q)]
                            }
                        });
                        if home || next {
                            good[at(a, b, p)] = true;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        move |a, b, p| good[at(a, b, p)]
    }

    fn table(ctx: &Context, way: Way) -> Pairs {
        let limits = Limits::default();
        let budget = Budget::new(&limits, None);
        Pairs::moving(ctx, way, &budget, MAX_PAIR_WORK)
            .expect("no limit")
            .expect("a small board fits")
    }

    const ROOMS: &[(&str, &str)] = &[
        (
            "corridor with two goals at its end",
            "#######\n#@$$..#\n#######\n",
        ),
        ("open room", "######\n#@$$ #\n# .. #\n#    #\n######\n"),
        (
            "room with a pillar and a nook",
            "#######\n#@$$  #\n# #. ##\n#  .  #\n## #  #\n#######\n",
        ),
        (
            "two rooms joined by a door",
            "########\n#@$#  .#\n#  $  .#\n#  #   #\n########\n",
        ),
        (
            "goals in a dead end",
            "#######\n#@ $$ #\n#  ####\n#  ..##\n#######\n",
        ),
        (
            "three goals, an L-shaped room",
            "#######\n#@$$. #\n# ##$.#\n# ## .#\n#    ##\n#######\n",
        ),
    ];

    #[test]
    fn the_table_says_lost_exactly_where_a_forward_search_finds_no_way() {
        let mut lost = 0;
        for ((name, room), way) in ROOMS
            .iter()
            .flat_map(|room| [(room, Way::Pushes), (room, Way::Pulls)])
        {
            let ctx = Context::from_text(room);
            let pairs = table(&ctx, way);
            let solvable = brute_force(&ctx, way);
            let mut bits = vec![0u64; ctx.words];
            for a in 0..ctx.len() as u32 {
                for b in a + 1..ctx.len() as u32 {
                    if ctx.dead[a as usize] || ctx.dead[b as usize] {
                        continue;
                    }
                    bits.fill(0);
                    bits[a as usize / 64] |= 1 << (a % 64);
                    bits[b as usize / 64] |= 1 << (b % 64);
                    for p in (0..ctx.len() as u32).filter(|&p| p != a && p != b) {
                        let said = pairs.partner(&bits, a, p) == Some(b);
                        assert_eq!(
                            said,
                            pairs.partner(&bits, b, p) == Some(a),
                            "{name} ({way:?}): listed under one cell only"
                        );
                        assert_eq!(
                            said,
                            !solvable(a, b, p),
                            "{name} ({way:?}): boxes {:?} {:?}, player {:?}",
                            ctx.cells[a as usize],
                            ctx.cells[b as usize],
                            ctx.cells[p as usize]
                        );
                        lost += usize::from(said);
                    }
                }
            }
        }
        assert!(lost > 100, "the rooms have lost pairs to find: {lost}");
    }

    #[test]
    fn a_board_past_the_work_bound_has_no_table() {
        let wall = "#".repeat(303);
        let mut text = format!("{wall}\n#@{}{}#\n", "$".repeat(100), " ".repeat(200));
        text.push_str(&format!("#{}{}#\n", ".".repeat(100), " ".repeat(201)));
        for _ in 0..40 {
            text.push_str(&format!("#{}#\n", " ".repeat(301)));
        }
        text.push_str(&wall);
        text.push('\n');
        let ctx = Context::from_text(&text);
        let limits = Limits::default();
        let budget = Budget::new(&limits, None);
        assert!(
            Pairs::new(&ctx, &budget, MAX_PAIR_WORK)
                .expect("no limit")
                .is_none()
        );
    }
}
