//! Segment casts against parry2d's ray casts (`cast_ray_and_get_normal`, solid shapes, the
//! ray's direction the segment's `b − a` so that its time of impact is our fraction) on
//! 12,000 random and adversarial cases per shape (at least 10,000 compared): a box, a turned box (a spinner's bar is
//! one), a disk and a triangle (a slope). Where both hit, the fraction agrees within 1e-4 of
//! the case's size (divided by the segment's length) and the normal within 1e-4, except at a
//! corner, where the normal is a matter of choice, and at fraction 0 (starting inside).
//! Segments that pass or end within rounding of a shape's boundary are skipped.

use super::support::{Rng, band, scale};
use parry2d::math::{Pose, Vec2 as PVec2};
use parry2d::query::{Ray, distance};
use parry2d::shape::{Ball, Cuboid, Segment as PSegment, Shape as PShape, Triangle as PTriangle};
use sokoshot_core::geom::{
    Aabb, Disk, Hit, Obb, Segment, Triangle, Vec2, cast_segment_aabb, cast_segment_disk,
    cast_segment_obb, cast_segment_triangle,
};

/// Random cases per shape, and as many adversarial ones.
const CASES: u32 = 6_000;

/// How closely the answers must agree.
const AGREE: f32 = 1e-4;

fn p(v: Vec2) -> PVec2 {
    PVec2::new(v.x, v.y)
}

/// What one shape's run saw.
#[derive(Default, Debug)]
struct Tally {
    hits: u32,
    misses: u32,
    skipped: u32,
}

/// Compares one cast with parry2d's; `corners` are the shape's vertices (none for a disk).
fn compare(
    tally: &mut Tally,
    s: &Segment,
    ours: Option<Hit>,
    (pose, shape): (&Pose, &dyn PShape),
    corners: &[Vec2],
    (size, curve): (f32, f32),
) {
    let what = format!("{s:?} {ours:?}");
    let span = scale(&[s.a, s.b], &[size]);
    let near = 16.0 * band(span) as f32;
    let seg = PSegment::new(p(s.a), p(s.b));
    let gap = |shape_point: &dyn PShape, at: &Pose| {
        distance(at, shape_point, pose, shape)
            .expect("supported")
            .distance
    };
    let whole = gap(&seg, &Pose::IDENTITY);
    let ends = [s.a, s.b].map(|e| gap(&Ball::new(0.0), &Pose::from_translation(p(e))));
    // A graze, or an end on the boundary (inside, an end is at distance 0 but so is a hit).
    let touchy = (whole > 0.0 && whole <= near) || ends.iter().any(|&d| d > 0.0 && d <= near);
    let boundary_end = [s.a, s.b]
        .iter()
        .any(|&e| on_boundary(e, pose, shape, near));
    if touchy || boundary_end {
        tally.skipped += 1;
        return;
    }
    let delta = s.b - s.a;
    let ray = Ray::new(p(s.a), p(delta));
    let theirs = shape.cast_ray_and_get_normal(pose, &ray, 1.0, true);
    match (ours, theirs) {
        (None, None) => tally.misses += 1,
        (Some(hit), Some(them)) => {
            let tolerance = AGREE * span.max(1.0) / delta.length().max(1e-6);
            assert!(
                (hit.toi - them.time_of_impact).abs() <= tolerance,
                "{what}: fraction vs parry {}",
                them.time_of_impact
            );
            let at = s.a + delta * hit.toi;
            assert!(
                hit.point.abs_diff_eq(at, AGREE * span.max(1.0)),
                "{what}: the point is not on the segment"
            );
            let at_corner = corners
                .iter()
                .any(|c| c.distance(hit.point) <= 1e-3 * span.max(1.0));
            if hit.toi > 0.0 && !at_corner {
                // On a curve, the normal turns with the point: by the point's tolerance over
                // the radius.
                let turn = if curve > 0.0 {
                    tolerance * delta.length() / curve
                } else {
                    0.0
                };
                let n = Vec2::new(them.normal.x, them.normal.y);
                assert!(
                    hit.normal.abs_diff_eq(n, AGREE + turn),
                    "{what}: normal vs parry {n}"
                );
            }
            tally.hits += 1;
        }
        (ours, theirs) => panic!("{what}: ours {ours:?}, parry {theirs:?}"),
    }
}

/// Whether `e` lies within `near` of the shape's boundary (inside or out).
fn on_boundary(e: Vec2, pose: &Pose, shape: &dyn PShape, near: f32) -> bool {
    let projected = shape.project_point(pose, p(e), false);
    (projected.point - p(e)).length() <= near
}

/// Runs one shape's cases and checks that hits and misses are both well represented.
fn run(name: &str, seed: u64, mut case: impl FnMut(&mut Rng, bool, &mut Tally)) {
    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    for i in 0..2 * CASES {
        case(&mut rng, i >= CASES, &mut tally);
    }
    println!("{name}: {tally:?}");
    let total = 2 * CASES;
    assert!(
        tally.hits > total / 5 && tally.misses > total / 5,
        "{name}: {tally:?}"
    );
    assert!(tally.skipped < total / 20, "{name}: {tally:?}");
    assert!(tally.hits + tally.misses >= 10_000, "{name}: {tally:?}");
}

/// A segment from near `center` (within `reach`) to somewhere about as far on.
fn segment(rng: &mut Rng, center: Vec2, reach: f32) -> Segment {
    let a = rng.near(center, 2.0 * reach);
    let b = rng.near(center, 2.0 * reach);
    Segment::new(a, b)
}

#[test]
fn segment_casts_at_boxes_agree_with_parry() {
    run("cast×aabb", 21, |rng, adv, tally| {
        let b = Aabb::from_center_size(rng.offset(adv) + rng.point(1.0), rng.size(adv));
        let s = segment(rng, b.center(), b.half_size().max_element() + 0.5);
        let pose = Pose::from_translation(p(b.center()));
        let cuboid = Cuboid::new(p(b.half_size()));
        let corners = [
            b.min,
            b.max,
            Vec2::new(b.min.x, b.max.y),
            Vec2::new(b.max.x, b.min.y),
        ];
        let size = scale(&[b.min, b.max], &[]);
        compare(
            tally,
            &s,
            cast_segment_aabb(&s, &b),
            (&pose, &cuboid),
            &corners,
            (size, 0.0),
        );
    });
}

#[test]
fn segment_casts_at_turned_boxes_and_bars_agree_with_parry() {
    run("cast×obb", 22, |rng, adv, tally| {
        let b = Obb::new(
            rng.offset(adv) + rng.point(1.0),
            rng.size(adv),
            rng.angle(adv),
        );
        let s = segment(rng, b.center, b.half_size.max_element() + 0.5);
        let pose = Pose::new(p(b.center), b.angle());
        let cuboid = Cuboid::new(p(b.half_size));
        let size = scale(&[b.center, b.half_size], &[]);
        compare(
            tally,
            &s,
            cast_segment_obb(&s, &b),
            (&pose, &cuboid),
            &b.corners(),
            (size, 0.0),
        );
    });
}

#[test]
fn segment_casts_at_disks_agree_with_parry() {
    run("cast×disk", 23, |rng, adv, tally| {
        let d = Disk::new(rng.offset(adv) + rng.point(1.0), rng.size(adv).x);
        let s = segment(rng, d.center, d.radius + 0.5);
        let pose = Pose::from_translation(p(d.center));
        let ball = Ball::new(d.radius);
        let size = scale(&[d.center], &[d.radius]);
        compare(
            tally,
            &s,
            cast_segment_disk(&s, &d),
            (&pose, &ball),
            &[],
            (size, d.radius),
        );
    });
}

#[test]
fn segment_casts_at_triangles_agree_with_parry() {
    run("cast×triangle", 24, |rng, adv, tally| {
        let center = rng.offset(adv) + rng.point(1.0);
        let t: Triangle = rng.triangle(center, adv);
        let reach = [t.a, t.b, t.c]
            .iter()
            .map(|v| v.distance(center))
            .fold(0.5, f32::max);
        let s = segment(rng, center, reach);
        let tri = PTriangle::new(p(t.a), p(t.b), p(t.c));
        let size = scale(&[t.a, t.b, t.c], &[]);
        let corners = [t.a, t.b, t.c];
        compare(
            tally,
            &s,
            cast_segment_triangle(&s, &t),
            (&Pose::IDENTITY, &tri),
            &corners,
            (size, 0.0),
        );
    });
}
