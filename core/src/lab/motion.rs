//! The green shape's own motion, as in the seeds' second demos: an up-and-down oscillation, or
//! an orbit during which the shape also turns with its path.

use std::f32::consts::TAU;

use crate::geom::Vec2;

use super::TICK;

/// How far the oscillation swings up and down from home, in world units.
const AMPLITUDE: f32 = 4.0;

/// The radius of the orbit, whose circle passes through home and lies to its left.
const ORBIT_RADIUS: f32 = 2.5;

/// One full swing or orbit takes this many seconds at normal speed.
const PERIOD: f32 = 4.0;

/// How many ticks ahead the time of impact is looked for.
const HORIZON_TICKS: u16 = 120;

/// How far ahead the time of impact is looked for, in seconds of scene time.
pub const HORIZON: f32 = HORIZON_TICKS as f32 * TICK;

/// The two kinds of motion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MotionKind {
    /// Up and down along y, through home.
    Oscillate,
    /// Round a circle through home, turning with the path.
    Orbit,
}

impl MotionKind {
    /// The name shown in the panel.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MotionKind::Oscillate => "oscillate",
            MotionKind::Orbit => "orbit",
        }
    }
}

/// A motion that can be started and stopped; its phase is kept while it is stopped.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Motion {
    /// Which motion.
    pub kind: MotionKind,
    /// Whether it runs.
    pub on: bool,
    phase: f32,
}

impl Default for Motion {
    fn default() -> Self {
        Self {
            kind: MotionKind::Oscillate,
            on: false,
            phase: 0.0,
        }
    }
}

impl Motion {
    /// Moves the phase on by `dt` seconds if the motion runs.
    pub fn advance(&mut self, dt: f32) {
        if self.on {
            self.phase = (self.phase + TAU * dt / PERIOD).rem_euclid(TAU);
        }
    }

    /// The motion as it will be `dt` seconds from now.
    #[must_use]
    pub fn at(&self, dt: f32) -> Motion {
        let mut ahead = *self;
        ahead.advance(dt);
        ahead
    }

    /// The fastest any point of a shape moving this way can move, in world units per
    /// second, for points at most `reach` from the shape's centre.
    #[must_use]
    pub fn speed_bound(&self, reach: f32) -> f32 {
        let turn = TAU / PERIOD;
        match self.kind {
            MotionKind::Oscillate => AMPLITUDE * turn,
            MotionKind::Orbit => (ORBIT_RADIUS + reach) * turn,
        }
    }

    /// Switches between oscillation and orbit, starting the new one from home.
    pub fn switch(&mut self) {
        self.kind = match self.kind {
            MotionKind::Oscillate => MotionKind::Orbit,
            MotionKind::Orbit => MotionKind::Oscillate,
        };
        self.phase = 0.0;
    }

    /// Where the shape is and how far it is turned, for a shape whose home is `home` and whose
    /// own angle is `angle` (radians).
    #[must_use]
    pub fn pose(&self, home: Vec2, angle: f32) -> (Vec2, f32) {
        let (sin, cos) = self.phase.sin_cos();
        match self.kind {
            MotionKind::Oscillate => (home + Vec2::new(0.0, AMPLITUDE * sin), angle),
            MotionKind::Orbit => (
                home + ORBIT_RADIUS * Vec2::new(cos - 1.0, sin),
                angle + self.phase,
            ),
        }
    }

    /// The first time, within [`HORIZON`] seconds and to the nearest tick, at which
    /// `hit(motion)` holds as the motion runs on; `Some(0.0)` if it holds now.
    #[must_use]
    pub fn time_to(&self, hit: impl Fn(&Motion) -> bool) -> Option<f32> {
        let mut ahead = *self;
        for tick in 0..=HORIZON_TICKS {
            if hit(&ahead) {
                return Some(f32::from(tick) * TICK);
            }
            ahead.advance(TICK);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_motions_start_at_home_unturned() {
        for kind in [MotionKind::Oscillate, MotionKind::Orbit] {
            let motion = Motion {
                kind,
                on: true,
                phase: 0.0,
            };
            let (center, angle) = motion.pose(Vec2::new(1.0, 2.0), 0.5);
            assert!(center.abs_diff_eq(Vec2::new(1.0, 2.0), 1e-6), "{kind:?}");
            assert!((angle - 0.5).abs() < 1e-6, "{kind:?}");
        }
    }

    #[test]
    fn a_stopped_motion_stays_put() {
        let mut motion = Motion::default();
        motion.advance(1.0);
        assert_eq!(motion, Motion::default());
    }

    #[test]
    fn a_full_period_comes_back_home() {
        let mut motion = Motion {
            on: true,
            ..Motion::default()
        };
        for _ in 0..240 {
            motion.advance(TICK);
        }
        let (center, _) = motion.pose(Vec2::ZERO, 0.0);
        assert!(center.length() < 1e-3, "{center}");
    }

    #[test]
    fn time_to_counts_ticks_until_the_condition_holds() {
        let motion = Motion {
            on: true,
            ..Motion::default()
        };
        // A quarter period up: the oscillation reaches its full swing after one second.
        let t = motion
            .time_to(|m| m.pose(Vec2::ZERO, 0.0).0.y >= AMPLITUDE - 1e-3)
            .expect("reaches the top");
        assert!((t - 1.0).abs() <= TICK, "{t}");
        assert_eq!(motion.time_to(|_| true), Some(0.0));
        assert_eq!(motion.time_to(|_| false), None);
    }
}
