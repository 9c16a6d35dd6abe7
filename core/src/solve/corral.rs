//! Corral pruning. A corral is a connected area the player cannot reach (boxes included),
//! so every box next to it inside is in it and every open cell next to one of its boxes
//! outside is reachable now. When something in a corral must still change (a box off a goal,
//! or a goal without a box) and no push possible now takes one of its boxes out of it, then:
//! - the first push that touches the corral in any solution is one of its boxes pushed into
//!   it, and that push is possible now (its player side is reachable now, its target is
//!   inside and nothing in the corral has moved), and can be made first without changing the
//!   pushes after it; so only those pushes need trying (this is the PI-corral rule, and it
//!   keeps the number of pushes, so the fewest-pushes search may use it);
//! - when there is no such push, the position is lost (a corral deadlock).
//!
//! A push that cannot be made now because its target is a dead square or its player side a
//! wall can never be made, which is why "possible now" is enough.

use super::context::{Context, NONE};

/// A push the player can make now: the box's cell, the direction, the walk to it.
pub(crate) type Candidate = (u32, u8, u32);

/// Scratch space for [`Corrals::restrict`].
#[derive(Debug, Clone, Default)]
pub(crate) struct Corrals {
    corral: Vec<u32>,
    stack: Vec<u32>,
    info: Vec<Info>,
    /// The corral the last [`Corrals::restrict`] kept the pushes of.
    chosen: Option<u32>,
}

#[derive(Debug, Clone, Copy, Default)]
struct Info {
    unsolved: bool,
    outward: bool,
    inward: u32,
}

impl Corrals {
    /// Keeps only the pushes into the best corral that must change and lets no box out (the
    /// one with the fewest such pushes). Returns `false` when the position is lost.
    pub(crate) fn restrict(
        &mut self,
        ctx: &Context,
        has_box: impl Fn(u32) -> bool,
        reached: impl Fn(u32) -> bool,
        pushes: &mut Vec<Candidate>,
    ) -> bool {
        self.chosen = None;
        self.label(ctx, &has_box, &reached);
        for &(b, dir, _) in pushes.iter() {
            let t = ctx.step(b, usize::from(dir));
            let k = self.corral[b as usize] as usize;
            if self.corral[t as usize] as usize == k {
                self.info[k].inward += 1;
            } else {
                self.info[k].outward = true;
            }
        }
        let best = self
            .info
            .iter()
            .enumerate()
            .filter(|(_, i)| i.unsolved && !i.outward)
            .min_by_key(|(_, i)| i.inward);
        match best {
            None => true,
            Some((_, info)) if info.inward == 0 => false,
            Some((k, _)) => {
                let k = k as u32;
                self.chosen = Some(k);
                pushes.retain(|&(b, _, _)| self.corral[b as usize] == k);
                true
            }
        }
    }

    /// The corral whose pushes the last [`Corrals::restrict`] kept, if it kept only those.
    pub(crate) fn chosen(&self) -> Option<u32> {
        self.chosen
    }

    /// The corral the last [`Corrals::restrict`] found lost (it must change, and no push
    /// into it or out of it can be made), if it answered `false`.
    pub(crate) fn lost_corral(&self) -> Option<u32> {
        self.info
            .iter()
            .position(|i| i.unsolved && !i.outward && i.inward == 0)
            .map(|k| k as u32)
    }

    /// Whether `cell` is in corral `k` as the last [`Corrals::restrict`] numbered them.
    pub(crate) fn holds(&self, k: u32, cell: u32) -> bool {
        self.corral.get(cell as usize) == Some(&k)
    }

    /// Numbers the corrals: connected areas of cells the player does not reach.
    fn label(
        &mut self,
        ctx: &Context,
        has_box: &impl Fn(u32) -> bool,
        reached: &impl Fn(u32) -> bool,
    ) {
        self.corral.clear();
        self.corral.resize(ctx.len(), NONE);
        self.info.clear();
        for start in 0..ctx.len() as u32 {
            if reached(start) || self.corral[start as usize] != NONE {
                continue;
            }
            let k = self.info.len() as u32;
            let mut info = Info::default();
            self.corral[start as usize] = k;
            self.stack.push(start);
            while let Some(c) = self.stack.pop() {
                let goal = ctx.is_goal[c as usize];
                if has_box(c) != goal {
                    info.unsolved = true;
                }
                for &n in &ctx.next[c as usize] {
                    if n != NONE && !reached(n) && self.corral[n as usize] == NONE {
                        self.corral[n as usize] = k;
                        self.stack.push(n);
                    }
                }
            }
            self.info.push(info);
        }
    }
}
