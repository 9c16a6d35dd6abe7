//! Swept tests: a disk whose centre moves by `delta` during one tick, against a still shape.
//!
//! Each test grows the shape by the disk's radius (a rounded box, a capsule) and shoots the
//! centre's path at it as a ray, so no speed can step over a thin wall.

use super::contact::{contact_disk_triangle, contact_local_box};
use super::{Aabb, Disk, Obb, Segment, Shape, Triangle, closest_point_on_segment};
use glam::Vec2;

/// The first contact of a moving disk with a shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// Time of impact as a fraction of the tick's motion, in `[0, 1]` (0: already touching).
    pub toi: f32,
    /// The point of the shape the disk touches first.
    pub point: Vec2,
    /// Unit normal at that point, from the shape towards the disk's centre.
    pub normal: Vec2,
}

/// Whether every input number of a sweep is finite (NaN and infinities give no hit).
#[inline]
fn finite(disk: &Disk, delta: Vec2) -> bool {
    disk.center.is_finite() && disk.radius.is_finite() && delta.is_finite()
}

/// The first `t` in `[0, 1]` at which a point starting at `p` and moving by `d` comes within
/// `r` of `k` (0 if it starts within), or `None`.
#[inline]
fn sweep_circle(p: Vec2, d: Vec2, k: Vec2, r: f32) -> Option<f32> {
    let m = p - k;
    let c = m.length_squared() - r * r;
    if c <= 0.0 {
        return Some(0.0);
    }
    let b = m.dot(d);
    if b >= 0.0 {
        return None;
    }
    // The discriminant b² − |d|²c, rewritten by Lagrange's identity as |d|²r² − (m × d)²,
    // which does not cancel when the path passes far from `k` at high speed.
    let cross = m.perp_dot(d);
    let disc = d.length_squared() * r * r - cross * cross;
    if disc < 0.0 {
        return None;
    }
    // The smaller root, in the form that does not cancel: c / (−b + √disc).
    let t = c / (-b + disc.sqrt());
    (t <= 1.0).then_some(t)
}

/// The entry and exit times of the line `p + t·d` through the slab `|x| <= e`.
#[inline]
fn slab(p: f32, d: f32, e: f32) -> (f32, f32) {
    if d == 0.0 {
        return if p.abs() <= e {
            (f32::NEG_INFINITY, f32::INFINITY)
        } else {
            (f32::INFINITY, f32::NEG_INFINITY)
        };
    }
    let t1 = (-e - p) / d;
    let t2 = (e - p) / d;
    (t1.min(t2), t1.max(t2))
}

/// A disk of radius `r` at `p` moving by `d` against the box `|x| <= half` (local frame):
/// the ray against the box grown by `r`, then, if it enters in a corner square, against that
/// corner's circle (in 2-D the corner circle is then the only way in).
#[inline]
fn sweep_local_box(p: Vec2, d: Vec2, half: Vec2, r: f32) -> Option<Hit> {
    let grown = half + r;
    let (near_x, far_x) = slab(p.x, d.x, grown.x);
    let (near_y, far_y) = slab(p.y, d.y, grown.y);
    let t_in = near_x.max(near_y);
    let t_out = far_x.min(far_y);
    if !(t_in <= t_out && t_out >= 0.0 && t_in <= 1.0) {
        return None;
    }
    let entry = p + d * t_in.max(0.0);
    if entry.x.abs() > half.x && entry.y.abs() > half.y {
        let corner = Vec2::new(half.x.copysign(entry.x), half.y.copysign(entry.y));
        let toi = sweep_circle(p, d, corner, r)?;
        let out = (p + d * toi - corner).try_normalize();
        let normal = out.unwrap_or_else(|| (entry - corner).normalize_or(Vec2::X));
        return Some(Hit {
            toi,
            point: corner,
            normal,
        });
    }
    if t_in <= 0.0 {
        let c = contact_local_box(p, half, r);
        return Some(Hit {
            toi: 0.0,
            point: c.point,
            normal: c.normal,
        });
    }
    let normal = if near_x >= near_y {
        Vec2::new(-d.x.signum(), 0.0)
    } else {
        Vec2::new(0.0, -d.y.signum())
    };
    Some(Hit {
        toi: t_in,
        point: entry.min(half).max(-half),
        normal,
    })
}

/// The first contact of a disk moving by `delta` with an axis-aligned box, or `None`.
///
/// Overlapping or touching at the start gives `toi` 0 with the contact normal.
#[must_use]
#[inline]
pub fn sweep_disk_aabb(disk: &Disk, delta: Vec2, b: &Aabb) -> Option<Hit> {
    if !(finite(disk, delta) && b.min.is_finite() && b.max.is_finite()) {
        return None;
    }
    let center = b.center();
    let hit = sweep_local_box(disk.center - center, delta, b.half_size(), disk.radius)?;
    Some(Hit {
        point: hit.point + center,
        ..hit
    })
}

/// The first contact of a disk moving by `delta` with a turned box: the AABB sweep in the
/// box's own frame.
#[must_use]
#[inline]
pub fn sweep_disk_obb(disk: &Disk, delta: Vec2, b: &Obb) -> Option<Hit> {
    if !(finite(disk, delta) && b.center.is_finite() && b.half_size.is_finite()) {
        return None;
    }
    let [ux, uy] = b.axes();
    let p = b.in_frame(disk.center - b.center);
    let d = b.in_frame(delta);
    let hit = sweep_local_box(p, d, b.half_size, disk.radius)?;
    Some(Hit {
        toi: hit.toi,
        point: b.center + ux * hit.point.x + uy * hit.point.y,
        normal: ux * hit.normal.x + uy * hit.normal.y,
    })
}

/// The first contact of a disk moving by `delta` with a triangle: overlap at the start, or the
/// earliest of the three edge sweeps.
#[must_use]
#[inline]
pub fn sweep_disk_triangle(disk: &Disk, delta: Vec2, t: &Triangle) -> Option<Hit> {
    if !(finite(disk, delta) && t.a.is_finite() && t.b.is_finite() && t.c.is_finite()) {
        return None;
    }
    let c = contact_disk_triangle(disk, t);
    if c.distance <= 0.0 {
        return Some(Hit {
            toi: 0.0,
            point: c.point,
            normal: c.normal,
        });
    }
    (0..3)
        .filter_map(|e| sweep_clear_segment(disk.center, delta, &t.edge(e), disk.radius))
        .min_by(|x, y| x.toi.total_cmp(&y.toi))
}

/// The first contact of a disk moving by `delta` with a segment (a wall of no thickness).
///
/// Overlapping or touching at the start gives `toi` 0; if the centre starts exactly on the
/// segment the normal is the segment's side facing against `delta`.
#[must_use]
#[inline]
pub fn sweep_disk_segment(disk: &Disk, delta: Vec2, s: &Segment) -> Option<Hit> {
    if !(finite(disk, delta) && s.a.is_finite() && s.b.is_finite()) {
        return None;
    }
    let p = disk.center;
    let (q, _) = closest_point_on_segment(p, s);
    if p.distance_squared(q) <= disk.radius * disk.radius {
        let side = (s.b - s.a).perp();
        let facing = if side.dot(delta) > 0.0 { -side } else { side };
        let fallback = facing
            .try_normalize()
            .unwrap_or_else(|| (-delta).normalize_or(Vec2::X));
        return Some(Hit {
            toi: 0.0,
            point: q,
            normal: (p - q).try_normalize().unwrap_or(fallback),
        });
    }
    sweep_clear_segment(p, delta, s, disk.radius)
}

/// The segment sweep for a disk known to start clear of the segment: the two sides of the
/// capsule, then its two end circles.
#[inline]
fn sweep_clear_segment(p: Vec2, d: Vec2, s: &Segment, r: f32) -> Option<Hit> {
    let e = s.b - s.a;
    let len2 = e.length_squared();
    if len2 > 0.0 {
        let n = e.perp() / len2.sqrt();
        let s0 = (p - s.a).dot(n);
        let side = if s0 >= 0.0 { n } else { -n };
        let dist = s0.abs();
        let approach = d.dot(side);
        if dist > r && approach < 0.0 {
            let t = (dist - r) / -approach;
            if t > 1.0 {
                return None;
            }
            let u = (p + d * t - s.a).dot(e) / len2;
            if (0.0..=1.0).contains(&u) {
                return Some(Hit {
                    toi: t,
                    point: s.a + e * u,
                    normal: side,
                });
            }
        }
    }
    let ta = sweep_circle(p, d, s.a, r);
    let tb = sweep_circle(p, d, s.b, r);
    let (toi, k) = match (ta, tb) {
        (Some(ta), Some(tb)) if tb < ta => (tb, s.b),
        (Some(ta), _) => (ta, s.a),
        (None, Some(tb)) => (tb, s.b),
        (None, None) => return None,
    };
    let normal = (p + d * toi - k)
        .try_normalize()
        .unwrap_or_else(|| (-d).normalize_or(Vec2::X));
    Some(Hit {
        toi,
        point: k,
        normal,
    })
}

/// The first contact of a disk moving by `delta` with any [`Shape`].
#[must_use]
#[inline]
pub fn sweep_disk_shape(disk: &Disk, delta: Vec2, shape: &Shape) -> Option<Hit> {
    match shape {
        Shape::Aabb(b) => sweep_disk_aabb(disk, delta, b),
        Shape::Obb(b) => sweep_disk_obb(disk, delta, b),
        Shape::Triangle(t) => sweep_disk_triangle(disk, delta, t),
        Shape::Segment(s) => sweep_disk_segment(disk, delta, s),
    }
}
