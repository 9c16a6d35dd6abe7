//! Distance and penetration between any two convex shapes: GJK for the distance and the two
//! closest points, and the separating axis test for the depth, normal and contact points when
//! they overlap.
//!
//! A disk is its centre (its *core*) grown by its radius; a box or a triangle is its own core
//! with radius 0. GJK works on the cores' Minkowski difference `A − B`, a convex polygon that
//! holds the origin exactly when the cores overlap: it keeps a *simplex* of one, two or three
//! of its points (each the difference of a point of A and a point of B given by the shapes'
//! support functions), moves it towards the origin, and stops when a new support point comes
//! no closer. The closest point of the simplex to the origin gives the distance between the
//! cores and, by the same barycentric weights, the closest point on each. The radii are then
//! taken off. When the cores overlap, the depth is the smallest overlap over the edge normals
//! of both shapes (and the line of centres for two disks), which for convex polygons is the
//! exact penetration depth; the contact points are then the pair on both shapes' boundaries
//! that this depth moves onto each other (EPA's pair).
//!
//! Everything runs in `f64` on the `f32` inputs and is given back in `f32`. At most
//! [`MAX_ITERATIONS`] steps are taken; NaN input gives a NaN distance.

use glam::{DVec2, Vec2};

use super::{Aabb, Disk, Obb, Triangle};

/// The most GJK steps a query takes (two dimensions need only a handful).
pub const MAX_ITERATIONS: usize = 32;

/// A convex shape for [`proximity`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Convex {
    /// A disk.
    Disk(Disk),
    /// An axis-aligned box.
    Aabb(Aabb),
    /// A turned box.
    Obb(Obb),
    /// A triangle (either winding).
    Triangle(Triangle),
}

/// How two convex shapes stand: the distance or the depth, the points and the normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Proximity {
    /// The distance between the shapes when `> 0`; when `<= 0`, they overlap by `-distance`
    /// (the penetration depth: the shortest move that parts them).
    pub distance: f32,
    /// Apart: the point of `a` closest to `b`. Overlapping: a point of `a` as deep in `b` as
    /// any, measured along the normal (on `a`'s boundary).
    pub point_a: Vec2,
    /// Apart: the point of `b` closest to `a`. Overlapping: a point of `b` as deep in `a` as
    /// any, measured along the normal (on `b`'s boundary). Overlapping, `point_a − point_b`
    /// is the normal times the depth: the penetration pair EPA gives.
    pub point_b: Vec2,
    /// The unit normal from `a` towards `b`: moving `b` along it by the depth parts them.
    pub normal: Vec2,
}

/// One GJK step, for the lab's steps: the simplex as it stands (points of `A − B`), the
/// direction searched next, and the closest point of the simplex to the origin.
#[derive(Clone, Debug, PartialEq)]
pub struct GjkStep {
    /// The simplex's points.
    pub simplex: Vec<Vec2>,
    /// The point of the simplex closest to the origin (zero once it holds the origin).
    pub closest: Vec2,
}

impl Convex {
    /// The core's vertices (a disk's is its centre) and the radius around them.
    fn core(&self) -> (Vec<DVec2>, f64) {
        match self {
            Convex::Disk(d) => (vec![d.center.as_dvec2()], f64::from(d.radius)),
            Convex::Aabb(b) => (
                vec![
                    b.min.as_dvec2(),
                    DVec2::new(f64::from(b.max.x), f64::from(b.min.y)),
                    b.max.as_dvec2(),
                    DVec2::new(f64::from(b.min.x), f64::from(b.max.y)),
                ],
                0.0,
            ),
            Convex::Obb(b) => (b.corners().iter().map(|c| c.as_dvec2()).collect(), 0.0),
            Convex::Triangle(t) => (vec![t.a.as_dvec2(), t.b.as_dvec2(), t.c.as_dvec2()], 0.0),
        }
    }
}

/// The vertex furthest along `d`.
fn support(points: &[DVec2], d: DVec2) -> DVec2 {
    points
        .iter()
        .copied()
        .max_by(|p, q| p.dot(d).total_cmp(&q.dot(d)))
        .unwrap_or(DVec2::NAN)
}

/// A point of the Minkowski difference with the points of A and B it came from.
#[derive(Clone, Copy, Debug)]
struct Vertex {
    w: DVec2,
    a: DVec2,
    b: DVec2,
}

fn vertex(a: &[DVec2], b: &[DVec2], d: DVec2) -> Vertex {
    let pa = support(a, d);
    let pb = support(b, -d);
    Vertex {
        w: pa - pb,
        a: pa,
        b: pb,
    }
}

/// The closest point of the simplex to the origin, as weights on its vertices; the simplex
/// is cut down to the vertices with a weight. `None` when it holds the origin.
fn closest(simplex: &mut Vec<Vertex>) -> Option<Vec<f64>> {
    match simplex.len() {
        1 => Some(vec![1.0]),
        2 => {
            let (p, q) = (simplex[0].w, simplex[1].w);
            let e = q - p;
            let len2 = e.length_squared();
            let t = if len2 > 0.0 {
                (-p.dot(e) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            if t <= 0.0 {
                simplex.truncate(1);
                Some(vec![1.0])
            } else if t >= 1.0 {
                simplex.remove(0);
                Some(vec![1.0])
            } else {
                Some(vec![1.0 - t, t])
            }
        }
        _ => {
            let [p, q, r] = [simplex[0].w, simplex[1].w, simplex[2].w];
            let area = (q - p).perp_dot(r - p);
            let s1 = (q - p).perp_dot(-p);
            let s2 = (r - q).perp_dot(-q);
            let s3 = (p - r).perp_dot(-r);
            let inside = if area >= 0.0 {
                s1 >= 0.0 && s2 >= 0.0 && s3 >= 0.0
            } else {
                s1 <= 0.0 && s2 <= 0.0 && s3 <= 0.0
            };
            if inside {
                return None;
            }
            // The closest of the three edges.
            let mut best: Option<(f64, Vec<Vertex>, Vec<f64>)> = None;
            for (i, j) in [(0, 1), (1, 2), (2, 0)] {
                let mut edge = vec![simplex[i], simplex[j]];
                let weights = closest(&mut edge)?;
                let point: DVec2 = edge.iter().zip(&weights).map(|(v, l)| v.w * *l).sum();
                let d2 = point.length_squared();
                if best.as_ref().is_none_or(|(b, _, _)| d2 < *b) {
                    best = Some((d2, edge, weights));
                }
            }
            let (_, edge, weights) = best?;
            *simplex = edge;
            Some(weights)
        }
    }
}

/// GJK on the cores: the closest points of the cores, or `None` when they overlap; each step
/// is handed to `trace`.
fn gjk(
    a: &[DVec2],
    b: &[DVec2],
    trace: &mut dyn FnMut(&[Vertex], DVec2),
) -> Option<(DVec2, DVec2)> {
    let first = vertex(a, b, DVec2::X);
    let mut simplex = vec![first];
    let mut v = first.w;
    let mut weights = vec![1.0];
    trace(&simplex, v);
    for _ in 0..MAX_ITERATIONS {
        if v.length_squared() <= f64::EPSILON * f64::EPSILON {
            return None;
        }
        let w = vertex(a, b, -v);
        // No progress towards the origin: `v` is the closest point.
        if v.length_squared() - v.dot(w.w) <= 1e-12 * v.length_squared().max(1.0) {
            break;
        }
        if simplex.iter().any(|s| s.w == w.w) {
            break;
        }
        simplex.push(w);
        let Some(next) = closest(&mut simplex) else {
            trace(&simplex, DVec2::ZERO);
            return None;
        };
        weights = next;
        v = simplex.iter().zip(&weights).map(|(s, l)| s.w * *l).sum();
        trace(&simplex, v);
    }
    let pa = simplex.iter().zip(&weights).map(|(s, l)| s.a * *l).sum();
    let pb = simplex.iter().zip(&weights).map(|(s, l)| s.b * *l).sum();
    Some((pa, pb))
}

/// The edge normals of a core (none for a point), not necessarily unit.
fn normals(points: &[DVec2]) -> Vec<DVec2> {
    if points.len() < 2 {
        return Vec::new();
    }
    (0..points.len())
        .map(|i| (points[(i + 1) % points.len()] - points[i]).perp())
        .filter(|n| n.length_squared() > 0.0)
        .collect()
}

/// The overlap along unit axis `n` of A (radius `ra`) and B (radius `rb`): how far B would
/// move along `n` to part, and along `-n`; the smaller with its sign (`+1`: B leaves along n).
fn overlap(a: &[DVec2], ra: f64, b: &[DVec2], rb: f64, n: DVec2) -> (f64, f64) {
    let max_a = support(a, n).dot(n) + ra;
    let min_a = support(a, -n).dot(n) - ra;
    let max_b = support(b, n).dot(n) + rb;
    let min_b = support(b, -n).dot(n) - rb;
    let forward = max_a - min_b;
    let backward = max_b - min_a;
    if forward <= backward {
        (forward, 1.0)
    } else {
        (backward, -1.0)
    }
}

/// Proximity of two overlapping cores, by the separating axis test.
fn penetration(a: &[DVec2], ra: f64, b: &[DVec2], rb: f64) -> Proximity {
    let mut axes: Vec<DVec2> = normals(a).into_iter().chain(normals(b)).collect();
    if axes.is_empty() {
        axes.push((b[0] - a[0]).try_normalize().unwrap_or(DVec2::X));
    }
    let mut best = (f64::INFINITY, DVec2::X);
    for axis in axes {
        let n = axis.normalize();
        let (depth, sign) = overlap(a, ra, b, rb, n);
        if depth < best.0 {
            best = (depth, n * sign);
        }
    }
    let (depth, normal) = best;
    // The penetration pair: a point of A's face along the normal and a point of B's face
    // against it, at the same place across the normal, so that `point_a − point_b` is the
    // normal times the depth (the closest point of the boundary of `A − B` to the origin, as
    // EPA finds it). The two faces' spans across the normal overlap at the least-overlap
    // axis; the middle of their common part is taken.
    let across = normal.perp();
    let (a_lo, a_hi) = face_span(a, normal, across);
    let (b_lo, b_hi) = face_span(b, -normal, across);
    let at = (a_lo.max(b_lo) + a_hi.min(b_hi)) / 2.0;
    let max_a = support(a, normal).dot(normal) + ra;
    let min_b = support(b, -normal).dot(normal) - rb;
    let point_a = normal * max_a + across * at.clamp(a_lo, a_hi);
    let point_b = normal * min_b + across * at.clamp(b_lo, b_hi);
    Proximity {
        distance: -depth as f32,
        point_a: point_a.as_vec2(),
        point_b: point_b.as_vec2(),
        normal: normal.as_vec2(),
    }
}

/// The span, measured along `across`, of the face of `points` furthest along `toward` (an
/// edge, or a single vertex).
fn face_span(points: &[DVec2], toward: DVec2, across: DVec2) -> (f64, f64) {
    let far = support(points, toward).dot(toward);
    let slack = 1e-9 * (1.0 + far.abs());
    points
        .iter()
        .filter(|p| far - p.dot(toward) <= slack)
        .map(|p| p.dot(across))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), t| {
            (lo.min(t), hi.max(t))
        })
}

fn run(a: &Convex, b: &Convex, trace: &mut dyn FnMut(&[Vertex], DVec2)) -> Proximity {
    let ((ca, ra), (cb, rb)) = (a.core(), b.core());
    if ca.iter().chain(&cb).any(|p| p.is_nan()) || ra.is_nan() || rb.is_nan() {
        return Proximity {
            distance: f32::NAN,
            point_a: Vec2::NAN,
            point_b: Vec2::NAN,
            normal: Vec2::NAN,
        };
    }
    match gjk(&ca, &cb, trace) {
        Some((pa, pb)) => {
            let gap = pb - pa;
            let d = gap.length();
            if d <= 0.0 {
                return penetration(&ca, ra, &cb, rb);
            }
            let normal = gap / d;
            Proximity {
                distance: (d - ra - rb) as f32,
                point_a: (pa + normal * ra).as_vec2(),
                point_b: (pb - normal * rb).as_vec2(),
                normal: normal.as_vec2(),
            }
        }
        None => penetration(&ca, ra, &cb, rb),
    }
}

/// How `a` and `b` stand: their distance and closest points, or their penetration depth,
/// normal and contact points (see [`Proximity`]).
#[must_use]
pub fn proximity(a: &Convex, b: &Convex) -> Proximity {
    run(a, b, &mut |_, _| {})
}

/// [`proximity`], with every GJK step: the simplex as it grows and shrinks towards the origin.
#[must_use]
pub fn proximity_steps(a: &Convex, b: &Convex) -> (Proximity, Vec<GjkStep>) {
    let mut steps = Vec::new();
    let result = run(a, b, &mut |simplex, v| {
        steps.push(GjkStep {
            simplex: simplex.iter().map(|s| s.w.as_vec2()).collect(),
            closest: v.as_vec2(),
        });
    });
    (result, steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_boxes_corner_to_corner_are_the_diagonal_apart() {
        let a = Convex::Aabb(Aabb::from_center_size(Vec2::ZERO, Vec2::splat(2.0)));
        let b = Convex::Aabb(Aabb::from_center_size(Vec2::splat(3.0), Vec2::splat(2.0)));
        let p = proximity(&a, &b);
        assert!((p.distance - 2f32.sqrt()).abs() < 1e-6, "{p:?}");
        assert_eq!(p.point_a, Vec2::ONE);
        assert_eq!(p.point_b, Vec2::splat(2.0));
    }

    #[test]
    fn a_disk_half_in_a_box_is_half_deep() {
        let a = Convex::Aabb(Aabb::from_center_size(Vec2::ZERO, Vec2::splat(2.0)));
        let b = Convex::Disk(Disk::new(Vec2::new(1.5, 0.0), 1.0));
        let p = proximity(&a, &b);
        assert!((p.distance + 0.5).abs() < 1e-6, "{p:?}");
        assert!(p.normal.abs_diff_eq(Vec2::X, 1e-6), "{p:?}");
        let inside = Convex::Disk(Disk::new(Vec2::new(0.5, 0.0), 0.25));
        let p = proximity(&a, &inside);
        assert!((p.distance + 0.75).abs() < 1e-6, "{p:?}");
    }
}
