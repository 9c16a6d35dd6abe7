//! sokoshot's app: the terminal front end, the lab's view and the SSH server, over the core
//! crate [`sokoshot_core`] (geometry, levels, rules, solver, storage, the lab's scenes).
//!
//! The layers point one way: `main → serve → tui → sokoshot_core`. Everything that touches a
//! terminal (ratatui, crossterm) or the network (tokio, russh) lives in this crate; the core's
//! manifest names none of them, so the compiler keeps the core pure. `serve` runs the same
//! front end over SSH through the one seam [`tui::console::Console`].

pub mod serve;
pub mod tui;
pub mod words;
