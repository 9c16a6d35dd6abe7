//! The lower bound: a minimum-cost matching of boxes to distinct goals, where a box's cost
//! for a goal is the fewest pushes that bring it there on an otherwise empty board. Every
//! solution pushes each box at least that far, so the sum never overestimates (and goes up
//! by at most one per push, so A* with it is consistent). No matching at all means that some
//! boxes compete for goals only one of them can reach: the position is lost.
//!
//! The matching is the Hungarian method with potentials (Kuhn–Munkres, in the shortest
//! augmenting path form), `O(n² m)` for `n` boxes and `m ≥ n` goals. A cheaper bound, each
//! box to its nearest goal, is kept beside it for comparison (see benches/README.md).

use super::context::{Context, NONE};
use super::push::reach::cells;
use super::stamps::Stamps;

/// A cost that stands for "this box can never reach this goal".
const FORBIDDEN: i64 = 1 << 40;

/// Reusable buffers for [`Matcher::bound`], so a search allocates nothing per position.
#[derive(Debug, Clone, Default)]
pub(crate) struct Matcher {
    u: Vec<i64>,
    v: Vec<i64>,
    way: Vec<usize>,
    owner: Vec<usize>,
    min: Vec<i64>,
    used: Vec<bool>,
    /// The boxes (rows) of the last full matching, and its potentials and assignment: the
    /// start of [`Matcher::bound_moved`].
    base: Base,
}

/// A solved matching kept to start from.
#[derive(Debug, Clone, Default)]
struct Base {
    rows: Vec<u32>,
    u: Vec<i64>,
    v: Vec<i64>,
    owner: Vec<usize>,
    valid: bool,
}

impl Matcher {
    /// The least total of pushes over all ways to give each box its own goal, or `None` when
    /// no way exists.
    pub(crate) fn bound(&mut self, ctx: &Context, boxes: &[u32]) -> Option<u32> {
        let n = boxes.len();
        let m = ctx.goals.len();
        if n == 0 {
            return Some(0);
        }
        if n > m {
            return None;
        }
        let cost = |i: usize, j: usize| cost(ctx, boxes, i, j);
        self.reset(n, m);
        for i in 1..=n {
            self.augment(i, m, &cost);
        }
        self.total(m, &cost)
    }

    /// The bound of `boxes` as [`Matcher::bound`] gives it, kept as the start of
    /// [`Matcher::bound_moved`] for positions one box away.
    pub(crate) fn set_base(&mut self, ctx: &Context, boxes: &[u32]) -> Option<u32> {
        let bound = self.bound(ctx, boxes);
        let base = &mut self.base;
        base.valid = bound.is_some() && !boxes.is_empty();
        base.rows.clear();
        base.rows.extend_from_slice(boxes);
        base.u.clone_from(&self.u);
        base.v.clone_from(&self.v);
        base.owner.clone_from(&self.owner);
        bound
    }

    /// The bound of the base's boxes with the one on `from` moved to `to`: the same number
    /// [`Matcher::bound`] gives, found by taking that box's goal back and matching it alone
    /// again, the potentials of the others kept (they stay feasible, their matched pairs
    /// tight, so one shortest augmenting path restores the optimum). `None` when the base does
    /// not hold a box on `from`, or the boxes have no matching.
    pub(crate) fn bound_moved(&mut self, ctx: &Context, from: u32, to: u32) -> Option<Option<u32>> {
        if !self.base.valid {
            return None;
        }
        let i = self.base.rows.iter().position(|&b| b == from)?;
        let m = ctx.goals.len();
        let mut rows = std::mem::take(&mut self.base.rows);
        rows[i] = to;
        self.u.clone_from(&self.base.u);
        self.v.clone_from(&self.base.v);
        self.owner.clone_from(&self.base.owner);
        self.way.clear();
        self.way.resize(m + 1, 0);
        if let Some(j) = (1..=m).find(|&j| self.owner[j] == i + 1) {
            self.owner[j] = 0;
        }
        self.u[i + 1] = 0;
        let cost = |r: usize, j: usize| cost(ctx, &rows, r, j);
        self.augment(i + 1, m, &cost);
        let total = self.total(m, &cost);
        rows[i] = from;
        self.base.rows = rows;
        Some(total)
    }

    /// Moves the base's box on `from` to `to` for good: the base becomes the matching of the
    /// boxes after that move, with the bound [`Matcher::bound_moved`] gives (one augmenting
    /// path instead of a full matching; a search expanding a child of the position it
    /// expanded last starts from here). `None` when the base does not hold a box on `from`;
    /// the base is then unchanged.
    pub(crate) fn rebase_moved(
        &mut self,
        ctx: &Context,
        from: u32,
        to: u32,
    ) -> Option<Option<u32>> {
        let bound = self.bound_moved(ctx, from, to)?;
        let i = self.base.rows.iter().position(|&b| b == from)?;
        let base = &mut self.base;
        base.rows[i] = to;
        base.u.clone_from(&self.u);
        base.v.clone_from(&self.v);
        base.owner.clone_from(&self.owner);
        base.valid = bound.is_some();
        Some(bound)
    }

    /// Makes the base the matching of the boxes of `bits`: by [`Matcher::rebase_moved`] when
    /// `moved` says the base holds those boxes but for the one now on `moved.1`, which was on
    /// `moved.0`, and that works; else in full (`boxes` is scratch space for the cells).
    pub(crate) fn set_base_after(
        &mut self,
        ctx: &Context,
        moved: Option<(u32, u32)>,
        bits: &[u64],
        boxes: &mut Vec<u32>,
    ) {
        let rebased = moved
            .is_some_and(|(from, to)| matches!(self.rebase_moved(ctx, from, to), Some(Some(_))));
        if !rebased {
            boxes.clear();
            boxes.extend(cells(bits));
            self.set_base(ctx, boxes);
        }
    }

    /// The cost of the assignment held, or `None` when it uses a forbidden pair.
    fn total(&self, m: usize, cost: &impl Fn(usize, usize) -> i64) -> Option<u32> {
        let total: i64 = (1..=m)
            .filter(|&j| self.owner[j] != 0)
            .map(|j| cost(self.owner[j] - 1, j - 1))
            .sum();
        (total < FORBIDDEN).then_some(total as u32)
    }

    fn reset(&mut self, n: usize, m: usize) {
        self.u.clear();
        self.u.resize(n + 1, 0);
        self.v.clear();
        self.v.resize(m + 1, 0);
        self.owner.clear();
        self.owner.resize(m + 1, 0);
        self.way.clear();
        self.way.resize(m + 1, 0);
    }

    /// Finds the cheapest augmenting path for row `i` (1-based) and flips it.
    fn augment(&mut self, i: usize, m: usize, cost: &impl Fn(usize, usize) -> i64) {
        self.owner[0] = i;
        let mut j0 = 0;
        self.min.clear();
        self.min.resize(m + 1, i64::MAX);
        self.used.clear();
        self.used.resize(m + 1, false);
        loop {
            self.used[j0] = true;
            let i0 = self.owner[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0;
            for j in 1..=m {
                if self.used[j] {
                    continue;
                }
                let cur = cost(i0 - 1, j - 1) - self.u[i0] - self.v[j];
                if cur < self.min[j] {
                    self.min[j] = cur;
                    self.way[j] = j0;
                }
                if self.min[j] < delta {
                    delta = self.min[j];
                    j1 = j;
                }
            }
            for j in 0..=m {
                if self.used[j] {
                    self.u[self.owner[j]] += delta;
                    self.v[j] -= delta;
                } else {
                    self.min[j] -= delta;
                }
            }
            j0 = j1;
            if self.owner[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = self.way[j0];
            self.owner[j0] = self.owner[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
}

/// Whether the boxes can each have their own goal, as [`Matcher::bound`] finds it, without
/// the costs: a maximum matching of boxes to the goals each can reach on an empty board
/// (Kuhn's augmenting paths). A search that needs no bound, only the test, uses it: one
/// augmenting path from a moved box, `O(n m)` at worst and mostly a step or two, where the
/// bound's shortest path scans every goal at every step.
#[derive(Debug, Clone, Default)]
pub(crate) struct Assignment {
    /// The boxes' cells, and each box's goal (an index into `ctx.goals`).
    rows: Vec<u32>,
    goal_of: Vec<u32>,
    /// Each goal's box, or [`NONE`].
    box_of: Vec<u32>,
    /// The base's assignment, kept to start each moved box from.
    base_goal_of: Vec<u32>,
    base_box_of: Vec<u32>,
    valid: bool,
    /// The goals visited by the current path search.
    seen: Stamps,
    stack: Vec<(u32, u32)>,
}

impl Assignment {
    /// Matches `boxes` in full and keeps the result as the base of
    /// [`Assignment::feasible_moved`]; whether every box has its own goal.
    pub(crate) fn set_base(&mut self, ctx: &Context, boxes: &[u32]) -> bool {
        let m = ctx.goals.len();
        self.rows.clear();
        self.rows.extend_from_slice(boxes);
        self.goal_of.clear();
        self.goal_of.resize(boxes.len(), NONE);
        self.box_of.clear();
        self.box_of.resize(m, NONE);
        self.valid = boxes.len() <= m && (0..boxes.len() as u32).all(|i| self.augment(ctx, i));
        self.base_goal_of.clone_from(&self.goal_of);
        self.base_box_of.clone_from(&self.box_of);
        self.valid
    }

    /// Whether the base's boxes, with the one on `from` moved to `to`, can each have their
    /// own goal; `None` when the base holds no box on `from` or had no matching itself.
    pub(crate) fn feasible_moved(&mut self, ctx: &Context, from: u32, to: u32) -> Option<bool> {
        if !self.valid {
            return None;
        }
        let i = self.rows.iter().position(|&b| b == from)?;
        self.goal_of.clone_from(&self.base_goal_of);
        self.box_of.clone_from(&self.base_box_of);
        let g = self.goal_of[i];
        if g != NONE {
            self.box_of[g as usize] = NONE;
            self.goal_of[i] = NONE;
        }
        self.rows[i] = to;
        let found = self.augment(ctx, i as u32);
        self.rows[i] = from;
        Some(found)
    }

    /// Looks for an augmenting path from box `i` (depth first, each goal once) and flips it.
    fn augment(&mut self, ctx: &Context, i: u32) -> bool {
        let m = ctx.goals.len();
        self.seen.clear(m);
        // A free goal the box reaches directly ends it at once.
        let cell = self.rows[i as usize] as usize;
        if let Some(g) = (0..m).find(|&g| self.box_of[g] == NONE && ctx.dist[g][cell] != NONE) {
            self.box_of[g] = i;
            self.goal_of[i as usize] = g as u32;
            return true;
        }
        // The stack holds (box, next goal to try); a box reached through goal `g` is the one
        // `g` holds.
        self.stack.clear();
        self.stack.push((i, 0));
        while let Some(&(b, mut next)) = self.stack.last() {
            let cell = self.rows[b as usize] as usize;
            let mut deeper = None;
            while (next as usize) < m {
                let g = next as usize;
                next += 1;
                if self.seen.marked(g) || ctx.dist[g][cell] == NONE {
                    continue;
                }
                self.seen.mark(g);
                let holder = self.box_of[g];
                if holder == NONE {
                    // Flip the path: each box on the stack takes the goal it went through.
                    let mut goal = g as u32;
                    while let Some((b, _)) = self.stack.pop() {
                        let previous = self.goal_of[b as usize];
                        self.goal_of[b as usize] = goal;
                        self.box_of[goal as usize] = b;
                        goal = previous;
                    }
                    return true;
                }
                deeper = Some(holder);
                break;
            }
            let top = self.stack.len() - 1;
            self.stack[top].1 = next;
            match deeper {
                Some(holder) => self.stack.push((holder, 0)),
                None => {
                    self.stack.pop();
                }
            }
        }
        false
    }
}

/// Box `i`'s cost for goal `j`: its pushes there, or [`FORBIDDEN`].
fn cost(ctx: &Context, boxes: &[u32], i: usize, j: usize) -> i64 {
    let d = ctx.dist[j][boxes[i] as usize];
    if d == NONE { FORBIDDEN } else { i64::from(d) }
}

/// The cheaper bound: each box's distance to its nearest goal, summed (goals may be shared).
/// `None` when a box can reach no goal.
pub(crate) fn nearest_bound(ctx: &Context, boxes: &[u32]) -> Option<u32> {
    boxes.iter().try_fold(0u32, |sum, &b| {
        let best = ctx.nearest[b as usize];
        (best != NONE).then(|| sum + best)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Pos;

    #[test]
    fn two_boxes_that_want_the_same_goal_share_them_at_the_least_cost() {
        // Goals at columns 1 and 6; boxes at 4 and 5: the matching sends 4 left and 5 right.
        let ctx = Context::from_text("########\n#.  $$.#\n#   @  #\n########");
        let boxes: Vec<u32> = [Pos::new(4, 1), Pos::new(5, 1)]
            .iter()
            .map(|&p| ctx.cell(p).unwrap())
            .collect();
        let mut matcher = Matcher::default();
        assert_eq!(matcher.bound(&ctx, &boxes), Some(3 + 1));
        assert_eq!(nearest_bound(&ctx, &boxes), Some(2 + 1));
    }

    /// A room of six boxes and six goals, and the boxes' cells.
    fn six_boxes() -> (Context, Vec<u32>) {
        let ctx = Context::from_text(
            "##########\n#.  $   .#\n# $  ##  #\n#.  $  $.#\n#   @ $  #\n#.   $  .#\n##########",
        );
        let boxes = ctx
            .cells
            .iter()
            .enumerate()
            .filter(|&(_, p)| {
                [(4, 1), (2, 2), (4, 3), (7, 3), (6, 4), (5, 5)].contains(&(p.x, p.y))
            })
            .map(|(c, _)| c as u32)
            .collect();
        (ctx, boxes)
    }

    #[test]
    fn moving_one_box_from_a_base_gives_the_full_matching() {
        let (ctx, boxes) = six_boxes();
        let mut base = Matcher::default();
        let mut full = Matcher::default();
        assert_eq!(base.set_base(&ctx, &boxes), full.bound(&ctx, &boxes));
        for (i, &from) in boxes.iter().enumerate() {
            for to in 0..ctx.len() as u32 {
                if boxes.contains(&to) {
                    continue;
                }
                let mut moved = boxes.clone();
                moved[i] = to;
                assert_eq!(
                    base.bound_moved(&ctx, from, to),
                    Some(full.bound(&ctx, &moved)),
                    "box {i} to cell {to}"
                );
            }
        }
    }

    #[test]
    fn a_base_moved_box_by_box_keeps_the_full_matching() {
        let (ctx, mut boxes) = six_boxes();
        let mut base = Matcher::default();
        let mut full = Matcher::default();
        let mut valid = base.set_base(&ctx, &boxes).is_some();
        // A walk of single moves, each to a free cell, the base following every one.
        let mut state = 7u64;
        for step in 0..200 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let i = (state >> 33) as usize % boxes.len();
            let to = (state >> 13) as u32 % ctx.len() as u32;
            if boxes.contains(&to) {
                continue;
            }
            let from = boxes[i];
            boxes[i] = to;
            let rebased = base.rebase_moved(&ctx, from, to);
            let expected = full.bound(&ctx, &boxes);
            if valid {
                assert_eq!(rebased, Some(expected), "step {step}");
            } else {
                // A base without a matching is none to start from: a full one is needed.
                assert_eq!(rebased, None, "step {step}");
                assert_eq!(base.set_base(&ctx, &boxes), expected, "step {step}");
            }
            valid = expected.is_some();
        }
    }

    #[test]
    fn the_assignment_agrees_with_the_bound_on_whether_boxes_have_goals() {
        // Rooms where some cells reach only some goals, and boxes moved one at a time.
        let rooms = [
            "#######\n#  $$.#\n#.    #\n#  @  #\n#######",
            "##########\n#.  $   .#\n# $  ##  #\n#.  $  $.#\n#   @ $  #\n#.   $  .#\n##########",
            "#########\n#.#   # #\n#  @$   #\n##.## ###\n#  $  $.#\n#########",
        ];
        // How often each answer came, so the table shows both are tested.
        let (mut with, mut without, mut moved_without) = (0, 0, 0);
        for room in rooms {
            let ctx = Context::from_text(room);
            let mut state = 11u64;
            let mut full = Matcher::default();
            let mut assignment = Assignment::default();
            let n = ctx.goals.len().min(4);
            for step in 0..300 {
                let mut boxes: Vec<u32> = Vec::new();
                while boxes.len() < n {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    let c = (state >> 33) as u32 % ctx.len() as u32;
                    if !boxes.contains(&c) {
                        boxes.push(c);
                    }
                }
                let valid = assignment.set_base(&ctx, &boxes);
                assert_eq!(valid, full.bound(&ctx, &boxes).is_some(), "step {step}");
                if valid {
                    with += 1;
                } else {
                    without += 1;
                }
                let to = (state >> 13) as u32 % ctx.len() as u32;
                if boxes.contains(&to) {
                    continue;
                }
                let from = boxes[0];
                let mut moved = boxes.clone();
                moved[0] = to;
                let expected = full.bound(&ctx, &moved).is_some();
                if valid && !expected {
                    moved_without += 1;
                }
                assert_eq!(
                    assignment.feasible_moved(&ctx, from, to),
                    valid.then_some(expected),
                    "{room}\nstep {step}"
                );
            }
        }
        assert!(
            with > 50 && without > 50 && moved_without > 10,
            "{with} with a matching, {without} without, {moved_without} lost by a move"
        );
    }

    #[test]
    fn boxes_with_only_one_reachable_goal_between_them_have_no_matching() {
        // Both boxes can only go to the goal on the top row's right.
        let ctx = Context::from_text("#######\n#  $$.#\n#.    #\n#  @  #\n#######");
        let boxes: Vec<u32> = [Pos::new(3, 1), Pos::new(4, 1)]
            .iter()
            .map(|&p| ctx.cell(p).unwrap())
            .collect();
        let mut matcher = Matcher::default();
        assert_eq!(matcher.bound(&ctx, &boxes), None);
    }
}
