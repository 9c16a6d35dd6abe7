//! Freeze deadlocks: a box that can never move again, because on both axes it is held by a
//! wall, by a box that is itself held (the first box standing in for a wall while that is
//! checked), or by dead squares on both sides. A frozen box off a goal loses the level.
//!
//! Only walls, slopes and hubs count as walls; enemies and spinners' bars are treated as open
//! floor (a shot or time can clear them), which keeps the answer sound for sokoshot's rules.

use super::context::{Context, NONE};

/// Which cells hold a box, as the freeze test sees them.
pub(crate) trait Occupancy {
    /// Whether a box stands on `cell`.
    fn has_box(&self, cell: u32) -> bool;
}

/// The most boxes one freeze test follows before it answers "not frozen" (a bound on the
/// recursion; giving up only ever makes the test say less).
const MAX_CHAIN: usize = 64;
/// The most boxes one freeze test looks at, counting each time a box is met again by another
/// way: the chains branch, and in a block of boxes their number grows exponentially with
/// their length. Past it the test answers "not frozen", which only ever says less.
pub(crate) const MAX_VISITS: usize = 1024;

/// Whether the box on `cell` can never move again.
pub(crate) fn is_frozen(ctx: &Context, boxes: &impl Occupancy, cell: u32) -> bool {
    is_frozen_counted(ctx, boxes, cell).0
}

/// Whether the box on `cell` can never move again, and the boxes the test looked at (at
/// most [`MAX_VISITS`] and one).
pub(crate) fn is_frozen_counted(ctx: &Context, boxes: &impl Occupancy, cell: u32) -> (bool, usize) {
    let mut held = Vec::with_capacity(8);
    let mut visits = 0;
    let frozen = frozen(ctx, boxes, cell, &mut held, &mut visits);
    (frozen, visits)
}

/// Whether the box on `cell` is frozen and off a goal, or frozen together with a box off a
/// goal next to it: the cell of a box that makes the position lost.
pub(crate) fn frozen_off_goal(ctx: &Context, boxes: &impl Occupancy, cell: u32) -> Option<u32> {
    if !is_frozen(ctx, boxes, cell) {
        return None;
    }
    if !ctx.is_goal[cell as usize] {
        return Some(cell);
    }
    (0..4)
        .map(|dir| ctx.step(cell, dir))
        .filter(|&n| n != NONE && boxes.has_box(n) && !ctx.is_goal[n as usize])
        .find(|&n| is_frozen(ctx, boxes, n))
}

fn frozen(
    ctx: &Context,
    boxes: &impl Occupancy,
    cell: u32,
    held: &mut Vec<u32>,
    visits: &mut usize,
) -> bool {
    *visits += 1;
    if held.len() >= MAX_CHAIN || *visits > MAX_VISITS {
        return false;
    }
    held.push(cell);
    let answer = axis_blocked(ctx, boxes, cell, 0, held, visits)
        && axis_blocked(ctx, boxes, cell, 1, held, visits);
    held.pop();
    answer
}

/// Whether the box on `cell` cannot move along one axis (0: left/right, 1: up/down).
fn axis_blocked(
    ctx: &Context,
    boxes: &impl Occupancy,
    cell: u32,
    axis: usize,
    held: &mut Vec<u32>,
    visits: &mut usize,
) -> bool {
    let a = ctx.step(cell, axis);
    let b = ctx.step(cell, axis + 2);
    if a == NONE || b == NONE || held.contains(&a) || held.contains(&b) {
        return true;
    }
    if ctx.dead[a as usize] && ctx.dead[b as usize] {
        return true;
    }
    [a, b]
        .into_iter()
        .any(|n| boxes.has_box(n) && frozen(ctx, boxes, n, held, visits))
}
