//! The areas of a board's floor and its cut vertices (cells whose loss splits an area), by
//! Tarjan's depth-first search: what tells, without a flood, the player's area and the number
//! of regions after a box enters a cell that is no cut vertex (see `fess::macros` and
//! `pairs`).

use super::context::{Context, NONE};
use super::push::reach::has;

/// The floor's areas and cut vertices for one board, stamped so nothing is cleared.
pub(crate) struct Cuts {
    /// Whether they are worked out for the board of the current search.
    pub(crate) ready: bool,
    generation: u32,
    /// Per cell: the generation that visited it, and the one that found it a cut vertex.
    seen: Vec<u32>,
    cut: Vec<u32>,
    /// Per cell: its area, depth-first discovery time and low point, and the subtrees
    /// of its children that only it joins to the rest.
    area: Vec<u32>,
    disc: Vec<u32>,
    low: Vec<u32>,
    splits: Vec<u32>,
    /// Per area: its root (the first cell the search met).
    roots: Vec<u32>,
    /// Per area: its lowest and second lowest cells ([`NONE`] when it has one cell).
    lowest: Vec<(u32, u32)>,
    /// The depth-first stack: a cell, its parent and the next direction to try.
    stack: Vec<(u32, u32, u8)>,
}

impl Cuts {
    pub(crate) fn new(cells: usize) -> Self {
        Self {
            ready: false,
            generation: 0,
            seen: vec![0; cells],
            cut: vec![0; cells],
            area: vec![0; cells],
            disc: vec![0; cells],
            low: vec![0; cells],
            splits: vec![0; cells],
            roots: Vec::new(),
            lowest: Vec::new(),
            stack: Vec::new(),
        }
    }

    pub(crate) fn bytes(&self) -> usize {
        self.seen.capacity() * 24
            + self.lowest.capacity() * 8
            + self.roots.capacity() * 4
            + self.stack.capacity() * 12
    }

    /// Works out the areas and cut vertices of the cells free of `board`; returns the
    /// cells visited.
    pub(crate) fn find(&mut self, ctx: &Context, board: &[u64]) -> u64 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.fill(0);
            self.cut.fill(0);
            self.generation = 1;
        }
        let g = self.generation;
        self.lowest.clear();
        self.roots.clear();
        let mut time = 0u32;
        for root in 0..ctx.len() as u32 {
            if self.seen[root as usize] == g || has(board, root) {
                continue;
            }
            let k = self.lowest.len() as u32;
            // Cells are met from the lowest up only at the root; keep the two lowest.
            let mut lowest = (NONE, NONE);
            let mut visit = |cuts: &mut Self, c: u32, time: &mut u32| {
                cuts.seen[c as usize] = g;
                cuts.area[c as usize] = k;
                cuts.disc[c as usize] = *time;
                cuts.low[c as usize] = *time;
                cuts.splits[c as usize] = 0;
                *time += 1;
                if c < lowest.0 {
                    lowest = (c, lowest.0);
                } else if c < lowest.1 {
                    lowest.1 = c;
                }
            };
            visit(self, root, &mut time);
            let mut root_children = 0;
            self.stack.clear();
            self.stack.push((root, NONE, 0));
            while let Some(&mut (v, parent, ref mut dir)) = self.stack.last_mut() {
                if *dir < 4 {
                    let n = ctx.step(v, usize::from(*dir));
                    *dir += 1;
                    if n == NONE || n == parent || has(board, n) {
                        continue;
                    }
                    if self.seen[n as usize] == g {
                        self.low[v as usize] = self.low[v as usize].min(self.disc[n as usize]);
                    } else {
                        visit(self, n, &mut time);
                        if v == root {
                            root_children += 1;
                        }
                        self.stack.push((n, v, 0));
                    }
                    continue;
                }
                self.stack.pop();
                if parent != NONE {
                    let low = self.low[v as usize];
                    let p = parent as usize;
                    self.low[p] = self.low[p].min(low);
                    if low >= self.disc[p] {
                        self.splits[p] += 1;
                        if parent != root {
                            self.cut[p] = g;
                        }
                    }
                }
            }
            if root_children > 1 {
                self.cut[root as usize] = g;
            }
            self.lowest.push(lowest);
            self.roots.push(root);
        }
        self.ready = true;
        u64::from(time)
    }

    /// The regions of the floor with a box on `t` (free on the board they were found for):
    /// its area gives way to the pieces it falls into without `t`.
    pub(crate) fn regions_with(&self, t: u32) -> u16 {
        let t = t as usize;
        let splits = self.splits[t];
        let pieces = if self.roots[self.area[t] as usize] == t as u32 {
            splits
        } else {
            splits + 1
        };
        let regions = self.lowest.len() as u32 - 1 + pieces;
        u16::try_from(regions).unwrap_or(u16::MAX)
    }

    /// With a box on `t` (free on the board they were found for), the lowest cell of the
    /// area the player next to it keeps, when `t` is no cut vertex (else `None`: the area
    /// may be split, and only a flood tells).
    pub(crate) fn area_without(&self, t: u32) -> Option<u32> {
        if self.cut[t as usize] == self.generation {
            return None;
        }
        let (first, second) = self.lowest[self.area[t as usize] as usize];
        Some(if first == t { second } else { first })
    }

    /// The area of `cell` (free).
    pub(crate) fn area_of(&self, cell: u32) -> u32 {
        self.area[cell as usize]
    }

    /// The areas' lowest and second lowest cells ([`NONE`] when an area has one cell).
    pub(crate) fn lowest(&self) -> &[(u32, u32)] {
        &self.lowest
    }
}
