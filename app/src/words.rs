//! Counts in words, as the command line and the screens print them: the core's one
//! pluraliser ([`sokoshot_core::words`]), so that the core's messages and the app's agree.

pub use sokoshot_core::words::{count, figures};
