//! The lab's event loop. It sleeps on the keyboard with a long timeout while nothing moves, so
//! an idle lab writes nothing; while something moves it wakes at the 60 Hz tick rate. A frame
//! is drawn only when a key, a tick or a resize changed what is on screen.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

use crate::tui::console::Console;
use crate::tui::terminal::{Input, Screen, paste_keys};
use sokoshot_core::lab::{Key, Lab, Outcome, Pointer, SceneId, TICK};

use super::{LabView, Palette, world_at};

/// How the lab is started from the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The scene shown first.
    pub scene: SceneId,
    /// Draw with printable ASCII only.
    pub ascii: bool,
    /// Read the mouse (drag, click, wheel).
    pub mouse: bool,
}

/// How long to wait for a key while nothing moves, before checking for a quit signal again.
const IDLE_WAIT: Duration = crate::tui::console::IDLE_POLL;

/// The most ticks run in one go after the loop fell behind (a stalled terminal), so that a
/// long stall does not turn into a burst of motion.
const MAX_CATCH_UP: u32 = 4;

/// Runs the lab on the terminal, starting on `scene`, until the user quits or a signal asks
/// the program to end.
///
/// # Errors
/// When standard input or output is not a terminal, or the terminal cannot be set up, read
/// or written.
pub fn run(options: Options) -> io::Result<()> {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return Err(io::Error::other(
            "the lab draws on a terminal: run it with standard input and output on one",
        ));
    }
    let palette = Palette::from_env(options.ascii);
    let mut screen = Screen::start()?;
    run_on(&mut screen, options, palette)
}

/// Runs the lab on `screen` (the local terminal or an SSH channel) in `palette`, until the
/// user quits or the console asks the session to end.
///
/// # Errors
/// When the console cannot be read or written.
pub fn run_on(screen: &mut impl Console, options: Options, palette: Palette) -> io::Result<()> {
    if options.mouse {
        screen.capture_mouse()?;
    }
    let mut lab = Lab::new(options.scene);
    let tick = Duration::from_secs_f32(TICK);
    let mut next_tick = Instant::now() + tick;
    let mut dirty = true;
    while screen.quit_signal().is_none() {
        if dirty {
            screen.draw(|frame| frame.render_widget(LabView::new(&lab, palette), frame.area()))?;
            dirty = false;
        }
        let wait = if lab.animating() {
            next_tick.saturating_duration_since(Instant::now())
        } else {
            IDLE_WAIT
        };
        for input in screen.read_input(wait)? {
            match input {
                Input::Key(press) => match key_of(press).map(|key| lab.press(key)) {
                    Some(Outcome::Quit) => return Ok(()),
                    Some(Outcome::Redraw) => dirty = true,
                    Some(Outcome::Unchanged) | None => {}
                },
                Input::Paste(text) => {
                    for key in paste_keys(&text).0.into_iter().filter_map(key_of) {
                        match lab.press(key) {
                            Outcome::Quit => return Ok(()),
                            Outcome::Redraw => dirty = true,
                            Outcome::Unchanged => {}
                        }
                    }
                }
                Input::Suspend => {
                    screen.suspend()?;
                    dirty = true;
                }
                Input::Quit | Input::HangUp => return Ok(()),
                Input::Redraw => dirty = true,
                Input::Mouse(mouse) if options.mouse => {
                    let (columns, rows) = screen.size();
                    let area = Rect::new(0, 0, columns, rows);
                    let pointer = pointer_of(&lab, area, mouse);
                    if pointer.is_some_and(|p| lab.point(p) == Outcome::Redraw) {
                        dirty = true;
                    }
                }
                Input::Mouse(_) => {}
            }
        }
        let now = Instant::now();
        if !lab.animating() {
            next_tick = now + tick;
            continue;
        }
        let mut ran = 0;
        while next_tick <= now && ran < MAX_CATCH_UP {
            lab.tick();
            next_tick += tick;
            ran += 1;
        }
        if ran > 0 {
            dirty = true;
        }
        if next_tick <= now {
            next_tick = now + tick;
        }
    }
    Ok(())
}

/// The lab's pointer gesture for a terminal mouse event on a screen of size `area`, if it has
/// one: the left button's press, drag and release, and the wheel, over the canvas.
#[must_use]
pub fn pointer_of(lab: &Lab, area: Rect, mouse: MouseEvent) -> Option<Pointer> {
    let at = || world_at(lab, area, mouse.column, mouse.row);
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => at().map(Pointer::Press),
        MouseEventKind::Drag(MouseButton::Left) => at().map(Pointer::Drag),
        MouseEventKind::Up(MouseButton::Left) => Some(Pointer::Release),
        MouseEventKind::ScrollUp => at().map(|p| Pointer::Wheel(p, true)),
        MouseEventKind::ScrollDown => at().map(|p| Pointer::Wheel(p, false)),
        _ => None,
    }
}

/// The lab's key for a terminal key event, if it has one. Ctrl-C is [`Key::CtrlC`]; other
/// keys with Ctrl or Alt mean nothing to the lab. The arrow keys pan the view.
#[must_use]
pub fn key_of(event: KeyEvent) -> Option<Key> {
    let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
    let alt = event.modifiers.contains(KeyModifiers::ALT);
    let shift = event.modifiers.contains(KeyModifiers::SHIFT);
    match event.code {
        KeyCode::Char('c' | 'C') if ctrl => Some(Key::CtrlC),
        _ if ctrl || alt => None,
        KeyCode::Char(c) => Some(Key::Char(c)),
        KeyCode::Tab if shift => Some(Key::BackTab),
        KeyCode::Tab => Some(Key::Tab),
        KeyCode::BackTab => Some(Key::BackTab),
        KeyCode::Esc => Some(Key::Esc),
        KeyCode::Enter => Some(Key::Enter),
        KeyCode::Backspace => Some(Key::Backspace),
        KeyCode::Left => Some(Key::Arrow(-1, 0)),
        KeyCode::Down => Some(Key::Arrow(0, 1)),
        KeyCode::Up => Some(Key::Arrow(0, -1)),
        KeyCode::Right => Some(Key::Arrow(1, 0)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_keys_map_to_lab_keys() {
        let cases = [
            (
                "letter",
                KeyCode::Char('l'),
                KeyModifiers::NONE,
                Some(Key::Char('l')),
            ),
            (
                "shifted letter",
                KeyCode::Char('R'),
                KeyModifiers::SHIFT,
                Some(Key::Char('R')),
            ),
            (
                "ctrl-c",
                KeyCode::Char('c'),
                KeyModifiers::CONTROL,
                Some(Key::CtrlC),
            ),
            (
                "other ctrl",
                KeyCode::Char('r'),
                KeyModifiers::CONTROL,
                None,
            ),
            ("alt", KeyCode::Char('l'), KeyModifiers::ALT, None),
            ("tab", KeyCode::Tab, KeyModifiers::NONE, Some(Key::Tab)),
            (
                "shift-tab as tab",
                KeyCode::Tab,
                KeyModifiers::SHIFT,
                Some(Key::BackTab),
            ),
            (
                "back-tab",
                KeyCode::BackTab,
                KeyModifiers::SHIFT,
                Some(Key::BackTab),
            ),
            ("esc", KeyCode::Esc, KeyModifiers::NONE, Some(Key::Esc)),
            (
                "arrow",
                KeyCode::Left,
                KeyModifiers::NONE,
                Some(Key::Arrow(-1, 0)),
            ),
            (
                "shift arrow",
                KeyCode::Up,
                KeyModifiers::SHIFT,
                Some(Key::Arrow(0, -1)),
            ),
            ("function key", KeyCode::F(1), KeyModifiers::NONE, None),
        ];
        for (name, code, modifiers, want) in cases {
            assert_eq!(key_of(KeyEvent::new(code, modifiers)), want, "{name}");
        }
    }
}
