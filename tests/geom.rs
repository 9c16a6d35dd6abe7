//! Tests of `sokoshot::geom`: named case tables, invariants, agreement with parry2d, swept
//! disks at high speed, and one-tick carries. The modules live in `tests/geom/`.

#[path = "geom/carry.rs"]
mod carry;
#[path = "geom/cases.rs"]
mod cases;
#[path = "geom/invariants.rs"]
mod invariants;
#[path = "geom/parry.rs"]
mod parry;
#[path = "geom/support.rs"]
mod support;
#[path = "geom/sweep.rs"]
mod sweep;
