//! The features FESS projects a position onto: boxes packed in the packing order, the
//! regions the boxes cut the player's floor into, and, where the search asks for it, the
//! boxes on goals out of the packing order.

use super::super::context::{Context, NONE};
use super::super::packing::Packing;
use super::super::push::reach::{cells, has};
use super::super::stamps::Stamps;

/// A cell of the feature space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Features {
    /// Boxes home in the packing order: in each goal room with an order, the goals filled
    /// from its first; elsewhere, boxes on goals.
    pub(crate) packed: u16,
    /// Regions of the floor the boxes leave free, as the player sees it (4-connected).
    pub(crate) regions: u16,
    /// Boxes on goals the packing order has not reached yet (a box on a room's far goal
    /// while the goals before it are empty), where the search counts them; else 0.
    pub(crate) out_of_plan: u16,
}

/// Scratch space for counting regions, so a search allocates nothing per position.
#[derive(Debug, Clone, Default)]
pub(crate) struct Regions {
    stamps: Stamps,
    queue: Vec<u32>,
    /// Per cell free at the last count: its region's number.
    label: Vec<u32>,
    /// The regions at the last count.
    areas: u32,
}

impl Regions {
    /// The bytes it holds.
    pub(crate) fn bytes(&self) -> usize {
        self.stamps.bytes() + self.queue.capacity() * 4 + self.label.capacity() * 4
    }

    /// The number of 4-connected regions of the cells of `ctx` free of the boxes of `bits`.
    /// Each free cell's region is kept for [`Regions::of_cell`] until the next count.
    pub(crate) fn count(&mut self, ctx: &Context, bits: &[u64]) -> u16 {
        self.stamps.clear(ctx.len());
        if self.label.len() < ctx.len() {
            self.label.resize(ctx.len(), 0);
        }
        let mut regions = 0u32;
        for start in 0..ctx.len() as u32 {
            if self.stamps.marked(start as usize) || has(bits, start) {
                continue;
            }
            let label = regions;
            regions += 1;
            self.stamps.mark(start as usize);
            self.label[start as usize] = label;
            self.queue.clear();
            self.queue.push(start);
            while let Some(c) = self.queue.pop() {
                for &n in &ctx.next[c as usize] {
                    if n != NONE && !self.stamps.marked(n as usize) && !has(bits, n) {
                        self.stamps.mark(n as usize);
                        self.label[n as usize] = label;
                        self.queue.push(n);
                    }
                }
            }
        }
        self.areas = regions;
        u16::try_from(regions).unwrap_or(u16::MAX)
    }

    /// The regions at the last count, however many.
    pub(crate) fn areas(&self) -> u32 {
        self.areas
    }

    /// The regions at the last count that touch `cell`, a box's cell then.
    pub(crate) fn around(&self, ctx: &Context, cell: u32) -> u32 {
        let mut seen = [u32::MAX; 4];
        let mut count = 0;
        for &n in &ctx.next[cell as usize] {
            if n == NONE {
                continue;
            }
            if let Some(label) = self.of_cell(n)
                && !seen[..count].contains(&label)
            {
                seen[count] = label;
                count += 1;
            }
        }
        count as u32
    }

    /// The region of `cell` at the last count, if it was free then.
    pub(crate) fn of_cell(&self, cell: u32) -> Option<u32> {
        self.stamps
            .marked(cell as usize)
            .then(|| self.label[cell as usize])
    }
}

impl Features {
    /// The features of the boxes of `bits`, the boxes out of plan counted when `plan` is
    /// set.
    pub(crate) fn of(
        ctx: &Context,
        packing: &Packing,
        bits: &[u64],
        regions: &mut Regions,
        plan: bool,
    ) -> Self {
        let regions = regions.count(ctx, bits);
        Self::after(ctx, packing, bits, regions, plan)
    }

    /// The features of the boxes of `bits` whose regions are known to be `regions` (a
    /// macro move counts them as it finds the move).
    pub(crate) fn after(
        ctx: &Context,
        packing: &Packing,
        bits: &[u64],
        regions: u16,
        plan: bool,
    ) -> Self {
        let packed = packed(ctx, packing, bits);
        let out_of_plan = if plan {
            let home = cells(bits).filter(|&c| ctx.is_goal[c as usize]).count();
            u16::try_from(home)
                .unwrap_or(u16::MAX)
                .saturating_sub(packed)
        } else {
            0
        };
        Self {
            packed,
            regions,
            out_of_plan,
        }
    }
}

/// Boxes home in the packing order (see [`Features::packed`]).
pub(crate) fn packed(ctx: &Context, packing: &Packing, bits: &[u64]) -> u16 {
    u16::try_from(packing.packed(ctx, |c| has(bits, c))).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    fn features(text: &str) -> Features {
        let level: Level = text.parse().expect("the board reads");
        let ctx = Context::new(&level).expect("the board fits");
        let packing = Packing::new(&ctx);
        let mut bits = vec![0; ctx.words];
        for &b in &level.boxes {
            if let Some(c) = ctx.cell(b) {
                super::super::super::push::reach::flip(&mut bits, c);
            }
        }
        Features::of(&ctx, &packing, &bits, &mut Regions::default(), true)
    }

    #[test]
    fn features_of_hand_made_boards() {
        let cases = [
            // name, board, packed, regions, boxes on goals out of plan
            (
                "the box cuts the corridor in two",
                "#####\n#@$.#\n#####",
                0,
                2,
                0,
            ),
            (
                "a box on its goal",
                "#######\n#@    #\n#  *  #\n#  $ .#\n#     #\n#######",
                1,
                1,
                0,
            ),
            (
                "two boxes cutting off two pockets",
                "#######\n#@  $.#\n#   #$#\n#  .# #\n#######",
                0,
                3,
                0,
            ),
            (
                "a room's last goal filled first counts nothing (and shuts the others off)",
                "########\n#..*   #\n####   #\n#  $$ @#\n#      #\n########",
                0,
                2,
                1,
            ),
            (
                "a room's first goal filled counts one",
                "########\n#*..   #\n####   #\n#  $$ @#\n#      #\n########",
                1,
                1,
                0,
            ),
        ];
        for (name, board, packed, regions, out_of_plan) in cases {
            let f = features(board);
            assert_eq!(
                (f.packed, f.regions, f.out_of_plan),
                (packed, regions, out_of_plan),
                "{name}"
            );
        }
    }
}
