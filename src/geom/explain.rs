//! The numbers behind each verdict: contact distance and normal, the triangle's region code,
//! and the separating-axis intervals. The `Intersects` impls are built from the same pieces.

use super::{Aabb, Disk, Obb, Triangle, closest_point_on_segment, sq_distance_point_segment};
use glam::Vec2;

/// A triangle whose doubled area is at most this fraction of `|ab|² + |ac|²` counts as collinear
/// (its height is then below about two millionths of its longest edge).
pub const SLIVER_EPSILON: f32 = 1e-6;

/// How a disk stands against a shape: signed gap, closest point and normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// The gap between the disk's edge and the shape: `> 0` apart, `<= 0` overlapping by
    /// `-distance` (touching is `0`).
    pub distance: f32,
    /// The point of the shape's boundary closest to the disk's centre.
    pub point: Vec2,
    /// Unit normal from the shape towards the disk's centre (the way out when overlapping).
    pub normal: Vec2,
}

impl Contact {
    /// Whether the disk touches or overlaps the shape (`distance <= 0`; NaN gives `false`).
    #[must_use]
    pub fn touches(&self) -> bool {
        self.distance <= 0.0
    }
}

/// The contact of a disk with a box centred on the origin (local frame), by the same fold as
/// the intersection test: mirror the centre into the first quadrant, find the closest point of
/// the box there, and mirror back.
pub(crate) fn contact_local_box(p: Vec2, half: Vec2, r: f32) -> Contact {
    let sign = Vec2::new(sign_of(p.x), sign_of(p.y));
    let q = p.abs();
    let a = q - half;
    if a.x > 0.0 || a.y > 0.0 {
        let closest = q.min(half);
        let diff = q - closest;
        let dist = diff.length();
        return Contact {
            distance: dist - r,
            point: closest * sign,
            normal: diff / dist * sign,
        };
    }
    // Centre inside or on the boundary: leave through the nearest face.
    if -a.x <= -a.y {
        Contact {
            distance: a.x - r,
            point: Vec2::new(half.x, q.y) * sign,
            normal: Vec2::new(sign.x, 0.0),
        }
    } else {
        Contact {
            distance: a.y - r,
            point: Vec2::new(q.x, half.y) * sign,
            normal: Vec2::new(0.0, sign.y),
        }
    }
}

/// `+1` for zero and positive values, `-1` for negative ones (so an unfolded zero stays put).
fn sign_of(v: f32) -> f32 {
    if v < 0.0 { -1.0 } else { 1.0 }
}

/// Contact of a disk with an axis-aligned box (the quadrant fold, with the numbers).
#[must_use]
pub fn contact_disk_aabb(d: &Disk, b: &Aabb) -> Contact {
    let center = b.center();
    let c = contact_local_box(d.center - center, b.half_size(), d.radius);
    Contact {
        point: c.point + center,
        ..c
    }
}

/// Contact of a disk with a turned box: the box-axis projection, then the AABB contact.
#[must_use]
pub fn contact_disk_obb(d: &Disk, b: &Obb) -> Contact {
    let [ux, uy] = b.axes();
    let v = d.center - b.center;
    let c = contact_local_box(Vec2::new(v.dot(ux), v.dot(uy)), b.half_size, d.radius);
    Contact {
        distance: c.distance,
        point: b.center + ux * c.point.x + uy * c.point.y,
        normal: ux * c.normal.x + uy * c.normal.y,
    }
}

/// Contact of a disk with a triangle: the region code picks the edges to measure, as in the
/// intersection test; inside (code 7) the nearest of all three edges gives the way out.
#[must_use]
pub fn contact_disk_triangle(d: &Disk, t: &Triangle) -> Contact {
    let p = d.center;
    let Some(t) = seed_order(t) else {
        return nearest_edge_contact(d, t, &[0, 1, 2], false);
    };
    let code = region_code(&t, p);
    nearest_edge_contact(d, &t, region_edges_or_all(code), code == 7)
}

/// The contact with the nearest of the given edges of a seed-ordered triangle.
fn nearest_edge_contact(d: &Disk, t: &Triangle, edges: &[usize], inside: bool) -> Contact {
    let p = d.center;
    let mut best = (f32::INFINITY, 0);
    for &e in edges {
        let d2 = sq_distance_point_segment(p, &t.edge(e));
        if d2 < best.0 {
            best = (d2, e);
        }
    }
    let edge = t.edge(best.1);
    let (point, _) = closest_point_on_segment(p, &edge);
    let dist = best.0.sqrt();
    // The outward normal of an edge of a seed-ordered triangle is its direction turned by +90°.
    let outward = (edge.b - edge.a).perp().try_normalize().unwrap_or(Vec2::X);
    if inside {
        return Contact {
            distance: -dist - d.radius,
            point,
            normal: outward,
        };
    }
    Contact {
        distance: dist - d.radius,
        point,
        normal: (p - point).try_normalize().unwrap_or(outward),
    }
}

/// The triangle in the seed's order, or `None` when it is collinear (a sliver thinner than
/// [`SLIVER_EPSILON`]) or has a NaN.
#[inline]
pub(crate) fn seed_order(t: &Triangle) -> Option<Triangle> {
    let ab = t.b - t.a;
    let ac = t.c - t.a;
    let area2 = ab.perp_dot(ac);
    let scale = ab.length_squared() + ac.length_squared();
    let thick = area2.abs() > SLIVER_EPSILON * scale;
    match (thick, area2 > 0.0) {
        (false, _) => None,
        (true, true) => Some(Triangle::new(t.a, t.c, t.b)),
        (true, false) => Some(*t),
    }
}

/// The 3-bit region code of `p` against a seed-ordered triangle: bit 4 when `p` is on the inner
/// side of line ab (or on it), bit 2 for bc, bit 1 for ca.
#[inline]
pub(crate) fn region_code(t: &Triangle, p: Vec2) -> u8 {
    let mut k = 0;
    if (p - t.a).perp_dot(t.b - t.a) >= 0.0 {
        k |= 4;
    }
    if (p - t.b).perp_dot(t.c - t.b) >= 0.0 {
        k |= 2;
    }
    if (p - t.c).perp_dot(t.a - t.c) >= 0.0 {
        k |= 1;
    }
    k
}

/// The seed's 3-bit region code of point `p` against triangle `t` (1..=7, 7 = inside or on
/// the boundary), computed on [`Triangle::clockwise`]: bit 4 is set when `p` is on the inner
/// side of line ab, bit 2 for line bc, bit 1 for line ca.
///
/// A collinear triangle has no inside; its code is computed by the same formula (and can then
/// be 0 or 7), but the intersection test does not use it.
#[must_use]
pub fn triangle_region(t: &Triangle, p: Vec2) -> u8 {
    region_code(&t.clockwise(), p)
}

/// The edges (0 = ab, 1 = bc, 2 = ca of the clockwise triangle) that the seed's table tests
/// for region `code`: one or two edges for 1..=6, none for 7 (inside).
///
/// Any other code (0, which only a collinear triangle gives, or above 7) tests all three.
#[must_use]
pub fn region_edges(code: u8) -> &'static [usize] {
    match code {
        1 => &[0, 1],
        2 => &[2, 0],
        3 => &[0],
        4 => &[1, 2],
        5 => &[1],
        6 => &[2],
        7 => &[],
        _ => &[0, 1, 2],
    }
}

/// Like [`region_edges`], but all three edges inside, where the contact needs the nearest.
fn region_edges_or_all(code: u8) -> &'static [usize] {
    if code == 7 {
        &[0, 1, 2]
    } else {
        region_edges(code)
    }
}

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
    pub fn overlaps(&self) -> bool {
        self.b.0 <= self.a.1 && self.a.0 <= self.b.1
    }

    /// The gap between the intervals: `> 0` separated, `<= 0` overlapping by `-gap`.
    #[must_use]
    pub fn gap(&self) -> f32 {
        (self.b.0 - self.a.1).max(self.a.0 - self.b.1)
    }
}

/// The separating-axis test of two boxes, axis by axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sat {
    /// `a`'s x and y axes, then `b`'s, each with both projections.
    pub axes: [SatAxis; 4],
    /// The first axis with a gap, if any: `None` means the boxes intersect.
    pub separating: Option<usize>,
}

/// The projections of boxes `a` and `b` (with their unit axes) onto unit axis `u`.
#[inline]
pub(crate) fn sat_axis(a: &Obb, a_axes: [Vec2; 2], b: &Obb, b_axes: [Vec2; 2], u: Vec2) -> SatAxis {
    let ea = a.half_size.x * a_axes[0].dot(u).abs() + a.half_size.y * a_axes[1].dot(u).abs();
    let eb = b.half_size.x * b_axes[0].dot(u).abs() + b.half_size.y * b_axes[1].dot(u).abs();
    let t = (b.center - a.center).dot(u);
    SatAxis {
        axis: u,
        a: (-ea, ea),
        b: (t - eb, t + eb),
    }
}

/// The seed's SAT for two turned boxes on all four edge axes, with every interval, and the
/// first axis that separates them (the `Intersects` impl stops at that axis).
#[must_use]
pub fn sat_obb_obb(a: &Obb, b: &Obb) -> Sat {
    let a_axes = a.axes();
    let b_axes = b.axes();
    let axes =
        [a_axes[0], a_axes[1], b_axes[0], b_axes[1]].map(|u| sat_axis(a, a_axes, b, b_axes, u));
    let separating = axes.iter().position(|s| !s.overlaps());
    Sat { axes, separating }
}
