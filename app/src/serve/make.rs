//! Making a level over SSH: the editor on a new level, saved into the player's own levels
//! in the server's store (the pack that pasted levels go to, within the player's bytes),
//! which the menu then offers to play.

use std::io;
use std::net::IpAddr;
use std::sync::Arc;

use super::console::SshConsole;
use super::menu::{Look, boxed};
use super::players::Player;
use super::session::{Shared, hint_address, hint_budget, hint_owner};
use crate::tui::console::Console;
use crate::tui::editor::EditorApp;
use crate::tui::editor::run;
use crate::tui::theme::Theme;
use crossterm::event::{KeyCode, KeyEventKind, KeyModifiers};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;

use crate::tui::console::IDLE_POLL;
use crate::tui::terminal::Input;
use sokoshot_core::edit::proof::Budget;
use sokoshot_core::edit::{Sketch, drop_draft, read_draft, save_draft};
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
    let theme = theme_of(look);
    let editor = match saves
        .as_ref()
        .and_then(|saves| Some((saves, read_draft(&**saves)?)))
    {
        Some((saves, draft)) => match ask_draft(console, &draft.sketch)? {
            Answer::Continue => {
                if let Err(err) = drop_draft(&**saves) {
                    eprintln!(
                        "sokoshot serve: player {}'s draft is not let go: {err}",
                        player.name()
                    );
                }
                EditorApp::draft(Arc::clone(saves), draft, theme, SERVED_PROOF)
            }
            Answer::Discard => {
                drop_draft(&**saves).map_err(|err| io::Error::other(err.to_string()))?;
                EditorApp::new_level(Some(Arc::clone(saves)), &why_not, theme, SERVED_PROOF)
            }
            Answer::Back => return Ok(()),
        },
        None => EditorApp::new_level(saves, &why_not, theme, SERVED_PROOF),
    };
    run_editor(console, editor, (player, peer), look)
}

/// What the player does with a draft kept from their last session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    Continue,
    Discard,
    Back,
}

/// The keys of the question about a draft.
const DRAFT_KEYS: &str = "c continues it, d discards it for a new level, q back to the menu";

/// The question about the draft `draft`, shown as its rows are written (the first 12 rows
/// of 60 cells at most).
fn question(draft: &Sketch) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::from("A draft was kept when your last session ended with it unsaved:")
            .style(Style::new().add_modifier(Modifier::BOLD)),
        Line::from(""),
    ];
    let shown = 12;
    for row in draft.rows().take(shown) {
        let row: String = row.chars().take(60).collect();
        lines.push(Line::from(format!("  {row}")));
    }
    if draft.height() > shown {
        lines.push(Line::from(format!("  ... {} rows in all", draft.height())));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(DRAFT_KEYS));
    lines
}

/// Asks whether to continue the draft `draft`.
fn ask_draft(console: &mut SshConsole, draft: &Sketch) -> io::Result<Answer> {
    let lines = question(draft);
    let mut dirty = true;
    loop {
        if console.quit_signal().is_some() {
            return Ok(Answer::Back);
        }
        if dirty {
            console.draw(|frame| {
                let area = frame.area();
                boxed(lines.clone(), " Make a level ", area, frame.buffer_mut());
            })?;
            dirty = false;
        }
        for input in console.read_input(IDLE_POLL)? {
            match input {
                Input::Key(key) if key.kind != KeyEventKind::Release => match key.code {
                    KeyCode::Char('c') if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                        return Ok(Answer::Continue);
                    }
                    KeyCode::Enter => return Ok(Answer::Continue),
                    KeyCode::Char('d') => return Ok(Answer::Discard),
                    KeyCode::Char('q' | 'c') | KeyCode::Esc => return Ok(Answer::Back),
                    _ => {}
                },
                Input::Quit | Input::HangUp => return Ok(Answer::Back),
                Input::Suspend => {
                    console.suspend()?;
                    dirty = true;
                }
                Input::Redraw => dirty = true,
                _ => {}
            }
        }
    }
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

/// Runs `editor` until the player leaves it or the session ends; a session that ends (the
/// connection dropped, the server shutting down, a time limit) with the board unsaved keeps
/// it as the player's draft.
fn run_editor(
    console: &mut SshConsole,
    mut editor: EditorApp,
    (player, peer): (&Player, IpAddr),
    look: Look,
) -> io::Result<()> {
    editor.set_mouse(look.mouse);
    editor.set_hint_budget(hint_budget(hint_owner(player), hint_address(peer)));
    console.mouse = look.mouse;
    let ended = console
        .capture_mouse()
        .and_then(|()| run::run(console, &mut editor));
    if console.end().is_some()
        && let Some((saves, origin)) = editor.unsaved_store()
    {
        match save_draft(&**saves, editor.editor().sketch(), origin) {
            Ok(()) => eprintln!(
                "sokoshot serve: player {}'s unsaved level kept as a draft",
                player.name()
            ),
            Err(err) => eprintln!(
                "sokoshot serve: player {}'s unsaved level not kept as a draft: {err}",
                player.name()
            ),
        }
    }
    let ended = ended.map(|_| ());
    console.release_mouse()?;
    ended
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;

    #[test]
    fn the_question_about_a_draft_at_80_by_24() {
        let mut draft = Sketch::room(7, 5);
        draft
            .put(sokoshot_core::level::Pos::new(3, 2), '$')
            .expect("put");
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        boxed(question(&draft), " Make a level ", area, &mut buf);
        let text = super::super::own::tests::text(&buf);
        insta::assert_snapshot!("draft_question", text);
        // A board taller than the box shows: its first rows, and how many it has.
        let tall = Sketch::room(70, 40);
        let lines = question(&tall);
        assert!(lines.len() + 2 <= 24, "{}", lines.len());
        let shown: Vec<String> = lines.iter().map(ToString::to_string).collect();
        assert!(
            shown.contains(&"  ... 40 rows in all".to_owned()),
            "{shown:?}"
        );
        assert!(shown.iter().all(|l| l.chars().count() <= 76), "{shown:?}");
    }
}
