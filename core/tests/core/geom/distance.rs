//! GJK distance, closest points and penetration ([`proximity`]) against parry2d's `distance`,
//! `closest_points` and `contact`, on 20,000 random cases for each pair of shapes (boxes,
//! turned boxes, disks and triangles, including each with itself), both ways round.

use super::support::{Rng, aabb_poly, dist_point_segment, dv, gap_disk_poly, obb_poly, tri_poly};
use parry2d::math::{Pose, Vec2 as PVec2};
use parry2d::query::{ClosestPoints, closest_points, contact, distance};
use parry2d::shape::{Ball, Cuboid, Shape as PShape, Triangle as PTriangle};
use sokoshot_core::geom::{Aabb, Convex, Disk, Obb, Triangle, Vec2, proximity};

/// Random cases per pair.
const CASES: u32 = 20_000;

fn p(v: Vec2) -> PVec2 {
    PVec2::new(v.x, v.y)
}

/// The shape as parry2d sees it.
fn parry(shape: &Convex) -> (Pose, Box<dyn PShape>) {
    match shape {
        Convex::Disk(d) => (
            Pose::from_translation(p(d.center)),
            Box::new(Ball::new(d.radius)),
        ),
        Convex::Aabb(b) => (
            Pose::from_translation(p(b.center())),
            Box::new(Cuboid::new(p(b.half_size()))),
        ),
        Convex::Obb(b) => (
            Pose::new(p(b.center), b.angle()),
            Box::new(Cuboid::new(p(b.half_size))),
        ),
        Convex::Triangle(t) => (
            Pose::IDENTITY,
            Box::new(PTriangle::new(p(t.a), p(t.b), p(t.c))),
        ),
    }
}

/// A random shape of kind `kind` near `at`.
fn shape(rng: &mut Rng, kind: u32, at: Vec2) -> Convex {
    let center = at + rng.point(3.0);
    let size = Vec2::new(rng.range(0.1, 6.0), rng.range(0.1, 6.0));
    match kind {
        0 => Convex::Disk(Disk::new(center, rng.range(0.05, 3.0))),
        1 => Convex::Aabb(Aabb::from_center_size(center, size)),
        2 => Convex::Obb(Obb::new(center, size, rng.range(-3.2, 3.2))),
        _ => loop {
            let t = Triangle::new(
                center + rng.point(3.0),
                center + rng.point(3.0),
                center + rng.point(3.0),
            );
            if t.signed_area2().abs() > 0.5 {
                break Convex::Triangle(t);
            }
        },
    }
}

/// The exact distance between two shapes that are apart, in `f64`: between polygons, the
/// least distance from a vertex of one to an edge of the other.
fn exact_distance(a: &Convex, b: &Convex) -> f64 {
    let poly = |s: &Convex| match s {
        Convex::Aabb(b) => aabb_poly(b),
        Convex::Obb(b) => obb_poly(b),
        Convex::Triangle(t) => tri_poly(t),
        Convex::Disk(_) => Vec::new(),
    };
    match (a, b) {
        (Convex::Disk(x), Convex::Disk(y)) => {
            (dv(x.center) - dv(y.center)).length() - f64::from(x.radius) - f64::from(y.radius)
        }
        (Convex::Disk(d), other) | (other, Convex::Disk(d)) => gap_disk_poly(d, &poly(other)),
        _ => {
            let (pa, pb) = (poly(a), poly(b));
            let one_way = |from: &[glam::DVec2], to: &[glam::DVec2]| {
                from.iter()
                    .flat_map(|&v| (0..to.len()).map(move |i| (v, i)))
                    .map(|(v, i)| dist_point_segment(v, to[i], to[(i + 1) % to.len()]))
                    .fold(f64::INFINITY, f64::min)
            };
            one_way(&pa, &pb).min(one_way(&pb, &pa))
        }
    }
}

const NAMES: [&str; 4] = ["disk", "box", "turned box", "triangle"];

/// How far two answers may differ: parry2d turns a box by its own sine and cosine, and both
/// work in `f32`.
const TOLERANCE: f32 = 2e-4;

fn check_pair(ka: u32, kb: u32) {
    let mut rng = Rng(0x5eed + u64::from(ka * 4 + kb));
    let (mut apart, mut overlapping) = (0, 0);
    for _ in 0..CASES {
        let a = shape(&mut rng, ka, Vec2::ZERO);
        let b = shape(&mut rng, kb, Vec2::ZERO);
        let ours = proximity(&a, &b);
        let mirrored = proximity(&b, &a);
        let ((pa, sa), (pb, sb)) = (parry(&a), parry(&b));
        let case = format!("{a:?} {b:?}: {ours:?}");
        assert!(
            (ours.distance - mirrored.distance).abs() <= TOLERANCE,
            "{case}: mirrored {mirrored:?}"
        );
        let theirs = distance(&pa, sa.as_ref(), &pb, sb.as_ref())
            .expect("supported")
            .distance;
        // parry2d's GJK stops within a relative tolerance of its own (up to about 1e-3 at
        // these sizes, measured); the exact distance, below, is held to 1e-5.
        let slack = TOLERANCE + 2e-3 * theirs;
        assert!(
            (ours.distance.max(0.0) - theirs).abs() <= slack,
            "{case}: parry2d distance {theirs}"
        );
        if ours.distance > TOLERANCE {
            apart += 1;
            let exact = exact_distance(&a, &b);
            assert!(
                (f64::from(ours.distance) - exact).abs() <= 1e-5 * exact.max(1.0),
                "{case}: exact distance {exact}"
            );
            let gap = ours.point_b - ours.point_a;
            assert!((gap.length() - ours.distance).abs() <= TOLERANCE, "{case}");
            assert!(ours.normal.abs_diff_eq(gap / gap.length(), 1e-3), "{case}");
            match closest_points(&pa, sa.as_ref(), &pb, sb.as_ref(), f32::MAX).expect("supported") {
                ClosestPoints::WithinMargin(p1, p2) => {
                    // Parallel edges have many closest pairs: ours must be one of them, on
                    // both shapes (their distance to the other shape is the distance).
                    let unique = (Vec2::new(p1.x, p1.y) - ours.point_a).length() <= 1e-3
                        && (Vec2::new(p2.x, p2.y) - ours.point_b).length() <= 1e-3;
                    if !unique {
                        let dot = Ball::new(0.0);
                        let on_a = distance(
                            &Pose::from_translation(p(ours.point_a)),
                            &dot,
                            &pa,
                            sa.as_ref(),
                        )
                        .expect("supported")
                        .distance;
                        let on_b = distance(
                            &Pose::from_translation(p(ours.point_b)),
                            &dot,
                            &pb,
                            sb.as_ref(),
                        )
                        .expect("supported")
                        .distance;
                        assert!(
                            on_a <= 1e-3 && on_b <= 1e-3,
                            "{case}: parry2d {p1:?} {p2:?}"
                        );
                    }
                }
                other => panic!("{case}: parry2d {other:?}"),
            }
        } else if ours.distance < -TOLERANCE {
            overlapping += 1;
            let c = contact(&pa, sa.as_ref(), &pb, sb.as_ref(), 0.0)
                .expect("supported")
                .expect("parry2d sees the overlap");
            assert!(
                (ours.distance - c.dist).abs() <= TOLERANCE,
                "{case}: parry2d depth {}",
                -c.dist
            );
            assert!(
                (ours.distance - mirrored.distance).abs() <= TOLERANCE,
                "{case}: mirrored {mirrored:?}"
            );
            // Moving b along the normal by the depth parts the shapes (just touching).
            let parted = move_by(&b, ours.normal * -ours.distance * 1.001);
            assert!(proximity(&a, &parted).distance >= -1e-3, "{case}");
            let apart_points = ours.point_a - ours.point_b;
            assert!(
                apart_points.abs_diff_eq(ours.normal * -ours.distance, 1e-3),
                "{case}"
            );
            // The pair is a penetration pair: each point is on its own shape.
            let (on_a, on_b) = (
                point_distance(ours.point_a, &pa, sa.as_ref()),
                point_distance(ours.point_b, &pb, sb.as_ref()),
            );
            assert!(on_a <= 1e-4 && on_b <= 1e-4, "{case}: {on_a} {on_b}");
        }
    }
    let name = format!("{} × {}", NAMES[ka as usize], NAMES[kb as usize]);
    println!("{name}: {apart} apart, {overlapping} overlapping of {CASES}");
    assert!(
        apart > CASES / 10 && overlapping > CASES / 10,
        "{name}: {apart} {overlapping}"
    );
}

/// How far `point` is from a parry2d shape (0 inside it).
fn point_distance(point: Vec2, pose: &Pose, shape: &dyn PShape) -> f32 {
    distance(
        &Pose::from_translation(p(point)),
        &Ball::new(0.0),
        pose,
        shape,
    )
    .expect("supported")
    .distance
}

fn move_by(shape: &Convex, offset: Vec2) -> Convex {
    match *shape {
        Convex::Disk(d) => Convex::Disk(d.translated(offset)),
        Convex::Aabb(b) => Convex::Aabb(b.translated(offset)),
        Convex::Obb(b) => Convex::Obb(b.translated(offset)),
        Convex::Triangle(t) => Convex::Triangle(t.translated(offset)),
    }
}

#[test]
fn gjk_agrees_with_parry_on_every_pair() {
    for a in 0..4 {
        for b in a..4 {
            check_pair(a, b);
        }
    }
}
