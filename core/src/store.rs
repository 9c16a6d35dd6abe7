//! What sokoshot keeps on disk, for local play and the server alike: saved progress and kept
//! solutions ([`progress`]), the levels a player pasted ([`pasted`]), the packs in play
//! ([`collection`], loaded by [`packs`]) and the folder of packs a player keeps
//! ([`folder`]), the server's host key file ([`host_key`]), its `authorized_keys`
//! ([`authorized_keys`]) and its players' folders ([`players`]), the one way they are all
//! opened ([`open`]: regular files only, never blocked on, with a size cap read before a
//! byte is) and the one atomic write they all go through ([`atomic`]). One interface
//! ([`saves`]) stands in front of every backend: these files, and databases that keep texts
//! per player ([`records`]), with the verified scores and nicknames of [`scores`]. A level
//! file and a folder of packs are watched for saves on threads of their own ([`watch`],
//! [`folder_watch`]).
//!
//! Every file is plain text in the data directory ([`progress::data_dir`]), read with a size
//! cap and written by [`atomic::write`] (the host key by [`atomic::create_private`]): a
//! temporary file beside the target, flushed to disk, put in its place, and the directory
//! flushed, so a crash leaves the old file or the new one, never half of one.

pub mod atomic;
pub mod authorized_keys;
pub mod collection;
pub mod folder;
pub mod folder_watch;
pub mod host_key;
pub mod open;
pub mod packs;
pub mod pasted;
pub mod players;
pub mod progress;
pub mod records;
pub mod saves;
pub mod scores;
pub mod watch;
