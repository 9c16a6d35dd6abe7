//! The command line's tests, in one binary: `sokoshot check`, `replay` and `solve` run as a
//! user runs them, their output and exit codes.

#[path = "../common/mod.rs"]
mod common;

mod check_cli;
mod deadlock_cli;
mod replay_cli;
mod scores_cli;
mod solve_cli;
