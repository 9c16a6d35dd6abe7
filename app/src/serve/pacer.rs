//! A session's frame rate, paced by what its frames cost to draw.
//!
//! Each frame's drawing time is measured as the CPU time the session's thread spent on it
//! ([`thread_cpu`]; time it waited for a core does not count, so a busy server does not make
//! every session's frames look dear), and the session draws its next frame no sooner than
//! that time divided by [`DRAW_SHARE`] after the last one began. So a session spends at most [`DRAW_SHARE`] of one
//! core drawing, plus one frame, over any span: a board that is expensive to draw lowers that
//! session's frame rate, never the other sessions'. An ordinary frame (80×24, well under a
//! millisecond) is never held back at the game's 60 frames a second; a frame that costs
//! 10 ms is drawn at most 10 times a second. A frame asked for too soon is owed, not lost:
//! the console draws the latest state once the pause is over.

use std::time::{Duration, Instant};

/// The share of one core a session may spend drawing frames.
pub const DRAW_SHARE: f64 = 0.10;

/// The CPU time the calling thread has used so far.
#[must_use]
pub fn thread_cpu() -> Duration {
    let spent = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(
        u64::try_from(spent.tv_sec).unwrap_or(0),
        u32::try_from(spent.tv_nsec).unwrap_or(0),
    )
}

/// When a session may draw next.
#[derive(Debug, Clone)]
pub struct Pacer {
    share: f64,
    next: Option<Instant>,
    deferred: u64,
}

impl Default for Pacer {
    fn default() -> Self {
        Self::new(DRAW_SHARE)
    }
}

impl Pacer {
    /// A pacer holding drawing to `share` of one core (clamped to a millionth at least, one
    /// core at most).
    #[must_use]
    pub fn new(share: f64) -> Self {
        Self {
            share: share.clamp(1e-6, 1.0),
            next: None,
            deferred: 0,
        }
    }

    /// Whether a frame may be drawn at `now`; a frame refused is counted as deferred.
    pub fn ready(&mut self, now: Instant) -> bool {
        let ready = self.next.is_none_or(|next| now >= next);
        if !ready {
            self.deferred += 1;
        }
        ready
    }

    /// Notes a frame drawn from `started` that took `took` of CPU time.
    pub fn drew(&mut self, started: Instant, took: Duration) {
        self.next = Some(started + took.div_f64(self.share));
    }

    /// How long from `now` until a frame may be drawn.
    #[must_use]
    pub fn wait(&self, now: Instant) -> Duration {
        self.next
            .map_or(Duration::ZERO, |next| next.saturating_duration_since(now))
    }

    /// Frames asked for too soon so far.
    #[must_use]
    pub fn deferred(&self) -> u64 {
        self.deferred
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Frames drawn in one simulated second of requests at 60 a second, each frame costing
    /// `cost`, under the default share.
    fn frames_in_a_second(cost: Duration) -> (u32, Duration) {
        let start = Instant::now();
        let mut pacer = Pacer::default();
        let (mut drawn, mut busy) = (0, Duration::ZERO);
        for tick in 0..60 {
            let now = start + Duration::from_secs(tick) / 60;
            if pacer.ready(now) {
                pacer.drew(now, cost);
                drawn += 1;
                busy += cost;
            }
        }
        (drawn, busy)
    }

    #[test]
    fn an_expensive_frame_lowers_that_sessions_frame_rate_to_its_share_of_a_core() {
        let (drawn, _) = frames_in_a_second(Duration::from_micros(200));
        assert_eq!(drawn, 60, "an ordinary frame is never held back");
        // 10 ms frames: one every 100 ms at most (60 a second asked for, a tick apart).
        let (drawn, busy) = frames_in_a_second(Duration::from_millis(10));
        assert!((8..=10).contains(&drawn), "{drawn}");
        assert!(busy <= Duration::from_millis(100) + Duration::from_millis(10));
        let (drawn, busy) = frames_in_a_second(Duration::from_millis(50));
        assert!((1..=2).contains(&drawn), "{drawn}");
        assert!(busy <= Duration::from_millis(100) + Duration::from_millis(50));
    }

    #[test]
    fn a_frame_asked_for_too_soon_is_counted_and_the_wait_says_when_to_draw_it() {
        let start = Instant::now();
        let mut pacer = Pacer::default();
        assert!(pacer.ready(start), "the first frame goes at once");
        pacer.drew(start, Duration::from_millis(5));
        let soon = start + Duration::from_millis(20);
        assert!(!pacer.ready(soon));
        assert_eq!(pacer.wait(soon), Duration::from_millis(30));
        assert_eq!(pacer.deferred(), 1);
        assert!(pacer.ready(start + Duration::from_millis(50)));
    }
}
