//! The editor's own loop (`sokoshot edit`, and "Make a level" over SSH) run on a scripted
//! console at 80×24: what the author sees while trying the level (`t`) is the game as
//! `sokoshot play` shows it, with the same keys answering the same way.

use std::collections::VecDeque;
use std::io;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::{Frame, Terminal};
use sokoshot::tui::console::Console;
use sokoshot::tui::editor::EditorApp;
use sokoshot::tui::editor::run::run;
use sokoshot::tui::terminal::{Input, Quit};
use sokoshot_core::edit::open;

use crate::support::{PLAIN, rows};

/// A level with a spinner, so that the help's spinner lines are worth reading.
const LEVEL: &str = "\
#########
#  F  E #
#  @    #
# $.   %#
#########
Spinner: 7,3 length=3 speed=90 angle=0
";

/// A terminal that types the inputs it was given, one read at a time, and keeps every frame
/// drawn and every sequence written beside the frames.
struct Scripted {
    terminal: Terminal<TestBackend>,
    inputs: VecDeque<Input>,
    frames: Vec<String>,
    commands: Vec<String>,
}

impl Scripted {
    fn new(inputs: Vec<Input>) -> Self {
        Self {
            terminal: Terminal::new(TestBackend::new(80, 24)).unwrap(),
            inputs: inputs.into(),
            frames: Vec::new(),
            commands: Vec::new(),
        }
    }
}

impl Console for Scripted {
    fn read_input(&mut self, _wait: Duration) -> io::Result<Vec<Input>> {
        Ok(self.inputs.pop_front().into_iter().collect())
    }

    fn draw(&mut self, render: impl FnOnce(&mut Frame)) -> io::Result<()> {
        let Ok(_) = self.terminal.draw(render);
        let screen = rows(self.terminal.backend().buffer()).join("\n");
        self.frames.push(screen);
        Ok(())
    }

    fn invalidate(&mut self) -> io::Result<()> {
        Ok(())
    }

    fn quit_signal(&self) -> Option<Quit> {
        None
    }

    fn capture_mouse(&mut self) -> io::Result<()> {
        Ok(())
    }

    fn size(&self) -> (u16, u16) {
        (80, 24)
    }

    fn write_command(&mut self, command: impl crossterm::Command) -> io::Result<()> {
        let mut ansi = String::new();
        command.write_ansi(&mut ansi).map_err(io::Error::other)?;
        self.commands.push(ansi);
        Ok(())
    }

    fn suspend(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn key(code: KeyCode) -> Input {
    Input::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn keys(typed: &str) -> Vec<Input> {
    typed.chars().map(|c| key(KeyCode::Char(c))).collect()
}

/// Runs the editor on `LEVEL` through its own loop with `inputs`, then Ctrl-\ (which ends it).
fn run_editor(inputs: Vec<Input>) -> Scripted {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pack.xsb");
    std::fs::write(&path, LEVEL).unwrap();
    let mut editor = EditorApp::new(open(&path, Some(1)).unwrap(), PLAIN);
    let mut inputs = inputs;
    inputs.push(Input::Quit);
    let mut console = Scripted::new(inputs);
    run(&mut console, &mut editor).unwrap();
    console
}

fn last_frame(console: &Scripted) -> &str {
    console.frames.last().map_or("", String::as_str)
}

/// The help of the level being tried scrolls with j and Down as play's does, down to its
/// last lines (the legend and the rules), and back up with k and Up.
#[test]
fn the_help_while_trying_scrolls_to_its_last_lines_as_in_play() {
    let last_line = "Shots stop at walls and boxes";
    let opened = run_editor(keys("t?"));
    let top = last_frame(&opened).to_owned();
    assert!(top.contains("more"), "the help is cut at 80×24:\n{top}");
    assert!(!top.contains(last_line), "{top}");
    for (name, scroll) in [
        ("j, many times", keys(&"j".repeat(60))),
        ("Down, many times", vec![key(KeyCode::Down); 60]),
    ] {
        let mut inputs = keys("t?");
        inputs.extend(scroll);
        let console = run_editor(inputs);
        let screen = last_frame(&console);
        assert!(screen.contains(last_line), "{name}:\n{screen}");
        assert_ne!(screen, top, "{name}");
    }
    let mut inputs = keys("t?");
    inputs.extend(keys(&"j".repeat(60)));
    inputs.extend(keys(&"k".repeat(30)));
    inputs.extend(vec![key(KeyCode::Up); 30]);
    let console = run_editor(inputs);
    assert_eq!(last_frame(&console), top, "k and Up go back to the top");
}

/// `y` and `Y` while trying put the level and the solution on the terminal's clipboard, as
/// in play (the sequence reaches the terminal), and a paste of moves plays them.
#[test]
fn copying_and_pasting_moves_while_trying_work_as_in_play() {
    let console = run_editor(keys("ty"));
    assert!(
        console.commands.iter().any(|c| c.starts_with("\x1b]52;c;")),
        "the level goes to the clipboard: {:?}\n{}",
        console.commands,
        last_frame(&console)
    );
    let mut inputs = keys("t");
    inputs.push(Input::Paste("l".to_owned()));
    let console = run_editor(inputs);
    let screen = last_frame(&console);
    assert!(
        screen.contains("Moves 1"),
        "the pasted move is played:\n{}",
        console.frames.join("\n=====\n")
    );
    assert!(!screen.contains("close this view"), "{screen}");
}

/// The same from the game: `e` opens the editor over it, `t` tries the level, and the help
/// scrolls there too (the game's loop tells the editor the screen's size), and `y` reaches
/// the clipboard.
#[test]
fn the_help_while_trying_from_the_games_editor_scrolls_too() {
    let mut game = crate::support::app(LEVEL, PLAIN);
    game.allow_editing();
    let mut inputs = keys("et?");
    inputs.extend(keys(&"j".repeat(60)));
    inputs.push(Input::Quit);
    let mut console = Scripted::new(inputs);
    sokoshot::tui::event_loop::run(&mut console, &mut game, None, None).unwrap();
    let screen = last_frame(&console);
    assert!(screen.contains("Shots stop at walls and boxes"), "{screen}");
    let mut game = crate::support::app(LEVEL, PLAIN);
    game.allow_editing();
    let mut console = Scripted::new([keys("ety"), vec![Input::Quit]].concat());
    sokoshot::tui::event_loop::run(&mut console, &mut game, None, None).unwrap();
    assert!(
        console.commands.iter().any(|c| c.starts_with("\x1b]52;c;")),
        "{:?}",
        console.commands
    );
}
