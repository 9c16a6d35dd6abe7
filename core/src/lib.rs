//! sokoshot's core: everything of the game that runs headless, with no terminal and no
//! network (this crate's manifest names neither, so the compiler keeps it so).
//!
//! The modules, and the way their arrows point (`solve → game → level, geom`):
//!
//! - [`geom`]: shapes and pure collision queries (glam only); the lab's and the shots' maths.
//! - [`level`]: the text level format (XSB with sokoshot's additions): parse, validate, print
//!   back, with `file:line:col` errors.
//! - [`game`]: the rules: [`game::World`], [`game::Command`], apply, tick, undo and redo,
//!   replays.
//! - [`solve`]: the solver and the deadlock checks, on the game's own rules.
//! - [`store`]: what is kept on disk: progress and kept solutions, pasted levels, the host
//!   key's file, the packs in play; one atomic write for all of them.
//! - [`edit`]: the level editor's model: the board being drawn, its undo, its text, saving
//!   it into its pack file, and proving it solvable in the background.
//! - [`lab`]: the collision lab's scenes (state and update; the app draws them).
//! - [`words`]: the words more than one screen says: counts (the one pluraliser), the names of
//!   the pieces and keys, the status line's labels, session messages, the checker's wording.
//!
//! The app crate (`sokoshot`) draws all of this in a terminal and serves it over SSH.

pub mod edit;
pub mod game;
pub mod geom;
pub mod lab;
pub mod level;
pub mod solve;
pub mod store;
pub mod words;
