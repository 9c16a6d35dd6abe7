//! Numbers as the panel prints them: two decimals, no negative zero, angles in degrees.

use glam::DVec2;

use crate::geom::{Contact, Vec2};

use super::exact::Near;
use super::picture::Readout;
use super::touch::{Gap, TOUCH_TOLERANCE_F64};

/// A number with two decimals, rounded once from the stored value (never by multiplying in
/// `f32`, where 1.00499999 × 100 is 100.5 and would print `1.01`); values that round to zero
/// print as `0.00`, never `-0.00`.
pub(crate) fn num(x: f32) -> String {
    fixed(f64::from(x), 2)
}

/// A distance, gap or depth by the one touch tolerance: within [`TOUCH_TOLERANCE_F64`] of zero
/// it is `0 (touching)`; otherwise two decimals while that shows it, and below a hundredth two
/// significant digits, or as many more as it takes for the printed number to be past the
/// tolerance (a gap of `1.0014e-4` prints `0.0001001`, never `0.00010`, which would read as
/// touching).
pub(crate) fn fine(x: impl Into<f64>) -> String {
    let x: f64 = x.into();
    if x.abs() <= TOUCH_TOLERANCE_F64 {
        "0 (touching)".to_owned()
    } else {
        small(x)
    }
}

/// A number past the touch tolerance (or zero) with the digits that show it: two decimals while
/// that shows it, and below a hundredth two significant digits, or
/// as many more as it takes for the printed number to be past the tolerance, as [`fine`]
/// prints it. A push of `-0.00020003` prints `-0.00020`, never `0.00`, and gaps of 1.49998e-4
/// and 1.50003e-4 both print `0.00015` (with four decimals the second printed `0.0002`, which
/// reads as twice the tolerance, beside `0.00015` for a value 5e-8 away).
pub(crate) fn small(x: f64) -> String {
    if x == 0.0 || x.is_nan() || x.abs() >= 0.01 {
        fixed(x, 2)
    } else {
        let tolerance = TOUCH_TOLERANCE_F64;
        (two_digits(x)..=12)
            .map(|decimals| format!("{x:.decimals$}"))
            .find(|text| text.parse::<f64>().is_ok_and(|v| v.abs() > tolerance))
            .unwrap_or_else(|| format!("{x:e}"))
    }
}

/// How many decimals give `x` (non-zero, below a hundredth) two significant digits, rounded
/// once: one past its first non-zero digit, or one fewer where rounding carries into the next
/// power of ten (0.00999999791 is `0.010`, not `0.0100`). At most 12.
fn two_digits(x: f64) -> usize {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let first = (1.0 - x.abs().log10().floor()).clamp(2.0, 12.0) as usize;
    let carried = format!("{:.first$}", x.abs())
        .parse::<f64>()
        .is_ok_and(|v| v >= 10f64.powi(2 - i32::try_from(first).unwrap_or(12)));
    if carried { first - 1 } else { first }
}

/// A number worked out in `f64` that decides nothing by the tolerance (how far a centre is
/// from an edge's line, a coordinate in a step), rounded once: two decimals, and below a
/// hundredth two significant digits, so that 7.95e-8 prints `0.000000079`, not `0.00`; an
/// exact zero is `0.00`, and no negative zero.
pub(crate) fn wide_num(x: f64) -> String {
    if x == 0.0 || !x.is_finite() || x.abs() >= 0.01 {
        fixed(x, 2)
    } else if x.abs() < TINY {
        format!("{x:.1e}")
    } else {
        fixed(x, two_digits(x))
    }
}

/// A distance worked out in `f64` that a step compares with the touch tolerance (GJK's
/// `|v|`): as [`wide_num`], with as many more digits as it takes to show which side of the
/// tolerance it is (1.02e-4 is `0.000102`, 9.97e-5 is `0.0000997`, never `0.00010` for either).
pub(crate) fn wide_gap(x: f64) -> String {
    if x == 0.0 || !x.is_finite() || x.abs() >= 0.01 || x.abs() < TINY {
        return wide_num(x);
    }
    let side = x.abs().total_cmp(&TOUCH_TOLERANCE_F64);
    (two_digits(x)..=12)
        .map(|decimals| fixed(x, decimals))
        .find(|text| {
            text.parse::<f64>()
                .is_ok_and(|v| v.abs().total_cmp(&TOUCH_TOLERANCE_F64) == side)
        })
        .unwrap_or_else(|| format!("{x:e}"))
}

/// Below this, two significant digits take more than twelve decimals: such a number prints
/// as `1.0e-14`.
pub(crate) const TINY: f64 = 1e-10;

/// A vector as `(x, y)`, each part by [`small`]: a push or offset whose parts are below a
/// hundredth keeps its digits.
pub(crate) fn small_vec2(x: f64, y: f64) -> String {
    format!("({}, {})", small(x), small(y))
}

/// A signed value whose sign decides something (a cross product, a margin), with its sign
/// always shown: two decimals while that shows it, and otherwise three significant digits, so
/// that a value that would round to zero still shows which side of zero it is (`-1.19e-7`).
/// Near the touch tolerance it takes as many more digits as it needs to show which side of
/// the tolerance it is (`+1.001e-4`, never `+1.00e-4` for a margin past it). Only an exact
/// zero prints as `0`.
pub(crate) fn signed(x: f64) -> String {
    if x == 0.0 {
        "0".to_owned()
    } else if x.abs() >= 0.01 {
        format!("{x:+.2}")
    } else {
        let tolerance = TOUCH_TOLERANCE_F64;
        let side = x.abs().total_cmp(&tolerance);
        (2..=9)
            .map(|digits| format!("{x:+.digits$e}"))
            .find(|text| {
                text.parse::<f64>()
                    .is_ok_and(|v| v.abs().total_cmp(&tolerance) == side)
            })
            .unwrap_or_else(|| format!("{x:+e}"))
    }
}

/// Two numbers about to be compared, each with two decimals, or with as many more as it takes
/// to tell them apart (up to the shortest text that gives back each number exactly), so that
/// the digits that decide a comparison near a boundary are on screen.
pub(crate) fn apart(a: impl Into<f64>, b: impl Into<f64>) -> (String, String) {
    let (a, b): (f64, f64) = (a.into(), b.into());
    // A number below a hundredth starts with its two significant digits, as `wide_num`.
    let least = |x: f64| {
        if x == 0.0 || !x.is_finite() || x.abs() >= 0.01 {
            2
        } else {
            two_digits(x)
        }
    };
    let text = |x: f64, decimals: usize| {
        if x != 0.0 && x.abs() < TINY {
            format!("{x:.1e}")
        } else {
            fixed(x, decimals.max(least(x)))
        }
    };
    for decimals in 2..=12 {
        let (x, y) = (text(a, decimals), text(b, decimals));
        // Texts that read as the same number (`0.010` beside `0.01`) do not tell them apart.
        let same = x.parse::<f64>().ok() == y.parse::<f64>().ok();
        if !same || a == b {
            return (x, y);
        }
    }
    (format!("{a}"), format!("{b}"))
}

/// A number with `decimals` decimals and no negative zero.
fn fixed(x: f64, decimals: usize) -> String {
    let text = format!("{x:.decimals$}");
    if text
        .trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        text.trim_start_matches('-').to_owned()
    } else {
        text
    }
}

/// A point or vector worked out in `f64`, as `(x, y)` with two decimals each, rounded once from
/// the `f64` value (never through `f32`), no negative zero.
pub(crate) fn wide_vec2(v: DVec2) -> String {
    format!("({}, {})", fixed(v.x, 2), fixed(v.y, 2))
}

/// A fraction of a path worked out in `f64`, in `[0, 1]`: four decimals, rounded once, so that
/// a fraction is never taken for a touch (0 means the path's start); no negative zero.
///
/// A fraction that rounds to the path's end or start without being there (a cast that ends
/// 9e-5 short of the shape, at 0.999998) takes as many more decimals as it needs to tell it
/// from `1.0000` or `0.0000`.
pub(crate) fn wide_fraction(t: f64) -> String {
    (4..=12)
        .map(|decimals| fixed(t, decimals))
        .find(|text| {
            text.parse::<f64>()
                .is_ok_and(|v| (v == 1.0) == (t == 1.0) && (v == 0.0) == (t == 0.0))
        })
        .unwrap_or_else(|| format!("{t}"))
}

/// A place as stored: two decimals, or as many as the shortest text that gives back the stored
/// `f32` has (up to eight), so that a typed `:pos -4.0001 0.3` shows `(-4.0001, 0.30)`, not
/// `(-4.00, 0.30)` beside a verdict that the fourth decimal decides.
pub(crate) fn place(v: Vec2) -> String {
    format!("({}, {})", place_num(v.x), place_num(v.y))
}

/// One part of [`place`]. A number typed exactly the tolerance (1e-4) from one with fewer
/// decimals (four decimals, the last a 1 or a 9: `-2.5001`, `-4.0001`, `1.4999`) is stored a
/// little to one side of it, and that side decides a touch at the tolerance: it shows the
/// stored value's digits, eight decimals (`-2.50009990`, stored 9.999e-5 from -2.5, against
/// `-4.00010014`, 1.0014e-4 from -4).
pub(crate) fn place_num(x: f32) -> String {
    let shortest = format!("{x}");
    let digits = shortest.split_once('.').map_or("", |(_, d)| d);
    let decimals = digits.len();
    if decimals <= 2 || !x.is_finite() {
        num(x)
    } else if decimals == 4 && (digits.ends_with('1') || digits.ends_with('9')) {
        fixed(f64::from(x), 8)
    } else {
        fixed(f64::from(x), decimals.min(8))
    }
}

/// A point or vector as `(x, y)`.
pub(crate) fn vec2(v: Vec2) -> String {
    format!("({}, {})", num(v.x), num(v.y))
}

/// An angle in radians, printed in degrees with one decimal.
pub(crate) fn degrees(radians: f32) -> String {
    let d = (radians.to_degrees() * 10.0).round() / 10.0;
    if d == 0.0 {
        "0.0°".to_owned()
    } else {
        format!("{d:.1}°")
    }
}

/// The rows every disk test shows: how far apart or how deep (the gap as the scene decided it,
/// in `f64`), the normal and which way it points (towards the disk, named `towards`), the
/// closest point.
pub(crate) fn contact_rows_by(readout: &mut Readout, contact: &Contact, gap: Gap, towards: &str) {
    match gap {
        Gap::Apart(gap) => readout.row("gap", fine(gap)),
        gap => readout.row("depth", fine(gap.depth())),
    }
    readout.row("normal", format!("{} → {towards}", vec2(contact.normal)));
    readout.row("near", vec2(contact.point));
}

/// The rows every disk test shows, each worked out in `f64` on the shapes as placed
/// ([`Near`]) and rounded once: how far apart or how deep (by the one tolerance), the normal
/// and which way it points (towards the disk, named `towards`), the nearest point of the
/// shape's boundary.
pub(crate) fn near_rows_by(readout: &mut Readout, near: &Near, gap: Gap, towards: &str) {
    match gap {
        Gap::Apart(gap) => readout.row("gap", fine(gap)),
        gap => readout.row("depth", fine(gap.depth())),
    }
    readout.row("normal", format!("{} → {towards}", wide_vec2(near.normal)));
    readout.row("near", wide_vec2(near.point));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_with_two_decimals_and_no_negative_zero() {
        let cases = [
            ("positive", 1.234_f32, "1.23"),
            ("negative", -9.25, "-9.25"),
            ("negative zero", -0.0, "0.00"),
            ("tiny negative", -0.001, "0.00"),
            ("rounds up", 0.999, "1.00"),
            // Stored as 1.00499999523; × 100 that is 100.5 in `f32`: rounded there it printed `1.01`.
            ("just below a rounding boundary", 1.005_f32, "1.00"),
        ];
        for (name, x, want) in cases {
            assert_eq!(num(x), want, "{name}");
        }
    }

    #[test]
    fn distances_follow_the_touch_tolerance() {
        let cases = [
            ("plain", 0.25_f32, "0.25"),
            ("exactly touching", 0.0, "0 (touching)"),
            ("thousandths", 0.004, "0.0040"),
            ("just past the tolerance", 2e-4, "0.00020"),
            ("half past the tolerance, below", 1.499_98e-4, "0.00015"),
            ("half past the tolerance, above", 1.500_03e-4, "0.00015"),
            ("below the rounding boundary, as stored", 1.005, "1.00"),
            ("within the tolerance", 3e-6, "0 (touching)"),
            ("within it, negative", -1.19e-7, "0 (touching)"),
            ("negative", -0.002, "-0.0020"),
            // Reported: a disk placed at x = -4.0001 (stored as -4.00010013) against a box
            // edge at -3 with radius 1 printed `0.0001`, the tolerance itself, as a MISS.
            ("just past the tolerance, placed", 1.001_358e-4, "0.0001001"),
            (
                "one float past the tolerance",
                1.000_000_05e-4,
                "0.000100000005",
            ),
            ("past it, negative", -1.4e-4, "-0.00014"),
        ];
        let pushes = [
            ("depth 0.0002", -0.000_200_03_f64, "-0.00020"),
            ("carried into a hundredth", 0.009_999_997_91, "0.010"),
            ("carried, negative", -0.000_999_96, "-0.0010"),
            ("depth 0.00015", -0.000_149_97, "-0.00015"),
            ("none", 0.0, "0.00"),
            ("plain", 2.2, "2.20"),
        ];
        for (name, x, want) in pushes {
            assert_eq!(small(x), want, "{name}");
        }
        for (name, x, want) in cases {
            assert_eq!(fine(x), want, "{name}");
        }
    }

    #[test]
    fn wide_numbers_keep_two_significant_digits() {
        let cases = [
            ("plain", 2.004_999_96, "2.00"),
            ("zero", 0.0, "0.00"),
            ("a centre 7.95e-8 from a line", 7.948e-8, "0.000000079"),
            ("carried", 9.999e-8, "0.00000010"),
            ("thousandths", 0.004, "0.0040"),
            ("past twelve decimals", -3.04e-14, "-3.0e-14"),
        ];
        for (name, x, want) in cases {
            assert_eq!(wide_num(x), want, "{name}");
        }
    }

    #[test]
    fn gaps_in_steps_show_their_side_of_the_tolerance() {
        let cases = [
            ("just past", 1.020_43e-4, "0.000102"),
            ("just within", 9.966e-5, "0.0000997"),
            ("past by more", 1.2e-4, "0.00012"),
            ("well within", 9.0e-5, "0.000090"),
            ("plain", 1.5, "1.50"),
            ("zero", 0.0, "0.00"),
        ];
        for (name, x, want) in cases {
            assert_eq!(wide_gap(x), want, "{name}");
        }
    }

    #[test]
    fn signed_values_show_their_sign_even_when_tiny() {
        let cases = [
            ("plain", 0.25_f64, "+0.25"),
            ("negative", -1.5, "-1.50"),
            ("tiny negative", -1.19e-7, "-1.19e-7"),
            ("tiny positive", 3.8e-8, "+3.80e-8"),
            ("zero", 0.0, "0"),
            (
                "past the tolerance",
                1.001_358_032_226_562_5e-4,
                "+1.001e-4",
            ),
            ("within the tolerance", 9.996e-5, "+9.996e-5"),
            ("the tolerance", 1e-4, "+1.00e-4"),
        ];
        for (name, x, want) in cases {
            assert_eq!(signed(x), want, "{name}");
        }
        assert_eq!(wide_fraction(0.25), "0.2500");
        assert_eq!(wide_fraction(-0.0), "0.0000");
        assert_eq!(wide_fraction(0.583_317), "0.5833");
        assert_eq!(wide_fraction(1.0), "1.0000");
        assert_eq!(wide_fraction(0.0), "0.0000");
        // A cast ending 9e-5 short of the box: not the path's end.
        assert_eq!(wide_fraction(0.999_998_3), "0.999998");
        assert_eq!(wide_fraction(0.999_96), "0.99996");
        assert_eq!(wide_fraction(2e-6), "0.000002");
    }

    #[test]
    fn compared_numbers_show_the_digits_that_tell_them_apart() {
        let cases = [
            ("far apart", 2.0_f32, 1.0_f32, ("2.00", "1.00")),
            ("equal", 1.0, 1.0, ("1.00", "1.00")),
            (
                "one step past",
                1.000_000_1,
                1.0,
                ("1.0000001", "1.0000000"),
            ),
            (
                "a small one beside zero",
                -0.0001,
                0.0,
                ("-0.00010", "0.00"),
            ),
            (
                "a squared distance of 1e-14",
                1e-14,
                1.0,
                ("1.0e-14", "1.00"),
            ),
            // Just below a hundredth beside a hundredth: `0.010` and `0.01` read alike.
            (
                "either side of a hundredth",
                0.009_99,
                0.01,
                ("0.00999", "0.01000"),
            ),
        ];
        for (name, a, b, (x, y)) in cases {
            assert_eq!(apart(a, b), (x.to_owned(), y.to_owned()), "{name}");
        }
    }

    #[test]
    fn a_place_typed_at_the_tolerance_shows_the_stored_digits() {
        let cases = [
            ("stored below the typed decimal", -2.5001_f32, "-2.50009990"),
            ("stored past the typed decimal", -4.0001, "-4.00010014"),
            ("a nine", 1.4999, "1.49989998"),
            ("clearly within", -2.50009, "-2.50009"),
            ("clearly past", -2.50011, "-2.50011"),
            ("plain", -9.25, "-9.25"),
            ("three decimals", 0.125, "0.125"),
        ];
        for (name, x, want) in cases {
            assert_eq!(place_num(x), want, "{name}");
        }
    }

    #[test]
    fn angles_print_in_degrees() {
        assert_eq!(degrees(std::f32::consts::FRAC_PI_4), "45.0°");
        assert_eq!(degrees(-0.0001), "0.0°");
        assert_eq!(vec2(Vec2::new(-0.001, 2.0)), "(0.00, 2.00)");
    }
}
