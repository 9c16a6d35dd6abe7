//! The server's places and work under hostile clients, driven by a russh client (the one the
//! server examples use): an ended session frees its place and its connection, a window-size
//! storm costs a bounded amount, and floods of silent connections or of addresses never
//! lock a real player out.

use std::net::Ipv4Addr;
use std::time::{Duration, Instant};

use super::{Server, silent_connections, ssh_available, still_open};
use crate::common::PATIENCE;
use crate::tmux::TempDir;

#[path = "../../../examples/common/ssh_client.rs"]
mod ssh_client;

use ssh_client::{Session, connect_from, read_until};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

/// A guest's session from `from`, on its menu.
async fn guest(from: Ipv4Addr, port: u16) -> Session {
    let mut session = Session::open(connect_from(from, port).await, (80, 24)).await;
    read_until(&mut session.channel, "SSH").await;
    session
}

/// Waits (up to the patience) for the server to close the client's connection.
async fn closed_by_server(session: &Session) -> bool {
    let start = Instant::now();
    while start.elapsed() < PATIENCE {
        if session.handle.is_closed() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    false
}

/// The server's memory: (resident now, its peak), in KiB.
fn memory_kib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("status");
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

#[test]
fn a_session_that_ends_closes_its_connection_and_frees_its_place() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-ended");
    let server = Server::start(&dir.0, &["--max-sessions", "1"]);
    runtime().block_on(async {
        let mut first = guest(Ipv4Addr::LOCALHOST, server.port).await;
        first.channel.data(&b"q"[..]).await.expect("q sent");
        read_until(&mut first.channel, "thanks for playing").await;
        // The client keeps its connection open, as OpenSSH does under ControlPersist.
        assert!(
            closed_by_server(&first).await,
            "the connection of an ended session is still open"
        );
        // The one place is free again.
        let second = guest(Ipv4Addr::LOCALHOST, server.port).await;
        second.close().await;
    });
    server.wait_for_log(" quit");
}

#[test]
fn a_window_size_storm_is_coalesced_bounded_and_stops_with_its_client() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-storm");
    let server = Server::start(&dir.0, &[]);
    let (_, peak_before) = memory_kib(server.pid());
    const SESSIONS: usize = 4;
    const CHANGES: u32 = 3000;
    runtime().block_on(async {
        let mut sessions = Vec::new();
        for _ in 0..SESSIONS {
            sessions.push(guest(Ipv4Addr::LOCALHOST, server.port).await);
        }
        // Each session sends window changes as fast as its client can, then goes.
        for session in &sessions {
            for n in 0..CHANGES {
                let (cols, rows) = if n % 2 == 0 { (320, 120) } else { (319, 119) };
                if session
                    .channel
                    .window_change(cols, rows, 0, 0)
                    .await
                    .is_err()
                {
                    break;
                }
            }
        }
        for session in sessions {
            session.close().await;
        }
    });
    // Every session ends: its log line is written.
    let start = Instant::now();
    loop {
        let closed = server
            .log_text()
            .lines()
            .filter(|line| line.contains(" guest ") && line.contains(" closed"))
            .count();
        if closed == SESSIONS {
            break;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "{closed} of {SESSIONS} sessions ended:\n{}",
            server.log_text()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Window changes were counted against the input limit: the log's bytes in are the
    // socket's, and a session's resizes are logged as taken.
    let log = server.log_text();
    for line in log.lines().filter(|line| line.contains(" guest ")) {
        let resized: u64 = line
            .split_whitespace()
            .find_map(|word| word.strip_prefix("resized="))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no resized= in {line}"));
        assert!(
            resized < u64::from(CHANGES),
            "every window change was drawn: {line}"
        );
    }
    let (rss_after, peak_after) = memory_kib(server.pid());
    let grown = peak_after.saturating_sub(peak_before);
    eprintln!(
        "window storm, {SESSIONS} sessions x {CHANGES} changes: peak {peak_before} -> {peak_after} KiB, \
         {rss_after} KiB resident after; in: {}",
        log.lines()
            .filter_map(|line| line.split_whitespace().find(|w| w.starts_with("in=")))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let bound = SESSIONS as u64 * sokoshot::serve::SESSION_MEMORY_BOUND / 1024;
    assert!(
        grown <= bound,
        "the storm raised the server's peak memory by {grown} KiB, past {bound} KiB"
    );
}

#[test]
fn sixteen_addresses_of_silent_connections_cannot_keep_a_real_player_out() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-startup-flood");
    // 16 addresses with 8 silent connections each fill the 128 login places.
    let server = Server::start(&dir.0, &["--login-grace", "120"]);
    let mut silent = silent_connections(server.port, 16, 8);
    // Each address is full: a ninth connection from it is refused, which says its eight
    // were admitted before the player comes.
    runtime().block_on(async {
        for host in 2..18 {
            drop(connect_from(Ipv4Addr::new(127, 0, 0, host), server.port).await);
        }
    });
    let start = Instant::now();
    while server
        .log_text()
        .lines()
        .filter(|line| line.contains("already has 8 connections logging in"))
        .count()
        < 16
    {
        assert!(start.elapsed() < PATIENCE, "{}", server.log_text());
        std::thread::sleep(Duration::from_millis(30));
    }
    runtime().block_on(async {
        let player = guest(Ipv4Addr::LOCALHOST, server.port).await;
        player.close().await;
    });
    // A place was made by closing a silent connection, not the player's.
    let closed = silent
        .iter_mut()
        .map(still_open)
        .filter(|open| !open)
        .count();
    assert!(closed >= 1, "no silent connection was closed");
}

#[test]
fn an_address_table_filled_by_passing_addresses_lets_a_new_player_in() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-address-flood");
    let server = Server::start(&dir.0, &[]);
    let passing = sokoshot::serve::limits::MAX_TRACKED + 104;
    runtime().block_on(async {
        for n in 0..passing {
            let from = Ipv4Addr::new(127, 1, (n / 250) as u8, (n % 250 + 1) as u8);
            drop(connect_from(from, server.port).await);
        }
    });
    // Each passing address is logged (or summed up) before the player comes.
    let start = Instant::now();
    while server
        .log_text()
        .lines()
        .filter(|line| line.starts_with("sokoshot serve: 127.1."))
        .count()
        < passing / 2
    {
        assert!(start.elapsed() < PATIENCE, "{}", server.log_text());
        std::thread::sleep(Duration::from_millis(50));
    }
    runtime().block_on(async {
        let player = guest(Ipv4Addr::new(127, 9, 9, 9), server.port).await;
        player.close().await;
    });
}

#[test]
fn refusals_of_one_address_are_logged_at_a_bounded_rate() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-refusal-log");
    let server = Server::start(&dir.0, &["--max-startups-per-ip", "1"]);
    let held = silent_connections(server.port, 1, 1);
    let from = Ipv4Addr::new(127, 0, 0, 2);
    runtime().block_on(async {
        for _ in 0..300 {
            drop(connect_from(from, server.port).await);
        }
    });
    drop(held);
    // The last refusal line comes; then count them.
    std::thread::sleep(Duration::from_millis(500));
    let log = server.log_text();
    let lines = log
        .lines()
        .filter(|line| line.contains("127.0.0.2") && line.contains("refused"))
        .count();
    assert!(
        lines <= 2 * sokoshot::serve::REFUSALS_LOGGED_PER_MINUTE,
        "{lines} refusal lines for one address:\n{log}"
    );
    assert!(lines >= 1, "{log}");
}

#[test]
fn the_memory_of_ended_sessions_goes_back_to_the_system() {
    if !ssh_available() {
        return;
    }
    const ADDRESSES: u8 = 10;
    const PER_ADDRESS: usize = 20;
    let sessions = usize::from(ADDRESSES) * PER_ADDRESS;
    let dir = TempDir::new("serve-memory-back");
    let server = Server::start(
        &dir.0,
        &[
            "--max-sessions",
            &sessions.to_string(),
            "--max-per-ip",
            &PER_ADDRESS.to_string(),
        ],
    );
    let (empty, _) = memory_kib(server.pid());
    let full = runtime().block_on(async {
        // Each address opens its sessions one after another, the addresses at once.
        let port = server.port;
        let tasks: Vec<_> = (0..ADDRESSES)
            .map(|a| {
                tokio::spawn(async move {
                    let from = Ipv4Addr::new(127, 0, 0, 1 + a);
                    let mut open = Vec::new();
                    for _ in 0..PER_ADDRESS {
                        open.push(guest(from, port).await);
                    }
                    open
                })
            })
            .collect();
        let mut open = Vec::new();
        for task in tasks {
            open.extend(task.await.expect("sessions open"));
        }
        let (full, _) = memory_kib(server.pid());
        for session in open {
            session.close().await;
        }
        full
    });
    // Every session ends: its log line is written.
    let start = Instant::now();
    while server
        .log_text()
        .lines()
        .filter(|line| line.contains(" guest "))
        .count()
        < sessions
    {
        assert!(start.elapsed() < PATIENCE, "{}", server.log_text());
        std::thread::sleep(Duration::from_millis(50));
    }
    // What the sessions used is given back (the allocator returns unused pages after a
    // few seconds): at most a quarter of their growth stays resident.
    let grown = full.saturating_sub(empty);
    let bound = empty + grown / 4;
    let start = Instant::now();
    let mut now = memory_kib(server.pid()).0;
    while now > bound && start.elapsed() < 3 * PATIENCE {
        std::thread::sleep(Duration::from_millis(200));
        now = memory_kib(server.pid()).0;
    }
    eprintln!(
        "{sessions} sessions: resident {empty} KiB with none, {full} KiB with all open, \
         {now} KiB {:.1} s after the last closed",
        start.elapsed().as_secs_f64()
    );
    assert!(
        now <= bound,
        "{now} KiB resident after {sessions} sessions ended ({empty} KiB before they opened, \
         {full} KiB with them open): more than a quarter of their memory is kept"
    );
}
