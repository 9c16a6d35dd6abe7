//! The push search's lower bound of a position: the matching (or the nearest-goal bound), a
//! successor's found from the expanded position's, and the boxes off goals that rank the
//! positions of a search with goal macros.

use super::reach::cells;
use super::{MACRO, PushSearch};

impl PushSearch<'_> {
    /// The bound of a successor of the position expanded now, in which the box on `from`
    /// went to `to`: from the expanded position's matching when there is one.
    pub(super) fn bound_moved(&mut self, bits: &[u64], (from, to): (u32, u32)) -> Option<u32> {
        if !self.techniques.matching {
            return self.bound(bits);
        }
        if !self.cache.base_ready {
            self.cache.base_ready = true;
            // The expanded position is a push away from its parent's: when the base holds
            // the parent's matching, one augmenting path makes it this position's.
            let node = self.nodes[self.cache.expanding as usize];
            let moved = (node.parent == self.cache.based
                && node.parent != u32::MAX
                && node.push.dir != MACRO)
                .then(|| {
                    let from = node.push.from;
                    (from, self.ctx.step(from, usize::from(node.push.dir)))
                });
            self.cache.matcher.set_base_after(
                self.ctx,
                moved,
                &self.scratch.cur,
                &mut self.scratch.boxes,
            );
            self.cache.based = self.cache.expanding;
        }
        match self.cache.matcher.bound_moved(self.ctx, from, to) {
            Some(bound) => bound,
            None => self.bound(bits),
        }
    }

    /// The lower bound of the boxes of `bits`, or `None` when they have no matching.
    pub(super) fn bound(&mut self, bits: &[u64]) -> Option<u32> {
        self.scratch.boxes.clear();
        self.scratch.boxes.extend(cells(bits));
        if self.techniques.matching {
            self.cache.matcher.bound(self.ctx, &self.scratch.boxes)
        } else {
            super::super::matching::nearest_bound(self.ctx, &self.scratch.boxes)
        }
    }

    /// The boxes of `bits` off goals.
    pub(super) fn off_goals(&self, bits: &[u64]) -> u16 {
        let off: u32 = bits
            .iter()
            .zip(&self.goal_bits)
            .map(|(&b, &g)| (b & !g).count_ones())
            .sum();
        off as u16
    }
}
