//! The terminal front end: the game as a player sees it, and the terminal handling shared
//! with the lab.
//!
//! Everything that touches ratatui or crossterm lives here; the rules it draws come from the
//! core's `game`, which knows nothing of terminals, and what it keeps from the core's `store`. The pieces: [`keys`] turns a key into
//! an action (a pure function), [`app`] holds the state and applies actions to the world,
//! [`view`] draws `&App`, [`event_loop`] waits for keys, ticks and saved files, [`opening`]
//! builds the `App` of a playing session for local play and the server alike, and
//! [`session`] ties them together for `sokoshot` and `sokoshot play`. The loops read events
//! and draw frames through [`console::Console`], which the local terminal and an SSH channel
//! both implement.

pub mod app;
pub mod board;
pub mod console;
pub mod dots;
pub mod editor;
pub mod event_loop;
pub mod hint;
pub mod keys;
pub mod lab_view;
pub mod meter;
pub mod opening;
pub mod sequences;
pub mod session;
pub mod terminal;
pub mod theme;
pub mod view;
