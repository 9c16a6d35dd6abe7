//! The areas of a board's floor and its cut vertices (cells whose loss splits an area), by
//! Tarjan's depth-first search: what tells, without a flood, the player's area and the number
//! of regions after a box enters a cell (see `fess::macros` and `pairs`). Off a cut vertex the
//! area loses one cell; on one it falls into pieces, each a subtree of the depth-first tree
//! or the rest, whose lowest cells the search keeps too.

use super::context::{Context, NONE};
use super::push::reach::has;

/// The floor's areas and cut vertices for one board, stamped so nothing is cleared.
pub(crate) struct Cuts {
    /// Whether they are worked out for the board of the current search.
    pub(crate) ready: bool,
    generation: u32,
    /// The areas of the floor the last search left out ([`Cuts::find_from`]).
    others: u32,
    /// Per cell: the generation that visited it, and the one that found it a cut vertex.
    seen: Vec<u32>,
    cut: Vec<u32>,
    /// Per cell: its area, depth-first discovery time and low point, and the subtrees
    /// of its children that only it joins to the rest.
    area: Vec<u32>,
    disc: Vec<u32>,
    low: Vec<u32>,
    splits: Vec<u32>,
    /// Per cell: its parent in the depth-first tree ([`NONE`] at a root), the last
    /// discovery time of its subtree, and its subtree's lowest cell.
    parent: Vec<u32>,
    end: Vec<u32>,
    submin: Vec<u32>,
    /// Per discovery time: the lowest cell discovered from its area's first time up to it,
    /// and from it to its area's last.
    prefix: Vec<u32>,
    suffix: Vec<u32>,
    /// Per area: its first discovery time, and one past its last.
    spans: Vec<(u32, u32)>,
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
            others: 0,
            seen: vec![0; cells],
            cut: vec![0; cells],
            area: vec![0; cells],
            disc: vec![0; cells],
            low: vec![0; cells],
            splits: vec![0; cells],
            parent: vec![NONE; cells],
            end: vec![0; cells],
            submin: vec![0; cells],
            prefix: vec![0; cells],
            suffix: vec![0; cells],
            spans: Vec::new(),
            roots: Vec::new(),
            lowest: Vec::new(),
            stack: Vec::new(),
        }
    }

    pub(crate) fn bytes(&self) -> usize {
        self.seen.capacity() * 44
            + self.lowest.capacity() * 8
            + self.spans.capacity() * 8
            + self.roots.capacity() * 4
            + self.stack.capacity() * 12
    }

    /// Works out the areas and cut vertices of the cells free of `board`; returns the
    /// cells visited.
    pub(crate) fn find(&mut self, ctx: &Context, board: &[u64]) -> u64 {
        self.begin(0);
        let mut time = 0u32;
        for root in 0..ctx.len() as u32 {
            if self.seen[root as usize] != self.generation && !has(board, root) {
                self.search(ctx, board, root, &mut time);
            }
        }
        self.ready = true;
        u64::from(time)
    }

    /// Works out the area of the free cell `root` and its cut vertices alone, the floor
    /// having `others` areas besides it (which only [`Cuts::regions_with`] counts); returns
    /// the cells visited. Every other question is about cells of that area.
    pub(crate) fn find_from(
        &mut self,
        ctx: &Context,
        board: &[u64],
        root: u32,
        others: u32,
    ) -> u64 {
        self.begin(others);
        let mut time = 0u32;
        self.search(ctx, board, root, &mut time);
        self.ready = true;
        u64::from(time)
    }

    /// Starts a new search: a new generation, no areas yet.
    fn begin(&mut self, others: u32) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.fill(0);
            self.cut.fill(0);
            self.generation = 1;
        }
        self.others = others;
        self.lowest.clear();
        self.roots.clear();
        self.spans.clear();
    }

    /// Tarjan's depth-first search of the area of the free cell `root`, its cells
    /// discovered from `time` on.
    fn search(&mut self, ctx: &Context, board: &[u64], root: u32, time: &mut u32) {
        let g = self.generation;
        let k = self.lowest.len() as u32;
        let first = *time;
        // Cells are met from the lowest up only at the root; keep the two lowest.
        let mut lowest = (NONE, NONE);
        let mut visit = |cuts: &mut Self, c: u32, time: &mut u32| {
            cuts.seen[c as usize] = g;
            cuts.area[c as usize] = k;
            cuts.disc[c as usize] = *time;
            cuts.low[c as usize] = *time;
            cuts.splits[c as usize] = 0;
            cuts.submin[c as usize] = c;
            let before = if *time > first {
                cuts.prefix[*time as usize - 1]
            } else {
                c
            };
            cuts.prefix[*time as usize] = before.min(c);
            cuts.suffix[*time as usize] = c;
            *time += 1;
            if c < lowest.0 {
                lowest = (c, lowest.0);
            } else if c < lowest.1 {
                lowest.1 = c;
            }
        };
        visit(self, root, time);
        self.parent[root as usize] = NONE;
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
                    visit(self, n, time);
                    self.parent[n as usize] = v;
                    if v == root {
                        root_children += 1;
                    }
                    self.stack.push((n, v, 0));
                }
                continue;
            }
            self.stack.pop();
            self.end[v as usize] = *time - 1;
            if parent != NONE {
                let low = self.low[v as usize];
                let p = parent as usize;
                self.low[p] = self.low[p].min(low);
                self.submin[p] = self.submin[p].min(self.submin[v as usize]);
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
        for i in (first..time.saturating_sub(1)).rev() {
            let i = i as usize;
            self.suffix[i] = self.suffix[i].min(self.suffix[i + 1]);
        }
        self.spans.push((first, *time));
        self.lowest.push(lowest);
        self.roots.push(root);
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
        let regions = self.others + self.lowest.len() as u32 - 1 + pieces;
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

    /// With a box on the cut vertex `t` (free on the board they were found for), the piece
    /// of its area that `x` (another free cell of that area) falls into: the child of `t`
    /// in the depth-first tree whose subtree only `t` joins to the rest, or [`NONE`] for the
    /// rest of the area (the part round `t`'s parent, with every subtree that also reaches
    /// above `t`).
    pub(crate) fn piece(&self, ctx: &Context, t: u32, x: u32) -> u32 {
        let (dt, dx) = (self.disc[t as usize], self.disc[x as usize]);
        if dx <= dt || dx > self.end[t as usize] {
            return NONE;
        }
        // `x` is below `t`: in the subtree of one of its children, which are neighbours.
        for dir in 0..4 {
            let u = ctx.step(t, dir);
            if u == NONE || self.seen[u as usize] != self.generation || self.parent[u as usize] != t
            {
                continue;
            }
            let du = self.disc[u as usize];
            if du <= dx && dx <= self.end[u as usize] {
                return if self.low[u as usize] >= dt { u } else { NONE };
            }
        }
        NONE
    }

    /// The lowest cell of the piece [`Cuts::piece`] named, with a box on the cut vertex `t`.
    pub(crate) fn piece_lowest(&self, ctx: &Context, t: u32, piece: u32) -> u32 {
        if piece != NONE {
            return self.submin[piece as usize];
        }
        // The area outside `t`'s subtree, and the subtrees of its children that reach above
        // it.
        let (first, last) = self.spans[self.area[t as usize] as usize];
        let (dt, et) = (self.disc[t as usize], self.end[t as usize]);
        let mut lowest = NONE;
        if dt > first {
            lowest = lowest.min(self.prefix[dt as usize - 1]);
        }
        if et + 1 < last {
            lowest = lowest.min(self.suffix[et as usize + 1]);
        }
        for dir in 0..4 {
            let u = ctx.step(t, dir);
            if u != NONE
                && self.seen[u as usize] == self.generation
                && self.parent[u as usize] == t
                && self.low[u as usize] < dt
            {
                lowest = lowest.min(self.submin[u as usize]);
            }
        }
        lowest
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
