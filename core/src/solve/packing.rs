//! Goal rooms and the order to fill them. A goal area is a 4-connected group of at least
//! [`MIN_AREA_GOALS`] goals; its entrances are the cells next to it that are not goals. The
//! order to fill an area is found backwards: from the area full, boxes are pulled out one at
//! a time, each time the one that leaves through an entrance in the fewest pulls with the
//! others standing where they are, and the player coming from the entrances. The reverse of
//! that is an order in which every box can be pushed in past the ones already home.
//!
//! The push search uses the order as a macro (see `push::goal_macro`): a box pushed onto an
//! entrance, or from one into the area, is taken at once to the area's next empty goal in the
//! order, and a box home in order is never pushed again. That prunes solutions as well as
//! positions (a level may need another order, or a box passing through), so only a search
//! that does not claim "no solution" may use it.
//!
//! Limits: the backward search looks at most [`MAX_PULL_STATES`] positions of one box.

use std::collections::VecDeque;

use super::context::{Context, NONE};
use super::limits::{Budget, Stop};

mod plan;

use plan::Plan;

/// The fewest goals an area has for its order to be worked out and used.
pub(crate) const MIN_AREA_GOALS: usize = 3;
/// The most (box cell, player area) states one backward pull search looks at.
const MAX_PULL_STATES: usize = 1 << 14;

/// The goal areas of a board that have an order, and what the search asks about them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Packing {
    /// Each cell's area, if it is a goal of an area with an order.
    area_of: Vec<u32>,
    /// The area each cell is an entrance of, if any (the first found when it borders two).
    entrance_of: Vec<u32>,
    /// Each area's goals in the order to fill them.
    orders: Vec<Vec<u32>>,
    /// The order to fill every goal with the boxes outside counted, if worked out.
    plan: Option<Plan>,
}

impl Packing {
    /// Finds the goal areas of `ctx` and the order to fill each; areas without one are left
    /// out.
    pub(crate) fn new(ctx: &Context) -> Self {
        let mut packing = Self {
            area_of: vec![NONE; ctx.len()],
            entrance_of: vec![NONE; ctx.len()],
            orders: Vec::new(),
            plan: None,
        };
        let mut seen = vec![false; ctx.len()];
        for &g in &ctx.goals {
            if seen[g as usize] {
                continue;
            }
            let area = goal_group(ctx, g, &mut seen);
            if area.len() < MIN_AREA_GOALS {
                continue;
            }
            let entrances = entrances(ctx, &area);
            let Some(order) = fill_order(ctx, &area, &entrances) else {
                continue;
            };
            let k = packing.orders.len() as u32;
            for &c in &area {
                packing.area_of[c as usize] = k;
            }
            for &e in &entrances {
                if packing.entrance_of[e as usize] == NONE {
                    packing.entrance_of[e as usize] = k;
                }
            }
            packing.orders.push(order);
        }
        packing
    }

    /// Works out the packing plan (see `plan`) for the boxes starting on `starts`, within
    /// its own bound and `budget`.
    pub(crate) fn with_plan(
        mut self,
        ctx: &Context,
        starts: &[u32],
        budget: &Budget<'_>,
    ) -> Result<Self, Stop> {
        self.plan = Plan::new(ctx, starts, budget)?;
        Ok(self)
    }

    /// Boxes home in order: by the packing plan where there is one; else in each goal
    /// room, the goals filled from its first, and elsewhere boxes on goals.
    pub(crate) fn packed(&self, ctx: &Context, has_box: impl Fn(u32) -> bool) -> usize {
        if let Some(plan) = &self.plan {
            return plan.packed(has_box);
        }
        let in_rooms: usize = (0..self.areas()).map(|k| self.filled(k, &has_box)).sum();
        let elsewhere = ctx
            .goals
            .iter()
            .filter(|&&g| self.area_of(g).is_none() && has_box(g))
            .count();
        in_rooms + elsewhere
    }

    /// Whether any area has an order.
    pub(crate) fn is_empty(&self) -> bool {
        self.orders.is_empty()
    }

    /// The number of areas with an order.
    pub(crate) fn areas(&self) -> u32 {
        self.orders.len() as u32
    }

    /// The area whose goal `cell` is, if it has an order.
    pub(crate) fn area_of(&self, cell: u32) -> Option<u32> {
        self.area_of
            .get(cell as usize)
            .copied()
            .filter(|&k| k != NONE)
    }

    /// The area `cell` is an entrance of, if any.
    pub(crate) fn entrance_of(&self, cell: u32) -> Option<u32> {
        self.entrance_of
            .get(cell as usize)
            .copied()
            .filter(|&k| k != NONE)
    }

    /// How many of area `k`'s goals, taken in order from the first, hold a box.
    pub(crate) fn filled(&self, k: u32, has_box: impl Fn(u32) -> bool) -> usize {
        self.orders[k as usize]
            .iter()
            .take_while(|&&g| has_box(g))
            .count()
    }

    /// Area `k`'s goals in the order to fill them.
    pub(crate) fn order(&self, k: u32) -> &[u32] {
        &self.orders[k as usize]
    }

    /// Whether `cell` is in area `k` or is one of its entrances.
    pub(crate) fn near(&self, k: u32, cell: u32) -> bool {
        self.area_of(cell) == Some(k) || self.entrance_of(cell) == Some(k)
    }
}

/// The goals 4-connected to `start` through goals, marking them seen.
fn goal_group(ctx: &Context, start: u32, seen: &mut [bool]) -> Vec<u32> {
    let mut group = vec![start];
    seen[start as usize] = true;
    let mut at = 0;
    while at < group.len() {
        let c = group[at];
        at += 1;
        for &n in &ctx.next[c as usize] {
            if n != NONE && ctx.is_goal[n as usize] && !seen[n as usize] {
                seen[n as usize] = true;
                group.push(n);
            }
        }
    }
    group
}

/// The cells next to `area` that are not goals.
fn entrances(ctx: &Context, area: &[u32]) -> Vec<u32> {
    let mut out: Vec<u32> = area
        .iter()
        .flat_map(|&c| ctx.next[c as usize])
        .filter(|&n| n != NONE && !ctx.is_goal[n as usize])
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The order to fill `area`, found by emptying it backwards; `None` when at some point no
/// box can be pulled out.
fn fill_order(ctx: &Context, area: &[u32], entrances: &[u32]) -> Option<Vec<u32>> {
    if entrances.is_empty() {
        return None;
    }
    let mut boxes = vec![false; ctx.len()];
    for &g in area {
        boxes[g as usize] = true;
    }
    let mut is_entrance = vec![false; ctx.len()];
    for &e in entrances {
        is_entrance[e as usize] = true;
    }
    let mut left: Vec<u32> = area.to_vec();
    let mut removed = Vec::with_capacity(area.len());
    let mut puller = Puller::new(ctx.len());
    while !left.is_empty() {
        let outside = puller.flood_from(ctx, &boxes, entrances);
        let best = left
            .iter()
            .enumerate()
            .filter_map(|(i, &g)| {
                puller
                    .pulls_out(ctx, &mut boxes, &outside, g, &is_entrance)
                    .map(|n| (n, i))
            })
            .min()?;
        let g = left.swap_remove(best.1);
        boxes[g as usize] = false;
        removed.push(g);
    }
    removed.reverse();
    Some(removed)
}

/// Scratch space for the backward pull search of one box.
struct Puller {
    stamp: Vec<u32>,
    generation: u32,
    queue: Vec<u32>,
}

impl Puller {
    fn new(cells: usize) -> Self {
        Self {
            stamp: vec![0; cells],
            generation: 0,
            queue: Vec::with_capacity(cells),
        }
    }

    /// The cells the player reaches from `starts` around `boxes`, as a flag per cell.
    fn flood_from(&mut self, ctx: &Context, boxes: &[bool], starts: &[u32]) -> Vec<bool> {
        let mut reached = vec![false; ctx.len()];
        let mut queue: Vec<u32> = starts
            .iter()
            .copied()
            .filter(|&s| !boxes[s as usize])
            .collect();
        for &s in &queue {
            reached[s as usize] = true;
        }
        while let Some(c) = queue.pop() {
            for &n in &ctx.next[c as usize] {
                if n != NONE && !boxes[n as usize] && !reached[n as usize] {
                    reached[n as usize] = true;
                    queue.push(n);
                }
            }
        }
        reached
    }

    /// The lowest cell the player reaches from `start` around `boxes`.
    fn lowest(&mut self, ctx: &Context, boxes: &[bool], start: u32) -> u32 {
        self.lowest_counted(ctx, boxes, start).0
    }

    /// The lowest cell the player reaches from `start` around `boxes`, and the cells the
    /// flood visited; the cells reached are stamped with the current generation.
    fn lowest_counted(&mut self, ctx: &Context, boxes: &[bool], start: u32) -> (u32, u64) {
        self.generation += 1;
        let generation = self.generation;
        self.queue.clear();
        self.queue.push(start);
        self.stamp[start as usize] = generation;
        let mut lowest = start;
        let mut at = 0;
        while at < self.queue.len() {
            let c = self.queue[at];
            at += 1;
            for &n in &ctx.next[c as usize] {
                if n != NONE && !boxes[n as usize] && self.stamp[n as usize] != generation {
                    self.stamp[n as usize] = generation;
                    lowest = lowest.min(n);
                    self.queue.push(n);
                }
            }
        }
        (lowest, self.queue.len() as u64)
    }

    /// The fewest pulls that take the box on `goal` to an entrance, the player starting in
    /// `outside`, the other boxes standing still; `None` when it cannot leave.
    fn pulls_out(
        &mut self,
        ctx: &Context,
        boxes: &mut [bool],
        outside: &[bool],
        goal: u32,
        is_entrance: &[bool],
    ) -> Option<u32> {
        let mut seen = std::collections::HashSet::new();
        let mut queue = VecDeque::new();
        boxes[goal as usize] = false;
        for dir in 0..4 {
            let p = ctx.step(goal, dir);
            if p != NONE && outside[p as usize] {
                queue.push_back((goal, p, 0));
            }
        }
        let mut answer = None;
        while let Some((b, player, pulls)) = queue.pop_front() {
            if seen.len() >= MAX_PULL_STATES {
                break;
            }
            boxes[b as usize] = true;
            let at = self.lowest(ctx, boxes, player);
            if !seen.insert((b, at)) {
                boxes[b as usize] = false;
                continue;
            }
            if is_entrance[b as usize] && pulls > 0 {
                boxes[b as usize] = false;
                answer = Some(pulls);
                break;
            }
            let generation = self.generation;
            for dir in 0..4 {
                let p = ctx.step(b, dir);
                if p == NONE || self.stamp[p as usize] != generation {
                    continue;
                }
                let behind = ctx.step(p, dir);
                if behind == NONE || boxes[behind as usize] {
                    continue;
                }
                queue.push_back((p, behind, pulls + 1));
            }
            boxes[b as usize] = false;
        }
        boxes[goal as usize] = true;
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Pos;

    #[test]
    fn a_dead_end_of_goals_fills_from_the_far_end() {
        let ctx = Context::from_text("########\n#...   #\n####   #\n#  $$$@#\n#      #\n########");
        let packing = Packing::new(&ctx);
        let at = |x| ctx.cell(Pos::new(x, 1)).unwrap();
        assert_eq!(packing.order(0), [at(1), at(2), at(3)].as_slice());
        assert_eq!(packing.entrance_of(at(4)), Some(0));
        assert_eq!(packing.area_of(at(2)), Some(0));
    }

    #[test]
    fn scattered_goals_make_no_area() {
        let ctx = Context::from_text("#######\n#. . .#\n# $$$@#\n#     #\n#######");
        assert!(Packing::new(&ctx).is_empty());
    }
}
