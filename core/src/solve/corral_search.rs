//! Corral deadlocks found by a small search. When the pushes of a position are restricted to
//! a PI-corral (see `corral`), the corral may still be lost in a way no single-box test sees:
//! its boxes can be pushed about inside it, but never all onto goals and never out of it.
//!
//! The test takes the corral's boxes alone (every other box lifted off the board, which only
//! gives the player and the boxes more room) and searches every way to push them, each box
//! kept off dead squares and off frozen places off goals. If no order of pushes brings a box
//! out of the corral's cells, or all of the corral's boxes onto goals, the position is lost:
//! any solution of the real position, its other boxes taken away, would be such an order.
//! A search that runs out of its positions answers "not lost", so the test only ever says
//! less.
//!
//! Limits: at most [`MAX_CORRAL_BOXES`] boxes in the corral, [`MAX_CORRAL_STATES`] positions
//! looked at and `MAX_CORRAL_QUEUE` waiting per test, `MAX_KEPT` answers kept.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use super::context::{Context, NONE};
use super::corral::{Candidate, Corrals};
use super::freeze::frozen_off_goal;
use super::push::reach::{Bits, Reach, cells, flip, has};

/// The most boxes of a corral the test looks at; a bigger corral is not tested.
pub(crate) const MAX_CORRAL_BOXES: usize = 12;
/// The most positions one test looks at before it answers "not lost".
pub(crate) const MAX_CORRAL_STATES: usize = 128;
/// The most positions waiting in one test's queue (each a bitset of the board), past which it
/// answers "not lost".
const MAX_CORRAL_QUEUE: usize = 4 * MAX_CORRAL_STATES;
/// The most bytes the kept answers may hold before they are forgotten.
const MAX_KEPT_BYTES: usize = 16 << 20;
/// The most corrals whose answer is kept; past it the kept answers are forgotten.
const MAX_KEPT: usize = 1 << 16;

/// A multiply-rotate hasher (FxHash, as in rustc) for the test's short keys of cells: std's
/// SipHash cost more than the test's own work, and none of the core's dependencies offers a
/// fast hasher. Not for keys an adversary chooses to collide: these are cells of one board.
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Fx {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

/// Scratch space for the test.
#[derive(Default)]
pub(crate) struct CorralSearch {
    seen: HashSet<Vec<u32>, BuildHasherDefault<Fx>>,
    queue: Vec<(Vec<u64>, u32)>,
    key: Vec<u32>,
    reach: Option<Reach>,
    /// Answers already worked out, by the corral's boxes, the player's area and the corral's
    /// cells.
    kept: HashMap<Vec<u32>, bool, BuildHasherDefault<Fx>>,
    /// The bytes the kept answers hold, about.
    kept_bytes: usize,
}

impl CorralSearch {
    /// The bytes held between tests.
    pub(crate) fn bytes(&self) -> usize {
        self.reach.as_ref().map_or(0, |r| r.dist.capacity() * 12)
            + self.seen.capacity() * 48
            + self.queue.capacity() * 32
            + self.kept_bytes
    }

    /// Whether corral `k` of `corrals` (as numbered for the boxes of `bits` and the player on
    /// `player`) is lost. `work` counts the cells looked at.
    pub(crate) fn lost(
        &mut self,
        ctx: &Context,
        corrals: &Corrals,
        k: u32,
        bits: &[u64],
        player: u32,
        work: &mut u64,
    ) -> bool {
        let mut own = vec![0u64; bits.len()];
        let mut count = 0;
        for c in cells(bits) {
            if corrals.holds(k, c) {
                flip(&mut own, c);
                count += 1;
            }
        }
        if count == 0 || count > MAX_CORRAL_BOXES {
            return false;
        }
        let reach = self.reach.get_or_insert_with(|| Reach::new(ctx.len()));
        let lowest = reach.flood(ctx, &own, player);
        *work += reach.queue.len() as u64 * 4;
        // The answer depends on the corral's boxes, the player's area around them and the
        // corral's cells (a box leaving them gets out): all three are the key.
        let mut key: Vec<u32> = cells(&own).collect();
        key.push(NONE);
        key.push(lowest);
        key.extend((0..ctx.len() as u32).filter(|&c| corrals.holds(k, c)));
        *work += ctx.len() as u64;
        if let Some(&lost) = self.kept.get(&key) {
            return lost;
        }
        let lost = self.search(ctx, corrals, k, own, player, work);
        if self.kept.len() >= MAX_KEPT || self.kept_bytes >= MAX_KEPT_BYTES {
            self.kept.clear();
            self.kept_bytes = 0;
        }
        self.kept_bytes += 48 + 4 * key.len();
        self.kept.insert(key, lost);
        lost
    }

    fn search(
        &mut self,
        ctx: &Context,
        corrals: &Corrals,
        k: u32,
        own: Vec<u64>,
        player: u32,
        work: &mut u64,
    ) -> bool {
        let Some(reach) = self.reach.as_mut() else {
            return false;
        };
        self.seen.clear();
        self.queue.clear();
        self.queue.push((own, player));
        let mut at = 0;
        while at < self.queue.len() {
            if self.seen.len() >= MAX_CORRAL_STATES {
                return false;
            }
            let (boxes, from) = self.queue[at].clone();
            at += 1;
            let lowest = reach.flood(ctx, &boxes, from);
            *work += reach.queue.len() as u64 * 4;
            self.key.clear();
            self.key.extend(cells(&boxes));
            if self.key.iter().all(|&c| ctx.is_goal[c as usize]) {
                return false;
            }
            self.key.push(lowest);
            if !self.seen.insert(self.key.clone()) {
                continue;
            }
            for &c in &reach.queue {
                for dir in 0..4 {
                    let b = ctx.step(c, dir);
                    if b == NONE || !has(&boxes, b) {
                        continue;
                    }
                    let t = ctx.step(b, dir);
                    if t == NONE || has(&boxes, t) || ctx.dead[t as usize] {
                        continue;
                    }
                    if !corrals.holds(k, t) {
                        return false;
                    }
                    let mut child = boxes.clone();
                    flip(&mut child, b);
                    flip(&mut child, t);
                    *work += 5 * super::freeze::MAX_VISITS as u64;
                    if frozen_off_goal(ctx, &Bits(&child), t).is_some() {
                        continue;
                    }
                    if self.queue.len() >= MAX_CORRAL_QUEUE {
                        return false;
                    }
                    self.queue.push((child, b));
                }
            }
        }
        true
    }
}

/// Scratch space for the corral deadlock test ([`CorralCheck::lost_box`]).
#[derive(Default)]
pub(crate) struct CorralCheck {
    corrals: Corrals,
    search: CorralSearch,
    pushes: Vec<Candidate>,
    reach: Option<Reach>,
}

impl CorralCheck {
    /// A box of a corral of the position (boxes `bits`, player on `player`) that is lost, as
    /// the push search sees it: the corral its PI-corral rule would keep the pushes of has
    /// none, or the test above finds it lost. `None` when no corral is known to be lost.
    pub(crate) fn lost_box(&mut self, ctx: &Context, bits: &[u64], player: u32) -> Option<u32> {
        let reach = self.reach.get_or_insert_with(|| Reach::new(ctx.len()));
        reach.flood(ctx, bits, player);
        self.pushes.clear();
        for &c in &reach.queue {
            for dir in 0..4 {
                let b = ctx.step(c, dir);
                if b == NONE || !has(bits, b) {
                    continue;
                }
                let t = ctx.step(b, dir);
                if t == NONE || has(bits, t) || ctx.dead[t as usize] {
                    continue;
                }
                self.pushes.push((b, dir as u8, 0));
            }
        }
        // A box of the corral, one off a goal if there is one.
        let boxes_of = |corrals: &Corrals, k: u32| {
            let first = cells(bits).find(|&c| corrals.holds(k, c));
            cells(bits)
                .find(|&c| corrals.holds(k, c) && !ctx.is_goal[c as usize])
                .or(first)
        };
        let alive = self.corrals.restrict(
            ctx,
            |c| has(bits, c),
            |c| reach.reached(c),
            &mut self.pushes,
        );
        let k = match (alive, self.corrals.chosen()) {
            (false, _) => self.corrals.lost_corral()?,
            (true, Some(k)) => k,
            (true, None) => return None,
        };
        if !alive {
            return boxes_of(&self.corrals, k);
        }
        let mut work = 0;
        self.search
            .lost(ctx, &self.corrals, k, bits, player, &mut work)
            .then(|| boxes_of(&self.corrals, k))
            .flatten()
    }
}
