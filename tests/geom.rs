//! Tests of `sokoshot::geom`: named case tables, invariants, agreement with parry2d, swept
//! disks at high speed, and one-tick carries. The modules live in `tests/geom/`.

#[path = "geom/carry.rs"]
mod carry;
#[path = "geom/cases.rs"]
mod cases;
