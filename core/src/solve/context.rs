//! What a search works out once per level before it starts: the cells a box or the player
//! can ever stand on (numbered compactly), their neighbours, the goals, the dead squares (no
//! goal can be reached from them by pushing, found by pulling a box back from every goal),
//! and for every goal the fewest pushes that bring a box from each cell to it on an
//! otherwise empty board.
//!
//! Walls here are what never moves and never opens: walls, slopes and spinner hubs. Enemies
//! and boxes are not walls (a shot can clear an enemy), so everything derived is sound for
//! sokoshot's rules too: a dead square is dead whatever else stands on the board.

use crate::level::{Level, Pos, Tile};

use super::limits::{Budget, Stop};

/// No cell: the neighbour of a cell next to a wall, or a distance that is infinite.
pub(crate) const NONE: u32 = u32::MAX;
/// The most cells a board may have for the solver (each is a bit in every stored position).
pub const MAX_CELLS: usize = 1 << 16;
/// The most boxes the solver handles (the lower bound matches boxes to goals in cubic time).
pub const MAX_BOXES: usize = 128;

/// The offsets of the four directions, in LURD order (as [`crate::game::Dir::ALL`]).
pub(crate) const DIRS: [(i32, i32); 4] = [(-1, 0), (0, -1), (1, 0), (0, 1)];
/// LURD letters in the order of [`DIRS`].
pub(crate) const LETTERS: [char; 4] = ['l', 'u', 'r', 'd'];

/// The precomputed facts about one level's board.
#[derive(Debug, Clone)]
pub(crate) struct Context {
    /// Board width, for turning positions into board indices.
    width: i32,
    /// Compact index → position.
    pub(crate) cells: Vec<Pos>,
    /// Board index → compact index, or [`NONE`] for a cell nothing can ever stand on.
    index: Vec<u32>,
    /// Each cell's neighbour in each direction, or [`NONE`].
    pub(crate) next: Vec<[u32; 4]>,
    /// Whether each cell is a goal.
    pub(crate) is_goal: Vec<bool>,
    /// The goals' cells.
    pub(crate) goals: Vec<u32>,
    /// Whether a box on each cell can never reach any goal.
    pub(crate) dead: Vec<bool>,
    /// Fewest pushes from each cell to its nearest goal, or [`NONE`] (on a dead cell).
    pub(crate) nearest: Vec<u32>,
    /// `dist[g][c]`: fewest pushes from cell `c` to goal `goals[g]`, or [`NONE`].
    pub(crate) dist: Vec<Vec<u32>>,
    /// 64-bit words in a box bitset.
    pub(crate) words: usize,
}

/// Why a level is out of the solver's reach before any search.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContextError {
    /// Too many open cells.
    #[error("the board has more than {MAX_CELLS} open cells, the most the solver handles")]
    TooManyCells,
    /// Too many boxes.
    #[error("the level has more than {MAX_BOXES} boxes, the most the solver handles")]
    TooManyBoxes,
}

/// Whether nothing can ever stand on a tile.
pub(crate) fn is_wall(tile: Tile) -> bool {
    matches!(tile, Tile::Wall | Tile::Slope(_) | Tile::Hub)
}

impl Context {
    /// Works out the facts of `level`'s board: the open cells the player can reach from the
    /// start when boxes and enemies are ignored, and everything derived from them.
    pub(crate) fn new(level: &Level) -> Result<Self, ContextError> {
        let unlimited = Budget::new(&super::Limits::default(), None);
        Ok(
            Self::within(level, &unlimited, usize::MAX)?.unwrap_or_else(|_| {
                unreachable!("no limit stops the work without a time, work or cancel limit")
            }),
        )
    }

    /// [`Context::new`] within a search's budget: the work counted against it (one distance
    /// table at a time, so a limit stops it between two) and `Err(Stop::Memory)` before
    /// anything large is allocated when the tables would take more than `room` bytes.
    pub(crate) fn within(
        level: &Level,
        budget: &Budget<'_>,
        room: usize,
    ) -> Result<Result<Self, Stop>, ContextError> {
        if level.boxes.len() > MAX_BOXES {
            return Err(ContextError::TooManyBoxes);
        }
        let region = open_region(level, level.player);
        if region.len() > MAX_CELLS {
            return Err(ContextError::TooManyCells);
        }
        let goals = region
            .iter()
            .filter(|&&p| level.tile(p) == Tile::Goal)
            .count();
        if Self::bytes_for(level.tiles.len(), region.len(), goals) > room {
            return Ok(Err(Stop::Memory));
        }
        if let Err(stop) = budget.spend(level.tiles.len() as u64 * 2) {
            return Ok(Err(stop));
        }
        let mut index = vec![NONE; level.tiles.len()];
        for (i, &pos) in region.iter().enumerate() {
            index[board_index(level.width, pos)] = i as u32;
        }
        let mut ctx = Self {
            width: level.width,
            cells: region,
            index,
            next: Vec::new(),
            is_goal: Vec::new(),
            goals: Vec::new(),
            dead: Vec::new(),
            nearest: Vec::new(),
            dist: Vec::new(),
            words: 0,
        };
        ctx.words = ctx.cells.len().div_ceil(64).max(1);
        ctx.next = ctx
            .cells
            .iter()
            .map(|&p| DIRS.map(|(dx, dy)| ctx.cell(Pos::new(p.x + dx, p.y + dy)).unwrap_or(NONE)))
            .collect();
        ctx.is_goal = ctx
            .cells
            .iter()
            .map(|&p| level.tile(p) == Tile::Goal)
            .collect();
        ctx.goals = (0..ctx.cells.len() as u32)
            .filter(|&c| ctx.is_goal[c as usize])
            .collect();
        let mut dist = Vec::with_capacity(ctx.goals.len());
        for &g in &ctx.goals {
            if let Err(stop) = budget.spend(ctx.len() as u64 * 4) {
                return Ok(Err(stop));
            }
            dist.push(ctx.box_distances(g, true));
        }
        ctx.dist = dist;
        if let Err(stop) = budget.spend((ctx.len() * ctx.goals.len()) as u64) {
            return Ok(Err(stop));
        }
        ctx.nearest = nearest(&ctx.dist, ctx.len());
        ctx.dead = ctx.nearest.iter().map(|&d| d == NONE).collect();
        Ok(Ok(ctx))
    }

    /// The bytes a context holds for a board of `tiles` tiles, `cells` open cells and
    /// `goals` goals.
    fn bytes_for(tiles: usize, cells: usize, goals: usize) -> usize {
        let per_cell = std::mem::size_of::<Pos>() + std::mem::size_of::<[u32; 4]>() + 6;
        tiles * 4 + cells * per_cell + goals * (cells * 4 + 4 + std::mem::size_of::<Vec<u32>>())
    }

    /// The bytes this context holds.
    pub(crate) fn bytes(&self) -> usize {
        Self::bytes_for(self.index.len(), self.len(), self.goals.len())
    }

    /// The context of a board written as a level's text (tests' shorthand).
    #[cfg(test)]
    pub(crate) fn from_text(text: &str) -> Self {
        Self::new(&text.parse().expect("test level parses")).expect("fits")
    }

    /// The compact index of `pos`, if something can stand there.
    pub(crate) fn cell(&self, pos: Pos) -> Option<u32> {
        if pos.x < 0 || pos.y < 0 || pos.x >= self.width {
            return None;
        }
        let i = board_index(self.width, pos);
        self.index.get(i).copied().filter(|&c| c != NONE)
    }

    /// The number of cells.
    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    /// The neighbour of `cell` in direction `dir` (LURD order), or [`NONE`].
    #[inline]
    pub(crate) fn step(&self, cell: u32, dir: usize) -> u32 {
        self.next[cell as usize][dir]
    }

    /// The context of the backward search (see `pull`): the same board with the boxes' start
    /// cells `starts` as its goals, each cell's distance to a start the fewest pulls that
    /// bring a box there (the fewest pushes from the start to the cell), and a cell dead when
    /// no start can be reached from it by pulling. The work is counted against `budget`,
    /// one distance table at a time, so a limit stops it between two.
    pub(crate) fn reversed(&self, starts: &[u32], budget: &Budget<'_>) -> Result<Self, Stop> {
        let mut goals = starts.to_vec();
        goals.sort_unstable();
        goals.dedup();
        let mut is_goal = vec![false; self.len()];
        for &s in &goals {
            is_goal[s as usize] = true;
        }
        let mut dist = Vec::with_capacity(goals.len());
        for &s in &goals {
            budget.spend(self.len() as u64 * 4)?;
            dist.push(self.box_distances(s, false));
        }
        budget.spend((self.len() * goals.len()) as u64)?;
        let nearest = nearest(&dist, self.len());
        let dead = nearest.iter().map(|&d| d == NONE).collect();
        Ok(Self {
            width: self.width,
            cells: self.cells.clone(),
            index: self.index.clone(),
            next: self.next.clone(),
            is_goal,
            goals,
            dead,
            nearest,
            dist,
            words: self.words,
        })
    }

    /// Fewest moves of a box from `from` to every cell on an otherwise empty board, by
    /// pushes (the player behind the box) or, with `pulling`, by pulls (the player ahead of
    /// it, stepping on): a breadth-first search. Pulls from a goal give every cell's fewest
    /// pushes to it; pushes from a start give the fewest pulls back to the start.
    fn box_distances(&self, from: u32, pulling: bool) -> Vec<u32> {
        let mut dist = vec![NONE; self.len()];
        dist[from as usize] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(b) = queue.pop_front() {
            for dir in 0..4 {
                let to = self.step(b, dir);
                if to == NONE || dist[to as usize] != NONE {
                    continue;
                }
                let player = if pulling {
                    self.step(to, dir)
                } else {
                    self.step(b, (dir + 2) % 4)
                };
                if player == NONE {
                    continue;
                }
                dist[to as usize] = dist[b as usize] + 1;
                queue.push_back(to);
            }
        }
        dist
    }
}

/// Each of `cells` cells' least distance in `dist` (one table per goal), or [`NONE`].
fn nearest(dist: &[Vec<u32>], cells: usize) -> Vec<u32> {
    let mut nearest = vec![NONE; cells];
    for d in dist {
        for (n, &d) in nearest.iter_mut().zip(d) {
            *n = (*n).min(d);
        }
    }
    nearest
}

fn board_index(width: i32, pos: Pos) -> usize {
    (pos.y * width + pos.x) as usize
}

/// The cells reachable from `start` through anything but walls, slopes and hubs, in
/// breadth-first order.
fn open_region(level: &Level, start: Pos) -> Vec<Pos> {
    let mut seen = vec![false; level.tiles.len()];
    let mut order = Vec::new();
    if !level.contains(start) || is_wall(level.tile(start)) {
        return order;
    }
    seen[board_index(level.width, start)] = true;
    order.push(start);
    let mut at = 0;
    while at < order.len() {
        let p = order[at];
        at += 1;
        for (dx, dy) in DIRS {
            let q = Pos::new(p.x + dx, p.y + dy);
            if level.contains(q) && !is_wall(level.tile(q)) {
                let i = board_index(level.width, q);
                if !std::mem::replace(&mut seen[i], true) {
                    order.push(q);
                }
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_walls_without_goals_are_dead() {
        let ctx = Context::from_text("######\n#@ $.#\n#    #\n######");
        let dead = |x, y| ctx.dead[ctx.cell(Pos::new(x, y)).unwrap() as usize];
        assert!(dead(1, 1), "corner");
        assert!(dead(1, 2), "corner");
        assert!(dead(2, 2), "along the bottom wall, no goal on it");
        assert!(!dead(3, 1), "in line with the goal");
        assert!(!dead(4, 1), "the goal");
    }

    #[test]
    fn push_distance_counts_pushes_to_the_goal() {
        let ctx = Context::from_text("#######\n#@ $ .#\n#######");
        let from = ctx.cell(Pos::new(3, 1)).unwrap() as usize;
        assert_eq!(ctx.dist[0][from], 2);
    }
}
