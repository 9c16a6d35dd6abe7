//! Who may connect: the caps on connections still logging in and on sessions, each in all and
//! per address, and the rate limit on connections that failed or were refused.
//!
//! A connection is admitted as a *startup* (counted against the startup caps) and becomes a
//! *session* when its login is accepted ([`Permit::log_in`]), when the session caps are
//! checked again. So connections that never log in cannot fill the places of players: they
//! only fill the startup places, and the login deadline frees those.
//!
//! Nothing here can be filled from outside for long:
//! - When every startup place is taken, a new connection takes the place of the oldest
//!   startup of the address holding the most (if it holds at least as many as the newcomer's
//!   address would): that connection is cut ([`Eviction::wait`]). So a few addresses that
//!   keep reopening silent connections push out their own, never a lone player's.
//! - An address is an IPv4 address, or an IPv6 /64 (one subscriber's network). An address
//!   with [`MAX_FAILURES`] failed or refused connections in the last [`FAILURE_WINDOW`] is
//!   turned away at once until they age out (a connection closed at the login deadline is a
//!   failure). At most [`MAX_TRACKED`] addresses are remembered; when the table is full, the
//!   addresses with no connection open are forgotten, least lately seen first (an eighth of
//!   the table at a time), failures and all: an address that fills the table with others
//!   forgets its own failures too, but it cannot lock anyone out.
//! - The refusals of one address are logged at most [`REFUSALS_LOGGED_PER_MINUTE`] times a
//!   minute ([`Gate::may_log`]); the rest are counted and the count goes with its next line.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Failed or refused connections from one address that close it for a while.
pub const MAX_FAILURES: usize = 20;

/// How long a failure counts against its address.
pub const FAILURE_WINDOW: Duration = Duration::from_secs(60);

/// The refusal lines one address (or, together, the addresses the full table cannot
/// remember) may put in the log in a minute; past them, its refusals are counted and the
/// count is logged with its next line.
pub const REFUSALS_LOGGED_PER_MINUTE: usize = 10;

pub use sokoshot_core::store::players::newcomers::{MAX_TRACKED, address_key};

/// Why a connection was turned away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The server has all the sessions it allows.
    #[error("the server is full ({0} sessions)")]
    Full(usize),
    /// This address has all the sessions it may have.
    #[error("this address already has {0} sessions")]
    PerAddress(usize),
    /// As many connections as allowed are logging in at once.
    #[error("too many connections are logging in ({0}); try again shortly")]
    Startups(usize),
    /// This address has as many connections logging in as it may.
    #[error("this address already has {0} connections logging in")]
    StartupsPerAddress(usize),
    /// This address failed too often lately.
    #[error("too many failed connections from this address; try again in a minute")]
    Failing,
    /// Every address remembered has a connection open.
    #[error("too many addresses are connected; try again shortly")]
    Addresses,
}

/// How a startup is told that its place was given to another connection.
#[derive(Debug, Default)]
pub struct Eviction {
    evicted: AtomicBool,
    notify: tokio::sync::Notify,
}

impl Eviction {
    /// Waits until the startup's place is taken (at once if it already was).
    pub async fn wait(&self) {
        loop {
            let notified = self.notify.notified();
            if self.evicted.load(Ordering::SeqCst) {
                return;
            }
            notified.await;
        }
    }

    fn evict(&self) {
        self.evicted.store(true, Ordering::SeqCst);
        self.notify.notify_waiters();
        self.notify.notify_one();
    }

    fn is_evicted(&self) -> bool {
        self.evicted.load(Ordering::SeqCst)
    }
}

/// A startup waiting to log in: its number, when it was admitted, and how it is cut.
#[derive(Debug)]
struct Waiting {
    id: u64,
    at: Instant,
    eviction: Arc<Eviction>,
}

#[derive(Debug)]
struct Address {
    sessions: usize,
    /// The startups of this address, oldest first.
    waiting: VecDeque<Waiting>,
    failures: VecDeque<Instant>,
    /// When a connection from it was last admitted or refused.
    seen: Instant,
    log: LogQuota,
}

impl Address {
    fn new(now: Instant) -> Self {
        Self {
            sessions: 0,
            waiting: VecDeque::new(),
            failures: VecDeque::new(),
            seen: now,
            log: LogQuota::default(),
        }
    }

    fn is_idle(&self) -> bool {
        self.sessions == 0 && self.waiting.is_empty()
    }

    fn remove(&mut self, id: u64) -> bool {
        let before = self.waiting.len();
        self.waiting.retain(|waiting| waiting.id != id);
        self.waiting.len() < before
    }
}

/// The refusal lines logged in the last minute, and those not logged since.
#[derive(Debug, Default)]
struct LogQuota {
    logged: VecDeque<Instant>,
    unlogged: usize,
}

impl LogQuota {
    fn take(&mut self, now: Instant) -> Option<usize> {
        expire(&mut self.logged, now);
        if self.logged.len() >= REFUSALS_LOGGED_PER_MINUTE {
            self.unlogged += 1;
            return None;
        }
        self.logged.push_back(now);
        Some(std::mem::take(&mut self.unlogged))
    }
}

#[derive(Debug)]
struct GateState {
    total: usize,
    startups: usize,
    next_id: u64,
    addresses: HashMap<IpAddr, Address>,
    /// The log quota of refusals from addresses the full table did not take.
    untracked: LogQuota,
}

/// The admission control shared by every connection.
#[derive(Debug)]
pub struct Gate {
    max_sessions: usize,
    max_per_address: usize,
    max_startups: usize,
    max_startups_per_address: usize,
    state: Mutex<GateState>,
}

/// A connection's place in the counts (a startup's, then a session's once it logs in);
/// dropping it frees the place.
#[derive(Debug)]
pub struct Permit {
    gate: Arc<Gate>,
    key: IpAddr,
    id: u64,
    eviction: Arc<Eviction>,
    logged_in: AtomicBool,
    released: AtomicBool,
}

/// How many connections a [`Gate`] lets in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// Sessions (logged-in connections) in all.
    pub sessions: usize,
    /// Sessions from one address.
    pub per_address: usize,
    /// Connections not yet logged in, in all.
    pub startups: usize,
    /// Connections not yet logged in from one address.
    pub startups_per_address: usize,
}

impl Gate {
    /// A gate with these caps.
    #[must_use]
    pub fn new(caps: Caps) -> Arc<Self> {
        Arc::new(Self {
            max_sessions: caps.sessions,
            max_per_address: caps.per_address,
            max_startups: caps.startups,
            max_startups_per_address: caps.startups_per_address,
            state: Mutex::new(GateState {
                total: 0,
                startups: 0,
                next_id: 0,
                addresses: HashMap::new(),
                untracked: LogQuota::default(),
            }),
        })
    }

    fn lock(&self) -> MutexGuard<'_, GateState> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Admits a connection from `ip` at `now`, or says why not (a refusal counts as a
    /// failure of that address). When the startup places are all taken, the oldest startup
    /// of the address holding the most is cut to make room, as the module's header says.
    ///
    /// # Errors
    /// The [`Refusal`] when a cap or the failure limit is reached.
    pub fn admit(self: &Arc<Self>, ip: IpAddr, now: Instant) -> Result<Permit, Refusal> {
        let key = address_key(ip);
        let mut guard = self.lock();
        let state = &mut *guard;
        if !state.addresses.contains_key(&key) && state.addresses.len() >= MAX_TRACKED {
            forget_idle(&mut state.addresses);
            if state.addresses.len() >= MAX_TRACKED {
                return Err(Refusal::Addresses);
            }
        }
        let (total, startups) = (state.total, state.startups);
        let address = state
            .addresses
            .entry(key)
            .or_insert_with(|| Address::new(now));
        address.seen = now;
        expire(&mut address.failures, now);
        let own = address.waiting.len();
        let mut refusal = if address.failures.len() >= MAX_FAILURES {
            Some(Refusal::Failing)
        } else if total >= self.max_sessions {
            Some(Refusal::Full(self.max_sessions))
        } else if address.sessions >= self.max_per_address {
            Some(Refusal::PerAddress(self.max_per_address))
        } else if own >= self.max_startups_per_address {
            Some(Refusal::StartupsPerAddress(self.max_startups_per_address))
        } else if startups >= self.max_startups {
            Some(Refusal::Startups(self.max_startups))
        } else {
            None
        };
        if refusal == Some(Refusal::Startups(self.max_startups))
            && evict_one(&mut state.addresses, own + 1)
        {
            state.startups -= 1;
            refusal = None;
        }
        let Some(address) = state.addresses.get_mut(&key) else {
            return Err(Refusal::Addresses);
        };
        if let Some(refusal) = refusal {
            if address.failures.len() < MAX_FAILURES {
                address.failures.push_back(now);
            }
            return Err(refusal);
        }
        let id = state.next_id;
        state.next_id += 1;
        let eviction = Arc::new(Eviction::default());
        address.waiting.push_back(Waiting {
            id,
            at: now,
            eviction: Arc::clone(&eviction),
        });
        state.startups += 1;
        Ok(Permit {
            gate: Arc::clone(self),
            key,
            id,
            eviction,
            logged_in: AtomicBool::new(false),
            released: AtomicBool::new(false),
        })
    }

    /// Counts a failed connection (never authenticated, or ended by a protocol error).
    pub fn failed(&self, ip: IpAddr, now: Instant) {
        let mut state = self.lock();
        if let Some(address) = state.addresses.get_mut(&address_key(ip)) {
            expire(&mut address.failures, now);
            if address.failures.len() < MAX_FAILURES {
                address.failures.push_back(now);
            }
        }
    }

    /// Whether a refusal of a connection from `ip` may be logged at `now`, under
    /// [`REFUSALS_LOGGED_PER_MINUTE`]: `Some` with the count of its refusals not logged since
    /// its last line, or `None` (counted) when its quota for the minute is spent.
    pub fn may_log(&self, ip: IpAddr, now: Instant) -> Option<usize> {
        let mut guard = self.lock();
        let state = &mut *guard;
        match state.addresses.get_mut(&address_key(ip)) {
            Some(address) => address.log.take(now),
            None => state.untracked.take(now),
        }
    }

    /// Sessions (logged-in connections) not yet ended.
    #[must_use]
    pub fn sessions(&self) -> usize {
        self.lock().total
    }

    /// Connections admitted that have not logged in and not yet ended.
    #[must_use]
    pub fn startups(&self) -> usize {
        self.lock().startups
    }

    /// Addresses remembered now.
    #[must_use]
    pub fn tracked(&self) -> usize {
        self.lock().addresses.len()
    }
}

impl Permit {
    /// Turns this startup's place into a session's, once its login is accepted; a second
    /// call does nothing.
    ///
    /// # Errors
    /// The [`Refusal`] when the sessions in all or from this address are at their cap, or
    /// when this startup's place was given to another connection; the permit then stays a
    /// startup's.
    pub fn log_in(&self) -> Result<(), Refusal> {
        let mut guard = self.gate.lock();
        let state = &mut *guard;
        if self.logged_in.load(Ordering::SeqCst) {
            return Ok(());
        }
        if self.eviction.is_evicted() || self.released.load(Ordering::SeqCst) {
            return Err(Refusal::Startups(self.gate.max_startups));
        }
        if state.total >= self.gate.max_sessions {
            return Err(Refusal::Full(self.gate.max_sessions));
        }
        let now = Instant::now();
        let address = state
            .addresses
            .entry(self.key)
            .or_insert_with(|| Address::new(now));
        if address.sessions >= self.gate.max_per_address {
            return Err(Refusal::PerAddress(self.gate.max_per_address));
        }
        address.remove(self.id);
        address.sessions += 1;
        state.startups = state.startups.saturating_sub(1);
        state.total += 1;
        self.logged_in.store(true, Ordering::SeqCst);
        Ok(())
    }

    /// How this startup is told that its place was given to another connection.
    #[must_use]
    pub fn eviction(&self) -> Arc<Eviction> {
        Arc::clone(&self.eviction)
    }
}

impl Permit {
    /// Frees this connection's place now (its session ended; the connection may linger a
    /// moment); a second call, and the drop after it, do nothing.
    pub fn release(&self) {
        let mut state = self.gate.lock();
        if self.released.swap(true, Ordering::SeqCst) {
            return;
        }
        if self.logged_in.load(Ordering::SeqCst) {
            state.total = state.total.saturating_sub(1);
            if let Some(address) = state.addresses.get_mut(&self.key) {
                address.sessions = address.sessions.saturating_sub(1);
            }
        } else if !self.eviction.is_evicted() {
            // An evicted startup's place was counted off when it was given away.
            state.startups = state.startups.saturating_sub(1);
            if let Some(address) = state.addresses.get_mut(&self.key) {
                address.remove(self.id);
            }
        }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        self.release();
    }
}

fn expire(failures: &mut VecDeque<Instant>, now: Instant) {
    while failures
        .front()
        .is_some_and(|&at| now.duration_since(at) >= FAILURE_WINDOW)
    {
        failures.pop_front();
    }
}

/// Cuts the oldest startup of the address holding the most, if it holds at least `least`;
/// true when one was cut (its place is free).
fn evict_one(addresses: &mut HashMap<IpAddr, Address>, least: usize) -> bool {
    let victim = addresses
        .iter()
        .filter_map(|(key, address)| {
            let oldest = address.waiting.front()?;
            Some((address.waiting.len(), std::cmp::Reverse(oldest.at), *key))
        })
        .max();
    let Some((held, _, key)) = victim else {
        return false;
    };
    if held < least {
        return false;
    }
    let Some(waiting) = addresses
        .get_mut(&key)
        .and_then(|address| address.waiting.pop_front())
    else {
        return false;
    };
    waiting.eviction.evict();
    true
}

/// Forgets the addresses with no connection open, least lately seen first, an eighth of the
/// table at most.
fn forget_idle(addresses: &mut HashMap<IpAddr, Address>) {
    let mut idle: Vec<(Instant, IpAddr)> = addresses
        .iter()
        .filter(|(_, address)| address.is_idle())
        .map(|(key, address)| (address.seen, *key))
        .collect();
    let batch = (MAX_TRACKED / 8).max(1).min(idle.len());
    if batch == 0 {
        return;
    }
    if batch < idle.len() {
        idle.select_nth_unstable(batch - 1);
    }
    for (_, key) in &idle[..batch] {
        addresses.remove(key);
    }
}

#[cfg(test)]
mod tests {
    use std::net::{Ipv4Addr, Ipv6Addr};

    use super::*;

    const A: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));

    fn caps(sessions: usize, per_address: usize) -> Caps {
        Caps {
            sessions,
            per_address,
            startups: 100,
            startups_per_address: 100,
        }
    }

    /// A connection from `ip` that is admitted and logs in.
    fn session(gate: &Arc<Gate>, ip: IpAddr, now: Instant) -> Result<Permit, Refusal> {
        let permit = gate.admit(ip, now)?;
        permit.log_in()?;
        Ok(permit)
    }

    #[test]
    fn the_per_address_cap_refuses_the_next_connection_until_one_ends() {
        let gate = Gate::new(caps(10, 2));
        let now = Instant::now();
        let first = session(&gate, A, now).expect("first");
        let _second = session(&gate, A, now).expect("second");
        assert_eq!(gate.admit(A, now).unwrap_err(), Refusal::PerAddress(2));
        assert!(
            session(&gate, B, now).is_ok(),
            "another address is not affected"
        );
        drop(first);
        assert!(session(&gate, A, now).is_ok());
    }

    /// A session that ends frees its place at once, before its connection goes.
    #[test]
    fn a_released_place_is_free_at_once_and_counted_off_once() {
        let gate = Gate::new(caps(1, 1));
        let now = Instant::now();
        let first = session(&gate, A, now).expect("first");
        assert_eq!(gate.admit(B, now).unwrap_err(), Refusal::Full(1));
        first.release();
        assert_eq!(gate.sessions(), 0);
        let second = session(&gate, B, now).expect("the place is free");
        drop(first);
        assert_eq!(
            gate.sessions(),
            1,
            "the drop after the release counts nothing"
        );
        drop(second);
        assert_eq!((gate.startups(), gate.sessions()), (0, 0));
    }

    #[test]
    fn the_total_cap_counts_every_address() {
        let gate = Gate::new(caps(2, 2));
        let now = Instant::now();
        let _a = session(&gate, A, now).expect("a");
        let _b = session(&gate, B, now).expect("b");
        assert_eq!(gate.admit(A, now).unwrap_err(), Refusal::Full(2));
        assert_eq!(gate.sessions(), 2);
    }

    #[test]
    fn an_address_that_keeps_failing_is_turned_away_until_its_failures_age_out() {
        let gate = Gate::new(caps(10, 10));
        let now = Instant::now();
        drop(gate.admit(A, now).expect("known"));
        for _ in 0..MAX_FAILURES {
            gate.failed(A, now);
        }
        assert_eq!(gate.admit(A, now).unwrap_err(), Refusal::Failing);
        assert!(gate.admit(B, now).is_ok());
        assert!(gate.admit(A, now + FAILURE_WINDOW).is_ok());
    }

    #[test]
    fn connections_still_logging_in_take_no_session_place_and_have_caps_of_their_own() {
        let gate = Gate::new(Caps {
            sessions: 1,
            per_address: 1,
            startups: 3,
            startups_per_address: 2,
        });
        let now = Instant::now();
        let silent: Vec<Permit> = [A, A, B]
            .into_iter()
            .map(|ip| gate.admit(ip, now).expect("a startup"))
            .collect();
        assert_eq!(
            gate.admit(A, now).unwrap_err(),
            Refusal::StartupsPerAddress(2)
        );
        // Every startup place is taken: a new address takes the oldest of A's, which holds
        // the most.
        let c = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 3));
        let from_c = gate.admit(c, now).expect("A's oldest place");
        assert!(silent[0].eviction().is_evicted());
        assert_eq!((gate.startups(), gate.sessions()), (3, 0));
        // One logs in: it leaves the startups for the sessions.
        silent[2].log_in().expect("the session place is free");
        assert_eq!((gate.startups(), gate.sessions()), (2, 1));
        // A full server turns a new connection away at once, and refuses the login of one
        // admitted before it filled.
        assert_eq!(gate.admit(c, now).unwrap_err(), Refusal::Full(1));
        assert_eq!(silent[1].log_in().unwrap_err(), Refusal::Full(1));
        drop((silent, from_c));
        assert_eq!((gate.startups(), gate.sessions()), (0, 0));
    }
    /// Sixteen addresses holding every startup place cannot keep a seventeenth out: its
    /// connection takes the oldest place of the address holding the most.
    #[test]
    fn a_full_set_of_startups_gives_the_oldest_place_of_the_busiest_address_to_a_newcomer() {
        let gate = Gate::new(Caps {
            sessions: 10,
            per_address: 10,
            startups: 4,
            startups_per_address: 4,
        });
        let start = Instant::now();
        let at = |n: u64| start + Duration::from_millis(n);
        let a: Vec<Permit> = (0..3).map(|n| gate.admit(A, at(n)).expect("a")).collect();
        let b = gate.admit(B, at(3)).expect("b");
        let c = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 3));
        let newcomer = gate.admit(c, at(4)).expect("a place is made");
        assert!(a[0].eviction().is_evicted(), "A's oldest gave its place");
        assert!(!a[1].eviction().is_evicted() && !b.eviction().is_evicted());
        assert_eq!(gate.startups(), 4);
        assert_eq!(a[0].log_in().unwrap_err(), Refusal::Startups(4));
        // A second from C: A, holding two, is still the busiest.
        let second = gate.admit(c, at(5)).expect("A's next place");
        assert!(a[1].eviction().is_evicted());
        // From D: C now holds two, and gives its oldest.
        let d = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 4));
        let third = gate.admit(d, at(6)).expect("C's oldest place");
        assert!(newcomer.eviction().is_evicted());
        assert!(!second.eviction().is_evicted() && !a[2].eviction().is_evicted());
        // Every address holds one: the oldest startup of all goes.
        let e = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 5));
        let fourth = gate.admit(e, at(7)).expect("the oldest place");
        assert!(a[2].eviction().is_evicted());
        // A second from E would leave E the busiest: it is refused instead.
        assert_eq!(gate.admit(e, at(8)).unwrap_err(), Refusal::Startups(4));
        fourth
            .log_in()
            .expect("a startup that kept its place logs in");
        assert_eq!((gate.startups(), gate.sessions()), (3, 1));
        drop((a, b, newcomer, second, third, fourth));
        assert_eq!((gate.startups(), gate.sessions()), (0, 0));
    }

    /// A table full of addresses that came once and failed (an IPv6 /52 has enough) forgets
    /// the least lately seen of them for a newcomer, instead of turning everyone away.
    #[test]
    fn a_full_address_table_forgets_idle_addresses_least_lately_seen_first() {
        let gate = Gate::new(caps(64, 4));
        let start = Instant::now();
        for n in 0..MAX_TRACKED as u32 {
            let ip = IpAddr::V4(Ipv4Addr::from(0x0b00_0000 + n));
            let now = start + Duration::from_micros(u64::from(n));
            drop(gate.admit(ip, now).expect("room"));
            gate.failed(ip, now);
        }
        assert_eq!(gate.tracked(), MAX_TRACKED);
        let later = start + Duration::from_secs(1);
        let _player = session(&gate, A, later).expect("a new address gets in");
        assert!(gate.tracked() <= MAX_TRACKED);
        // The oldest went first; the latest are still remembered.
        let first = IpAddr::V4(Ipv4Addr::from(0x0b00_0000));
        let last = IpAddr::V4(Ipv4Addr::from(0x0b00_0000 + MAX_TRACKED as u32 - 1));
        let state = gate.lock();
        assert!(!state.addresses.contains_key(&first));
        assert!(state.addresses.contains_key(&last));
    }

    #[test]
    fn refusals_are_logged_at_most_so_often_per_address_and_the_rest_are_counted() {
        let gate = Gate::new(caps(0, 0));
        let now = Instant::now();
        let mut logged = Vec::new();
        for _ in 0..100 {
            assert!(gate.admit(A, now).is_err());
            if let Some(unlogged) = gate.may_log(A, now) {
                logged.push(unlogged);
            }
        }
        assert_eq!(logged, vec![0; REFUSALS_LOGGED_PER_MINUTE]);
        assert!(
            gate.may_log(B, now).is_some(),
            "another address has its own"
        );
        let later = now + FAILURE_WINDOW;
        assert!(gate.admit(A, later).is_err());
        assert_eq!(
            gate.may_log(A, later),
            Some(100 - REFUSALS_LOGGED_PER_MINUTE),
            "the next line says how many were not logged"
        );
    }

    #[test]
    fn ipv6_addresses_count_by_their_64_bit_network() {
        let one: IpAddr = "2001:db8:1:2::1".parse::<Ipv6Addr>().expect("ip").into();
        let two: IpAddr = "2001:db8:1:2:ffff::9"
            .parse::<Ipv6Addr>()
            .expect("ip")
            .into();
        let other: IpAddr = "2001:db8:1:3::1".parse::<Ipv6Addr>().expect("ip").into();
        assert_eq!(address_key(one), address_key(two));
        assert_ne!(address_key(one), address_key(other));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse::<Ipv6Addr>().expect("ip").into();
        assert_eq!(address_key(mapped), A);
    }
}
