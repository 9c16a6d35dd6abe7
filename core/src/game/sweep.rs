//! Bars that push: a spinner whose `Spinner:` line says `pushes` moves a box it turns onto.
//!
//! The rule, applied after every tick's turn: a box whose cell a pushing bar covers now but
//! did not cover the tick before moves one cell the way that part of the bar moves, rounded
//! to the nearest of left, up, right and down, a tie going up or down (a bar turning clockwise on screen pushes down
//! on its right arm, left on its lower arm, up on its left arm and right on its upper arm).
//! The box moves only into a cell it could be pushed into (open floor or a goal, no box,
//! enemy, player or bar there); otherwise it stays and the bar passes over it, as every bar
//! passes over the player and the enemies. A box so pushed can be pushed again at the next
//! tick, so a long bar carries a box along. No push is counted: the player did not push.
//!
//! Waiting is then no longer free on such a level: a box left in a pushing bar's way is
//! swept on, often where it can no longer be brought back, so the moment of a push matters.

use crate::geom::Obb;
use crate::level::{Pos, Spinner};

use super::World;
use super::board::{bar_covers, cell_center};
use super::command::Dir;

/// How much more a bar must move along the row than along the column to push along the row.
const TIE: f32 = 1e-4;

/// The way a bar of `spinner`, now at `bar`, pushes what it has turned onto in cell `pos`:
/// the way that part of the bar moves, to the nearest of the four directions.
#[must_use]
pub fn bar_push(spinner: &Spinner, bar: &Obb, pos: Pos) -> Dir {
    let offset = cell_center(pos) - cell_center(spinner.hub);
    let (sin, cos) = bar.angle().sin_cos();
    // Which arm of the bar the cell is on, and which way the bar turns.
    let arm = if offset.x * cos + offset.y * sin < 0.0 {
        -1.0
    } else {
        1.0
    };
    let turn = if spinner.speed < 0.0 { -1.0 } else { 1.0 };
    // A positive speed turns +x towards +y: the arm along (cos, sin) moves along (-sin, cos).
    let (x, y) = (-sin * arm * turn, cos * arm * turn);
    // A bar across a diagonal moves as much along the row as along the column: such a tie,
    // whatever the rounding of the angle, goes to the column.
    if x.abs() > y.abs() + TIE {
        if x < 0.0 { Dir::Left } else { Dir::Right }
    } else if y < 0.0 {
        Dir::Up
    } else {
        Dir::Down
    }
}

impl World {
    /// Moves every box a pushing bar turned onto in the last tick (the bars were at `before`
    /// the tick before), by the rule of the module documentation.
    pub(super) fn sweep_boxes(&mut self, before: &[Obb]) {
        for s in 0..self.level().spinners.len() {
            let spinner = self.level().spinners[s];
            if !spinner.pushes || spinner.speed == 0.0 {
                continue;
            }
            for i in 0..self.state.boxes.len() {
                let at = self.state.boxes[i];
                let bar = self.bars[s];
                if !bar_covers(&bar, at) || before.get(s).is_some_and(|b| bar_covers(b, at)) {
                    continue;
                }
                let to = bar_push(&spinner, &bar, at).step_from(at);
                if to != self.state.player && self.solid_for_box_at(to).is_none() {
                    self.push_box(at, to);
                }
            }
        }
    }
}
