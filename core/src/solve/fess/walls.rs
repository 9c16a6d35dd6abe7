//! Boxes frozen on goals, treated as walls.
//!
//! A box on a goal that can never move again (see `freeze`) is a wall for the rest of the
//! game: every solution from there leaves it where it is. The squares from which a box can
//! still reach a goal change with such walls: a goal sealed off by them, or a corridor they
//! close, leaves boxes behind that can never get home, which the dead squares of the empty
//! board do not see ("all packed but one, and the last goal walled in").
//!
//! Each set of frozen goal boxes met is kept once, with its dead squares (the cells from
//! which no pull reaches a goal that is not walled, the player's reach relaxed); a position
//! with a free box on one of them is lost. Sound: a frozen box never moves in any solution,
//! and relaxing the player's reach only finds fewer dead squares.
//!
//! Limits: at most [`MAX_WALL_SETS`] sets are kept; past that a new set prunes nothing.

use std::collections::HashMap;

use super::super::context::{Context, NONE};
use super::super::freeze::is_frozen_counted;
use super::super::push::reach::{Bits, has};

/// The most sets of frozen goal boxes kept with their dead squares.
pub(crate) const MAX_WALL_SETS: usize = 4096;

/// No frozen goal box: the board's own dead squares hold.
pub(crate) const NO_WALLS: u32 = 0;

/// The sets of frozen goal boxes met, each with its dead squares.
#[derive(Debug, Default)]
pub(crate) struct Walls {
    /// Per set: the frozen boxes, then the dead squares, `words` each. Set 0 is empty.
    sets: Vec<(Vec<u64>, Vec<u64>)>,
    index: HashMap<Vec<u64>, u32>,
    /// Scratch space for the pull searches.
    seen: Vec<bool>,
    queue: Vec<u32>,
}

impl Walls {
    /// The bytes it holds.
    pub(crate) fn bytes(&self) -> usize {
        // Each set holds its frozen boxes and dead squares, and the index a copy of the
        // frozen boxes.
        let words = self.sets.first().map_or(0, |(f, _)| f.len());
        self.sets.capacity() * (48 + words * 16)
            + self.index.capacity() * (32 + words * 8)
            + self.seen.len()
            + self.queue.capacity() * 4
    }

    /// Whether a move that put a box on `to` may have frozen a box on a goal: it went onto a
    /// goal or next to a box on one.
    pub(crate) fn may_freeze(ctx: &Context, bits: &[u64], to: u32) -> bool {
        ctx.is_goal[to as usize]
            || (0..4).any(|dir| {
                let n = ctx.step(to, dir);
                n != NONE && ctx.is_goal[n as usize] && has(bits, n)
            })
    }

    /// The set of frozen goal boxes of the boxes `bits`, and the work it took; [`NO_WALLS`]
    /// when there is none or the table is full.
    pub(crate) fn of(&mut self, ctx: &Context, bits: &[u64]) -> (u32, u64) {
        let mut frozen = vec![0u64; ctx.words];
        let mut any = false;
        let mut work = 0;
        for &g in &ctx.goals {
            if has(bits, g) {
                let (is_frozen, visits) = is_frozen_counted(ctx, &Bits(bits), g);
                work += visits as u64;
                if is_frozen {
                    frozen[g as usize / 64] |= 1 << (g % 64);
                    any = true;
                }
            }
        }
        if !any {
            return (NO_WALLS, work);
        }
        if let Some(&k) = self.index.get(&frozen) {
            return (k, work);
        }
        if self.sets.len() >= MAX_WALL_SETS {
            return (NO_WALLS, work);
        }
        if self.sets.is_empty() {
            self.sets.push((vec![0; ctx.words], vec![0; ctx.words]));
        }
        let dead = self.dead_with(ctx, &frozen);
        work += (ctx.goals.len() * ctx.len() * 4) as u64;
        let k = self.sets.len() as u32;
        self.index.insert(frozen.clone(), k);
        self.sets.push((frozen, dead));
        (k, work)
    }

    /// Whether the boxes `bits` with the frozen goal boxes of set `k` have a free box on a
    /// square from which it can reach no goal.
    pub(crate) fn loses(&self, k: u32, bits: &[u64]) -> bool {
        if k == NO_WALLS {
            return false;
        }
        let (frozen, dead) = &self.sets[k as usize];
        bits.iter()
            .zip(frozen)
            .zip(dead)
            .any(|((&b, &f), &d)| b & !f & d != 0)
    }

    /// The squares from which no pull reaches a goal outside `frozen`, with `frozen` walled.
    fn dead_with(&mut self, ctx: &Context, frozen: &[u64]) -> Vec<u64> {
        let n = ctx.len();
        self.seen.clear();
        self.seen.resize(n, false);
        self.queue.clear();
        for &g in &ctx.goals {
            if !has(frozen, g) {
                self.seen[g as usize] = true;
                self.queue.push(g);
            }
        }
        let mut at = 0;
        while at < self.queue.len() {
            let c = self.queue[at];
            at += 1;
            for dir in 0..4 {
                let to = ctx.step(c, dir);
                if to == NONE || has(frozen, to) || self.seen[to as usize] {
                    continue;
                }
                let behind = ctx.step(to, dir);
                if behind == NONE || has(frozen, behind) {
                    continue;
                }
                self.seen[to as usize] = true;
                self.queue.push(to);
            }
        }
        let mut dead = vec![0u64; ctx.words];
        for c in 0..n {
            if !self.seen[c] {
                dead[c / 64] |= 1 << (c % 64);
            }
        }
        dead
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};

    fn position(text: &str) -> (Context, Vec<u64>) {
        let level: Level = text.parse().expect("the board reads");
        let ctx = Context::new(&level).expect("the board fits");
        let mut bits = vec![0; ctx.words];
        for &b in &level.boxes {
            let c = ctx.cell(b).expect("inside");
            bits[c as usize / 64] |= 1 << (c % 64);
        }
        (ctx, bits)
    }

    #[test]
    fn frozen_goal_boxes_and_what_they_seal() {
        let cases = [
            (
                "a goal box frozen in a corner, the other goal still open",
                // The box on (1,1) is frozen in its corner; the goal (1,2) below it is
                // still reached by pushing up the column from (1,3): the box on (3,3) can
                // get home.
                "######\n#*   #\n#.   #\n#  $ #\n#@   #\n######",
                true,
                false,
            ),
            (
                "the last goal walled in by frozen goal boxes",
                // Goal (1,1) sits behind two frozen goal boxes in a dead end; the free box
                // can never reach it.
                "######\n#.** #\n###  #\n#  $ #\n# @  #\n######",
                true,
                true,
            ),
            (
                "nothing frozen",
                "#######\n#@    #\n# $ $ #\n# . . #\n#     #\n#######",
                false,
                false,
            ),
        ];
        for (name, board, has_walls, lost) in cases {
            let (ctx, bits) = position(board);
            let mut walls = Walls::default();
            let (k, _) = walls.of(&ctx, &bits);
            assert_eq!(k != NO_WALLS, has_walls, "{name}: frozen goal boxes");
            assert_eq!(walls.loses(k, &bits), lost, "{name}: lost");
        }
    }

    #[test]
    fn each_set_is_kept_once() {
        let (ctx, bits) = position("######\n#.** #\n###  #\n#  $ #\n# @  #\n######");
        let mut walls = Walls::default();
        let (first, _) = walls.of(&ctx, &bits);
        let (again, _) = walls.of(&ctx, &bits);
        assert_eq!(first, again);
    }

    #[test]
    fn only_a_move_onto_a_goal_or_next_to_a_goal_box_may_freeze_one() {
        let (ctx, bits) = position("######\n#.** #\n###  #\n#  $ #\n# @  #\n######");
        let at = |x, y| ctx.cell(Pos::new(x, y)).expect("inside");
        assert!(Walls::may_freeze(&ctx, &bits, at(2, 1)), "onto a goal");
        assert!(
            Walls::may_freeze(&ctx, &bits, at(3, 2)),
            "next to a goal box"
        );
        assert!(
            !Walls::may_freeze(&ctx, &bits, at(4, 4)),
            "far from the goals"
        );
    }
}
