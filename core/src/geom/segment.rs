//! Points and segments: squared distance, crossing of two segments, reflection.

use super::Segment;
use glam::Vec2;

/// The squared distance from `p` to the closest point of segment `s` (the seed's
/// `ComputeSqrDistance_Point_Segment`).
///
/// Before `a` it is the distance to `a`, past `b` the distance to `b`, and in between the
/// perpendicular distance, computed as `(AP × AB)² / |AB|²` (the seed's
/// `|AP|² − (AP·AB)²/|AB|²` by Lagrange's identity, which keeps its precision far from the
/// origin). A zero-length segment is the point `a`; a NaN gives NaN.
#[must_use]
#[inline]
pub fn sq_distance_point_segment(p: Vec2, s: &Segment) -> f32 {
    let ab = s.b - s.a;
    let ap = p - s.a;
    let dot1 = ap.dot(ab);
    if dot1 <= 0.0 {
        return ap.length_squared();
    }
    let dot2 = ab.length_squared();
    if dot1 >= dot2 {
        return (p - s.b).length_squared();
    }
    let cross = ap.perp_dot(ab);
    cross * cross / dot2
}

/// The point of segment `s` closest to `p`, and its parameter `t` in `[0, 1]` along `s`.
#[must_use]
#[inline]
pub fn closest_point_on_segment(p: Vec2, s: &Segment) -> (Vec2, f32) {
    let ab = s.b - s.a;
    let dot1 = (p - s.a).dot(ab);
    if dot1 <= 0.0 {
        return (s.a, 0.0);
    }
    let dot2 = ab.length_squared();
    if dot1 >= dot2 {
        return (s.b, 1.0);
    }
    let t = dot1 / dot2;
    (s.a + ab * t, t)
}

/// How two segments meet (see [`segment_crossing`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Crossing {
    /// They do not meet, and are not parallel.
    None,
    /// They are parallel, on two different lines, so they never meet.
    Parallel,
    /// They lie on one line.
    Collinear {
        /// The shared stretch as parameters `(from, to)` on the first segment, `from <= to`,
        /// both in `[0, 1]`; `None` when the two do not overlap.
        overlap: Option<(f32, f32)>,
    },
    /// They meet at one point.
    Point {
        /// Where they meet.
        point: Vec2,
        /// Its parameter on the first segment, in `[0, 1]`.
        t: f32,
        /// Its parameter on the second segment, in `[0, 1]`.
        u: f32,
    },
}

/// Where segment `s` meets segment `other`: at a point, along a shared stretch, or not at all.
///
/// Touching ends count as meeting. Parallel and collinear are decided exactly
/// (`perp_dot == 0`); a zero-length segment is a point that meets the other segment only when it
/// lies exactly on it. Any NaN gives [`Crossing::None`].
#[must_use]
#[inline]
pub fn segment_crossing(s: &Segment, other: &Segment) -> Crossing {
    let d1 = s.b - s.a;
    let d2 = other.b - other.a;
    let w = other.a - s.a;
    if d1 == Vec2::ZERO || d2 == Vec2::ZERO {
        return point_crossing(s, other, d1, d2);
    }
    let denom = d1.perp_dot(d2);
    if denom == 0.0 {
        if w.perp_dot(d1) != 0.0 {
            return Crossing::Parallel;
        }
        let len2 = d1.length_squared();
        let ta = w.dot(d1) / len2;
        let tb = (other.b - s.a).dot(d1) / len2;
        let from = ta.min(tb).max(0.0);
        let to = ta.max(tb).min(1.0);
        let overlap = (from <= to).then_some((from, to));
        return Crossing::Collinear { overlap };
    }
    let t = w.perp_dot(d2) / denom;
    let u = w.perp_dot(d1) / denom;
    if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
        Crossing::Point {
            point: s.a + d1 * t,
            t,
            u,
        }
    } else {
        Crossing::None
    }
}

/// The crossing when at least one of the segments has zero length.
#[inline]
fn point_crossing(s: &Segment, other: &Segment, d1: Vec2, d2: Vec2) -> Crossing {
    if d1 == Vec2::ZERO && d2 == Vec2::ZERO {
        return if s.a == other.a {
            Crossing::Point {
                point: s.a,
                t: 0.0,
                u: 0.0,
            }
        } else {
            Crossing::None
        };
    }
    // One is a point `p`; find its parameter on the other, `line`.
    let (p, line, dir) = if d1 == Vec2::ZERO {
        (s.a, other, d2)
    } else {
        (other.a, s, d1)
    };
    let rel = p - line.a;
    let param = rel.dot(dir) / dir.length_squared();
    if rel.perp_dot(dir) != 0.0 || !(0.0..=1.0).contains(&param) {
        return Crossing::None;
    }
    let (t, u) = if d1 == Vec2::ZERO {
        (0.0, param)
    } else {
        (param, 0.0)
    };
    Crossing::Point { point: p, t, u }
}

/// `velocity` mirrored about a surface with unit normal `unit_normal`: `v − 2(v·n)n`.
///
/// The speed is unchanged when `unit_normal` has length 1 (a non-unit normal scales the
/// normal component instead; nothing panics).
#[must_use]
#[inline]
pub fn reflect(velocity: Vec2, unit_normal: Vec2) -> Vec2 {
    velocity.reflect(unit_normal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_is_never_negative_near_the_line() {
        let s = Segment::new(Vec2::new(1000.0, 1000.0), Vec2::new(1003.0, 1001.0));
        let p = s.at(0.37);
        assert!(sq_distance_point_segment(p, &s) >= 0.0);
    }
}
