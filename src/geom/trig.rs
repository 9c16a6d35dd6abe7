//! Sine and cosine for box axes: a 256-entry table built at compile time plus a two-term
//! correction. The same bits on every platform (replays depend on that), and several times
//! faster than the C library's `sincosf`, which the OBB tests would otherwise spend most of
//! their time in.

use std::f64::consts::PI;

/// Table entries per turn.
const STEPS: usize = 256;

/// Table entries per radian, `256 / 2π`.
#[allow(clippy::cast_possible_truncation)]
const PER_RADIAN: f32 = (STEPS as f64 / (2.0 * PI)) as f32;

/// One table step, `2π / 256`, split so that `j · STEP_HI` is exact for `|j| < 2¹²`
/// (Cody and Waite's range reduction).
const STEP_HI: f32 = 0.024_536_133;

/// The rest of the step: `STEP_HI + STEP_LO` is `2π / 256` to within `5e-14`.
const STEP_LO: f32 = 7.559_793_6e-6;

/// Adding and subtracting 1.5·2²³ rounds an `f32` below 2²² in magnitude to the nearest
/// integer (ties to even) without a call to `round`.
const ROUND_MAGIC: f32 = 12_582_912.0;

/// `(sin, cos)` of `i · 2π / 256`, rounded to `f32` (exact zeros at the quarter turns).
static TABLE: [[f32; 2]; STEPS] = table();

/// Builds [`TABLE`] at compile time: Taylor series in `f64` on angles folded into `[−π, π]`.
#[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
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

/// `(sin θ, cos θ)` within about two ulps of the true values (for `|θ|` up to about 10⁴; the
/// reduction then degrades gracefully); NaN and infinities give NaN and nothing panics.
///
/// `θ = j·2π/256 + r` with `|r| <= π/256`; the table gives `sin`, `cos` of `j·2π/256`, and
/// `sin r ≈ r − r³/6`, `cos r ≈ 1 − r²/2` (errors below `1e-9`) turn them by `r`.
#[must_use]
#[inline]
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap
)]
pub(crate) fn sin_cos(angle: f32) -> (f32, f32) {
    let j = (angle * PER_RADIAN + ROUND_MAGIC) - ROUND_MAGIC;
    let r = (angle - j * STEP_HI) - j * STEP_LO;
    let z = r * r;
    let cos_r = 1.0 - 0.5 * z;
    let sin_r = r - r * z * (1.0 / 6.0);
    // `as` saturates (NaN becomes 0; `r` carries the NaN); the mask wraps negative indices.
    let [s, c] = TABLE[(j as i32 as usize) & (STEPS - 1)];
    (s * cos_r + c * sin_r, c * cos_r - s * sin_r)
}

#[cfg(test)]
mod tests {
    use super::sin_cos;

    #[test]
    fn matches_the_library_within_two_ulps() {
        let mut worst = 0.0f64;
        for i in -200_000..=200_000 {
            let angle = i as f32 * 1.0e-4 * 7.3;
            let (s, c) = sin_cos(angle);
            let (ls, lc) = f64::from(angle).sin_cos();
            worst = worst
                .max((f64::from(s) - ls).abs())
                .max((f64::from(c) - lc).abs());
        }
        assert!(worst < 2.0 * f64::from(f32::EPSILON), "worst error {worst}");
    }

    #[test]
    fn large_angles_stay_close() {
        for angle in [1000.0f32, -2345.678, 9999.5] {
            let (s, c) = sin_cos(angle);
            let (ls, lc) = f64::from(angle).sin_cos();
            assert!((f64::from(s) - ls).abs() < 1e-6, "{angle}");
            assert!((f64::from(c) - lc).abs() < 1e-6, "{angle}");
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
