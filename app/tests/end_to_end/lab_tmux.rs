//! The real `sokoshot lab` binary driven in tmux at 80×24: keys go in with `send-keys`, the
//! screen comes back with `capture-pane`, and every byte the program writes to its terminal
//! is counted through `pipe-pane`. Each test runs its own tmux server (the play tests'
//! `Pane`) and kills it at the end, pass or fail. Without tmux the tests print a note and
//! pass (CI installs tmux).

use crate::common::PATIENCE;
use crate::tmux;

use std::thread::sleep;
use std::time::{Duration, Instant};

use tmux::{Pane, TempDir, available};

/// How long a screen with nothing moving is watched for output.
const IDLE_WATCH: Duration = Duration::from_secs(1);

/// The lab running in one 80×24 tmux pane, with its terminal output logged.
struct Tmux {
    pane: Pane,
    dir: TempDir,
}

impl Tmux {
    /// Starts the lab on `scene` in a fresh tmux server, or `None` without tmux.
    fn start(test: &str, scene: &str) -> Option<Self> {
        Self::start_with(test, &["lab", scene])
    }

    /// Starts the binary with these arguments in a fresh tmux server, or `None` without tmux.
    fn start_with(test: &str, args: &[&str]) -> Option<Self> {
        if !available() {
            return None;
        }
        let dir = TempDir::new(&format!("lab-{test}"));
        let pane = Pane::start(&format!("lab-{test}"), &dir.0, args);
        Some(Self { pane, dir })
    }

    /// Types `text` into the pane byte for byte (escape sequences included).
    fn send_literal(&self, text: &str) {
        self.pane.tmux(&["send-keys", "-t", "main", "-l", text]);
    }

    fn send(&self, key: &str) {
        self.pane.keys(&[key]);
    }

    fn screen(&self) -> String {
        self.pane.screen()
    }

    /// Waits until the screen contains `text`, and returns the screen.
    fn wait_for(&self, text: &str) -> String {
        self.pane.wait_for(text)
    }

    /// Starts counting what the program writes to its terminal.
    fn count_output(&self) {
        let log = self.dir.join("out");
        let command = format!("cat >> '{}'", log.display());
        self.pane.tmux(&["pipe-pane", "-t", "main", &command]);
    }

    /// The bytes written to the terminal since counting started.
    fn written(&self) -> u64 {
        std::fs::metadata(self.dir.join("out")).map_or(0, |m| m.len())
    }

    /// The bytes written while the lab is left alone for `IDLE_WATCH`, counted once the
    /// frame for the last key has reached the log (the count holds still for a moment, or a
    /// few seconds have passed: a lab that never stops writing is measured all the same).
    fn idle_bytes(&self) -> u64 {
        let start = Instant::now();
        let mut last = self.written();
        loop {
            sleep(Duration::from_millis(150));
            let now = self.written();
            if now == last || start.elapsed() > Duration::from_secs(3) {
                break;
            }
            last = now;
        }
        let before = self.written();
        sleep(IDLE_WATCH);
        self.written() - before
    }
}

/// The panel's verdict on a captured screen.
fn verdict(screen: &str) -> &'static str {
    let panel: Vec<&str> = screen
        .lines()
        .filter_map(|line| line.split('│').nth(1))
        .collect();
    if panel.iter().any(|l| l.trim() == "HIT") {
        "HIT"
    } else if panel.iter().any(|l| l.trim() == "MISS") {
        "MISS"
    } else {
        panic!("no verdict on screen:\n{screen}")
    }
}

#[test]
fn disk_aabb_goes_miss_hit_miss_as_l_is_pressed() {
    let Some(tmux) = Tmux::start("miss-hit-miss", "disk-aabb") else {
        return;
    };
    let screen = tmux.wait_for("disk   (-9.25, 0.00)");
    assert_eq!(verdict(&screen), "MISS");
    let mut seen = vec!["MISS"];
    let mut first_hit = None;
    for press in 1..=80_u16 {
        tmux.send("l");
        let x = -9.25 + 0.5 * f32::from(press);
        let screen = tmux.wait_for(&format!("disk   ({x:.2}, 0.00)"));
        let now = verdict(&screen);
        if now != *seen.last().unwrap() {
            seen.push(now);
        }
        if now == "HIT" && first_hit.is_none() {
            first_hit = Some(press);
            assert!(screen.contains("depth"), "a hit shows its depth:\n{screen}");
        }
        if seen.len() == 3 {
            println!("HIT at press {first_hit:?}, MISS again at press {press}");
            break;
        }
    }
    assert_eq!(seen, ["MISS", "HIT", "MISS"]);
    assert!(first_hit.is_some_and(|p| p <= 40), "{first_hit:?}");
    tmux.send("q");
    tmux.wait_for("EXIT=0");
}

#[test]
fn an_idle_lab_writes_nothing_in_any_scene() {
    let Some(tmux) = Tmux::start("idle", "disk-aabb") else {
        return;
    };
    tmux.wait_for("1/10 disk-aabb");
    tmux.count_output();
    for (digit, name) in ["1", "2", "3", "4", "6", "7", "8", "9", "5"].iter().zip([
        "disk-aabb",
        "disk-obb",
        "obb-obb",
        "disk-triangle",
        "aabb-aabb",
        "cast",
        "sweep",
        "shot",
        "slope",
    ]) {
        tmux.send(digit);
        tmux.wait_for(name);
        let idle = tmux.idle_bytes();
        println!("{name}: {idle} bytes written in {IDLE_WATCH:?} idle");
        assert_eq!(idle, 0, "{name}");
    }
    let before = tmux.written();
    tmux.send("l");
    tmux.wait_for("ball   (-8.75, 0.00)");
    sleep(Duration::from_millis(200));
    let step = tmux.written() - before;
    println!("one step of the ball: {step} bytes");
    assert!(step > 0, "the count sees a frame");
}

#[test]
fn moving_shapes_redraw_until_paused_then_go_quiet() {
    let Some(tmux) = Tmux::start("pause", "disk-obb") else {
        return;
    };
    tmux.wait_for("motion off");
    tmux.count_output();
    tmux.send("s");
    tmux.wait_for("motion on");
    let before = tmux.written();
    sleep(Duration::from_secs(1));
    let running = tmux.written() - before;
    println!("one second of motion: {running} bytes");
    assert!(running > 0);
    tmux.send("p");
    tmux.wait_for("paused");
    assert_eq!(tmux.idle_bytes(), 0, "paused, nothing is written");
}

/// Waits until the screen differs from `before`: the frame for the last key has begun to land.
fn next_screen(tmux: &Tmux, before: &str) {
    let start = Instant::now();
    loop {
        let screen = tmux.screen();
        if screen != before {
            return;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "the screen did not change:\n{screen}"
        );
        sleep(Duration::from_millis(20));
    }
}

#[test]
fn every_scene_goes_miss_hit_miss_as_l_is_pressed() {
    // The slope's ball stops where it touches the slope instead (a unit test pins that).
    for scene in [
        "disk-aabb",
        "disk-obb",
        "obb-obb",
        "disk-triangle",
        "aabb-aabb",
        "sweep",
    ] {
        let Some(tmux) = Tmux::start(&format!("walk-{scene}"), scene) else {
            return;
        };
        tmux.wait_for(&format!("/10 {scene}"));
        // Let the first frame settle before comparing frames.
        sleep(Duration::from_millis(200));
        let mut screen = tmux.screen();
        assert_eq!(verdict(&screen), "MISS", "{scene} starts apart");
        let mut seen = vec!["MISS"];
        let (mut first_hit, mut miss_again) = (None, None);
        for press in 1..=80_u16 {
            tmux.send("l");
            next_screen(&tmux, &screen);
            // The frame for this key is complete once the screen holds still a moment.
            sleep(Duration::from_millis(30));
            screen = tmux.screen();
            let now = verdict(&screen);
            if now != *seen.last().unwrap() {
                seen.push(now);
                match now {
                    "HIT" if first_hit.is_none() => first_hit = Some(press),
                    "MISS" => miss_again = Some(press),
                    _ => {}
                }
            }
            if seen.len() == 3 {
                break;
            }
        }
        println!("{scene}: HIT at press {first_hit:?}, MISS again at press {miss_again:?}");
        assert_eq!(seen, ["MISS", "HIT", "MISS"], "{scene}");
        assert!(first_hit.is_some_and(|p| p <= 40), "{scene}: {first_hit:?}");
    }
}

/// The terminal cell (0-based column, row) of an 80×24 lab screen whose world point is
/// nearest `target`, as the lab maps cells to the world.
fn cell_at(lab: &sokoshot_core::lab::Lab, target: sokoshot_core::geom::Vec2) -> (u16, u16) {
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut best = ((0, 0), f32::INFINITY);
    for row in 0..24 {
        for column in 0..80 {
            if let Some(p) = sokoshot::tui::lab_view::world_at(lab, area, column, row) {
                let d = p.distance(target);
                if d < best.1 {
                    best = ((column, row), d);
                }
            }
        }
    }
    best.0
}

/// An SGR mouse report: button code, 1-based column and row, `M` press or `m` release.
fn sgr(code: u8, (column, row): (u16, u16), end: char) -> String {
    format!("\x1b[<{code};{};{}{end}", column + 1, row + 1)
}

#[test]
fn dragging_a_box_with_the_mouse_changes_the_verdict() {
    use sokoshot_core::geom::Vec2;
    use sokoshot_core::lab::{Lab, SceneId};
    let Some(tmux) = Tmux::start("drag", "aabb-aabb") else {
        return;
    };
    tmux.wait_for("6/10 aabb-aabb");
    sleep(Duration::from_millis(200));
    let flags = tmux.pane.format("#{mouse_any_flag}#{mouse_sgr_flag}");
    assert_eq!(flags.trim(), "11", "the lab asks for SGR mouse reports");
    assert_eq!(verdict(&tmux.screen()), "MISS");
    let lab = Lab::new(SceneId::AabbAabb);
    let grab = cell_at(&lab, Vec2::new(-9.25, 0.0));
    let drop = cell_at(&lab, Vec2::new(0.0, 0.5));
    tmux.send_literal(&sgr(0, grab, 'M'));
    let steps = 4_u16;
    for i in 1..=steps {
        let at = |a: u16, b: u16| a + (b - a) * i / steps;
        let cell = (at(grab.0, drop.0), at(grab.1, drop.1));
        tmux.send_literal(&sgr(32, cell, 'M'));
    }
    tmux.send_literal(&sgr(0, drop, 'm'));
    let start = Instant::now();
    let mut screen = tmux.screen();
    while verdict(&screen) != "HIT" && start.elapsed() < PATIENCE {
        sleep(Duration::from_millis(50));
        screen = tmux.screen();
    }
    assert_eq!(verdict(&screen), "HIT", "dragged onto B:\n{screen}");
    // A click on empty space moves the active box there: apart again.
    let empty = cell_at(&lab, Vec2::new(-8.0, -4.0));
    tmux.send_literal(&sgr(0, empty, 'M'));
    tmux.send_literal(&sgr(0, empty, 'm'));
    let start = Instant::now();
    while verdict(&screen) != "MISS" && start.elapsed() < PATIENCE {
        sleep(Duration::from_millis(50));
        screen = tmux.screen();
    }
    assert_eq!(verdict(&screen), "MISS", "clicked away:\n{screen}");
    tmux.send("q");
    tmux.wait_for("EXIT=0");
    let flags = tmux.pane.format("#{mouse_any_flag}");
    assert_eq!(
        flags.trim(),
        "0",
        "mouse reports are off again after quitting"
    );
}

#[test]
fn no_mouse_leaves_the_mouse_alone() {
    use sokoshot_core::geom::Vec2;
    use sokoshot_core::lab::{Lab, SceneId};
    let Some(tmux) = Tmux::start_with("no-mouse", &["lab", "aabb-aabb", "--no-mouse"]) else {
        return;
    };
    tmux.wait_for("6/10 aabb-aabb");
    sleep(Duration::from_millis(200));
    assert_eq!(tmux.pane.format("#{mouse_any_flag}").trim(), "0");
    let lab = Lab::new(SceneId::AabbAabb);
    let grab = cell_at(&lab, Vec2::new(-9.25, 0.0));
    let drop = cell_at(&lab, Vec2::new(0.0, 0.5));
    tmux.send_literal(&sgr(0, grab, 'M'));
    tmux.send_literal(&sgr(32, drop, 'M'));
    tmux.send_literal(&sgr(0, drop, 'm'));
    tmux.send("l");
    let screen = tmux.wait_for("(-8.75, 0.00)");
    assert_eq!(verdict(&screen), "MISS", "{screen}");
    tmux.send("q");
    tmux.wait_for("EXIT=0");
}

#[test]
fn the_lab_draws_in_ascii_when_asked_either_way() {
    for (name, args) in [
        ("ascii-after", &["lab", "--ascii"][..]),
        ("ascii-before", &["--ascii", "lab"][..]),
    ] {
        let Some(tmux) = Tmux::start_with(name, args) else {
            return;
        };
        let screen = tmux.wait_for("1/10 disk-aabb");
        sleep(Duration::from_millis(200));
        let screen = if screen.contains("oooo") {
            screen
        } else {
            tmux.screen()
        };
        assert!(
            screen
                .chars()
                .all(|c| c == '\n' || c == ' ' || c.is_ascii_graphic()),
            "{name}:\n{screen}"
        );
        assert!(
            screen.contains("oooo active"),
            "{name}: the legend\n{screen}"
        );
        tmux.send("q");
        tmux.wait_for("EXIT=0");
    }
}
