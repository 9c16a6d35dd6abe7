//! Numbers as the panel prints them: two decimals, no negative zero, angles in degrees.

use crate::geom::{Contact, Vec2};

use super::picture::Readout;

/// A number with two decimals; values that round to zero print as `0.00`, never `-0.00`.
pub(crate) fn num(x: f32) -> String {
    let rounded = (x * 100.0).round() / 100.0;
    if rounded == 0.0 {
        "0.00".to_owned()
    } else {
        format!("{rounded:.2}")
    }
}

/// A distance near a boundary: two decimals while that shows it, and otherwise as many
/// significant digits as it takes, so that a gap that is not zero never prints as `0.00`.
pub(crate) fn fine(x: f32) -> String {
    if x == 0.0 {
        "0 (touching)".to_owned()
    } else if x.abs() >= 0.01 {
        num(x)
    } else if x.abs() >= 1e-4 {
        format!("{x:.5}")
    } else {
        format!("{x:.2e}")
    }
}

/// Two numbers about to be compared, each with two decimals, or with as many more as it takes
/// to tell them apart (up to the shortest text that gives back each `f32` exactly), so that
/// the digits that decide a comparison near a boundary are on screen.
pub(crate) fn apart(a: f32, b: f32) -> (String, String) {
    for decimals in 2..=8 {
        let (x, y) = (fixed(a, decimals), fixed(b, decimals));
        if x != y || a == b {
            return (x, y);
        }
    }
    (format!("{a}"), format!("{b}"))
}

/// A number with `decimals` decimals and no negative zero.
fn fixed(x: f32, decimals: usize) -> String {
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

/// The rows every disk test shows: how far apart or how deep, the normal and which way it
/// points (towards the disk, named `towards`), the closest point.
pub(crate) fn contact_rows(readout: &mut Readout, contact: &Contact, towards: &str) {
    if contact.distance > 0.0 {
        readout.row("gap", fine(contact.distance));
    } else {
        readout.row("depth", fine(-contact.distance));
    }
    readout.row("normal", format!("{} → {towards}", vec2(contact.normal)));
    readout.row("near", vec2(contact.point));
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
        ];
        for (name, x, want) in cases {
            assert_eq!(num(x), want, "{name}");
        }
    }

    #[test]
    fn distances_near_a_boundary_never_print_as_zero() {
        let cases = [
            ("plain", 0.25_f32, "0.25"),
            ("exactly touching", 0.0, "0 (touching)"),
            ("thousandths", 0.004, "0.00400"),
            ("millionths", 3e-6, "3.00e-6"),
            ("negative", -0.002, "-0.00200"),
        ];
        for (name, x, want) in cases {
            assert_eq!(fine(x), want, "{name}");
        }
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
            ("negative zero", -0.0001, 0.0, ("-0.0001", "0.0000")),
        ];
        for (name, a, b, (x, y)) in cases {
            assert_eq!(apart(a, b), (x.to_owned(), y.to_owned()), "{name}");
        }
    }

    #[test]
    fn angles_print_in_degrees() {
        assert_eq!(degrees(std::f32::consts::FRAC_PI_4), "45.0°");
        assert_eq!(degrees(-0.0001), "0.0°");
        assert_eq!(vec2(Vec2::new(-0.001, 2.0)), "(0.00, 2.00)");
    }
}
