//! A big open room for measuring the solver's time, memory and cancel contract: a wall round
//! the edge, the boxes, goals and player at random cells inside (a fixed seed, so every run
//! makes the same level).
//!
//! ```sh
//! # write the level, then measure the command line on it
//! cargo run --release --example big_room -- --boxes 60 --write /tmp/room60.xsb
//! /usr/bin/time -v target/release/sokoshot solve /tmp/room60.xsb --time-limit 1
//! # or solve in this process: a time limit, a cancel after some seconds, a thread count
//! cargo run --release --example big_room -- --boxes 120 --solve 1
//! cargo run --release --example big_room -- --boxes 120 --solve 60 --cancel-after 1
//! ```
//!
//! Flags: `--size WxH` (default 150x110), `--boxes N` (default 60), `--seed N` (default 1),
//! `--write FILE`, `--solve SECONDS`, `--cancel-after SECONDS`, `--threads N` (default 1),
//! `--memory MIB`. In-process runs print the time from the call to its answer, from the
//! cancel to the answer, and the process's peak resident memory (`VmHWM`, Linux).

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sokoshot_core::level::Level;
use sokoshot_core::solve::{Limits, Settings, Verdict, solve_level};

/// What to make and what to do with it.
struct Args {
    width: usize,
    height: usize,
    boxes: usize,
    seed: u64,
    write: Option<String>,
    solve: Option<f64>,
    cancel_after: Option<f64>,
    threads: usize,
    memory_mib: Option<usize>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        width: 150,
        height: 110,
        boxes: 60,
        seed: 1,
        write: None,
        solve: None,
        cancel_after: None,
        threads: 1,
        memory_mib: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |_| format!("{flag} {value}: not a number");
        match flag.as_str() {
            "--size" => {
                let (w, h) = value.split_once('x').ok_or("--size is WxH")?;
                args.width = w.parse().map_err(bad)?;
                args.height = h.parse().map_err(bad)?;
            }
            "--boxes" => args.boxes = value.parse().map_err(bad)?,
            "--seed" => args.seed = value.parse().map_err(bad)?,
            "--write" => args.write = Some(value),
            "--solve" => args.solve = Some(value.parse().map_err(|_| "--solve SECONDS")?),
            "--cancel-after" => {
                args.cancel_after = Some(value.parse().map_err(|_| "--cancel-after SECONDS")?);
            }
            "--threads" => args.threads = value.parse().map_err(bad)?,
            "--memory" => args.memory_mib = Some(value.parse().map_err(bad)?),
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    if args.width < 5
        || args.height < 5
        || (args.width - 4) * (args.height - 4) < 2 * args.boxes + 1
    {
        return Err("the room is too small for the boxes, goals and player".into());
    }
    Ok(args)
}

/// SplitMix64: small, fast and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The room as XSB text: `boxes` boxes and as many goals on distinct cells, the player on
/// another.
fn room(args: &Args) -> String {
    let (w, h) = (args.width, args.height);
    let mut grid = vec![vec![b' '; w]; h];
    for (y, row) in grid.iter_mut().enumerate() {
        for (x, cell) in row.iter_mut().enumerate() {
            if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                *cell = b'#';
            }
        }
    }
    let mut rng = Rng(args.seed);
    // Boxes keep a cell off the wall (one on it could be dead from the start, and the level
    // lost before any search); goals and the player go anywhere inside.
    let mut place = |mark: u8, grid: &mut Vec<Vec<u8>>| loop {
        let margin = if mark == b'$' { 2 } else { 1 };
        let x = margin + rng.below(w - 2 * margin);
        let y = margin + rng.below(h - 2 * margin);
        if grid[y][x] == b' ' {
            grid[y][x] = mark;
            return;
        }
    };
    for _ in 0..args.boxes {
        place(b'$', &mut grid);
        place(b'.', &mut grid);
    }
    place(b'@', &mut grid);
    let mut text = format!(
        "Title: room {w}x{h}, {} boxes, seed {}\n",
        args.boxes, args.seed
    );
    for row in grid {
        text.push_str(String::from_utf8_lossy(&row).trim_end());
        text.push('\n');
    }
    text
}

/// A line of `/proc/self/status` in kB, if there is one.
fn status_kb(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The verdict in a few words.
fn verdict(v: &Verdict) -> String {
    match v {
        Verdict::Solved { solution, .. } => format!("solved, {} pushes", solution.counters.pushes),
        Verdict::BestFound { solution, .. } => {
            format!("best found, {} pushes", solution.counters.pushes)
        }
        Verdict::NoSolution => "no solution".into(),
        Verdict::GaveUp(stop) => format!("gave up ({})", stop.describe()),
    }
}

fn solve_here(args: &Args, level: &Level, seconds: f64) {
    let cancel = Arc::new(AtomicBool::new(false));
    let mut limits = Limits {
        time: Some(Duration::from_secs_f64(seconds)),
        cancel: Some(Arc::clone(&cancel)),
        ..Limits::default()
    };
    if let Some(mib) = args.memory_mib {
        limits.memory_bytes = mib << 20;
    }
    let settings = Settings {
        limits,
        threads: args.threads,
        ..Settings::default()
    };
    let start = Instant::now();
    let cancelled_at = std::thread::scope(|scope| {
        let waiter = args.cancel_after.map(|after| {
            let cancel = Arc::clone(&cancel);
            scope.spawn(move || {
                std::thread::sleep(Duration::from_secs_f64(after));
                cancel.store(true, Ordering::Relaxed);
                Instant::now()
            })
        });
        let report = solve_level(level, &settings, None);
        let done = Instant::now();
        let cancelled_at = waiter.map(|w| {
            // A search that ended before the cancel came: no latency to measure.
            cancel.store(true, Ordering::Relaxed);
            w.join().expect("the cancelling thread ends")
        });
        match report {
            Ok(r) => println!(
                "answer after {:.3} s: {:?}, {} positions",
                (done - start).as_secs_f64(),
                verdict(&r.verdict),
                r.positions
            ),
            Err(e) => println!("error after {:.3} s: {e}", (done - start).as_secs_f64()),
        }
        cancelled_at.map(|at| done.saturating_duration_since(at))
    });
    if let Some(latency) = cancelled_at {
        println!(
            "from the cancel to the answer: {:.3} s",
            latency.as_secs_f64()
        );
    }
    if let Some(kb) = status_kb("VmHWM:") {
        println!("peak resident memory: {} MiB", kb / 1024);
    }
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("big_room: {e}");
            return ExitCode::from(2);
        }
    };
    let text = room(&args);
    if let Some(path) = &args.write
        && let Err(e) = std::fs::write(path, &text)
    {
        eprintln!("big_room: {path}: {e}");
        return ExitCode::from(2);
    }
    if let Some(seconds) = args.solve {
        let level: Level = match text.parse() {
            Ok(level) => level,
            Err(e) => {
                eprintln!("big_room: the room does not load: {e}");
                return ExitCode::from(2);
            }
        };
        solve_here(&args, &level, seconds);
    }
    ExitCode::SUCCESS
}
