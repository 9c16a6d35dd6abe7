//! How many new players each address has made lately: the open-mode flood rule's rate.
//!
//! A new player is a public key the server has kept nothing for, given a directory of its
//! own. Each address (counted as [`address_key`] counts it: an IPv4 address or an IPv6 /64)
//! may make at most `--new-players-per-hour` of them in any [`WINDOW`]; past that, a new key
//! from it plays without its progress kept until the oldest of its new players ages out.
//! Players already kept are never held back. The table lives in memory (a restart forgets
//! it) and remembers at most [`MAX_TRACKED`] addresses; when it is full, addresses whose new
//! players have all aged out are forgotten first, and a new address that still finds no room
//! is held back like one past its rate.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// The most addresses remembered at once.
pub const MAX_TRACKED: usize = 4096;

/// The address a connection is counted under: an IPv4 address, or an IPv6 /64 (one
/// subscriber's network); an IPv4 address mapped into IPv6 counts as itself.
#[must_use]
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut segments = v6.segments();
                segments[4..].fill(0);
                IpAddr::V6(segments.into())
            }
        },
    }
}

/// The span the rate is counted over: an hour.
pub const WINDOW: Duration = Duration::from_secs(3600);

/// New players made per address in the last [`WINDOW`].
#[derive(Debug)]
pub struct Newcomers {
    per_window: usize,
    made: HashMap<IpAddr, VecDeque<Instant>>,
}

impl Newcomers {
    /// A table allowing `per_window` new players per address in each [`WINDOW`] (0: none).
    #[must_use]
    pub fn new(per_window: usize) -> Self {
        Self {
            per_window,
            made: HashMap::new(),
        }
    }

    /// The most new players one address may make in a [`WINDOW`].
    #[must_use]
    pub fn per_window(&self) -> usize {
        self.per_window
    }

    /// Whether `ip` may make a new player at `now`.
    pub fn allows(&mut self, ip: IpAddr, now: Instant) -> bool {
        let key = address_key(ip);
        if !self.made.contains_key(&key) && self.made.len() >= MAX_TRACKED {
            self.made.retain(|_, made| {
                expire(made, now);
                !made.is_empty()
            });
            if self.made.len() >= MAX_TRACKED {
                return false;
            }
        }
        let made = self.made.entry(key).or_default();
        expire(made, now);
        made.len() < self.per_window
    }

    /// Counts a new player made by `ip` at `now` (after [`Newcomers::allows`] said yes).
    pub fn made(&mut self, ip: IpAddr, now: Instant) {
        let made = self.made.entry(address_key(ip)).or_default();
        expire(made, now);
        if made.len() < self.per_window {
            made.push_back(now);
        }
    }
}

fn expire(made: &mut VecDeque<Instant>, now: Instant) {
    while made
        .front()
        .is_some_and(|&at| now.saturating_duration_since(at) >= WINDOW)
    {
        made.pop_front();
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use super::*;

    const A: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));

    #[test]
    fn an_address_makes_its_new_players_per_hour_then_waits_for_the_oldest_to_age_out() {
        let mut table = Newcomers::new(2);
        let start = Instant::now();
        for minute in 0..2 {
            let now = start + Duration::from_secs(60 * minute);
            assert!(table.allows(A, now));
            table.made(A, now);
        }
        assert!(!table.allows(A, start + Duration::from_secs(600)));
        assert!(table.allows(B, start), "another address is not held back");
        assert!(table.allows(A, start + WINDOW), "the first aged out");
        table.made(A, start + WINDOW);
        assert!(!table.allows(A, start + WINDOW));
    }

    #[test]
    fn a_rate_of_zero_makes_no_new_player() {
        let mut table = Newcomers::new(0);
        assert!(!table.allows(A, Instant::now()));
    }
}
