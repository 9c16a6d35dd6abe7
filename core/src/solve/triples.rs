//! Small deadlock sets of three boxes: the sets of three live cells from which three boxes
//! alone, on an otherwise empty board, can never all reach goals, wherever the player is.
//!
//! Found by a retrograde search over the boxes only: from every way three boxes can stand on
//! three goals, pull them back one cell at a time, a pull allowed wherever the cell the
//! player would stand on and the one it steps back to are free. The player is taken to reach
//! every free cell (it cannot always), so the search meets every set of three that can be
//! pushed home and some that cannot: a set it never meets is lost for every area of the
//! player, which is what the forward searches ask. The search is complete (it stops, or it
//! has met every set it can), so a table is only ever built whole, or not at all.
//!
//! Sound for a full position as the pairs are (see `pairs`): taking boxes off the board never
//! makes the rest harder, and enemies, slopes and spinners' bars only block.
//!
//! Limits: at most [`MAX_TRIPLES`] sets met, and the work of every pull counted against the
//! search's budget; past the bound there is no table and nothing is pruned by it.

use std::collections::{HashSet, VecDeque};

use super::context::{Context, NONE};
use super::limits::{Budget, Stop};
use super::push::reach::cells;

/// The most sets of three the retrograde search may meet: every XSokoban table fits (at most
/// about 400,000 sets, 7 MiB, 0.25 s); Sasquatch 50's 1.8 million took 1.7 s, most of a
/// 2 s limit (benches/README.md).
pub(crate) const MAX_TRIPLES: usize = 1 << 19;
/// How far apart, in columns and rows, the boxes of a lost set are looked for around the box
/// just moved: the sets found on XSokoban lie within it (benches/README.md), and each box
/// further off would cost a lookup per child.
const NEAR: i32 = 2;

/// The sets of three live cells that three boxes alone can push onto goals (none in the
/// default table, which stands for a board without one and prunes nothing).
#[derive(Debug, Clone, Default)]
pub(crate) struct Triples {
    solvable: HashSet<u64>,
    /// Whether a table was built.
    built: bool,
}

/// Three cells, lowest first, as one key.
fn key(a: u32, b: u32, c: u32) -> u64 {
    let mut t = [a, b, c];
    t.sort_unstable();
    (u64::from(t[0]) << 42) | (u64::from(t[1]) << 21) | u64::from(t[2])
}

impl Triples {
    /// The table of `ctx`'s board, its work spent from `budget`; `None` when it would meet
    /// more than [`MAX_TRIPLES`] sets (or the board has under three goals, or more cells than
    /// a key holds).
    pub(crate) fn new(ctx: &Context, budget: &Budget<'_>) -> Result<Option<Self>, Stop> {
        Self::bounded(ctx, budget, MAX_TRIPLES)
    }

    /// The same with at most `max` sets met.
    fn bounded(ctx: &Context, budget: &Budget<'_>, max: usize) -> Result<Option<Self>, Stop> {
        if ctx.goals.len() < 3 || ctx.len() >= 1 << 21 {
            return Ok(None);
        }
        let mut solvable = HashSet::new();
        let mut queue = VecDeque::new();
        let goals = &ctx.goals;
        for (i, &a) in goals.iter().enumerate() {
            for (j, &b) in goals.iter().enumerate().skip(i + 1) {
                for &c in &goals[j + 1..] {
                    if solvable.insert(key(a, b, c)) {
                        queue.push_back([a, b, c]);
                    }
                }
            }
            budget.spend(goals.len() as u64)?;
            if solvable.len() > max {
                return Ok(None);
            }
        }
        while let Some(boxes) = queue.pop_front() {
            budget.spend(12)?;
            for k in 0..3 {
                let moved = boxes[k];
                for dir in 0..4 {
                    // The undone push: the player stood on `to`, beside the box, and steps
                    // back to `back`; the box follows onto `to`.
                    let to = ctx.step(moved, dir);
                    if to == NONE || boxes.contains(&to) || ctx.dead[to as usize] {
                        continue;
                    }
                    let back = ctx.step(to, dir);
                    if back == NONE || boxes.contains(&back) {
                        continue;
                    }
                    let mut next = boxes;
                    next[k] = to;
                    if solvable.insert(key(next[0], next[1], next[2])) {
                        if solvable.len() > max {
                            return Ok(None);
                        }
                        queue.push_back(next);
                    }
                }
            }
        }
        Ok(Some(Self {
            solvable,
            built: true,
        }))
    }

    /// The bytes the table holds.
    pub(crate) fn bytes(&self) -> usize {
        self.solvable.capacity() * 16
    }

    /// The number of sets of three the table met (each can be pushed home).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.solvable.len()
    }

    /// Whether three boxes on `a`, `b` and `c` (live, distinct cells) can never all reach
    /// goals, wherever the player is.
    pub(crate) fn lost(&self, a: u32, b: u32, c: u32) -> bool {
        self.built && !self.solvable.contains(&key(a, b, c))
    }

    /// Two boxes of `bits` near the box on `cell` (within [`NEAR`] columns and rows, the
    /// first eight found) that make a lost set with it.
    pub(crate) fn partners(&self, ctx: &Context, bits: &[u64], cell: u32) -> Option<(u32, u32)> {
        if !self.built {
            return None;
        }
        let at = ctx.cells[cell as usize];
        let mut near = [NONE; 8];
        let mut count = 0;
        for b in cells(bits) {
            if b == cell {
                continue;
            }
            let p = ctx.cells[b as usize];
            if (p.x - at.x).abs() <= NEAR && (p.y - at.y).abs() <= NEAR {
                near[count] = b;
                count += 1;
                if count == near.len() {
                    break;
                }
            }
        }
        let near = &near[..count];
        for (i, &p) in near.iter().enumerate() {
            for &q in &near[i + 1..] {
                if self.lost(cell, p, q) {
                    return Some((p, q));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::limits::Limits;
    use super::*;

    /// Whether three boxes on `a`, `b`, `c` with the player on `p` can be pushed onto goals,
    /// by a forward fixed point over every (boxes, player cell): an outside reference that
    /// shares nothing with the retrograde search but the board.
    fn brute_force(ctx: &Context) -> impl Fn([u32; 3], u32) -> bool {
        let n = ctx.len();
        let at = move |t: [u32; 3], p: u32| {
            let mut s = t;
            s.sort_unstable();
            ((s[0] as usize * n + s[1] as usize) * n + s[2] as usize) * n + p as usize
        };
        let mut good = vec![false; n * n * n * n];
        loop {
            let mut changed = false;
            for a in 0..n as u32 {
                for b in a + 1..n as u32 {
                    for c in b + 1..n as u32 {
                        let t = [a, b, c];
                        for p in (0..n as u32).filter(|p| !t.contains(p)) {
                            if good[at(t, p)] {
                                continue;
                            }
                            let home = t.iter().all(|&x| ctx.is_goal[x as usize]);
                            let next = (0..4).any(|d| {
                                let q = ctx.step(p, d);
                                if q == NONE {
                                    return false;
                                }
                                let Some(k) = t.iter().position(|&x| x == q) else {
                                    return good[at(t, q)];
                                };
                                let beyond = ctx.step(q, d);
                                if beyond == NONE || t.contains(&beyond) {
                                    return false;
                                }
                                let mut u = t;
                                u[k] = beyond;
                                good[at(u, q)]
                            });
                            if home || next {
                                good[at(t, p)] = true;
                                changed = true;
                            }
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        move |t, p| good[at(t, p)]
    }

    const ROOMS: &[(&str, &str)] = &[
        ("open room", "#######\n#@$$$ #\n# ... #\n#     #\n#######\n"),
        (
            "three goals along a wall",
            "#######\n#@    #\n# $$$ #\n#...  #\n#######\n",
        ),
        (
            "room with a pillar",
            "#######\n#@$$  #\n# #.$##\n#  .. #\n#######\n",
        ),
        (
            "goals in a dead end",
            "########\n#@ $$$ #\n#  #####\n#  ...##\n########\n",
        ),
    ];

    /// The board of `room`, its table and its live cells.
    fn table(room: &str) -> (Context, Triples, Vec<u32>) {
        let ctx = Context::from_text(room);
        let triples = Triples::new(&ctx, &Budget::new(&Limits::default(), None))
            .expect("no limit")
            .expect("a small board fits");
        let live = (0..ctx.len() as u32)
            .filter(|&c| !ctx.dead[c as usize])
            .collect();
        (ctx, triples, live)
    }

    #[test]
    fn a_set_called_lost_is_lost_for_every_player_cell() {
        let mut lost = 0;
        for (name, room) in ROOMS {
            let (ctx, triples, live) = table(room);
            let solvable = brute_force(&ctx);
            let mut solvable_somewhere = 0;
            for (i, &a) in live.iter().enumerate() {
                for (j, &b) in live.iter().enumerate().skip(i + 1) {
                    for &c in &live[j + 1..] {
                        let t = [a, b, c];
                        let any = (0..ctx.len() as u32)
                            .filter(|p| !t.contains(p))
                            .any(|p| solvable(t, p));
                        if triples.lost(a, b, c) {
                            assert!(!any, "{name}: {t:?} called lost but can be solved");
                            lost += 1;
                        } else {
                            // Met by the search: solvable with the player anywhere, which
                            // may be more than the player can reach.
                            solvable_somewhere += usize::from(any);
                        }
                    }
                }
            }
            assert!(solvable_somewhere > 0, "{name}: some sets can be solved");
        }
        assert!(lost > 20, "the rooms have lost sets to find: {lost}");
    }

    #[test]
    fn a_board_past_the_bound_has_no_table_and_prunes_nothing() {
        let (ctx, whole, _) = table(ROOMS[0].1);
        let bound = whole.len() - 1;
        assert!(
            Triples::bounded(&ctx, &Budget::new(&Limits::default(), None), bound)
                .expect("no limit")
                .is_none()
        );
        assert!(!Triples::default().lost(0, 1, 2));
    }

    #[test]
    fn partners_are_found_exactly_where_the_other_two_stand_near_the_moved_box() {
        let mut found = 0;
        for (name, room) in ROOMS {
            let (ctx, triples, live) = table(room);
            let near = |a: u32, b: u32| {
                let (p, q) = (ctx.cells[a as usize], ctx.cells[b as usize]);
                (p.x - q.x).abs() <= NEAR && (p.y - q.y).abs() <= NEAR
            };
            for (i, &a) in live.iter().enumerate() {
                for (j, &b) in live.iter().enumerate().skip(i + 1) {
                    for &c in &live[j + 1..] {
                        let mut bits = vec![0u64; ctx.words];
                        for x in [a, b, c] {
                            super::super::push::reach::flip(&mut bits, x);
                        }
                        let said = triples.partners(&ctx, &bits, a);
                        let expected = triples.lost(a, b, c) && near(a, b) && near(a, c);
                        assert_eq!(said.is_some(), expected, "{name}: {a} {b} {c}");
                        found += usize::from(expected);
                    }
                }
            }
        }
        assert!(found > 0, "some lost sets stand near each other");
    }
}
