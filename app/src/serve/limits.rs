//! Who may connect: the caps on connections still logging in and on sessions, each in all and
//! per address, and the rate limit on connections that failed or were refused.
//!
//! A connection is admitted as a *startup* (counted against the startup caps) and becomes a
//! *session* when its login is accepted ([`Permit::log_in`]), when the session caps are
//! checked again. So connections that never log in cannot fill the places of players: they
//! only fill the startup places, and the login deadline frees those.
//!
//! An address is an IPv4 address, or an IPv6 /64 (one subscriber's network). An address
//! with [`MAX_FAILURES`] failed or refused connections in the last [`FAILURE_WINDOW`] is
//! turned away at once until they age out. At most [`MAX_TRACKED`] addresses are remembered;
//! when the table is full, addresses with no session and no recent failure are forgotten
//! first, and a new address that still finds no room is turned away.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Failed or refused connections from one address that close it for a while.
pub const MAX_FAILURES: usize = 20;

/// How long a failure counts against its address.
pub const FAILURE_WINDOW: Duration = Duration::from_secs(60);

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
}

#[derive(Debug, Default)]
struct Address {
    sessions: usize,
    startups: usize,
    failures: VecDeque<Instant>,
}

#[derive(Debug)]
struct GateState {
    total: usize,
    startups: usize,
    addresses: HashMap<IpAddr, Address>,
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
    logged_in: AtomicBool,
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
                addresses: HashMap::new(),
            }),
        })
    }

    fn lock(&self) -> MutexGuard<'_, GateState> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Admits a connection from `ip` at `now`, or says why not (a refusal counts as a
    /// failure of that address).
    ///
    /// # Errors
    /// The [`Refusal`] when a cap or the failure limit is reached.
    pub fn admit(self: &Arc<Self>, ip: IpAddr, now: Instant) -> Result<Permit, Refusal> {
        let key = address_key(ip);
        let mut state = self.lock();
        if !state.addresses.contains_key(&key) && state.addresses.len() >= MAX_TRACKED {
            forget_quiet(&mut state.addresses, now);
            if state.addresses.len() >= MAX_TRACKED {
                return Err(Refusal::Full(self.max_sessions));
            }
        }
        let (total, startups) = (state.total, state.startups);
        let address = state.addresses.entry(key).or_default();
        expire(&mut address.failures, now);
        let refusal = if address.failures.len() >= MAX_FAILURES {
            Some(Refusal::Failing)
        } else if total >= self.max_sessions {
            Some(Refusal::Full(self.max_sessions))
        } else if address.sessions >= self.max_per_address {
            Some(Refusal::PerAddress(self.max_per_address))
        } else if address.startups >= self.max_startups_per_address {
            Some(Refusal::StartupsPerAddress(self.max_startups_per_address))
        } else if startups >= self.max_startups {
            Some(Refusal::Startups(self.max_startups))
        } else {
            None
        };
        if let Some(refusal) = refusal {
            if address.failures.len() < MAX_FAILURES {
                address.failures.push_back(now);
            }
            return Err(refusal);
        }
        address.startups += 1;
        state.startups += 1;
        Ok(Permit {
            gate: Arc::clone(self),
            key,
            logged_in: AtomicBool::new(false),
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
}

impl Permit {
    /// Turns this startup's place into a session's, once its login is accepted; a second
    /// call does nothing.
    ///
    /// # Errors
    /// The [`Refusal`] when the sessions in all or from this address are at their cap; the
    /// permit then stays a startup's.
    pub fn log_in(&self) -> Result<(), Refusal> {
        let mut guard = self.gate.lock();
        let state = &mut *guard;
        if self.logged_in.load(Ordering::SeqCst) {
            return Ok(());
        }
        if state.total >= self.gate.max_sessions {
            return Err(Refusal::Full(self.gate.max_sessions));
        }
        let address = state.addresses.entry(self.key).or_default();
        if address.sessions >= self.gate.max_per_address {
            return Err(Refusal::PerAddress(self.gate.max_per_address));
        }
        address.startups = address.startups.saturating_sub(1);
        address.sessions += 1;
        state.startups = state.startups.saturating_sub(1);
        state.total += 1;
        self.logged_in.store(true, Ordering::SeqCst);
        Ok(())
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut state = self.gate.lock();
        let logged_in = self.logged_in.load(Ordering::SeqCst);
        if logged_in {
            state.total = state.total.saturating_sub(1);
        } else {
            state.startups = state.startups.saturating_sub(1);
        }
        if let Some(address) = state.addresses.get_mut(&self.key) {
            if logged_in {
                address.sessions = address.sessions.saturating_sub(1);
            } else {
                address.startups = address.startups.saturating_sub(1);
            }
        }
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

fn forget_quiet(addresses: &mut HashMap<IpAddr, Address>, now: Instant) {
    addresses.retain(|_, address| {
        expire(&mut address.failures, now);
        address.sessions > 0 || address.startups > 0 || !address.failures.is_empty()
    });
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
        let c = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 3));
        assert_eq!(gate.admit(c, now).unwrap_err(), Refusal::Startups(3));
        assert_eq!((gate.startups(), gate.sessions()), (3, 0));
        // One logs in: it leaves the startups for the sessions.
        silent[2].log_in().expect("the session place is free");
        assert_eq!((gate.startups(), gate.sessions()), (2, 1));
        // A full server turns a new connection away at once, and refuses the login of one
        // admitted before it filled.
        assert_eq!(gate.admit(c, now).unwrap_err(), Refusal::Full(1));
        assert_eq!(silent[0].log_in().unwrap_err(), Refusal::Full(1));
        drop(silent);
        assert_eq!((gate.startups(), gate.sessions()), (0, 0));
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
