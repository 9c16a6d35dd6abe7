//! Goal macros: the push search's use of the goal rooms' fill orders (see `packing`).
//!
//! A push that takes a box onto an entrance of an area, or from outside into the area, is
//! carried on at once: the same box is pushed, by the fewest pushes found inside the area and
//! its entrances with every other box standing still, to the area's next empty goal in the
//! order. The whole run is one successor. A box that would enter an area and cannot reach
//! its next goal is not pushed in; a box pushed onto an entrance from which the next goal
//! cannot be reached stays a plain push. The boxes home in order (the first goals of the
//! order, all filled) are settled: never pushed again.
//!
//! Limits: one macro looks at most [`MAX_MACRO_STATES`] positions of its box.

use std::collections::HashSet;

use super::super::context::{Context, NONE};
use super::super::corral::Candidate;
use super::super::freeze::frozen_off_goal;
use super::super::limits::{Budget, Stop};
use super::super::packing::Packing;
use super::reach::{Bits, Reach, flip, has};
use super::{MACRO, Node, Push, PushSearch};

/// The most (box cell, player area) states one macro's search looks at.
const MAX_MACRO_STATES: usize = 4096;

/// What the goal macros make of one push.
pub(super) enum Taken {
    /// A macro replaced it: what offering the macro's position gave.
    Instead(Result<Option<u32>, Stop>),
    /// The push would let a box into an area out of order: it is not made.
    Dropped,
    /// No macro applies: the push stands as it is.
    No,
}

/// One state of a macro's search: where the box is, where the player stands, how it got there.
#[derive(Debug, Clone, Copy)]
struct State {
    cell: u32,
    player: u32,
    parent: u32,
    push: Push,
}

/// The macros a search has taken (their pushes, kept for the solution) and scratch space.
#[derive(Debug, Clone, Default)]
pub(super) struct Macros {
    pushes: Vec<Push>,
    spans: Vec<(u32, u32)>,
    states: Vec<State>,
    seen: HashSet<(u32, u32)>,
    bits: Vec<u64>,
    path: Vec<Push>,
}

impl Macros {
    /// The bytes the kept macros hold.
    pub(super) fn bytes(&self) -> usize {
        self.pushes.capacity() * std::mem::size_of::<Push>() + self.spans.capacity() * 8
    }

    /// The pushes of macro `k`, first to last.
    pub(super) fn pushes(&self, k: u32) -> &[Push] {
        let (start, len) = self.spans[k as usize];
        &self.pushes[start as usize..(start + len) as usize]
    }

    /// Keeps the pushes of the path just found; returns the macro's number.
    fn keep(&mut self) -> u32 {
        let k = self.spans.len() as u32;
        self.spans
            .push((self.pushes.len() as u32, self.path.len() as u32));
        self.pushes.extend_from_slice(&self.path);
        k
    }

    /// Forgets the macro kept last (its position was not stored).
    fn forget_last(&mut self) {
        if let Some((start, _)) = self.spans.pop() {
            self.pushes.truncate(start as usize);
        }
    }

    /// Leaves out the pushes of settled boxes: those on the goals an area's order fills
    /// first, while every one of those goals holds a box.
    pub(super) fn drop_settled(
        &self,
        packing: &Packing,
        has_box: impl Fn(u32) -> bool,
        pushes: &mut Vec<Candidate>,
    ) {
        pushes.retain(|&(b, _, _)| {
            packing.area_of(b).is_none_or(|k| {
                let filled = packing.filled(k, &has_box);
                !packing.order(k)[..filled].contains(&b)
            })
        });
    }

    /// The fewest pushes that take the box on `from`, pushed first in direction `dir`, to
    /// `goal`, inside area `k` and its entrances, the other boxes of `cur` standing still.
    /// Leaves them in `self.path`; `false` when there is no such run.
    #[allow(clippy::too_many_arguments)]
    fn find(
        &mut self,
        ctx: &Context,
        reach: &mut Reach,
        packing: &Packing,
        k: u32,
        cur: &[u64],
        (from, dir): (u32, u8),
        goal: u32,
    ) -> bool {
        self.bits.clear();
        self.bits.extend_from_slice(cur);
        flip(&mut self.bits, from);
        self.states.clear();
        self.seen.clear();
        self.states.push(State {
            cell: ctx.step(from, usize::from(dir)),
            player: from,
            parent: NONE,
            push: Push { from, dir },
        });
        let mut at = 0;
        while at < self.states.len() && self.states.len() < MAX_MACRO_STATES {
            let s = self.states[at];
            if s.cell == goal {
                self.trace(at as u32);
                return true;
            }
            flip(&mut self.bits, s.cell);
            let lowest = reach.flood(ctx, &self.bits, s.player);
            if self.seen.insert((s.cell, lowest)) {
                for d in 0..4 {
                    let behind = ctx.step(s.cell, (d + 2) % 4);
                    let to = ctx.step(s.cell, d);
                    if behind == NONE
                        || !reach.reached(behind)
                        || to == NONE
                        || has(&self.bits, to)
                        || ctx.dead[to as usize]
                        || !packing.near(k, to)
                    {
                        continue;
                    }
                    self.states.push(State {
                        cell: to,
                        player: s.cell,
                        parent: at as u32,
                        push: Push {
                            from: s.cell,
                            dir: d as u8,
                        },
                    });
                }
            }
            flip(&mut self.bits, s.cell);
            at += 1;
        }
        false
    }

    /// Puts the pushes that led to state `at` in `self.path`, first to last.
    fn trace(&mut self, mut at: u32) {
        self.path.clear();
        while at != NONE {
            let s = self.states[at as usize];
            self.path.push(s.push);
            at = s.parent;
        }
        self.path.reverse();
    }
}

impl PushSearch<'_> {
    /// Applies the goal macros to the push of the box on `b` in direction `dir` from node
    /// `id`, the player walking `walk` steps to it.
    pub(super) fn goal_macro(
        &mut self,
        packing: &Packing,
        id: u32,
        (b, dir): (u32, u8),
        walk: u32,
        budget: &Budget<'_>,
    ) -> Taken {
        let ctx = self.ctx;
        let t = ctx.step(b, usize::from(dir));
        let (k, entering) = match (packing.area_of(t), packing.entrance_of(t)) {
            (Some(k), _) if packing.area_of(b) != Some(k) => (k, true),
            (None, Some(k)) if packing.area_of(b) != Some(k) => (k, false),
            _ => return Taken::No,
        };
        let refused = if entering { Taken::Dropped } else { Taken::No };
        let cur = &self.scratch.cur;
        let filled = packing.filled(k, |c| has(cur, c));
        let Some(&goal) = packing.order(k).get(filled) else {
            return refused;
        };
        if !self.macros.find(
            ctx,
            &mut self.reach,
            packing,
            k,
            &self.scratch.cur,
            (b, dir),
            goal,
        ) {
            return refused;
        }
        if self.macros.path.len() == 1 {
            return Taken::No;
        }
        let mut child = std::mem::take(&mut self.scratch.child);
        child.copy_from_slice(&self.scratch.cur);
        flip(&mut child, b);
        flip(&mut child, goal);
        let outcome = self.offer_macro(&child, id, walk, goal, budget);
        self.scratch.child = child;
        Taken::Instead(outcome)
    }

    /// Offers the position `child` after the macro in `self.macros.path`, which ended with
    /// its box on `goal`.
    fn offer_macro(
        &mut self,
        child: &[u64],
        id: u32,
        walk: u32,
        goal: u32,
        budget: &Budget<'_>,
    ) -> Result<Option<u32>, Stop> {
        let ctx = self.ctx;
        if self.techniques.freeze && frozen_off_goal(ctx, &Bits(child), goal).is_some() {
            return Ok(None);
        }
        let last = *self.macros.path.last().expect("a macro has pushes");
        let at = self.reach.flood(ctx, child, last.from);
        let pushes = self.macros.path.len() as u32;
        let parent = self.nodes[id as usize];
        let nodes = self.nodes.len();
        let node = Node {
            parent: id,
            push: Push {
                from: self.macros.keep(),
                dir: MACRO,
            },
            pushes: parent.pushes + pushes,
            moves: parent.moves + walk + pushes,
            bound: 0,
            closed: false,
            rank: 0,
        };
        let from = self.macros.path[0].from;
        let outcome = self.offer(child, at, node, (from, goal), budget);
        if self.nodes.len() == nodes {
            self.macros.forget_last();
        }
        outcome
    }
}
