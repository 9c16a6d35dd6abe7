//! The terminal front end: the game as a player sees it, and the terminal handling shared
//! with the lab.
//!
//! Everything that touches ratatui or crossterm lives here (and in `lab`); the rules it draws
//! come from `game`, which knows nothing of terminals. The pieces: [`keys`] turns a key into
//! an action (a pure function), [`app`] holds the state and applies actions to the world,
//! [`view`] draws `&App`, [`event_loop`] waits for keys, ticks and saved files, and
//! [`session`] ties them together for `sokoshot` and `sokoshot play`.

pub mod app;
pub mod board;
pub mod collection;
pub mod dots;
pub mod event_loop;
pub mod hint;
pub mod keys;
pub mod lab_view;
pub mod meter;
pub mod pasted;
pub mod progress;
pub mod sequences;
pub mod session;
pub mod terminal;
pub mod theme;
pub mod view;
pub mod watch;
