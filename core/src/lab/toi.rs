//! Time of impact of a shape moving on its own (an oscillating or orbiting, turning box)
//! with a still one, to within [`TOLERANCE`] seconds, by conservative advancement.
//!
//! A turning box has no closed-form time of impact. Given a lower bound on the distance
//! between the shapes and a bound on how fast any point of the moving shape can move, time
//! can safely advance by distance ÷ speed: the shapes cannot meet sooner. Near contact the
//! steps shrink; below [`MIN_STEP`] the search takes that step and, once the shapes touch,
//! bisects the last step down to [`BISECT_TO`]. At most [`MAX_STEPS`] steps are taken.

/// How close to the true moment of impact the answer is, in seconds.
pub const TOLERANCE: f32 = 1e-4;

/// The smallest step of the advancement, in seconds; a contact that lasts less than this may
/// be stepped over.
pub const MIN_STEP: f32 = TOLERANCE / 4.0;

/// How finely the last step is bisected, in seconds.
pub const BISECT_TO: f32 = 1e-6;

/// The most advancement steps one search takes.
pub const MAX_STEPS: u32 = 200_000;

/// The first time in `[0, horizon]` at which `distance(t) <= 0`, where `distance` never
/// exceeds the true gap between the shapes and changes by at most `speed` per second.
/// `None` when they do not meet by then (or the inputs are not finite).
#[must_use]
pub fn first_time(horizon: f32, speed: f32, distance: impl Fn(f32) -> f32) -> Option<f32> {
    if !(horizon.is_finite() && speed.is_finite() && speed > 0.0) {
        return None;
    }
    let mut t = 0.0_f32;
    for _ in 0..MAX_STEPS {
        let d = distance(t);
        if d.is_nan() {
            return None;
        }
        if d <= 0.0 {
            return Some(t);
        }
        let step = (d / speed).max(MIN_STEP);
        let next = t + step;
        if next > horizon {
            return (distance(horizon) <= 0.0).then(|| bisect(t, horizon, &distance));
        }
        if step <= MIN_STEP && distance(next) <= 0.0 {
            return Some(bisect(t, next, &distance));
        }
        t = next;
    }
    None
}

/// The boundary between `lo` (apart) and `hi` (touching), on the touching side.
fn bisect(mut lo: f32, mut hi: f32, distance: &impl Fn(f32) -> f32) -> f32 {
    while hi - lo > BISECT_TO {
        let mid = (lo + hi) / 2.0;
        if distance(mid) <= 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_closing_at_constant_speed_meets_on_time() {
        let cases = [
            ("soon", 3.0_f32, 2.0_f32, Some(1.5_f32)),
            ("at once", 0.0, 1.0, Some(0.0)),
            ("too late", 10.0, 1.0, None),
        ];
        for (name, gap, speed, want) in cases {
            let got = first_time(2.0, speed, |t| gap - speed * t);
            match (got, want) {
                (Some(g), Some(w)) => assert!((g - w).abs() <= TOLERANCE, "{name}: {g}"),
                (g, w) => assert_eq!(g, w, "{name}"),
            }
        }
    }

    #[test]
    fn a_graze_is_found_where_the_gap_dips_below_zero() {
        // The gap is a parabola with its minimum -0.01 at t = 1: it touches from t = 0.9.
        let got = first_time(2.0, 10.0, |t| (t - 1.0) * (t - 1.0) - 0.01).expect("meets");
        assert!((got - 0.9).abs() <= TOLERANCE, "{got}");
    }
}
