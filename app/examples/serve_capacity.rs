//! Measures how many idle players `sokoshot serve` holds on this machine, and what one costly
//! board costs it.
//!
//! Build the binary first, in the same profile, then run the example:
//!
//! ```text
//! cargo build && cargo run --example serve_capacity
//! ```
//!
//! 1. **Capacity**: a server with `--max-sessions 1000 --max-per-ip 50` and a `--levels` pack
//!    of 10,000 small levels. 1,000 sessions log in as guests from 20 loopback addresses
//!    (127.0.0.1–127.0.0.20, 50 each: the per-address caps are the server's) and sit on their
//!    menus at 80×24. It reports the server's memory per session (the growth of `VmRSS` over
//!    the sessions), its CPU time over 10 s while they are idle (`/proc/PID/stat`), the bytes
//!    every client receives meanwhile, and how long a 1,001st connection waits before the
//!    server closes it. Then 100 of the sessions open the `--levels` pack: the growth per
//!    session says whether the pack is held once for all; the server's CPU over 10 s
//!    more while all are idle again, those 100 in a game; and the server's memory and
//!    threads once all 1,000 have closed, 3 s and 30 s after. `serve_capacity capacity`
//!    runs this part alone.
//! 2. **A costly board**: a server with a 150×110 level holding 3,996 spinner hubs; one, then
//!    four sessions at 320×120 each step back and forth ten times a second for 10 s, under
//!    the default byte cap and then under the largest (only the pacer holding frames). It
//!    reports the server's CPU, the bytes each session received, and the frames the server
//!    put off for them (the log line's `deferred=`). `serve_capacity costly` runs this part
//!    alone.
//!
//! The server runs as a child process with a temporary data directory; the clients are russh
//! clients in this process. Nothing leaves the machine.

use std::net::Ipv4Addr;
use std::path::Path;
use std::time::{Duration, Instant};

use tokio::io::AsyncReadExt;

#[path = "common/crowd.rs"]
mod crowd;
#[path = "common/proc_stats.rs"]
mod proc_stats;
#[path = "common/ssh_client.rs"]
mod ssh_client;
use crowd::{ADDRESSES, Empty, IDLE, SESSIONS, open_crowd, watch_idle};
use proc_stats::{cpu_ticks, rss_kib, threads};
use ssh_client::{Server, Session, connect_from, read_for, read_until};

/// Sessions that open the `--levels` pack.
const OPENERS: usize = 100;

/// A logged-in session from the loopback address `from`, at `size`, on its menu.
async fn open(from: Ipv4Addr, port: u16, size: (u32, u32)) -> Session {
    let mut session = Session::open(connect_from(from, port).await, size).await;
    read_until(&mut session.channel, "SSH").await;
    session
}

/// A pack of `count` small levels, each a little different.
fn small_pack(count: usize) -> String {
    let mut text = String::new();
    for n in 0..count {
        let gap = " ".repeat(1 + n % 7);
        let wall = "#".repeat(gap.len() + 5);
        text.push_str(&format!("Title: Small {n}\n{wall}\n#@{gap}$.#\n{wall}\n\n"));
    }
    text
}

/// A 150×110 level with a spinner hub on every other cell of every other row: 3,996 hubs.
fn spinner_level() -> String {
    let (width, height) = (150, 110);
    let mut rows = vec![String::from("#").repeat(width)];
    for y in 1..height - 1 {
        let row: String = (0..width)
            .map(|x| match (x, y) {
                (0, _) => '#',
                (x, _) if x == width - 1 => '#',
                (1, 1) => '@',
                (3, 1) => '$',
                (5, 1) => '.',
                (x, y) if x % 2 == 0 && y % 2 == 0 => '%',
                _ => ' ',
            })
            .collect();
        rows.push(row);
    }
    rows.push("#".repeat(width));
    format!("Title: Spinners\n{}\n", rows.join("\n"))
}

#[tokio::main]
async fn main() {
    let dir = std::env::temp_dir().join(format!("sokoshot-capacity-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // `capacity` or `costly` runs one part alone.
    let part = std::env::args().nth(1);
    if part.as_deref() != Some("costly") {
        capacity(&dir).await;
    }
    if part.as_deref() != Some("capacity") {
        costly_board(&dir).await;
    }
    let _ = std::fs::remove_dir_all(&dir);
}

async fn capacity(dir: &Path) {
    let pack = dir.join("small.xsb");
    std::fs::write(&pack, small_pack(10_000)).expect("pack");
    let per_address = SESSIONS / ADDRESSES;
    let server = Server::start(
        dir,
        &[
            "--max-sessions",
            &SESSIONS.to_string(),
            "--max-per-ip",
            &per_address.to_string(),
            "--levels",
            &pack.display().to_string(),
        ],
    );
    let (pid, port) = (server.pid(), server.port);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let empty = Empty::of(pid);
    let (mut sessions, opened) = open_crowd(ADDRESSES, per_address, move |from| {
        open(from, port, (80, 24))
    })
    .await;
    let idle = watch_idle(pid, empty, &mut sessions, Duration::from_secs(3), IDLE).await;

    // One more, from an address of its own: how long until the server closes it.
    let asked = Instant::now();
    let mut extra = connect_from(Ipv4Addr::new(127, 0, 0, 250), port).await;
    let mut buf = [0; 256];
    let mut got = 0;
    let closed = loop {
        match tokio::time::timeout(Duration::from_secs(60), extra.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => break asked.elapsed(),
            Ok(Ok(n)) => got += n,
            Err(_) => panic!("the 1,001st connection was not closed in 60 s"),
        }
    };
    let mut refused = false;
    for _ in 0..100 {
        refused = server
            .log()
            .iter()
            .any(|line| line.contains("127.0.0.250") && line.contains("the server is full"));
        if refused {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Some sessions open the 10,000-level pack (the third entry of the menu).
    let rss_menus = rss_kib(pid);
    for session in sessions.iter_mut().take(OPENERS) {
        session
            .channel
            .data_bytes(&b"jj\r"[..])
            .await
            .expect("open the pack");
    }
    for session in sessions.iter_mut().take(OPENERS) {
        read_until(&mut session.channel, "small.xsb").await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_opened = rss_kib(pid);
    // All idle again, 100 of them in a game.
    let cpu_before = cpu_ticks(pid);
    let again = Instant::now();
    tokio::time::sleep(IDLE).await;
    let cpu_in_games = cpu_ticks(pid) - cpu_before;
    let again_secs = again.elapsed().as_secs_f64();

    println!(
        "{SESSIONS} idle sessions from {ADDRESSES} loopback addresses at 80x24, each on its menu (opened in {:.1} s):",
        opened.as_secs_f64()
    );
    idle.print(" (the 10,000-level pack read)");
    println!(
        "  a 1,001st connection: closed after {:.1} ms ({got} bytes read; logged as full: {refused})",
        closed.as_secs_f64() * 1000.0
    );
    println!(
        "  {OPENERS} of them open the 10,000-level pack: {rss_menus} -> {rss_opened} KiB = {:.0} KiB per session",
        rss_opened.saturating_sub(rss_menus) as f64 / OPENERS as f64
    );
    println!(
        "  then idle for {again_secs:.1} s, {OPENERS} in a game and the rest on their menus: {} ms of CPU ({:.2} % of one core)",
        cpu_in_games * 10,
        cpu_in_games as f64 / again_secs
    );
    for session in sessions {
        session.close().await;
    }
    // Every session's log line written: then what the server still holds.
    let closing = Instant::now();
    while server
        .log()
        .iter()
        .filter(|line| line.contains(" guest "))
        .count()
        < SESSIONS
        && closing.elapsed() < Duration::from_secs(60)
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    println!(
        "  after all {SESSIONS} closed ({:.1} s to log them): server RSS {} KiB, {} threads",
        closing.elapsed().as_secs_f64() - 3.0,
        rss_kib(pid),
        threads(pid)
    );
    // The allocator gives unused pages back over some seconds.
    tokio::time::sleep(Duration::from_secs(27)).await;
    println!(
        "  30 s after they closed: server RSS {} KiB, {} threads",
        rss_kib(pid),
        threads(pid)
    );
}

/// Sessions at 320×120 stepping back and forth on the spinner level for 10 s.
async fn costly_board(dir: &Path) {
    let level = dir.join("spinners.xsb");
    std::fs::write(&level, spinner_level()).expect("level");
    // The default byte cap, then the largest, so that only the pacer holds the frames back.
    for (count, bytes_per_second) in [(1, "262144"), (4, "262144"), (4, "1073741824")] {
        let server = Server::start(
            dir,
            &[
                "--max-per-ip",
                "8",
                "--max-bytes-per-second",
                bytes_per_second,
                "--levels",
                &level.display().to_string(),
            ],
        );
        let (pid, port) = (server.pid(), server.port);
        let mut sessions = Vec::new();
        for _ in 0..count {
            let mut session = open(Ipv4Addr::LOCALHOST, port, (320, 120)).await;
            session
                .channel
                .data_bytes(&b"jj\r"[..])
                .await
                .expect("open the level");
            read_until(&mut session.channel, "spinners.xsb").await;
            sessions.push(session);
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        let cpu_before = cpu_ticks(pid);
        let start = Instant::now();
        let span = Duration::from_secs(10);
        let mut received = vec![0; count];
        let mut step = 0;
        while start.elapsed() < span {
            let key: &[u8] = if step % 2 == 0 { b"j" } else { b"k" };
            step += 1;
            for (session, got) in sessions.iter_mut().zip(&mut received) {
                session.channel.data_bytes(key).await.expect("step");
                *got += read_for(
                    &mut session.channel,
                    Duration::from_millis(100) / count as u32,
                )
                .await
                .len();
            }
        }
        let secs = start.elapsed().as_secs_f64();
        let cpu = cpu_ticks(pid) - cpu_before;
        for session in sessions {
            session.channel.data_bytes(&b"qq"[..]).await.expect("quit");
            session.close().await;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        let deferred: Vec<String> = server
            .log()
            .iter()
            .filter_map(|line| line.split_whitespace().find(|w| w.starts_with("deferred=")))
            .map(str::to_owned)
            .collect();
        println!(
            "{count} session(s) at 320x120 stepping on the 150x110 level with 3,996 spinner hubs for {secs:.1} s ({step} steps each), --max-bytes-per-second {bytes_per_second}:"
        );
        println!(
            "  server CPU {} ms = {:.1} % of one core; bytes of frames per session {:?} = {:.0} KB/s each; {}",
            cpu * 10,
            cpu as f64 / secs,
            received,
            received.iter().sum::<usize>() as f64 / count as f64 / secs / 1000.0,
            deferred.join(" ")
        );
    }
}
