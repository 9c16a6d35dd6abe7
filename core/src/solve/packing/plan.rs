//! The packing plan: an order to fill every goal that counts the level's boxes outside.
//!
//! Worked out backwards from the solved position, every goal holding a box. Each step pulls
//! one box off its goal to a cell where a box starts, the box whose way there is the
//! shortest, and takes it off the board (where it waits does not block the others: a box
//! pushed in early comes from anywhere). When no box can reach a start cell, the relaxed plan
//! parks one anywhere off the goals instead (the box that leaves in the fewest pulls). The
//! reverse of the order boxes leave in is the order to fill the goals; boxes that never
//! leave are filled first, in any order.
//!
//! Unlike the goal rooms of `packing`, the plan sees the boxes outside a room (a room may
//! only be left where a box can go back to where a box starts) and orders every goal, not
//! only rooms of three and more. It only guides: FESS counts a position's boxes packed in
//! this order, and nothing is pruned by it.
//!
//! Limits: each pull search looks at most `MAX_PULL_STATES` (box cell, player area) states,
//! and the whole plan at most [`MAX_PLAN_WORK`] cell visits; past that there is no plan.

use std::collections::{HashSet, VecDeque};

use super::super::context::{Context, NONE};
use super::super::limits::{Budget, Stop};
use super::{MAX_PULL_STATES, Puller};

/// The most cells the plan's floods may visit in all before it gives up (XSokoban's
/// plans take at most about 51,000).
pub(crate) const MAX_PLAN_WORK: u64 = 1 << 22;

/// The fill order of every goal, per 4-connected group of goals.
#[derive(Debug, Clone, Default)]
pub(crate) struct Plan {
    /// Each group's goals in the order to fill them.
    groups: Vec<Vec<u32>>,
}

/// Where a pull search may end.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    /// A cell where a box starts.
    Start,
    /// Any cell off the goals.
    OffGoals,
}

impl Plan {
    /// The plan for the boxes starting on `starts`; `None` when it would cost more than
    /// [`MAX_PLAN_WORK`]. Its work is spent from `budget`.
    pub(crate) fn new(
        ctx: &Context,
        starts: &[u32],
        budget: &Budget<'_>,
    ) -> Result<Option<Self>, Stop> {
        let mut planner = Planner {
            ctx,
            budget,
            boxes: ctx.is_goal.clone(),
            start: vec![false; ctx.len()],
            puller: Puller::new(ctx.len()),
            work: 0,
        };
        for &s in starts {
            if !ctx.is_goal[s as usize] {
                planner.start[s as usize] = true;
            }
        }
        let mut on_goals: Vec<u32> = ctx.goals.clone();
        let mut left = Vec::with_capacity(on_goals.len());
        while !on_goals.is_empty() {
            let step = match planner.best(&on_goals, Target::Start)? {
                Some(found) => Some(found),
                None => planner.best(&on_goals, Target::OffGoals)?,
            };
            if planner.work > MAX_PLAN_WORK {
                return Ok(None);
            }
            let Some(i) = step else {
                break;
            };
            let g = on_goals.swap_remove(i);
            planner.boxes[g as usize] = false;
            left.push(g);
        }
        // Fill first what never leaves, then the reverse of the order boxes left in.
        let mut order = on_goals;
        order.extend(left.iter().rev());
        Ok(Some(Self::grouped(ctx, &order)))
    }

    /// `order` split by the goal groups, each keeping its goals' order.
    fn grouped(ctx: &Context, order: &[u32]) -> Self {
        let mut group_of = vec![NONE; ctx.len()];
        let mut groups: Vec<Vec<u32>> = Vec::new();
        for &g in order {
            if group_of[g as usize] != NONE {
                continue;
            }
            // Mark the whole group of `g`.
            let k = groups.len() as u32;
            let mut stack = vec![g];
            group_of[g as usize] = k;
            while let Some(c) = stack.pop() {
                for &n in &ctx.next[c as usize] {
                    if n != NONE && ctx.is_goal[n as usize] && group_of[n as usize] == NONE {
                        group_of[n as usize] = k;
                        stack.push(n);
                    }
                }
            }
            groups.push(Vec::new());
        }
        for &g in order {
            groups[group_of[g as usize] as usize].push(g);
        }
        Self { groups }
    }

    /// Boxes home in the plan's order: in each group of goals, the goals filled from its
    /// first.
    pub(crate) fn packed(&self, has_box: impl Fn(u32) -> bool) -> usize {
        self.groups
            .iter()
            .map(|order| order.iter().take_while(|&&g| has_box(g)).count())
            .sum()
    }

    /// Each group's goals in the order to fill them.
    #[cfg(test)]
    pub(crate) fn groups(&self) -> &[Vec<u32>] {
        &self.groups
    }
}

/// The backward position the plan works on.
struct Planner<'c, 'b> {
    ctx: &'c Context,
    budget: &'c Budget<'b>,
    /// The cells holding a box.
    boxes: Vec<bool>,
    /// The cells where a box starts, off the goals.
    start: Vec<bool>,
    puller: Puller,
    /// Cells visited by floods so far.
    work: u64,
}

impl Planner<'_, '_> {
    /// Of the boxes on `on_goals`, the one that reaches `target` in the fewest pulls: its
    /// index in `on_goals`.
    fn best(&mut self, on_goals: &[u32], target: Target) -> Result<Option<usize>, Stop> {
        let mut best: Option<(u32, usize)> = None;
        for (i, &g) in on_goals.iter().enumerate() {
            if !self.can_move(g) {
                continue;
            }
            if let Some(pulls) = self.pull(g, target)?
                && best.is_none_or(|(p, _)| pulls < p)
            {
                best = Some((pulls, i));
            }
            if self.work > MAX_PLAN_WORK {
                return Ok(None);
            }
        }
        Ok(best.map(|(_, i)| i))
    }

    /// Whether the box on `b` can be pulled one step at all.
    fn can_move(&self, b: u32) -> bool {
        (0..4).any(|dir| {
            let p = self.ctx.step(b, dir);
            p != NONE
                && !self.boxes[p as usize]
                && self.ctx.step(p, dir) != NONE
                && !self.boxes[self.ctx.step(p, dir) as usize]
        })
    }

    /// The fewest pulls that take the box on `goal` to a cell of `target`, the player
    /// starting anywhere free, the other boxes standing still.
    fn pull(&mut self, goal: u32, target: Target) -> Result<Option<u32>, Stop> {
        let ctx = self.ctx;
        let mut seen = HashSet::new();
        let mut queue = VecDeque::new();
        self.boxes[goal as usize] = false;
        for dir in 0..4 {
            let p = ctx.step(goal, dir);
            if p == NONE || self.boxes[p as usize] {
                continue;
            }
            let behind = ctx.step(p, dir);
            if behind != NONE && !self.boxes[behind as usize] {
                queue.push_back((p, behind, 1));
            }
        }
        let mut answer = None;
        while let Some((b, player, pulls)) = queue.pop_front() {
            if seen.len() >= MAX_PULL_STATES {
                break;
            }
            let arrived = match target {
                Target::Start => self.start[b as usize],
                Target::OffGoals => !ctx.is_goal[b as usize],
            };
            if arrived {
                answer = Some(pulls);
                break;
            }
            self.boxes[b as usize] = true;
            let (at, visited) = self.puller.lowest_counted(ctx, &self.boxes, player);
            self.work += visited;
            if let Err(stop) = self.budget.spend(visited) {
                self.boxes[b as usize] = false;
                self.boxes[goal as usize] = true;
                return Err(stop);
            }
            if seen.insert((b, at)) {
                let generation = self.puller.generation;
                for dir in 0..4 {
                    let p = ctx.step(b, dir);
                    if p == NONE || self.puller.stamp[p as usize] != generation {
                        continue;
                    }
                    let behind = ctx.step(p, dir);
                    if behind == NONE || self.boxes[behind as usize] {
                        continue;
                    }
                    queue.push_back((p, behind, pulls + 1));
                }
            }
            self.boxes[b as usize] = false;
            if self.work > MAX_PLAN_WORK {
                break;
            }
        }
        self.boxes[goal as usize] = true;
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};
    use crate::solve::Limits;

    fn plan(text: &str) -> (Context, Plan) {
        let level: Level = text.parse().expect("the board reads");
        let ctx = Context::new(&level).expect("the board fits");
        let starts: Vec<u32> = level.boxes.iter().filter_map(|&b| ctx.cell(b)).collect();
        let budget = Budget::new(&Limits::positions(1_000), None);
        let plan = Plan::new(&ctx, &starts, &budget)
            .expect("no limit is reached")
            .expect("the plan fits its work");
        (ctx, plan)
    }

    #[test]
    fn a_dead_end_of_goals_fills_from_the_far_end() {
        let (ctx, plan) = plan("########\n#...   #\n####   #\n#  $$$@#\n#      #\n########");
        let at = |x| ctx.cell(Pos::new(x, 1)).unwrap();
        assert_eq!(plan.groups(), [vec![at(1), at(2), at(3)]].as_slice());
    }

    #[test]
    fn a_box_outside_decides_which_end_of_a_corridor_fills_first() {
        // The goals run along a corridor open at both ends and the boxes wait on one side:
        // the goals fill from the far end.
        for (board, first, last) in [
            ("###########\n# ...$$$ @#\n###########", 2, 4),
            ("###########\n#@ $$$... #\n###########", 8, 6),
        ] {
            let (ctx, plan) = plan(board);
            let at = |x| ctx.cell(Pos::new(x, 1)).expect("inside");
            assert_eq!(
                plan.groups(),
                [vec![at(first), at(first.midpoint(last)), at(last)]],
                "{board}"
            );
        }
    }

    #[test]
    fn packed_counts_each_group_from_its_first_goal() {
        let (ctx, plan) = plan("########\n#...   #\n####   #\n#. $$$@#\n#   $  #\n########");
        let at = |x, y| ctx.cell(Pos::new(x, y)).unwrap();
        let cases = [
            ("nothing home", vec![], 0),
            ("the far end of the room", vec![at(1, 1)], 1),
            ("the room's middle only", vec![at(2, 1)], 0),
            ("the lone goal", vec![at(1, 3)], 1),
            (
                "two of the room and the lone goal",
                vec![at(1, 1), at(2, 1), at(1, 3)],
                3,
            ),
        ];
        for (name, boxes, packed) in cases {
            assert_eq!(plan.packed(|c| boxes.contains(&c)), packed, "{name}");
        }
    }
}
