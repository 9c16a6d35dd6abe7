//! The `Intersects` trait: one small function per shape pair, mirrored pairs delegating.

use super::region::{region_code, region_edges, seed_order};
use super::sat::sat_frame;
use super::trig::Turn;
use super::{Aabb, Disk, Obb, Triangle, sq_distance_point_segment};
use glam::Vec2;

/// Whether two solid shapes share at least one point (touching counts).
pub trait Intersects<Rhs = Self> {
    /// `true` when `self` and `other` overlap or touch; `false` when apart or given NaN.
    fn intersects(&self, other: &Rhs) -> bool;
}

/// Disk against an axis-aligned box centred on the origin with half extents `half`, the seed's
/// quadrant fold: mirror the centre into the first quadrant (`abs`), where the seed rejects
/// centres outside the box grown by `r` and then, in the corner square, compares the squared
/// distance to the corner with `r²`. Both tests are one here: with the distances past the
/// box's sides clamped at zero, `ax² + ay² <= r²` is the grown-box test when one of them is
/// zero and the corner test when neither is. Branch-free; a NaN anywhere fails it.
#[inline]
pub(crate) fn fold_disk_box(center: Vec2, half: Vec2, r: f32) -> bool {
    let past = center.abs() - half;
    // Clamp at zero, keeping a NaN (`f32::max` would drop it).
    let clamp = |x: f32| if x < 0.0 { 0.0 } else { x };
    Vec2::new(clamp(past.x), clamp(past.y)).length_squared() <= r * r
}

/// Disk × disk: the squared distance between the centres against the squared sum of radii.
#[inline]
fn disk_disk(a: &Disk, b: &Disk) -> bool {
    let r = a.radius + b.radius;
    a.center.distance_squared(b.center) <= r * r
}

/// Disk × AABB: the quadrant fold about the box's centre.
#[inline]
fn disk_aabb(d: &Disk, b: &Aabb) -> bool {
    fold_disk_box(d.center - b.center(), b.half_size(), d.radius)
}

/// What two circles about the shapes' centres already decide: `Some(false)` when the centres
/// are farther apart than `outer` (the shapes fit in circles of radii summing to it),
/// `Some(true)` when they are within `inner` (circles inside the shapes overlap), else `None`.
/// A NaN decides nothing, so the full test gets it (and answers `false`).
#[inline]
fn by_circles(offset: Vec2, outer: f32, inner: f32) -> Option<bool> {
    let d2 = offset.length_squared();
    if d2 > outer * outer {
        Some(false)
    } else if d2 <= inner * inner {
        Some(true)
    } else {
        None
    }
}

/// Disk × OBB: project the centre onto the box's unit axes, then the AABB fold in that frame.
///
/// First the circles about the box (through its corners, and inside its edges) settle the
/// cases where the distance alone decides, which spares the sine and cosine.
#[inline]
fn disk_obb(d: &Disk, b: &Obb) -> bool {
    let v = d.center - b.center;
    let h = b.half_size;
    if let Some(known) = by_circles(v, h.length() + d.radius, h.min_element() + d.radius) {
        // (A NaN angle must still say no.)
        return known && !b.angle.is_nan();
    }
    let local = Turn::new(b.angle).unturn(v);
    fold_disk_box(local, h, d.radius)
}

/// Disk × triangle: a bounding-circle reject, then the seed's 7-region code and the one or
/// two edges its table names.
#[inline]
fn disk_triangle(d: &Disk, t: &Triangle) -> bool {
    // The circle about the centroid through the farthest vertex holds the triangle: a disk
    // beyond its reach cannot touch it.
    let g = (t.a + t.b + t.c) * (1.0 / 3.0);
    let reach2 = (t.a - g)
        .length_squared()
        .max((t.b - g).length_squared())
        .max((t.c - g).length_squared());
    let reach = reach2.sqrt() + d.radius;
    if d.center.distance_squared(g) > reach * reach {
        return false;
    }
    let Some(t) = seed_order(t) else {
        return disk_touches_edges(d, t);
    };
    let p = d.center;
    let code = region_code(&t, p);
    if code == 7 {
        // Inside, whatever the radius (unless it is NaN).
        return !d.radius.is_nan();
    }
    let r2 = d.radius * d.radius;
    region_edges(code)
        .iter()
        .any(|&e| sq_distance_point_segment(p, &t.edge(e)) <= r2)
}

/// Whether the disk touches any of the three edges: the whole test for a collinear triangle
/// (which has no inside).
#[cold]
#[inline(never)]
fn disk_touches_edges(d: &Disk, t: &Triangle) -> bool {
    if t.a.is_nan() || t.b.is_nan() || t.c.is_nan() {
        return false;
    }
    let r2 = d.radius * d.radius;
    (0..3).any(|e| sq_distance_point_segment(d.center, &t.edge(e)) <= r2)
}

/// AABB × AABB: the four edge comparisons.
#[inline]
fn aabb_aabb(a: &Aabb, b: &Aabb) -> bool {
    a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y
}

/// OBB × OBB: separating axes on the four edge directions; all four are computed, which is
/// faster than stopping early at an unpredictable axis.
///
/// First the circles about the boxes (through their corners, and inside their edges) settle
/// the cases where the distance alone decides, which spares the sines and cosines.
#[inline]
fn obb_obb(a: &Obb, b: &Obb) -> bool {
    let (ha, hb) = (a.half_size, b.half_size);
    let outer = ha.length() + hb.length();
    let inner = ha.min_element() + hb.min_element();
    if let Some(known) = by_circles(b.center - a.center, outer, inner) {
        // (A NaN angle must still say no.)
        return known && !(a.angle.is_nan() || b.angle.is_nan());
    }
    let f = sat_frame(a, b);
    f.overlaps(0) & f.overlaps(1) & f.overlaps(2) & f.overlaps(3)
}

impl Intersects for Disk {
    #[inline]
    fn intersects(&self, other: &Disk) -> bool {
        disk_disk(self, other)
    }
}

impl Intersects<Aabb> for Disk {
    #[inline]
    fn intersects(&self, other: &Aabb) -> bool {
        disk_aabb(self, other)
    }
}

impl Intersects<Disk> for Aabb {
    #[inline]
    fn intersects(&self, other: &Disk) -> bool {
        disk_aabb(other, self)
    }
}

impl Intersects<Obb> for Disk {
    #[inline]
    fn intersects(&self, other: &Obb) -> bool {
        disk_obb(self, other)
    }
}

impl Intersects<Disk> for Obb {
    #[inline]
    fn intersects(&self, other: &Disk) -> bool {
        disk_obb(other, self)
    }
}

impl Intersects<Triangle> for Disk {
    #[inline]
    fn intersects(&self, other: &Triangle) -> bool {
        disk_triangle(self, other)
    }
}

impl Intersects<Disk> for Triangle {
    #[inline]
    fn intersects(&self, other: &Disk) -> bool {
        disk_triangle(other, self)
    }
}

impl Intersects for Aabb {
    #[inline]
    fn intersects(&self, other: &Aabb) -> bool {
        aabb_aabb(self, other)
    }
}

impl Intersects for Obb {
    #[inline]
    fn intersects(&self, other: &Obb) -> bool {
        obb_obb(self, other)
    }
}
