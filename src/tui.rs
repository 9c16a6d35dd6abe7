//! The terminal front end: terminal handling shared by the game and the lab.
//!
//! Everything that touches ratatui or crossterm lives here (and in `lab`); the rules it draws
//! come from `game`, which knows nothing of terminals.

pub mod progress;
pub mod terminal;
pub mod watch;
