//! Making a level over SSH: the editor on a new level, saved into the player's own levels
//! in the server's store (the pack that pasted levels go to, within the player's bytes),
//! which the menu then offers to play.

use std::io;
use std::net::IpAddr;
use std::sync::Arc;

use super::console::SshConsole;
use super::menu::Look;
use super::players::Player;
use super::session::{Shared, hint_address, hint_budget, hint_owner};
use crate::tui::console::Console;
use crate::tui::editor::EditorApp;
use crate::tui::editor::run;
use crate::tui::theme::Theme;
use sokoshot_core::edit::proof::Budget;
use sokoshot_core::store::saves::Saves;

/// What one proof of a board drawn over SSH may cost: each of its two searches runs on one
/// thread for at most 3 s within 64 MiB (a session runs one proof at a time).
pub const SERVED_PROOF: Budget = Budget {
    time: std::time::Duration::from_secs(3),
    memory_bytes: 64 << 20,
};

/// How many levels of their own `player` has (none for a guest, or when the store cannot be
/// read).
#[must_use]
pub fn own_levels(shared: &Shared, player: &Player) -> usize {
    match shared.players.as_ref().map(|store| store.saves(player)) {
        Some(Ok(Some(saves))) => saves.pasted().len(),
        _ => 0,
    }
}

/// Runs the editor on a new level until the player leaves it; `refused` says why this
/// player's things are not kept, when they are not.
///
/// # Errors
/// When the console cannot be read or written.
pub fn make_level(
    console: &mut SshConsole,
    shared: &Shared,
    (player, peer): (&Player, IpAddr),
    refused: Option<&str>,
    look: Look,
) -> io::Result<()> {
    let store = shared.players.as_ref().map(|store| store.saves(player));
    let (saves, why_not) = match (player, refused, store) {
        (Player::Guest, _, _) => (
            None,
            "a guest's levels are not kept: connect with an SSH key".to_owned(),
        ),
        (_, Some(why), _) => (None, format!("your levels are not kept: {why}")),
        (_, None, Some(Ok(Some(saves)))) => (Some(saves), String::new()),
        (_, None, Some(Err(err))) => {
            eprintln!(
                "sokoshot serve: player {} makes a level unsaved: {err}",
                player.name()
            );
            (None, "the server's store cannot be reached now".to_owned())
        }
        (_, None, _) => (None, "this server keeps no levels".to_owned()),
    };
    let editor = EditorApp::new_level(saves, &why_not, theme_of(look), SERVED_PROOF);
    run_editor(console, editor, (player, peer), look)
}

/// Runs the editor on level `index` (0-based) of the player's own levels in `saves` until
/// the player leaves it: saving rewrites it in its place. A level gone since the list was
/// drawn opens nothing.
///
/// # Errors
/// When the console cannot be read or written.
pub fn edit_level(
    console: &mut SshConsole,
    saves: Arc<dyn Saves>,
    index: usize,
    (player, peer): (&Player, IpAddr),
    look: Look,
) -> io::Result<()> {
    let Some(level) = saves.pasted().into_iter().nth(index) else {
        return Ok(());
    };
    let editor = EditorApp::stored_level(saves, (&level, index + 1), theme_of(look), SERVED_PROOF);
    run_editor(console, editor, (player, peer), look)
}

fn theme_of(look: Look) -> Theme {
    Theme {
        ascii: look.ascii,
        color: look.color,
    }
}

fn run_editor(
    console: &mut SshConsole,
    mut editor: EditorApp,
    (player, peer): (&Player, IpAddr),
    look: Look,
) -> io::Result<()> {
    editor.set_mouse(look.mouse);
    editor.set_hint_budget(hint_budget(hint_owner(player), hint_address(peer)));
    console.mouse = look.mouse;
    console.capture_mouse()?;
    let ended = run::run(console, &mut editor);
    console.release_mouse()?;
    ended.map(|_| ())
}
