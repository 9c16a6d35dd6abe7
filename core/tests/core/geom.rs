//! Tests of `sokoshot_core::geom`: named case tables, invariants, agreement with parry2d, swept
//! disks at high speed, and one-tick carries. The modules live in `tests/geom/`.

mod carry;
mod cases;
mod cast;
mod distance;
mod invariants;
mod parry;
mod push;
mod support;
mod sweep;
mod swept_box;
