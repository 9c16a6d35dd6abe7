//! What the server examples share to measure idle sessions: opening many at once from
//! several loopback addresses, and the server's memory, threads, CPU and bytes sent while
//! they sit idle.

#![allow(dead_code)]

use std::future::Future;
use std::net::Ipv4Addr;
use std::time::{Duration, Instant};

use crate::proc_stats::{cpu_ticks, rss_kib, threads};
use crate::ssh_client::{Session, read_for, wire_total};

/// Idle sessions the capacity measurements hold open at once.
pub const SESSIONS: usize = 1000;
/// Loopback addresses they come from.
pub const ADDRESSES: usize = 20;
/// How long idle sessions are watched.
pub const IDLE: Duration = Duration::from_secs(10);

/// The server with no session yet: its memory and threads.
#[derive(Debug, Clone, Copy)]
pub struct Empty {
    pub rss: u64,
    pub threads: usize,
}

impl Empty {
    /// The server `pid` as it is now.
    pub fn of(pid: u32) -> Self {
        Self {
            rss: rss_kib(pid),
            threads: threads(pid),
        }
    }
}

/// Opens `per_address` sessions from each of `addresses` loopback addresses (127.0.0.1 on):
/// each address one after another (under the server's startup cap), the addresses all at
/// once. Returns the sessions and how long they took.
pub async fn open_crowd<F, Fut>(
    addresses: usize,
    per_address: usize,
    open: F,
) -> (Vec<Session>, Duration)
where
    F: Fn(Ipv4Addr) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = Session> + Send + 'static,
{
    let opening = Instant::now();
    let tasks: Vec<_> = (0..addresses)
        .map(|a| {
            let open = open.clone();
            tokio::spawn(async move {
                let from = Ipv4Addr::new(127, 0, 0, 1 + a as u8);
                let mut sessions = Vec::new();
                for _ in 0..per_address {
                    sessions.push(open(from).await);
                }
                sessions
            })
        })
        .collect();
    let mut sessions = Vec::new();
    for task in tasks {
        sessions.extend(task.await.expect("sessions"));
    }
    (sessions, opening.elapsed())
}

/// The server with its sessions open and watched while idle.
#[derive(Debug, Clone, Copy)]
pub struct Idle {
    pub empty: Empty,
    pub sessions: usize,
    pub rss: u64,
    pub threads: usize,
    /// CPU time over the watch, in clock ticks (1/100 s).
    pub cpu_ticks: u64,
    pub secs: f64,
    /// Bytes on the wire, and bytes of frames read, over the watch.
    pub wire: u64,
    pub frames: usize,
}

/// Waits `settle`, then watches the server `pid` for `span` while `sessions` sit idle.
pub async fn watch_idle(
    pid: u32,
    empty: Empty,
    sessions: &mut [Session],
    settle: Duration,
    span: Duration,
) -> Idle {
    tokio::time::sleep(settle).await;
    let rss = rss_kib(pid);
    let threads = threads(pid);
    let wire_before = wire_total(sessions);
    let cpu_before = cpu_ticks(pid);
    let start = Instant::now();
    let mut frames = 0;
    for session in sessions.iter_mut() {
        frames += read_for(&mut session.channel, Duration::ZERO).await.len();
    }
    tokio::time::sleep(span.saturating_sub(start.elapsed())).await;
    for session in sessions.iter_mut() {
        frames += read_for(&mut session.channel, Duration::ZERO).await.len();
    }
    Idle {
        empty,
        sessions: sessions.len(),
        rss,
        threads,
        cpu_ticks: cpu_ticks(pid) - cpu_before,
        secs: start.elapsed().as_secs_f64(),
        wire: wire_total(sessions) - wire_before,
        frames,
    }
}

impl Idle {
    /// The memory per session, in KiB.
    pub fn kib_per_session(&self) -> f64 {
        self.rss.saturating_sub(self.empty.rss) as f64 / self.sessions as f64
    }

    /// Prints the server's memory, threads, and CPU and bytes while idle; `empty` says what
    /// the server held with no session.
    pub fn print(&self, empty: &str) {
        let (n, Empty { rss, threads }) = (self.sessions, self.empty);
        println!(
            "  server RSS: {rss} KiB with none{empty}, {} KiB with {n} = {:.0} KiB per session",
            self.rss,
            self.kib_per_session()
        );
        println!(
            "  server threads: {threads} with none, {} with {n}",
            self.threads
        );
        println!(
            "  over {:.1} s idle: {} ms of CPU ({:.2} % of one core), {} bytes on the wire, {} bytes of frames",
            self.secs,
            self.cpu_ticks * 10,
            self.cpu_ticks as f64 / self.secs,
            self.wire,
            self.frames,
        );
    }
}
