//! The lab's decisions in `f64` on the shapes exactly as placed: a box's edges are its centre
//! plus or minus half its size, worked out in `f64` from the `f32` values the prompt stored,
//! never rounded to `f32` in between (a 0.1 × 0.1 box at y = 1.5501 has its top edge at
//! 1.5000999682, 9.9968e-5 from an edge at 1.5: touching, where the `f32` edge 1.50010002
//! would say apart). Every verdict, gap, depth and fraction the panel prints comes from here,
//! by the one touch tolerance, and so does every number a cast or sweep prints (fraction,
//! point, normal, depth, exit: [`Shape::near`], [`Path::exit`]), the disk tests' normal and
//! nearest point ([`Poly::near`]), and the closest points of shapes apart ([`Shape::closest`]:
//! the distance scene, and the SAT scene's corner-to-corner normal); elsewhere the `f32`
//! geometry of `geom` (the game's, checked against parry2d) still gives the pictures, the
//! distance scene's overlaps and the steps.
//!
//! Shapes are convex polygons (boxes, turned boxes, triangles) or disks. The signed gap is the
//! distance when apart and minus the penetration depth when overlapping (the least overlap
//! over the polygons' edge normals, the separating axis test's depth).

use glam::{DVec2, Vec2};

use crate::geom::{Aabb, Obb, Triangle};

use super::touch::TOUCH_TOLERANCE_F64;

/// How many trisections the search for a path's deepest point takes.
const DEEPEST_STEPS: u32 = 200;

/// How many halvings the search for a path's first point within the tolerance takes.
const FIRST_STEPS: u32 = 200;

/// How far from a polygon's boundary a point must be for the normal to be its direction from
/// the boundary rather than the nearest edge's own normal (closer, that direction is rounding).
pub(crate) const OFF_THE_BOUNDARY: f64 = 1e-9;

/// A point's nearest place on a shape's boundary, in `f64`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Near {
    /// The signed gap: the distance outside, minus the depth inside.
    pub(crate) gap: f64,
    /// The nearest point of the boundary.
    pub(crate) point: DVec2,
    /// The shape's unit outward normal there (towards the point when it is outside).
    pub(crate) normal: DVec2,
}

/// Where a path meets a shape, every number in `f64` on the shapes as placed: the fraction of
/// the path, the point and the shape's unit outward normal there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Meet {
    /// The fraction of the path, in `[0, 1]`.
    pub(crate) toi: f64,
    /// The point.
    pub(crate) point: DVec2,
    /// The unit outward normal.
    pub(crate) normal: DVec2,
}

/// A point or vector of the placed shapes, in `f64`.
pub(crate) fn wide(v: Vec2) -> DVec2 {
    v.as_dvec2()
}

/// A convex polygon in `f64`, its corners in order (either winding; a box of zero width has
/// repeated corners, which is allowed).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Poly {
    corners: Vec<DVec2>,
}

/// A shape for the `f64` tests.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Shape {
    /// A disk: centre and radius.
    Disk(DVec2, f64),
    /// A convex polygon.
    Poly(Poly),
}

/// The unit x axis of a turned box placed at `degrees`, in `f64`: `(cos, sin)` of the angle
/// as stored (a typed `:angle 30` is 30° exactly, where the `f32` axis `geom` keeps is off
/// by about 3e-8, enough to move a gap across the tolerance); a box caught turning (its
/// radians not those of `degrees`) keeps its stored axis.
pub(crate) fn axis_of(b: &Obb, degrees: f32) -> DVec2 {
    if degrees.to_radians() == b.angle() {
        let (sin, cos) = f64::from(degrees).to_radians().sin_cos();
        DVec2::new(cos, sin)
    } else {
        wide(b.axes()[0]).normalize_or_zero()
    }
}

/// The half size of a turned box whose angle is a multiple of 90°, as the AABB
/// [`Obb::as_aabb`] makes of it: width and height swapped at odd multiples.
pub(crate) fn aligned_half(b: &Obb) -> Vec2 {
    let turns = (f64::from(b.angle()) / std::f64::consts::FRAC_PI_2).round();
    if turns.rem_euclid(2.0) == 1.0 {
        Vec2::new(b.half_size.y, b.half_size.x)
    } else {
        b.half_size
    }
}

/// The unit direction at `degrees` (as stored), in `f64`: `(cos, sin)` of the angle, exact at
/// multiples of 90° (where `f64`'s π would leave a part of about 6e-17).
pub(crate) fn direction(degrees: f32) -> DVec2 {
    let d = f64::from(degrees).rem_euclid(360.0);
    let quarter = d / 90.0;
    if quarter.fract() == 0.0 {
        [DVec2::X, DVec2::Y, -DVec2::X, -DVec2::Y][quarter as usize % 4]
    } else {
        let (sin, cos) = d.to_radians().sin_cos();
        DVec2::new(cos, sin)
    }
}

impl Poly {
    /// A box of half size `half` about `center`, its own x axis along the unit `axis` (as the
    /// box stores it): corners `center ± axis·hx ± perp·hy`, each in `f64`.
    pub(crate) fn boxed(center: Vec2, half: Vec2, axis: Vec2) -> Self {
        let (c, half, x) = (wide(center), wide(half.abs()), wide(axis));
        let (hx, hy) = (x * half.x, x.perp() * half.y);
        Self {
            corners: vec![c - hx - hy, c + hx - hy, c + hx + hy, c - hx + hy],
        }
    }

    /// An axis-aligned box of full `size` about `center`.
    pub(crate) fn aabb(center: Vec2, size: Vec2) -> Self {
        Self::boxed(center, size.abs() * 0.5, Vec2::X)
    }

    /// A turned box as `geom` stores it (centre, half size, axis).
    #[cfg(test)]
    pub(crate) fn obb(b: &Obb) -> Self {
        Self::boxed(b.center, b.half_size, b.axes()[0])
    }

    /// A turned box placed at `degrees` (its angle as the scene stores it): corners in `f64`
    /// about its own x axis [`axis_of`].
    pub(crate) fn turned(b: &Obb, degrees: f32) -> Self {
        let (c, half, x) = (wide(b.center), wide(b.half_size.abs()), axis_of(b, degrees));
        let (hx, hy) = (x * half.x, x.perp() * half.y);
        Self {
            corners: vec![c - hx - hy, c + hx - hy, c + hx + hy, c - hx + hy],
        }
    }

    /// A turned box whose angle is a multiple of 90°, as the AABB [`Obb::as_aabb`] makes of
    /// it (width and height swapped at odd multiples), on its placed centre and half size.
    pub(crate) fn aligned(b: &Obb) -> Self {
        Self::boxed(b.center, aligned_half(b), Vec2::X)
    }

    /// An axis-aligned box placed by its two corners (as the slope scene's walls are).
    pub(crate) fn corners_of(b: &Aabb) -> Self {
        let (lo, hi) = (wide(b.min), wide(b.max));
        Self {
            corners: vec![lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)],
        }
    }

    /// A polygon from its corners in `f64`, in order.
    pub(crate) fn from_corners(corners: Vec<DVec2>) -> Self {
        Self { corners }
    }

    /// A triangle from its three corners as placed.
    pub(crate) fn triangle(t: &Triangle) -> Self {
        Self {
            corners: vec![wide(t.a), wide(t.b), wide(t.c)],
        }
    }

    /// Each edge as its two ends.
    fn edges(&self) -> impl Iterator<Item = (DVec2, DVec2)> + '_ {
        let n = self.corners.len();
        (0..n).map(move |i| (self.corners[i], self.corners[(i + 1) % n]))
    }

    /// Twice the signed area: positive when the corners turn from +x towards +y.
    fn winding(&self) -> f64 {
        self.edges().map(|(a, b)| a.perp_dot(b)).sum()
    }

    /// The unit normals of the edges that have a length.
    pub(crate) fn normals(&self) -> Vec<DVec2> {
        self.edges()
            .filter_map(|(a, b)| (b - a).perp().try_normalize())
            .collect()
    }

    /// The projection interval on a unit axis.
    pub(crate) fn project(&self, axis: DVec2) -> (f64, f64) {
        self.corners
            .iter()
            .map(|c| c.dot(axis))
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), s| {
                (lo.min(s), hi.max(s))
            })
    }

    /// Whether `p` lies inside or on the polygon (never, for a polygon with no area).
    fn contains(&self, p: DVec2) -> bool {
        let w = self.winding();
        if w == 0.0 || w.is_nan() {
            return false;
        }
        self.edges()
            .all(|(a, b)| (b - a).perp_dot(p - a) * w.signum() >= 0.0)
    }

    /// The nearest point of the boundary to `p`, the signed gap and the outward normal there:
    /// from the boundary to `p` when `p` is outside (off a corner, the corner's direction), the
    /// nearest edge's own normal when `p` is on the boundary or inside (of two edges exactly as
    /// near, the one facing more nearly up or down).
    pub(crate) fn near(&self, p: DVec2) -> Near {
        let outward = if self.winding() < 0.0 { 1.0 } else { -1.0 };
        let mut best: Option<(f64, DVec2, DVec2)> = None;
        for (a, b) in self.edges() {
            let q = segment_point(p, a, b);
            let d = p.distance(q);
            let normal = ((b - a).perp() * outward).normalize_or_zero();
            // An exact tie goes to the edge facing up or down, as aabb-aabb's push goes to y.
            let better = best.is_none_or(|(least, _, kept): (f64, DVec2, DVec2)| {
                d < least || d == least && normal.y.abs() > kept.y.abs()
            });
            if better && normal != DVec2::ZERO {
                best = Some((d, q, normal));
            }
        }
        let Some((d, point, face)) = best else {
            let corner = self.corners.first().copied().unwrap_or(DVec2::ZERO);
            return Near {
                gap: p.distance(corner),
                point: corner,
                normal: (p - corner).normalize_or(DVec2::X),
            };
        };
        if self.contains(p) {
            Near {
                gap: -d,
                point,
                normal: face,
            }
        } else {
            Near {
                gap: d,
                point,
                normal: if d > OFF_THE_BOUNDARY {
                    (p - point) / d
                } else {
                    face
                },
            }
        }
    }

    /// The signed gap from a point: its distance outside, minus its depth inside.
    pub(crate) fn point_gap(&self, p: DVec2) -> f64 {
        let d = self
            .edges()
            .map(|(a, b)| segment_distance(p, a, b))
            .fold(f64::INFINITY, f64::min);
        if self.contains(p) { -d } else { d }
    }
}

/// The point of the segment `a`–`b` nearest `p` (`a` when `a == b`).
pub(crate) fn segment_point(p: DVec2, a: DVec2, b: DVec2) -> DVec2 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    a + ab * t
}

/// The distance from `p` to the segment `a`–`b` (a point when `a == b`).
pub(crate) fn segment_distance(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    p.distance(segment_point(p, a, b))
}

/// The gap between two intervals on one axis: positive apart, negative overlapping.
pub(crate) fn interval_gap(a: (f64, f64), b: (f64, f64)) -> f64 {
    (b.0 - a.1).max(a.0 - b.1)
}

/// The signed gap between two convex polygons: apart (some edge normal separates them), the
/// least distance of a corner of one to an edge of the other; otherwise minus the least
/// overlap over every edge normal.
pub(crate) fn poly_gap(a: &Poly, b: &Poly) -> f64 {
    let axes: Vec<DVec2> = a.normals().into_iter().chain(b.normals()).collect();
    let widest = axes
        .iter()
        .map(|&n| interval_gap(a.project(n), b.project(n)))
        .fold(f64::NEG_INFINITY, f64::max);
    if axes.is_empty() || widest > 0.0 {
        let one_way = |p: &Poly, q: &Poly| {
            p.corners
                .iter()
                .flat_map(|&c| q.edges().map(move |(e0, e1)| segment_distance(c, e0, e1)))
                .fold(f64::INFINITY, f64::min)
        };
        one_way(a, b).min(one_way(b, a))
    } else {
        widest
    }
}

/// The closest points of two polygons that are apart, `(on a, on b)`: the nearest corner of
/// one to an edge of the other, over both ways.
fn poly_closest(a: &Poly, b: &Poly) -> (DVec2, DVec2) {
    let mut best = (f64::INFINITY, DVec2::ZERO, DVec2::ZERO);
    for &c in &a.corners {
        for (e0, e1) in b.edges() {
            let q = segment_point(c, e0, e1);
            if c.distance(q) < best.0 {
                best = (c.distance(q), c, q);
            }
        }
    }
    for &c in &b.corners {
        for (e0, e1) in a.edges() {
            let q = segment_point(c, e0, e1);
            if c.distance(q) < best.0 {
                best = (c.distance(q), q, c);
            }
        }
    }
    (best.1, best.2)
}

impl Shape {
    /// The closest points of two shapes that are apart, `(on self, on other)`, in `f64`.
    pub(crate) fn closest(&self, other: &Shape) -> (DVec2, DVec2) {
        match (self, other) {
            (Shape::Disk(c, r), Shape::Disk(d, s)) => {
                let n = (*d - *c).normalize_or(DVec2::X);
                (*c + n * *r, *d - n * *s)
            }
            (Shape::Disk(c, r), Shape::Poly(p)) => {
                let near = p.near(*c);
                (*c - near.normal * *r, near.point)
            }
            (Shape::Poly(p), Shape::Disk(c, r)) => {
                let near = p.near(*c);
                (near.point, *c - near.normal * *r)
            }
            (Shape::Poly(p), Shape::Poly(q)) => poly_closest(p, q),
        }
    }

    /// The nearest point of the boundary to `p`, the signed gap and the outward normal there
    /// ([`Poly::near`]; a disk's normal points from its centre).
    pub(crate) fn near(&self, p: DVec2) -> Near {
        match self {
            Shape::Disk(c, r) => {
                let normal = (p - *c).normalize_or(DVec2::X);
                Near {
                    gap: p.distance(*c) - r,
                    point: *c + normal * *r,
                    normal,
                }
            }
            Shape::Poly(poly) => poly.near(p),
        }
    }

    /// The signed gap from a point.
    pub(crate) fn point_gap(&self, p: DVec2) -> f64 {
        match self {
            Shape::Disk(c, r) => p.distance(*c) - r,
            Shape::Poly(poly) => poly.point_gap(p),
        }
    }

    /// The signed gap between two shapes.
    pub(crate) fn gap(&self, other: &Shape) -> f64 {
        match (self, other) {
            (Shape::Disk(c, r), Shape::Disk(d, s)) => c.distance(*d) - r - s,
            (Shape::Disk(c, r), Shape::Poly(p)) | (Shape::Poly(p), Shape::Disk(c, r)) => {
                p.point_gap(*c) - r
            }
            (Shape::Poly(p), Shape::Poly(q)) => poly_gap(p, q),
        }
    }
}

/// The signed gap between two axis-aligned boxes, each given as its centre and full size, with
/// the gap on each axis: `(x gap, y gap, signed gap)`. Apart on both axes the gap is the
/// corner-to-corner distance; overlapping on both, minus the shallower overlap.
pub(crate) fn aabb_gaps(a: (Vec2, Vec2), b: (Vec2, Vec2)) -> (f64, f64, f64) {
    let half = |s: Vec2| wide(s.abs()) * 0.5;
    aabb_gaps_wide((wide(a.0), half(a.1)), (wide(b.0), half(b.1)))
}

/// [`aabb_gaps`] for boxes given as `f64` centres and half sizes (a box moved along a path).
pub(crate) fn aabb_gaps_wide(a: (DVec2, DVec2), b: (DVec2, DVec2)) -> (f64, f64, f64) {
    let ((a_min, a_max), (b_min, b_max)) = ((a.0 - a.1, a.0 + a.1), (b.0 - b.1, b.0 + b.1));
    let x = (b_min.x - a_max.x).max(a_min.x - b_max.x);
    let y = (b_min.y - a_max.y).max(a_min.y - b_max.y);
    let signed = if x > 0.0 || y > 0.0 {
        x.max(0.0).hypot(y.max(0.0))
    } else {
        x.max(y)
    };
    (x, y, signed)
}

/// How a path of fractions `[0, 1]` stands against a shape, from the signed gap of its points
/// (`gap(t)`, convex along a straight path against a convex shape).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Path {
    /// The gap at the start.
    pub(crate) start: f64,
    /// The least gap over the path.
    pub(crate) least: f64,
    /// The first fraction at which the gap is within the tolerance (or below), if any.
    pub(crate) first: Option<f64>,
    /// A fraction at which the gap is the least.
    pub(crate) deepest: f64,
}

impl Path {
    /// For a path that starts inside (gap below zero): the fraction at which it leaves, where
    /// the gap comes back up to zero (halving between the deepest point and the end), or
    /// `None` when the end is inside or on the boundary.
    pub(crate) fn exit(&self, gap: impl Fn(f64) -> f64) -> Option<f64> {
        if gap(1.0).is_nan() || gap(1.0) <= 0.0 {
            return None;
        }
        let (mut inside, mut out) = (self.deepest, 1.0_f64);
        for _ in 0..FIRST_STEPS {
            let mid = (inside + out) / 2.0;
            if mid <= inside || mid >= out {
                break;
            }
            if gap(mid) <= 0.0 {
                inside = mid;
            } else {
                out = mid;
            }
        }
        Some(out)
    }
}

/// Follows a path by its gap: the least gap (trisection of a convex function) and the first
/// fraction at which it comes within the tolerance (halving between the start and the
/// deepest point, where the gap falls all the way).
pub(crate) fn along(gap: impl Fn(f64) -> f64) -> Path {
    let start = gap(0.0);
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..DEEPEST_STEPS {
        let third = (hi - lo) / 3.0;
        if third <= 0.0 {
            break;
        }
        if gap(lo + third) < gap(hi - third) {
            hi -= third;
        } else {
            lo += third;
        }
    }
    let (mut least, mut deepest) = (gap(lo), lo);
    for t in [0.0, 1.0] {
        if gap(t) < least {
            (least, deepest) = (gap(t), t);
        }
    }
    let first = if start.is_nan() || least.is_nan() || least > TOUCH_TOLERANCE_F64 {
        None
    } else if start <= TOUCH_TOLERANCE_F64 {
        Some(0.0)
    } else {
        let (mut out, mut within) = (0.0_f64, deepest);
        for _ in 0..FIRST_STEPS {
            let mid = (out + within) / 2.0;
            if mid <= out || mid >= within {
                break;
            }
            if gap(mid) <= TOUCH_TOLERANCE_F64 {
                within = mid;
            } else {
                out = mid;
            }
        }
        Some(within)
    };
    Path {
        start,
        least,
        first,
        deepest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Aabb, Convex, Disk, proximity};

    /// A small deterministic generator (xorshift), so the cases are the same on every run.
    struct Rng(u64);

    impl Rng {
        fn unit(&mut self) -> f32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            #[allow(clippy::cast_precision_loss)]
            let x = (self.0 >> 40) as f32 / (1u64 << 24) as f32;
            x
        }

        fn range(&mut self, lo: f32, hi: f32) -> f32 {
            lo + (hi - lo) * self.unit()
        }
    }

    /// A random shape, as `geom` has it and as the `f64` tests take it.
    fn shape(rng: &mut Rng) -> (Convex, Shape) {
        let center = Vec2::new(rng.range(-4.0, 4.0), rng.range(-4.0, 4.0));
        let size = Vec2::new(rng.range(0.1, 4.0), rng.range(0.1, 4.0));
        match (rng.unit() * 4.0) as u32 {
            0 => (
                Convex::Aabb(Aabb::from_center_size(center, size)),
                Shape::Poly(Poly::aabb(center, size)),
            ),
            1 => {
                let b = Obb::new(center, size, rng.range(-3.2, 3.2));
                (Convex::Obb(b), Shape::Poly(Poly::obb(&b)))
            }
            2 => {
                let d = Disk::new(center, size.x / 2.0);
                (
                    Convex::Disk(d),
                    Shape::Disk(wide(d.center), f64::from(d.radius)),
                )
            }
            _ => {
                let t = Triangle::new(center, center + Vec2::new(size.x, 0.0), center + size);
                (Convex::Triangle(t), Shape::Poly(Poly::triangle(&t)))
            }
        }
    }

    #[test]
    fn gaps_agree_with_geom_s_proximity_checked_against_parry2d() {
        // `geom::proximity` is the game's GJK and SAT in f32, checked against parry2d in the
        // geometry tests: the f64 gap must agree with it to its f32 rounding on every pair.
        let mut rng = Rng(0x5eed_1ab5);
        for case in 0..20_000 {
            let ((a, a64), (b, b64)) = (shape(&mut rng), shape(&mut rng));
            let want = f64::from(proximity(&a, &b).distance);
            let got = a64.gap(&b64);
            assert!(
                (got - want).abs() <= 2e-5 * (1.0 + want.abs()),
                "case {case}: {a:?} {b:?}: f64 {got} against {want}"
            );
        }
    }

    #[test]
    fn box_edges_are_not_rounded_before_the_gap() {
        // A 0.1 × 0.1 box at y = 1.5501 under a box whose bottom edge is at 1.5.
        let a = (Vec2::new(0.0, 1.5501), Vec2::splat(0.1));
        let b = (Vec2::ZERO, Vec2::new(4.0, 3.0));
        let (_, y, signed) = aabb_gaps(b, a);
        assert!((y - 9.9968e-5).abs() < 1e-8, "{y}");
        assert!(signed <= TOUCH_TOLERANCE_F64);
        let poly = poly_gap(&Poly::aabb(b.0, b.1), &Poly::aabb(a.0, a.1));
        assert!((poly - y).abs() < 1e-12, "{poly} {y}");
    }

    #[test]
    fn point_gaps_are_signed() {
        let square = Poly::aabb(Vec2::ZERO, Vec2::splat(2.0));
        let cases = [
            ("outside a face", DVec2::new(3.0, 0.0), 2.0),
            ("outside a corner", DVec2::new(4.0, 5.0), 5.0),
            ("inside", DVec2::new(0.5, 0.0), -0.5),
            ("on the edge", DVec2::new(1.0, 0.3), 0.0),
        ];
        for (name, p, want) in cases {
            assert!((square.point_gap(p) - want).abs() < 1e-12, "{name}");
        }
    }

    #[test]
    fn a_path_is_found_where_it_first_comes_within_the_tolerance() {
        // A point from x = -1 to x = 1 against a face at x = 0.5.
        let path = along(|t| 0.5 - (-1.0 + 2.0 * t));
        let first = path.first.expect("reaches");
        assert!((first - (0.75 - 5e-5)).abs() < 1e-12, "{first}");
        assert!((path.least - -0.5).abs() < 1e-12);
        let short = along(|t| 0.5 + 1.0001e-4 - t * 0.5);
        assert_eq!(short.first, None, "ends 1.0001e-4 short");
    }
}
