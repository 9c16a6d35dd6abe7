//! Sine and cosine for box axes: a 512-entry table built at compile time plus a first-order
//! correction. The same bits on every platform (replays depend on that), and several times
//! faster than the C library's `sincosf`. [`Obb::new`](super::Obb::new) uses it once per box;
//! the tests read the stored axes.

use std::f64::consts::PI;

/// Table entries per turn.
const STEPS: usize = 512;

/// Table entries per radian, `512 / 2π`.
const PER_RADIAN: f32 = (STEPS as f64 / (2.0 * PI)) as f32;

/// One table step, `2π / 512`, split so that `j · STEP_HI` is exact for `|j| < 2¹⁶`
/// (Cody and Waite's range reduction).
const STEP_HI: f32 = 0.012_268_066;

/// The rest of the step: `STEP_HI + STEP_LO` is `2π / 512` to within `3e-14`.
const STEP_LO: f32 = 3.779_896_8e-6;

/// Adding 1.5·2²³ rounds an `f32` below 2²² in magnitude to the nearest integer (ties to
/// even), which then sits in the low bits of the sum (as two's complement when negative).
const ROUND_MAGIC: f32 = 12_582_912.0;

/// `(sin, cos)` of `i · 2π / 512`, rounded to `f32` (exact zeros at the quarter turns).
static TABLE: [[f32; 2]; STEPS] = table();

/// Builds [`TABLE`] at compile time: Taylor series in `f64` on angles folded into `[−π, π]`.
const fn table() -> [[f32; 2]; STEPS] {
    let mut out = [[0.0; 2]; STEPS];
    let mut i = 0;
    while i < STEPS {
        let mut x = i as f64 * (2.0 * PI / STEPS as f64);
        if x > PI {
            x -= 2.0 * PI;
        }
        let (mut sin, mut cos) = (0.0, 0.0);
        let (mut term_s, mut term_c) = (x, 1.0);
        let mut n = 1;
        while n < 40 {
            sin += term_s;
            cos += term_c;
            let k = (2 * n) as f64;
            term_s *= -x * x / (k * (k + 1.0));
            term_c *= -x * x / ((k - 1.0) * k);
            n += 1;
        }
        out[i] = [tidy(sin) as f32, tidy(cos) as f32];
        i += 1;
    }
    out
}

/// Rounding noise next to zero (the quarter turns) becomes an exact zero.
const fn tidy(v: f64) -> f64 {
    if v.abs() < 1e-12 { 0.0 } else { v }
}

/// `(sin θ, cos θ)` within about three ulps of the true values for `|θ|` up to about 800
/// (beyond, the error grows to about an ulp of `θ` itself, as an `f32` angle allows; angles
/// past ±32768 are first wrapped into one turn). NaN and infinities give NaN, and nothing
/// panics.
///
/// `θ = j·2π/512 + r` with `|r| <= π/512`; the table gives the sine and cosine of `j·2π/512`,
/// which are turned on by `r` with `cos r ≈ 1 − r²/2`, `sin r ≈ r` (errors below `4e-8`).
#[must_use]
#[inline]
pub(crate) fn sin_cos(angle: f32) -> (f32, f32) {
    let angle = if angle.abs() < 32_768.0 {
        angle
    } else {
        wrap(angle)
    };
    let shifted = angle * PER_RADIAN + ROUND_MAGIC;
    let j = shifted - ROUND_MAGIC;
    let r = (angle - j * STEP_HI) - j * STEP_LO;
    // The low bits of `shifted` hold `j` modulo the table size, with no float-to-int
    // conversion; a NaN picks some entry and `r` carries the NaN.
    let [s, c] = TABLE[shifted.to_bits() as usize & (STEPS - 1)];
    let cr = 1.0 - 0.5 * r * r;
    (s * cr + c * r, c * cr - s * r)
}

/// A huge angle less whole turns (in `f64`, rounding with the same trick as [`ROUND_MAGIC`]),
/// so that the table index stays in reach; plain arithmetic, so the hot path around it needs
/// no call. Beyond about 10¹⁵ radians the result is unspecified (but finite for finite input).
fn wrap(angle: f32) -> f32 {
    const MAGIC: f64 = 6_755_399_441_055_744.0;
    let x = f64::from(angle);
    let turns = (x / (2.0 * PI) + MAGIC) - MAGIC;
    (x - turns * (2.0 * PI)) as f32
}

#[cfg(test)]
mod tests {
    use super::sin_cos;

    #[test]
    fn matches_the_library_within_three_ulps() {
        let mut worst = 0.0f64;
        for i in -200_000..=200_000 {
            let angle = i as f32 * 1.0e-4 * 7.3;
            let (s, c) = sin_cos(angle);
            let (ls, lc) = f64::from(angle).sin_cos();
            worst = worst
                .max((f64::from(s) - ls).abs())
                .max((f64::from(c) - lc).abs());
        }
        assert!(worst < 3.0 * f64::from(f32::EPSILON), "worst error {worst}");
    }

    #[test]
    fn large_angles_stay_close() {
        // Exact reduction up to about 800 radians...
        for angle in [100.0f32, -345.678, 799.5] {
            let (s, c) = sin_cos(angle);
            let (ls, lc) = f64::from(angle).sin_cos();
            assert!((f64::from(s) - ls).abs() < 4e-7, "{angle}");
            assert!((f64::from(c) - lc).abs() < 4e-7, "{angle}");
        }
        // ...then errors of about an ulp of the angle itself.
        for angle in [2345.678f32, -9999.5, 65536.0, -1.0e9, 3.0e38] {
            let (s, c) = sin_cos(angle);
            let (ls, lc) = f64::from(angle).sin_cos();
            let ulp = f64::from(angle.abs()) * f64::from(f32::EPSILON);
            assert!((f64::from(s) - ls).abs() < 2.0 * ulp, "{angle}");
            assert!((f64::from(c) - lc).abs() < 2.0 * ulp, "{angle}");
        }
    }

    #[test]
    fn whole_and_quarter_turns_are_exact_axes() {
        assert_eq!(sin_cos(0.0), (0.0, 1.0));
        let (s, c) = sin_cos(std::f32::consts::FRAC_PI_2);
        assert_eq!(s, 1.0);
        assert!(c.abs() < 1e-7);
        let (s, c) = sin_cos(-std::f32::consts::PI);
        assert!(s.abs() < 1e-7);
        assert_eq!(c, -1.0);
    }

    #[test]
    fn nan_and_infinity_give_nan() {
        assert!(sin_cos(f32::NAN).0.is_nan());
        assert!(sin_cos(f32::INFINITY).1.is_nan());
    }
}
