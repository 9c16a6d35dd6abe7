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

/// Disk × OBB: project the centre onto the box's unit axes, then the AABB fold in that frame.
#[inline]
fn disk_obb(d: &Disk, b: &Obb) -> bool {
    let local = Turn::new(b.angle).unturn(d.center - b.center);
    fold_disk_box(local, b.half_size, d.radius)
}

/// Disk × triangle: the seed's 7-region code, then the one or two edges its table names.
#[inline]
fn disk_triangle(d: &Disk, t: &Triangle) -> bool {
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
#[inline]
fn obb_obb(a: &Obb, b: &Obb) -> bool {
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
