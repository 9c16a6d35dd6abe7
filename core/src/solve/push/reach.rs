//! The player's reach between pushes, and the box bitsets the push search works on.

use super::super::context::{Context, NONE};
use super::super::freeze::Occupancy;
use super::super::stamps::Stamps;

/// The boxes as a bitset.
pub(crate) struct Bits<'a>(pub(crate) &'a [u64]);

impl Occupancy for Bits<'_> {
    fn has_box(&self, cell: u32) -> bool {
        has(self.0, cell)
    }
}

#[inline]
pub(crate) fn has(bits: &[u64], cell: u32) -> bool {
    bits[cell as usize / 64] >> (cell % 64) & 1 == 1
}

#[inline]
pub(crate) fn flip(bits: &mut [u64], cell: u32) {
    bits[cell as usize / 64] ^= 1 << (cell % 64);
}

/// The cells of a bitset, lowest first.
pub(crate) fn cells(bits: &[u64]) -> impl Iterator<Item = u32> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let c = (w * 64) as u32 + word.trailing_zeros();
                word &= word - 1;
                c
            })
        })
    })
}

/// Breadth-first reach of the player, with generation stamps so it never clears.
pub(crate) struct Reach {
    stamps: Stamps,
    pub(crate) dist: Vec<u32>,
    pub(crate) queue: Vec<u32>,
}

impl Reach {
    pub(crate) fn new(cells: usize) -> Self {
        Self {
            stamps: Stamps::new(cells),
            dist: vec![0; cells],
            queue: Vec::with_capacity(cells),
        }
    }

    /// Whether the last flood reached `cell`.
    pub(crate) fn reached(&self, cell: u32) -> bool {
        self.stamps.marked(cell as usize)
    }

    /// Floods from `start` around the boxes; returns the lowest cell reached.
    pub(crate) fn flood(&mut self, ctx: &Context, boxes: &[u64], start: u32) -> u32 {
        self.stamps.clear(ctx.len());
        self.queue.clear();
        self.queue.push(start);
        self.stamps.mark(start as usize);
        self.dist[start as usize] = 0;
        let mut lowest = start;
        let mut at = 0;
        while at < self.queue.len() {
            let c = self.queue[at];
            at += 1;
            let d = self.dist[c as usize] + 1;
            for &n in &ctx.next[c as usize] {
                if n != NONE && !self.stamps.marked(n as usize) && !has(boxes, n) {
                    self.stamps.mark(n as usize);
                    self.dist[n as usize] = d;
                    lowest = lowest.min(n);
                    self.queue.push(n);
                }
            }
        }
        lowest
    }
}
