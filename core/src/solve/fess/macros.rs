//! Macro moves: one box pushed to any cell it can reach while the player walks freely
//! between pushes and no other box moves. A search of (box cell, the side the player stands
//! on) for each box, the player's reach worked out once for each cell the box enters from
//! a side not yet reached; every such entry is a move (the box's cell and the player's area
//! after it, which the direction of its last push decides).
//!
//! The same search, run again, spells a move out as single pushes (`spell`): it is
//! deterministic, so it meets the move's last push where it met it first.
//!
//! The player's area after each push is known without a flood, from the cut vertices of
//! the floor the other boxes leave and their depth-first tree (Tarjan's search, once per
//! box, on its first push): where the box enters a cell that is no cut vertex, the area is
//! that area less the cell; where it enters a cut vertex, the piece of the area the player
//! stands in (a subtree only that cell joins to the rest, or the rest), with its lowest cell
//! from the subtrees' minima and the discovery order's prefix and suffix minima.
//!
//! Bounds: each (cell, side) of a box is entered once, and the depth-first search visits
//! each cell once, so one box costs a few visits of the board.

use super::super::context::{Context, NONE};
use super::super::cuts::Cuts;
use super::super::limits::{Budget, Stop};
use super::super::push::Push;
use super::super::push::reach::{Reach, cells, flip, has};
use super::super::stamps::Stamps;
use super::features::Regions;

/// One macro move and what it leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MacroMove {
    /// The box's cell before the move.
    pub(crate) from: u32,
    /// The box's cell after it.
    pub(crate) to: u32,
    /// The direction of the last push (LURD order).
    pub(crate) dir: u8,
    /// The lowest cell of the player's area after it (the position's key).
    pub(crate) player: u32,
    /// Single pushes it takes.
    pub(crate) pushes: u32,
    /// The regions the boxes cut the floor into after it (the connectivity feature).
    pub(crate) regions: u16,
}

/// No state: the start of a chain of pushes.
const START: u32 = u32::MAX;

/// Scratch space for macro moves, so a search allocates nothing per position.
pub(crate) struct Macros {
    /// The (cell, side) states the current search reached.
    stamps: Stamps,
    /// Per (cell, side): the state whose push led to it ([`START`] for the first ones).
    came: Vec<u32>,
    /// States to look at, with the pushes that reached them.
    queue: Vec<(u32, u32)>,
    /// The boxes with the moving one taken off.
    board: Vec<u64>,
    moves: Vec<MacroMove>,
    /// Which sides of each box the player reaches now, as four bits.
    sides: Vec<(u32, u8)>,
    /// Scratch space for the features' region count.
    pub(crate) regions: Regions,
    /// The cut vertices of the floor with the moving box taken off.
    cuts: Cuts,
}

/// The state of a box on `cell` with the player on its side `side`.
fn state(cell: u32, side: usize) -> u32 {
    cell * 4 + side as u32
}

impl Macros {
    /// Scratch space for a board of `cells` cells.
    pub(crate) fn new(cells: usize) -> Self {
        Self {
            stamps: Stamps::new(cells * 4),
            came: vec![START; cells * 4],
            queue: Vec::new(),
            board: Vec::new(),
            moves: Vec::new(),
            sides: Vec::new(),
            regions: Regions::default(),
            cuts: Cuts::new(cells),
        }
    }

    /// The bytes it holds.
    pub(crate) fn bytes(&self) -> usize {
        self.stamps.bytes()
            + self.came.capacity() * 4
            + self.queue.capacity() * 8
            + self.board.capacity() * 8
            + self.moves.capacity() * std::mem::size_of::<MacroMove>()
            + self.sides.capacity() * 8
            + self.regions.bytes()
            + self.cuts.bytes()
    }

    /// Every macro move of the boxes of `bits` with the player on `player`, the work
    /// counted against `budget` flood by flood (a big board stops it in the middle).
    pub(crate) fn all(
        &mut self,
        ctx: &Context,
        bits: &[u64],
        player: u32,
        reach: &mut Reach,
        budget: &Budget<'_>,
    ) -> Result<Vec<MacroMove>, Stop> {
        self.moves.clear();
        reach.flood(ctx, bits, player);
        budget.spend(reach.queue.len() as u64 * 4)?;
        self.sides.clear();
        for b in cells(bits) {
            let mut mask = 0u8;
            for side in 0..4 {
                let p = ctx.step(b, side);
                if p != NONE && reach.reached(p) {
                    mask |= 1 << side;
                }
            }
            if mask != 0 {
                self.sides.push((b, mask));
            }
        }
        // The floor's regions, once: each box's search then looks only at the region its
        // cell joins (see `Cuts::find_from`).
        budget.spend(ctx.len() as u64)?;
        self.regions.count(ctx, bits);
        let sides = std::mem::take(&mut self.sides);
        let mut result = Ok(());
        for &(b, mask) in &sides {
            let others = self.regions.areas() - self.regions.around(ctx, b);
            if let Err(stop) = self.search(ctx, bits, (b, mask, others), Pace::Counted(budget)) {
                result = Err(stop);
                break;
            }
        }
        self.sides = sides;
        result.map(|()| std::mem::take(&mut self.moves))
    }

    /// Takes back the vector [`Macros::all`] handed out, to reuse its room.
    pub(crate) fn give_back(&mut self, moves: Vec<MacroMove>) {
        self.moves = moves;
    }

    /// The single pushes of `mv` from the boxes of `bits` with the player on `player`, or
    /// `None` if it is not a move of that position.
    pub(crate) fn spell(
        &mut self,
        ctx: &Context,
        bits: &[u64],
        player: u32,
        mv: MacroMove,
        reach: &mut Reach,
    ) -> Option<Vec<Push>> {
        reach.flood(ctx, bits, player);
        let mut mask = 0u8;
        for side in 0..4 {
            let p = ctx.step(mv.from, side);
            if p != NONE && reach.reached(p) {
                mask |= 1 << side;
            }
        }
        let last = self
            .search(ctx, bits, (mv.from, mask, 0), Pace::Until(mv.to, mv.dir))
            .ok()??;
        let mut pushes = vec![Push {
            from: ctx.step(mv.to, (usize::from(mv.dir) + 2) % 4),
            dir: mv.dir,
        }];
        let mut s = last;
        while self.came[s as usize] != START {
            let pusher = self.came[s as usize];
            let dir = (pusher % 4 + 2) % 4;
            pushes.push(Push {
                from: pusher / 4,
                dir: dir as u8,
            });
            s = pusher;
        }
        pushes.reverse();
        Some(pushes)
    }

    /// Searches the moves of the box on `b`, the player on the sides of `mask`, the floor
    /// having `others` regions besides the one `b`'s cell joins. With
    /// [`Pace::Until`] a cell and direction, stops at the first push of that direction onto
    /// that cell and returns the state pushed from; with [`Pace::Counted`], records every
    /// move and counts the work against the budget.
    fn search(
        &mut self,
        ctx: &Context,
        bits: &[u64],
        (b, mask, others): (u32, u8, u32),
        pace: Pace<'_, '_>,
    ) -> Result<Option<u32>, Stop> {
        let target = match pace {
            Pace::Until(cell, dir) => Some((cell, dir)),
            Pace::Counted(_) => None,
        };
        self.stamps.clear(self.came.len());
        self.board.clear();
        self.board.extend_from_slice(bits);
        flip(&mut self.board, b);
        self.cuts.ready = false;
        self.queue.clear();
        for side in 0..4 {
            if mask >> side & 1 == 1 {
                let s = state(b, side);
                self.stamps.mark(s as usize);
                self.came[s as usize] = START;
                self.queue.push((s, 0));
            }
        }
        let mut at = 0;
        while at < self.queue.len() {
            let (s, pushes) = self.queue[at];
            at += 1;
            let (c, side) = (s / 4, (s % 4) as usize);
            let dir = (side + 2) % 4;
            let t = ctx.step(c, dir);
            if t == NONE || has(&self.board, t) || ctx.dead[t as usize] {
                continue;
            }
            if target == Some((t, dir as u8)) {
                return Ok(Some(s));
            }
            if self.stamps.marked(state(t, side) as usize) {
                continue;
            }
            // The box on `t`, the player on `c`: where can the player go? Off a cut vertex,
            // to every free side of `t`; on one, to the sides in `c`'s piece of the area.
            let mut work = 4;
            if !self.cuts.ready {
                work += self.cuts.find_from(ctx, &self.board, b, others) * 4;
            }
            let (piece, lowest) = match self.cuts.area_without(t) {
                Some(lowest) => (None, lowest),
                None => {
                    let piece = self.cuts.piece(ctx, t, c);
                    (Some(piece), self.cuts.piece_lowest(ctx, t, piece))
                }
            };
            if let Pace::Counted(budget) = pace {
                budget.spend(work)?;
            }
            for side2 in 0..4 {
                let p = ctx.step(t, side2);
                let s2 = state(t, side2);
                let reached = p != NONE
                    && !has(&self.board, p)
                    && piece.is_none_or(|piece| self.cuts.piece(ctx, t, p) == piece);
                if reached && !self.stamps.marked(s2 as usize) {
                    self.stamps.mark(s2 as usize);
                    self.came[s2 as usize] = s;
                    self.queue.push((s2, pushes + 1));
                }
            }
            if target.is_none() {
                self.moves.push(MacroMove {
                    from: b,
                    to: t,
                    dir: dir as u8,
                    player: lowest,
                    pushes: pushes + 1,
                    regions: self.cuts.regions_with(t),
                });
            }
        }
        Ok(None)
    }
}

/// How a search of one box's moves runs.
#[derive(Clone, Copy)]
enum Pace<'b, 'a> {
    /// Every move, the work counted against a budget.
    Counted(&'b Budget<'a>),
    /// Until the push of a direction onto a cell.
    Until(u32, u8),
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::level::Level;

    /// A position: the boxes and the lowest cell of the player's area.
    type Position = (Vec<u64>, u32);

    fn start(text: &str) -> (Context, Position) {
        let level: Level = text.parse().expect("the board reads");
        let ctx = Context::new(&level).expect("the board fits");
        let mut bits = vec![0; ctx.words];
        for &b in &level.boxes {
            flip(&mut bits, ctx.cell(b).expect("a box on an open cell"));
        }
        let player = ctx.cell(level.player).expect("the player on an open cell");
        let lowest = Reach::new(ctx.len()).flood(&ctx, &bits, player);
        (ctx, (bits, lowest))
    }

    /// Every position reachable by single pushes that keep boxes off dead squares.
    fn by_pushes(ctx: &Context, root: &Position) -> HashSet<Position> {
        let mut reach = Reach::new(ctx.len());
        let mut seen = HashSet::from([root.clone()]);
        let mut queue = vec![root.clone()];
        while let Some((bits, player)) = queue.pop() {
            reach.flood(ctx, &bits, player);
            let area = reach.queue.clone();
            for c in area {
                for dir in 0..4 {
                    let b = ctx.step(c, dir);
                    if b == NONE || !has(&bits, b) {
                        continue;
                    }
                    let t = ctx.step(b, dir);
                    if t == NONE || has(&bits, t) || ctx.dead[t as usize] {
                        continue;
                    }
                    let mut child = bits.clone();
                    flip(&mut child, b);
                    flip(&mut child, t);
                    let lowest = reach.flood(ctx, &child, b);
                    reach.flood(ctx, &bits, player);
                    if seen.insert((child.clone(), lowest)) {
                        queue.push((child, lowest));
                    }
                }
            }
        }
        seen
    }

    /// Every position reachable by macro moves, each spelled out and checked push by push.
    fn by_macros(ctx: &Context, root: &Position) -> HashSet<Position> {
        let mut reach = Reach::new(ctx.len());
        let mut macros = Macros::new(ctx.len());
        let mut seen = HashSet::from([root.clone()]);
        let mut queue = vec![root.clone()];
        while let Some((bits, player)) = queue.pop() {
            let budget = Budget::new(&crate::solve::Limits::default(), None);
            let moves = macros
                .all(ctx, &bits, player, &mut reach, &budget)
                .expect("no limit");
            for &mv in &moves {
                let mut child = bits.clone();
                flip(&mut child, mv.from);
                flip(&mut child, mv.to);
                let pushes = macros
                    .spell(ctx, &bits, player, mv, &mut reach)
                    .expect("a move found spells out");
                assert_eq!(pushes.len() as u32, mv.pushes, "spelled as found");
                let mut replayed = bits.clone();
                for push in &pushes {
                    let to = ctx.step(push.from, usize::from(push.dir));
                    assert!(has(&replayed, push.from) && !has(&replayed, to));
                    flip(&mut replayed, push.from);
                    flip(&mut replayed, to);
                }
                assert_eq!(replayed, child, "the pushes move the one box");
                let behind = ctx.step(mv.to, (usize::from(mv.dir) + 2) % 4);
                let lowest = reach.flood(ctx, &child, behind);
                assert_eq!(lowest, mv.player, "the player's area after the last push");
                assert_eq!(
                    mv.regions,
                    Regions::default().count(ctx, &child),
                    "the regions after it"
                );
                if seen.insert((child.clone(), mv.player)) {
                    queue.push((child, mv.player));
                }
            }
            macros.give_back(moves);
        }
        seen
    }

    #[test]
    fn on_random_rooms_with_corridors_and_dead_ends_macro_moves_reach_what_pushes_reach() {
        // A quarter of the cells walls: many cut vertices, some with several pieces.
        let mut seed = 0xc0de_cafe;
        let mut tried = 0;
        for _ in 0..60 {
            let room = super::super::tests::random_room(&mut seed, (8, 6), 4, 3);
            let Ok(level) = room.parse::<Level>() else {
                continue;
            };
            let Ok(ctx) = Context::new(&level) else {
                continue;
            };
            if level.boxes.iter().any(|&b| ctx.cell(b).is_none())
                || ctx.cell(level.player).is_none()
            {
                continue;
            }
            let (ctx, root) = start(&room);
            assert_eq!(by_macros(&ctx, &root), by_pushes(&ctx, &root), "{room}");
            tried += 1;
        }
        assert!(tried > 20, "{tried} rooms tried");
    }

    #[test]
    fn macro_moves_reach_what_single_pushes_reach() {
        let rooms = [
            (
                "two boxes in a room",
                "######\n#@   #\n# $$ #\n#  . #\n# .  #\n######",
            ),
            (
                "a corridor and a loop",
                "#########\n#@ $    #\n# ## ## #\n#  $  . #\n###   . #\n  #######",
            ),
            (
                "three boxes, a pillar",
                "#######\n#.  @ #\n# $#$ #\n#  .  #\n# $ . #\n#######",
            ),
            (
                "an open room",
                "#######\n#.    #\n#  $  #\n#  @  #\n#######",
            ),
            (
                // Cut vertices and cells on loops side by side: where the box enters a
                // cut vertex the player's area is flooded, elsewhere it is known.
                "two loops joined by a door, three boxes",
                "##########\n#@  #    #\n# # $  # #\n#   #. $ #\n## ##  # #\n#  $   . #\n# .  #   #\n##########",
            ),
        ];
        for (name, room) in rooms {
            let (ctx, root) = start(room);
            let pushes = by_pushes(&ctx, &root);
            let macros = by_macros(&ctx, &root);
            assert!(pushes.len() > 1, "{name}: something to push");
            assert_eq!(macros, pushes, "{name}");
        }
    }
}
