//! Measures save latency with many players saving at once: `PLAYERS` threads (200 unless
//! told), each a player admitted to the store whose progress is read as a session reads it
//! when it starts, wait at one barrier and then each make `SAVES` saves (20 unless told),
//! one more level solved each time, `PAUSE_MS` apart (50 unless told), as sessions do, each
//! through the full save path (merged with the stored progress, fitted and written: one
//! statement that writes only if no one else wrote the player's row since it was read, else
//! read, merged and written again in one transaction). Prints the p50, p99 and worst
//! latency until each save is written (a save the session stops waiting for, past
//! `SAVE_WAIT`, is timed until it is written in the background), and checks that every save
//! is in the store at the end.
//!
//! ```text
//! cargo run --release -p sokoshot-store --example save_latency -- sqlite:/tmp/s.sqlite
//! cargo run --release -p sokoshot-store --example save_latency -- postgres://postgres@127.0.0.1:5432/postgres 200 20 50
//! ```

use std::net::IpAddr;
use std::process::ExitCode;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use sokoshot_core::store::players::Player;
use sokoshot_core::store::progress::Figures;
use sokoshot_core::store::records::{Caps, RecordStore};
use sokoshot_core::store::saves::{PlayerStore, SaveError};

fn arg<T: std::str::FromStr>(args: &[String], n: usize, default: T) -> T {
    args.get(n).and_then(|a| a.parse().ok()).unwrap_or(default)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some(spec) = args
        .get(1)
        .and_then(|s| s.parse::<sokoshot_store::Spec>().ok())
    else {
        eprintln!("usage: save_latency sqlite:PATH|postgres://… [PLAYERS] [SAVES] [PAUSE_MS]");
        return ExitCode::FAILURE;
    };
    let players: usize = arg(&args, 2, 200);
    let saves: usize = arg(&args, 3, 20);
    let pause = Duration::from_millis(arg(&args, 4, 50));
    let db = match sokoshot_store::open(&spec) {
        Ok(Some(db)) => db,
        Ok(None) => {
            eprintln!("save_latency measures a database");
            return ExitCode::FAILURE;
        }
        Err(err) => {
            eprintln!("{err}");
            return ExitCode::FAILURE;
        }
    };
    let caps = Caps {
        max_players: players * 2,
        new_players_per_hour: players * 2,
    };
    let store = Arc::new(RecordStore::new(db, caps));
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let barrier = Arc::new(Barrier::new(players));
    // Admissions go one after another (they take one lock across servers); the saves are
    // what is measured.
    let keys: Vec<Player> = (0..players)
        .map(|n| {
            let player = Player::Key(format!("SHA256:latency-{run}-{n}"));
            let ip = IpAddr::V4(std::net::Ipv4Addr::new(
                10,
                0,
                (n / 250) as u8,
                (n % 250) as u8,
            ));
            store.admit(&player, ip).expect("admitted");
            player
        })
        .collect();
    let threads: Vec<_> = keys
        .into_iter()
        .map(|player| {
            let store = Arc::clone(&store);
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                let mine = store.saves(&player).expect("ok").expect("saves");
                // A session reads the player's progress as it starts (its menu shows it).
                let (mut progress, _) = mine.load();
                let mut latencies = Vec::with_capacity(saves);
                barrier.wait();
                for level in 0..saves {
                    let figures = Figures {
                        moves: 10 + level as u32,
                        pushes: 3,
                        shots: 0,
                    };
                    progress.record("built-in:Campaign", level, level as u64 + 1, figures);
                    progress.set_last("built-in:Campaign", level + 1);
                    let start = Instant::now();
                    match mine.save(&progress) {
                        Ok((merged, _)) => progress = merged,
                        // Past the session's wait the write goes on in the background: the
                        // latency is until it is written.
                        Err(SaveError::Slow) => {
                            let outcome = loop {
                                if let Some(outcome) = mine.settled() {
                                    break outcome;
                                }
                                std::thread::sleep(Duration::from_millis(2));
                            };
                            assert!(outcome.is_ok(), "not saved: {outcome:?}");
                        }
                        Err(err) => panic!("not saved: {err}"),
                    }
                    latencies.push(start.elapsed());
                    std::thread::sleep(pause);
                }
                (player, latencies)
            })
        })
        .collect();
    let mut all = Vec::new();
    let mut lost = 0;
    for thread in threads {
        let (player, latencies) = thread.join().expect("no panic");
        all.extend(latencies);
        let (stored, _) = store.saves(&player).expect("ok").expect("saves").load();
        let kept = (0..saves)
            .filter(|&level| {
                stored
                    .best("built-in:Campaign", level, level as u64 + 1)
                    .is_some()
            })
            .count();
        lost += saves - kept;
    }
    all.sort();
    let at = |q: f64| all[((all.len() as f64 * q).ceil() as usize).clamp(1, all.len()) - 1];
    println!(
        "{players} players × {saves} saves, {} ms apart: p50 {:.1} ms, p99 {:.1} ms, worst {:.1} ms; {lost} saves lost",
        pause.as_millis(),
        at(0.50).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3,
    );
    if lost > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
