//! "Play your levels": the player's own levels on the server (pasted or made in the
//! editor, kept in the store's Pasted pack), listed to play one, open it in the editor, or
//! delete it after asking. The keys are no level character and are said under the list:
//! Enter plays, `e` edits, `d` deletes (then `y` or `n`), `q` or Esc goes back to the menu.

use std::io;
use std::sync::Arc;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::menu::boxed;
use crate::tui::console::{Console, IDLE_POLL};
use crate::tui::terminal::Input;
use crate::words::count;
use sokoshot_core::edit::delete;
use sokoshot_core::level::{Level, visible};
use sokoshot_core::store::saves::Saves;

/// What the player chose in the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnChoice {
    /// Play the level with this index (0-based).
    Play(usize),
    /// Open the level with this index (0-based) in the editor.
    Edit(usize),
    /// Back to the menu.
    Back,
    /// End the session.
    Quit,
}

/// What a key asks of the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Press {
    /// Nothing leaves the list.
    Stay,
    /// A choice that leaves it.
    Chosen(OwnChoice),
    /// Delete the level with this index: asked and answered `y`.
    Delete(usize),
}

/// The keys under the list.
pub const KEYS: &str = "Enter plays, e edits, d deletes, q back to the menu";

/// The list's state: the levels, the selection, a deletion being asked.
#[derive(Debug, Clone)]
pub struct OwnLevels {
    levels: Vec<Level>,
    selected: usize,
    /// Asking whether to delete the selected level.
    asking: bool,
    /// What became of the last thing done.
    note: Option<String>,
}

impl OwnLevels {
    /// The list of `levels`, the one with index `selected` selected (kept in range).
    #[must_use]
    pub fn new(levels: Vec<Level>, selected: usize) -> Self {
        let selected = selected.min(levels.len().saturating_sub(1));
        Self {
            levels,
            selected,
            asking: false,
            note: None,
        }
    }

    /// The levels listed.
    #[must_use]
    pub fn levels(&self) -> &[Level] {
        &self.levels
    }

    /// The selected level's index.
    #[must_use]
    pub fn selected(&self) -> usize {
        self.selected
    }

    fn press(&mut self, key: KeyEvent) -> Press {
        if key.kind == KeyEventKind::Release {
            return Press::Stay;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if self.asking {
            self.asking = false;
            return match key.code {
                KeyCode::Char('y') if !ctrl => Press::Delete(self.selected),
                _ => {
                    self.note = Some(format!("level {} kept", self.selected + 1));
                    Press::Stay
                }
            };
        }
        self.note = None;
        let last = self.levels.len().saturating_sub(1);
        match key.code {
            KeyCode::Char('c') if ctrl => Press::Chosen(OwnChoice::Back),
            KeyCode::Char('q') | KeyCode::Esc => Press::Chosen(OwnChoice::Back),
            _ if self.levels.is_empty() => Press::Stay,
            KeyCode::Char('j') | KeyCode::Down | KeyCode::Tab => {
                self.selected = if self.selected == last {
                    0
                } else {
                    self.selected + 1
                };
                Press::Stay
            }
            KeyCode::Char('k') | KeyCode::Up | KeyCode::BackTab => {
                self.selected = if self.selected == 0 {
                    last
                } else {
                    self.selected - 1
                };
                Press::Stay
            }
            KeyCode::Enter | KeyCode::Char(' ') => Press::Chosen(OwnChoice::Play(self.selected)),
            KeyCode::Char('e') => Press::Chosen(OwnChoice::Edit(self.selected)),
            KeyCode::Char('d') | KeyCode::Delete => {
                self.asking = true;
                Press::Stay
            }
            _ => Press::Stay,
        }
    }

    /// The level's line: its number, its title (or that it has none), its size.
    fn label(&self, index: usize) -> String {
        let level = &self.levels[index];
        let title = level
            .title
            .as_deref()
            .map_or_else(|| "untitled".to_owned(), |t| visible(t).into_owned());
        let title: String = title.chars().take(40).collect();
        format!(
            "{:>2}  {title:<40}  {} × {}",
            index + 1,
            level.width,
            level.height
        )
    }

    /// After a deletion: the levels as the store now has them, and what happened.
    fn deleted(&mut self, levels: Vec<Level>, note: String) {
        *self = Self::new(levels, self.selected);
        self.note = Some(note);
    }
}

impl Widget for &OwnLevels {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let heading = format!(
            "Your levels on this server: {}",
            count(self.levels.len(), "level")
        );
        let mut lines = vec![
            Line::from(heading).style(Style::new().add_modifier(Modifier::BOLD)),
            Line::from(""),
        ];
        // Heading, blank, blank, keys, note; two rows of border.
        let room = usize::from(area.height.saturating_sub(7)).max(1);
        let first = (self.selected + 1).saturating_sub(room);
        for index in (first..self.levels.len()).take(room) {
            let marker = if index == self.selected { "> " } else { "  " };
            let mut line = Line::from(format!("{marker}{}", self.label(index)));
            if index == self.selected {
                line = line.style(Style::new().add_modifier(Modifier::REVERSED));
            }
            lines.push(line);
        }
        if self.levels.is_empty() {
            lines.push(Line::from("None left: q goes back to the menu."));
        }
        lines.push(Line::from(""));
        if self.asking {
            lines.push(
                Line::from(format!(
                    "Delete level {} for good? y deletes it, n keeps it",
                    self.selected + 1
                ))
                .style(Style::new().add_modifier(Modifier::BOLD)),
            );
        } else {
            lines.push(Line::from(KEYS));
        }
        if let Some(note) = &self.note {
            lines.push(Line::from(note.clone()));
        }
        boxed(lines, " Play your levels ", area, buf);
    }
}

/// Shows the player's levels in `saves` on `console`, the one with index `selected`
/// selected, until the player chooses one to play or edit, or goes back; deletes the ones
/// they ask to (after `y`).
///
/// # Errors
/// When the console cannot be read or written.
pub fn run(
    console: &mut impl Console,
    saves: &Arc<dyn Saves>,
    selected: usize,
) -> io::Result<OwnChoice> {
    let mut list = OwnLevels::new(saves.pasted(), selected);
    let mut dirty = true;
    loop {
        if console.quit_signal().is_some() {
            return Ok(OwnChoice::Quit);
        }
        if dirty {
            console.draw(|frame| frame.render_widget(&list, frame.area()))?;
            dirty = false;
        }
        for input in console.read_input(IDLE_POLL)? {
            match input {
                Input::Key(key) => {
                    dirty = true;
                    match list.press(key) {
                        Press::Stay => {}
                        Press::Chosen(choice) => return Ok(choice),
                        Press::Delete(index) => {
                            let note = delete_level(&**saves, &list, index);
                            list.deleted(saves.pasted(), note);
                        }
                    }
                }
                Input::Quit | Input::HangUp => return Ok(OwnChoice::Quit),
                Input::Suspend => console.suspend()?,
                Input::Redraw => dirty = true,
                Input::Paste(_) | Input::Mouse(_) => {}
            }
        }
    }
}

/// Deletes level `index` of the list from `saves`; what became of it, in words.
fn delete_level(saves: &dyn Saves, list: &OwnLevels, index: usize) -> String {
    let Some(level) = list.levels.get(index) else {
        return "that level is no longer among your levels".to_owned();
    };
    match delete(saves, level, index + 1) {
        Ok(()) => format!("level {} deleted", index + 1),
        Err(why) => format!("not deleted: {why}"),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The buffer's rows, each trimmed at the right.
    pub(in crate::serve) fn text(buf: &Buffer) -> String {
        let area = buf.area;
        (0..area.height)
            .map(|y| {
                let row: String = (0..area.width).map(|x| buf[(x, y)].symbol()).collect();
                row.trim_end().to_owned()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_list_and_its_question_at_80_by_24() {
        let area = Rect::new(0, 0, 80, 24);
        let mut list = OwnLevels::new(levels(2), 1);
        let mut buf = Buffer::empty(area);
        list.render(area, &mut buf);
        insta::assert_snapshot!("own_levels", text(&buf));
        list.press(key(KeyCode::Char('d')));
        let mut buf = Buffer::empty(area);
        list.render(area, &mut buf);
        insta::assert_snapshot!("own_levels_delete", text(&buf));
        // More levels than rows: the selection stays in view.
        let mut many = OwnLevels::new(levels(30), 29);
        many.note = Some("level 31 deleted".into());
        let mut buf = Buffer::empty(area);
        many.render(area, &mut buf);
        let shown = text(&buf);
        assert!(shown.contains("> 30"), "{shown}");
        assert!(shown.contains("level 31 deleted"), "{shown}");
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn levels(n: usize) -> Vec<Level> {
        (0..n)
            .map(|i| {
                let floor = " ".repeat(i);
                format!(
                    "#####{}\n#@$.{floor}#\n#####{}\n",
                    "#".repeat(i),
                    "#".repeat(i)
                )
                .parse()
                .expect("level")
            })
            .collect()
    }

    #[test]
    fn keys_select_play_edit_and_ask_before_deleting() {
        let mut list = OwnLevels::new(levels(3), 0);
        let cases = [
            ("down", KeyCode::Down, Press::Stay, 1),
            ("play", KeyCode::Enter, Press::Chosen(OwnChoice::Play(1)), 1),
            (
                "edit",
                KeyCode::Char('e'),
                Press::Chosen(OwnChoice::Edit(1)),
                1,
            ),
            ("up wraps", KeyCode::Char('k'), Press::Stay, 0),
            ("up wraps", KeyCode::Char('k'), Press::Stay, 2),
            ("asks", KeyCode::Char('d'), Press::Stay, 2),
            ("n keeps", KeyCode::Char('n'), Press::Stay, 2),
            ("asks again", KeyCode::Char('d'), Press::Stay, 2),
            ("y deletes", KeyCode::Char('y'), Press::Delete(2), 2),
            ("y alone does not", KeyCode::Char('y'), Press::Stay, 2),
            ("back", KeyCode::Esc, Press::Chosen(OwnChoice::Back), 2),
        ];
        for (name, code, want, selected) in cases {
            assert_eq!(list.press(key(code)), want, "{name}");
            assert_eq!(list.selected(), selected, "{name}");
        }
        list.deleted(levels(2), "level 3 deleted".into());
        assert_eq!(list.selected(), 1, "the selection stays on the list");
        let mut empty = OwnLevels::new(Vec::new(), 0);
        assert_eq!(empty.press(key(KeyCode::Enter)), Press::Stay);
        assert_eq!(empty.press(key(KeyCode::Char('d'))), Press::Stay);
        assert_eq!(
            empty.press(key(KeyCode::Char('q'))),
            Press::Chosen(OwnChoice::Back)
        );
    }
}
