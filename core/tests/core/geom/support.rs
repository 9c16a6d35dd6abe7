//! Shared test tools: a seeded generator, shape makers (random and adversarial), and exact
//! `f64` reference distances that decide which cases sit in the touching band.

use glam::DVec2;
use sokoshot_core::geom::{Aabb, Disk, Obb, Segment, Triangle, Vec2};
use std::f64::consts::FRAC_PI_2;

/// A small deterministic generator (SplitMix64): the same cases on every run.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform `f32` in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        let unit = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        lo + (hi - lo) * unit
    }

    /// A uniform integer in `0..n`.
    pub fn below(&mut self, n: u32) -> u32 {
        (self.next_u64() % u64::from(n)) as u32
    }

    /// `true` with probability `p`.
    pub fn chance(&mut self, p: f32) -> bool {
        self.range(0.0, 1.0) < p
    }

    /// A point in the square `[-e, e]²`.
    pub fn point(&mut self, e: f32) -> Vec2 {
        Vec2::new(self.range(-e, e), self.range(-e, e))
    }

    /// A unit vector in a uniformly random direction.
    pub fn direction(&mut self) -> Vec2 {
        Vec2::from_angle(self.range(-std::f32::consts::PI, std::f32::consts::PI))
    }

    /// A size: ordinary, or (adversarially, half the time) very thin on one axis.
    pub fn size(&mut self, adversarial: bool) -> Vec2 {
        let mut s = Vec2::new(self.range(0.05, 4.0), self.range(0.05, 4.0));
        if adversarial && self.chance(0.5) {
            let tiny = 10f32.powf(self.range(-3.0, -1.5));
            if self.chance(0.5) {
                s.x = tiny;
            } else {
                s.y = tiny;
            }
        }
        s
    }

    /// An angle: any, or (adversarially) a multiple of 90° or a hair off one.
    pub fn angle(&mut self, adversarial: bool) -> f32 {
        if !adversarial || self.chance(0.3) {
            return self.range(-3.2, 3.2);
        }
        let k = self.below(9) as f32 - 4.0;
        let hair = if self.chance(0.3) {
            0.0
        } else {
            10f32.powf(self.range(-6.0, -2.0)) * if self.chance(0.5) { 1.0 } else { -1.0 }
        };
        k * std::f32::consts::FRAC_PI_2 + hair
    }

    /// A large common offset for adversarial cases (coordinates in the thousands), or zero.
    pub fn offset(&mut self, adversarial: bool) -> Vec2 {
        if adversarial && self.chance(0.5) {
            self.direction() * self.range(1000.0, 4000.0)
        } else {
            Vec2::ZERO
        }
    }

    /// A disk with a random radius, centred near `center` (see [`Rng::near`]).
    pub fn disk_near(&mut self, center: Vec2, reach: f32) -> Disk {
        let r = self.range(0.02, 2.0);
        let c = self.near(center, reach + r);
        Disk::new(c, r)
    }

    /// A triangle about `center`, sometimes (adversarially) a sliver.
    pub fn triangle(&mut self, center: Vec2, adversarial: bool) -> Triangle {
        let a = center + self.point(2.0);
        let b = center + self.point(2.0);
        if adversarial && self.chance(0.5) {
            let along = a.lerp(b, self.range(-0.5, 1.5));
            let off = (b - a).perp() * 10f32.powf(self.range(-4.0, -1.0));
            return Triangle::new(a, b, along + off);
        }
        Triangle::new(a, b, center + self.point(2.0))
    }

    /// A point near `center`, at a distance that makes hits and misses about equally likely
    /// for shapes of about `reach` extent.
    pub fn near(&mut self, center: Vec2, reach: f32) -> Vec2 {
        center + self.direction() * self.range(0.0, reach * 1.4)
    }
}

/// The exact `f64` value of a vector.
pub fn dv(v: Vec2) -> DVec2 {
    v.as_dvec2()
}

/// The corners of an axis-aligned box.
pub fn aabb_poly(b: &Aabb) -> Vec<DVec2> {
    let (lo, hi) = (dv(b.min), dv(b.max));
    vec![lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)]
}

/// The unit axes of a turned box, in `f64`.
pub fn obb_axes(b: &Obb) -> [DVec2; 2] {
    let (s, c) = f64::from(b.angle()).sin_cos();
    [DVec2::new(c, s), DVec2::new(-s, c)]
}

/// The corners of a turned box, in `f64`.
pub fn obb_poly(b: &Obb) -> Vec<DVec2> {
    let [ux, uy] = obb_axes(b);
    let (x, y) = (ux * f64::from(b.half_size.x), uy * f64::from(b.half_size.y));
    let c = dv(b.center);
    vec![c - x - y, c + x - y, c + x + y, c - x + y]
}

/// The vertices of a triangle.
pub fn tri_poly(t: &Triangle) -> Vec<DVec2> {
    vec![dv(t.a), dv(t.b), dv(t.c)]
}

/// The distance from `p` to segment `ab`.
pub fn dist_point_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + ab * t)).length()
}

/// Whether `p` is strictly inside a convex polygon of non-zero area (either winding).
pub fn inside(p: DVec2, poly: &[DVec2]) -> bool {
    let n = poly.len();
    let area: f64 = (0..n).map(|i| poly[i].perp_dot(poly[(i + 1) % n])).sum();
    if area == 0.0 {
        return false;
    }
    (0..n).all(|i| (poly[(i + 1) % n] - poly[i]).perp_dot(p - poly[i]) * area > 0.0)
}

/// Distance from `p` to the polygon's boundary.
pub fn dist_to_boundary(p: DVec2, poly: &[DVec2]) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| dist_point_segment(p, poly[i], poly[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min)
}

/// Signed gap between a disk and a solid convex polygon: `> 0` apart, `< 0` overlapping.
pub fn gap_disk_poly(d: &Disk, poly: &[DVec2]) -> f64 {
    let p = dv(d.center);
    let b = dist_to_boundary(p, poly);
    let signed = if inside(p, poly) { -b } else { b };
    signed - f64::from(d.radius)
}

/// Separating-axis gap of two convex polygons over the given unit axes: `> 0` means
/// separated (a lower bound of the distance), `<= 0` overlapping by at least `-gap`.
pub fn gap_sat(a: &[DVec2], b: &[DVec2], axes: &[DVec2]) -> f64 {
    axes.iter()
        .map(|&u| {
            let (a0, a1) = span(a, u);
            let (b0, b1) = span(b, u);
            (b0 - a1).max(a0 - b1)
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

fn span(poly: &[DVec2], u: DVec2) -> (f64, f64) {
    poly.iter()
        .map(|v| v.dot(u))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        })
}

/// Signed gap between two disks.
pub fn gap_disks(a: &Disk, b: &Disk) -> f64 {
    dv(a.center).distance(dv(b.center)) - f64::from(a.radius) - f64::from(b.radius)
}

/// Signed gap between two axis-aligned boxes.
pub fn gap_aabbs(a: &Aabb, b: &Aabb) -> f64 {
    gap_sat(&aabb_poly(a), &aabb_poly(b), &[DVec2::X, DVec2::Y])
}

/// Signed gap between two turned boxes.
pub fn gap_obbs(a: &Obb, b: &Obb) -> f64 {
    let [a0, a1] = obb_axes(a);
    let [b0, b1] = obb_axes(b);
    gap_sat(&obb_poly(a), &obb_poly(b), &[a0, a1, b0, b1])
}

/// How close to touching a case may be before either answer is acceptable: a few `f32`
/// roundings of the largest magnitude involved.
pub fn band(scale: f32) -> f64 {
    16.0 * f64::from(f32::EPSILON) * (1.0 + f64::from(scale))
}

/// The largest magnitude of any coordinate or size among the given vectors and numbers.
pub fn scale(vs: &[Vec2], xs: &[f32]) -> f32 {
    vs.iter()
        .map(|v| v.abs().max_element())
        .chain(xs.iter().map(|x| x.abs()))
        .fold(0.0, f32::max)
}

/// The scale of a disk.
pub fn disk_scale(d: &Disk) -> f32 {
    scale(&[d.center], &[d.radius])
}

/// The scale of a box.
pub fn aabb_scale(b: &Aabb) -> f32 {
    scale(&[b.min, b.max], &[])
}

/// The scale of a turned box.
pub fn obb_scale(b: &Obb) -> f32 {
    scale(&[b.center, b.half_size], &[])
}

/// The scale of a triangle.
pub fn tri_scale(t: &Triangle) -> f32 {
    scale(&[t.a, t.b, t.c], &[])
}

/// Distance between two segments in `f64` (0 when they cross).
pub fn dist_segments(a0: DVec2, a1: DVec2, b0: DVec2, b1: DVec2) -> f64 {
    let d1 = a1 - a0;
    let d2 = b1 - b0;
    let denom = d1.perp_dot(d2);
    if denom != 0.0 {
        let w = b0 - a0;
        let t = w.perp_dot(d2) / denom;
        let u = w.perp_dot(d1) / denom;
        if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
            return 0.0;
        }
    }
    dist_point_segment(a0, b0, b1)
        .min(dist_point_segment(a1, b0, b1))
        .min(dist_point_segment(b0, a0, a1))
        .min(dist_point_segment(b1, a0, a1))
}

/// Signed gap between the path of a disk's centre (from `p0` by `delta`) and a polygon:
/// the closest the moving disk ever comes to it (negative if it ever overlaps).
pub fn gap_path_poly(p0: Vec2, delta: Vec2, r: f32, poly: &[DVec2]) -> f64 {
    let (a, b) = (dv(p0), dv(p0) + dv(delta));
    let n = poly.len();
    let crosses = (0..n).any(|i| dist_segments(a, b, poly[i], poly[(i + 1) % n]) == 0.0);
    if inside(a, poly) || inside(b, poly) || crosses {
        // Overlap at some time: by at least the radius where the path meets the polygon.
        return -f64::from(r);
    }
    let d = (0..n)
        .map(|i| dist_segments(a, b, poly[i], poly[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min);
    d - f64::from(r)
}

/// A segment as a two-point polygon (so the polygon helpers measure it).
pub fn seg_poly(s: &Segment) -> Vec<DVec2> {
    vec![dv(s.a), dv(s.b)]
}

/// The turned box exactly at a multiple `k` of 90°, with the AABB it must agree with.
pub fn quarter_turn_pair(center: Vec2, size: Vec2, k: i32) -> (Obb, Aabb) {
    let angle = (f64::from(k) * FRAC_PI_2) as f32;
    let aabb_size = if k.rem_euclid(2) == 1 {
        Vec2::new(size.y, size.x)
    } else {
        size
    };
    (
        Obb::new(center, size, angle),
        Aabb::from_center_size(center, aabb_size),
    )
}
