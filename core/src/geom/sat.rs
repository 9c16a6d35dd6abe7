//! The separating axis test for two turned boxes, with every projection interval.

use super::Obb;
use glam::Vec2;

/// One candidate separating axis and the two boxes' projections onto it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SatAxis {
    /// The unit axis (an edge direction of one of the boxes).
    pub axis: Vec2,
    /// Box `a`'s projection interval `(min, max)`, measured along `axis` from `a`'s centre.
    pub a: (f32, f32),
    /// Box `b`'s projection interval `(min, max)`, measured along `axis` from `a`'s centre.
    pub b: (f32, f32),
}

impl SatAxis {
    /// Whether the two intervals overlap or touch (no gap, so this axis does not separate).
    #[must_use]
    #[inline]
    pub fn overlaps(&self) -> bool {
        self.b.0 <= self.a.1 && self.a.0 <= self.b.1
    }

    /// The gap between the intervals: `> 0` separated, `<= 0` overlapping by `-gap`.
    #[must_use]
    #[inline]
    pub fn gap(&self) -> f32 {
        (self.b.0 - self.a.1).max(self.a.0 - self.b.1)
    }
}

/// The separating-axis test of two boxes, axis by axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sat {
    /// `a`'s x and y axes, then `b`'s, each with both projections.
    pub axes: [SatAxis; 4],
    /// The first axis with a gap, if any: `None` means the boxes intersect, exactly when
    /// `Obb::intersects` says so (both run the same projections).
    pub separating: Option<usize>,
}

/// Box `b` seen from box `a`, on the four edge axes (`a`'s x, y, then `b`'s x, y).
pub(crate) struct SatFrame {
    /// `b`'s centre minus `a`'s, projected on each axis.
    pub(crate) offset: [f32; 4],
    /// Half the length of `a`'s projection on each axis.
    pub(crate) reach_a: [f32; 4],
    /// Half the length of `b`'s projection on each axis.
    pub(crate) reach_b: [f32; 4],
}

impl SatFrame {
    /// Whether axis `i` shows no gap: `|offset| <= reach_a + reach_b` (NaN counts as a gap).
    #[inline]
    pub(crate) fn overlaps(&self, i: usize) -> bool {
        self.offset[i].abs() <= self.reach_a[i] + self.reach_b[i]
    }
}

/// The seed's projections, computed in `a`'s frame: on its own axes a box reaches its half
/// size, and the other box reaches `hx·|cos| + hy·|sin|` of the angle between them (both
/// read off the stored axes, so no sine or cosine is computed here).
#[inline]
pub(crate) fn sat_frame(a: &Obb, b: &Obb) -> SatFrame {
    let d = a.in_frame(b.center - a.center);
    // b's x axis in a's frame: the cosine and sine of the angle between them.
    let Vec2 { x: cos, y: sin } = a.in_frame(b.axes()[0]);
    let (ac, as_) = (cos.abs(), sin.abs());
    let (ha, hb) = (a.half_size, b.half_size);
    SatFrame {
        offset: [d.x, d.y, d.x * cos + d.y * sin, d.y * cos - d.x * sin],
        reach_a: [ha.x, ha.y, ha.x * ac + ha.y * as_, ha.x * as_ + ha.y * ac],
        reach_b: [hb.x * ac + hb.y * as_, hb.x * as_ + hb.y * ac, hb.x, hb.y],
    }
}

/// The seed's SAT for two turned boxes on all four edge axes, with every interval, and the
/// first axis that separates them.
#[must_use]
#[inline]
pub fn sat_obb_obb(a: &Obb, b: &Obb) -> Sat {
    let f = sat_frame(a, b);
    let [ax, ay] = a.axes();
    let [bx, by] = b.axes();
    let world = [ax, ay, bx, by];
    let axes = [0, 1, 2, 3].map(|i| SatAxis {
        axis: world[i],
        a: (-f.reach_a[i], f.reach_a[i]),
        b: (f.offset[i] - f.reach_b[i], f.offset[i] + f.reach_b[i]),
    });
    let separating = (0..4).find(|&i| !f.overlaps(i));
    Sat { axes, separating }
}
