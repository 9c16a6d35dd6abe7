//! sokoshot: a terminal puzzle game where Sokoban meets bank shots, and a collision lab.
//!
//! The layers point one way: `tui` and `lab` draw and drive `game`, which stands on `level`
//! and `geom`. `geom`, `level` and `game` never touch the terminal, so tests, benchmarks and
//! the `replay` command run them headless.

pub mod game;
pub mod geom;
pub mod lab;
pub mod level;
pub mod solve;
pub mod tui;
