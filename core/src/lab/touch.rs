//! The lab's one touch tolerance: shapes whose gap is within [`TOUCH_TOLERANCE`] of zero
//! touch. Every scene decides its verdict, words and printed numbers by it: a signed gap
//! (positive apart, negative overlapping) above the tolerance is a MISS with that gap; within
//! it, the shapes touch (a HIT, overlap 0); below it, they overlap (a HIT with that depth).
//! A depth is never negative.
//!
//! The tolerance is far above the rounding of `f32` at the lab's sizes (positions within
//! ±40, so a few ulps are below `1e-5`), so a verdict never depends on how a sum rounds, and
//! far below what the screen shows (a ten-thousandth of a cell).

/// How close to zero a gap must be for the lab to call the shapes touching, in world units.
pub const TOUCH_TOLERANCE: f32 = 1e-4;

/// The tolerance exactly as its text says, for numbers the lab works out in `f64`. The `f32`
/// constant is the nearest `f32` below `1e-4` and no `f32` lies between the two, so an `f32`
/// value is past one exactly when it is past the other.
pub(crate) const TOUCH_TOLERANCE_F64: f64 = 1e-4;

/// The tolerance as the help, the panel and the README write it.
pub const TOUCH_TOLERANCE_TEXT: &str = "1e-4";

/// How two shapes stand, by the one tolerance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Gap {
    /// Apart by more than the tolerance: this far.
    Apart(f64),
    /// Within the tolerance of touching.
    Touching,
    /// Overlapping by more than the tolerance: this deep.
    Overlap(f64),
}

impl Gap {
    /// A signed gap (positive apart, negative overlapping) by the tolerance, in `f64` (an
    /// `f32` gap is widened exactly). NaN is apart.
    pub(crate) fn of(signed: impl Into<f64>) -> Self {
        let signed: f64 = signed.into();
        if signed.is_nan() {
            Gap::Apart(f64::NAN)
        } else if signed > TOUCH_TOLERANCE_F64 {
            Gap::Apart(signed)
        } else if signed < -TOUCH_TOLERANCE_F64 {
            Gap::Overlap(-signed)
        } else {
            Gap::Touching
        }
    }

    /// Whether the shapes touch or overlap: the verdict HIT.
    pub(crate) fn hit(self) -> bool {
        !matches!(self, Gap::Apart(_))
    }

    /// The depth of the overlap: 0 when touching or apart, never negative.
    pub(crate) fn depth(self) -> f64 {
        match self {
            Gap::Overlap(d) => d,
            _ => 0.0,
        }
    }
}

/// Whether a signed gap is a hit by the tolerance.
pub(crate) fn hits(signed: impl Into<f64>) -> bool {
    Gap::of(signed).hit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_split_in_three_at_the_tolerance() {
        let cases = [
            ("apart", 0.5_f32, Gap::Apart(0.5)),
            ("just apart", 2e-4, Gap::Apart(f64::from(2e-4_f32))),
            ("touching from outside", 3.8e-8, Gap::Touching),
            ("exactly", 0.0, Gap::Touching),
            ("touching from inside", -1.19e-7, Gap::Touching),
            ("at the tolerance", TOUCH_TOLERANCE, Gap::Touching),
            ("overlap", -0.5, Gap::Overlap(0.5)),
            (
                "just past, overlapping",
                -2e-4,
                Gap::Overlap(f64::from(2e-4_f32)),
            ),
        ];
        for (name, signed, want) in cases {
            assert_eq!(Gap::of(signed), want, "{name}");
        }
        assert!(!hits(f32::NAN));
        // A 0.1 box's edge 9.9968e-5 from another, worked out in f64: touching.
        assert_eq!(Gap::of(9.9968e-5_f64), Gap::Touching);
        assert_eq!(Gap::of(1.0014e-4_f64), Gap::Apart(1.0014e-4));
        assert_eq!(Gap::of(-1e-6).depth(), 0.0);
        assert_eq!(Gap::of(3.0).depth(), 0.0);
    }
}
