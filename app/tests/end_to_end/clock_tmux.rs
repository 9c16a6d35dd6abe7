//! Time moves when the player moves, seen in tmux at 80×24 on a level whose bar turns: with
//! no key pressed the screen (colours included) and the bytes written stay the same for 2 s;
//! after `.` the shaded cells, those the bar blocks, are others.

use crate::tmux;

use std::collections::BTreeSet;
use std::fs;
use std::time::{Duration, Instant};

use tmux::{Pane, TempDir, available, bytes_written};

/// A bar three cells long across the player's row, turning at 90° a second.
const TURNING_BAR: &str = "\
Title: Turning bar
#######
#     #
#@ % E#
#     #
#######
Spinner: 3,2 length=3 speed=90
";

/// The screen with its colours (tmux's `capture-pane -e`).
fn styled(pane: &Pane) -> String {
    pane.tmux(&["capture-pane", "-p", "-e", "-t", "main"])
}

/// The cells (row, column) drawn shaded, as the board shades what a bar blocks: on the grey
/// background (256-colour 8 or bright black) or in reverse video.
fn shaded(styled: &str) -> BTreeSet<(usize, usize)> {
    let mut cells = BTreeSet::new();
    for (row, line) in styled.lines().enumerate() {
        let (mut grey, mut reverse) = (false, false);
        let mut column = 0;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '\u{1b}' {
                if grey || reverse {
                    cells.insert((row, column));
                }
                column += 1;
                continue;
            }
            if chars.next() != Some('[') {
                continue;
            }
            let mut sequence = String::new();
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    if c == 'm' {
                        apply_sgr(&sequence, &mut grey, &mut reverse);
                    }
                    break;
                }
                sequence.push(c);
            }
        }
    }
    cells
}

/// Follows one SGR sequence's parameters as far as the background and reverse video go.
fn apply_sgr(parameters: &str, grey: &mut bool, reverse: &mut bool) {
    let numbers: Vec<u32> = parameters
        .split(';')
        .map(|p| p.parse().unwrap_or(0))
        .collect();
    let mut i = 0;
    while i < numbers.len() {
        match numbers[i] {
            0 => (*grey, *reverse) = (false, false),
            7 => *reverse = true,
            27 => *reverse = false,
            49 => *grey = false,
            100 => *grey = true,
            40..=47 | 101..=107 => *grey = false,
            48 if numbers.get(i + 1) == Some(&5) => {
                *grey = numbers.get(i + 2) == Some(&8);
                i += 2;
            }
            48 if numbers.get(i + 1) == Some(&2) => {
                *grey = false;
                i += 4;
            }
            38 if numbers.get(i + 1) == Some(&5) => i += 2,
            38 if numbers.get(i + 1) == Some(&2) => i += 4,
            _ => {}
        }
        i += 1;
    }
}

#[test]
fn the_shading_reads_grey_backgrounds_and_reverse_video() {
    let line = "ab\u{1b}[38;5;15m\u{1b}[48;5;8mcd\u{1b}[49me\u{1b}[7mf\u{1b}[0mg\u{1b}[100mh";
    let cells: Vec<usize> = shaded(line).into_iter().map(|(_, c)| c).collect();
    assert_eq!(cells, [2, 3, 5, 7]);
}

#[test]
fn with_no_key_pressed_the_screen_stands_still_and_a_wait_turns_the_bar() {
    if !available() {
        return;
    }
    let dir = TempDir::new("clock");
    let file = dir.join("bar.xsb");
    fs::write(&file, TURNING_BAR).expect("level written");
    let pane = Pane::start("clock", &dir.0, &["play", &file.display().to_string()]);
    let screen = pane.wait_for("Moves 0  Pushes 0");
    assert!(
        screen.contains(". wait"),
        "the keys line names the wait key:\n{screen}"
    );
    let pid = pane.game_pid();
    // Let the first frames settle, then watch for 2 s with no key pressed.
    std::thread::sleep(Duration::from_millis(300));
    let before = styled(&pane);
    let written = bytes_written(pid);
    let bars = shaded(&before);
    assert!(!bars.is_empty(), "the bar's cells are shaded:\n{before}");
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(styled(&pane), before, "nothing changes with no key pressed");
    }
    assert_eq!(bytes_written(pid), written, "and nothing is written");
    pane.keys(&["."]);
    let start = Instant::now();
    let after = loop {
        let now = styled(&pane);
        if shaded(&now) != bars {
            break now;
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the bar never turned:\n{now}"
        );
        std::thread::sleep(Duration::from_millis(30));
    };
    assert_ne!(shaded(&after), bars, "after . the shaded cells are others");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}
