//! Contacts: how far a disk is from a shape (or how deep in it), the closest point, the normal.
//! The lab shows these numbers; they come from the same fold and region code as the tests.

use super::region::{region_code, region_edges, seed_order};
use super::{Aabb, Disk, Obb, Triangle, closest_point_on_segment, sq_distance_point_segment};
use glam::Vec2;

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
    #[inline]
    pub fn touches(&self) -> bool {
        self.distance <= 0.0
    }
}

/// The answer for any NaN input.
const NAN_CONTACT: Contact = Contact {
    distance: f32::NAN,
    point: Vec2::NAN,
    normal: Vec2::NAN,
};

/// The contact of a disk with a box centred on the origin (local frame), by the same fold as
/// the intersection test: mirror the centre into the first quadrant, find the closest point of
/// the box there, and mirror back.
#[inline]
pub(crate) fn contact_local_box(p: Vec2, half: Vec2, r: f32) -> Contact {
    if p.is_nan() || half.is_nan() || r.is_nan() {
        return NAN_CONTACT;
    }
    let sign = Vec2::new(sign_of(p.x), sign_of(p.y));
    let q = p.abs();
    let a = q - half;
    if a.x > 0.0 || a.y > 0.0 {
        let closest = q.min(half);
        let diff = q - closest;
        let d2 = diff.length_squared();
        let dist = d2.sqrt();
        return Contact {
            distance: gap_from_squares(d2, dist, r),
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

/// The gap `dist − r` from the squared distance `d2` (with `dist = √d2`), as
/// `(d2 − r²) / (dist + r)`: its sign is the sign of `d2 − r²`, the very comparison the
/// intersection tests make, so a contact never says "touching" where the test says apart (a
/// plain `dist − r` can round to zero when `d2` is one step past `r²`). It is also free of the
/// cancellation of `dist − r` near contact.
#[inline]
fn gap_from_squares(d2: f32, dist: f32, r: f32) -> f32 {
    let sum = dist + r;
    if sum > 0.0 {
        (d2 - r * r) / sum
    } else {
        dist - r
    }
}

/// `+1` for zero and positive values, `-1` for negative ones (so an unfolded zero stays put).
#[inline]
fn sign_of(v: f32) -> f32 {
    if v < 0.0 { -1.0 } else { 1.0 }
}

/// Contact of a disk with an axis-aligned box (the quadrant fold, with the numbers).
#[must_use]
#[inline]
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
#[inline]
pub fn contact_disk_obb(d: &Disk, b: &Obb) -> Contact {
    let [ux, uy] = b.axes();
    let local = b.in_frame(d.center - b.center);
    let c = contact_local_box(local, b.half_size, d.radius);
    Contact {
        distance: c.distance,
        point: b.center + ux * c.point.x + uy * c.point.y,
        normal: ux * c.normal.x + uy * c.normal.y,
    }
}

/// Contact of a disk with a triangle: the region code picks the edges to measure, as in the
/// intersection test; inside (code 7) the nearest of all three edges gives the way out.
#[must_use]
#[inline]
pub fn contact_disk_triangle(d: &Disk, t: &Triangle) -> Contact {
    if d.center.is_nan() || d.radius.is_nan() || t.a.is_nan() || t.b.is_nan() || t.c.is_nan() {
        return NAN_CONTACT;
    }
    let p = d.center;
    let Some(t) = seed_order(t) else {
        return nearest_edge_contact(d, t, &[0, 1, 2], false);
    };
    let code = region_code(&t, p);
    nearest_edge_contact(d, &t, region_edges_or_all(code), code == 7)
}

/// The contact with the nearest of the given edges of a seed-ordered triangle.
#[inline]
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
    let gap = gap_from_squares(best.0, dist, d.radius);
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
        distance: gap,
        point,
        normal: (p - point).try_normalize().unwrap_or(outward),
    }
}

/// Like [`region_edges`], but all three edges inside, where the contact needs the nearest.
#[inline]
fn region_edges_or_all(code: u8) -> &'static [usize] {
    if code == 7 {
        &[0, 1, 2]
    } else {
        region_edges(code)
    }
}
