//! The words a player reads that more than one screen says: the core's words module
//! ([`sokoshot_core::words`]) as it is, so that the core's messages, the screens, the server
//! and the command line name counts, pieces, keys and labels alike.

pub use sokoshot_core::words::*;
