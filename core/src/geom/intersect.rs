//! The `Intersects` trait: one small function per shape pair, mirrored pairs delegating.

use super::region::thick;
use super::sat::sat_frame;
use super::{Aabb, Disk, Obb, Triangle};
use glam::{Vec2, Vec4, Vec4Swizzles};

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

/// Disk × OBB: project the centre onto the box's stored unit axes, then the AABB fold in that
/// frame (a few products and no branch, so no bounding circles first).
#[inline]
fn disk_obb(d: &Disk, b: &Obb) -> bool {
    fold_disk_box(b.in_frame(d.center - b.center), b.half_size, d.radius)
}

/// Disk × triangle: the seed's region code decides inside or out, and the corners and edges
/// are measured, in four lanes at once and without branches.
///
/// The seed's 7-region code picks the one or two edges to measure; here the three signs that
/// make up the code say whether the centre is inside, and all three corners and edges are
/// measured with the quantities the signs already need, which is shorter than choosing (the
/// choice is an unpredictable branch) and than a bounding-circle reject first. The edges the
/// table would name are among them, so the answer is the seed's.
#[inline]
fn disk_triangle(d: &Disk, t: &Triangle) -> bool {
    // The three vertices in lanes (the fourth repeats `a`, so its "edge" is the point `a`).
    let xs = Vec4::new(t.a.x, t.b.x, t.c.x, t.a.x);
    let ys = Vec4::new(t.a.y, t.b.y, t.c.y, t.a.y);
    // Offsets from the vertices to the centre, and the edges `ab`, `bc`, `ca` (and zero).
    let (px, py) = (d.center.x - xs, d.center.y - ys);
    let (ex, ey) = (xs.yzxw() - xs, ys.yzxw() - ys);
    let len2 = ex * ex + ey * ey;
    // The region code's signs, `(p − a) × (b − a)` and so on: in the seed's (clockwise)
    // order, where twice the signed area is `<= 0`, all three are `>= 0` inside; the other
    // winding flips them. So inside means every sign is opposite to the area's.
    let cross = px * ey - py * ex;
    let area2 = (t.b - t.a).perp_dot(t.c - t.a);
    let inside = (cross * area2).cmple(Vec4::ZERO).all();
    // Within reach of a corner, or of an edge's inside: the projection falls strictly between
    // its ends and the distance to its line, `|cross| / |edge|`, is at most the radius (no
    // division, and a zero-length edge never passes).
    let r2 = Vec4::splat(d.radius * d.radius);
    let along = px * ex + py * ey;
    let corner = (px * px + py * py).cmple(r2);
    let edge = along.cmpgt(Vec4::ZERO) & along.cmplt(len2) & (cross * cross).cmple(r2 * len2);
    // A sliver (or collinear) triangle has no inside: only its edges count. (`|ca|² = |ac|²`.)
    let solid = inside & thick(area2, len2.x + len2.z);
    // A NaN vertex may leave the other lanes clean, and a NaN radius the inside test: both
    // must still say no. (A NaN centre fails every comparison.)
    let valid = !(area2.is_nan() | d.radius.is_nan());
    valid & (solid | (corner | edge).any())
}

/// AABB × AABB: the four edge comparisons.
#[inline]
fn aabb_aabb(a: &Aabb, b: &Aabb) -> bool {
    a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y
}

/// OBB × OBB: separating axes on the four edge directions, read off the stored axes; all four
/// are computed, which is faster than stopping early at an unpredictable axis (or trying
/// bounding circles first).
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
