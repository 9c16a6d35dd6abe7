//! Swept disks: named cases, then a seeded comparison with an exact `f64` oracle (does the
//! centre's path ever come within the radius of the shape, and when first?).

use super::support::{
    Rng, aabb_poly, band, dv, gap_disk_poly, gap_path_poly, obb_poly, scale, seg_poly, tri_poly,
};
use glam::DVec2;
use sokoshot_core::geom::*;
use std::f32::consts::{FRAC_1_SQRT_2, FRAC_PI_2, FRAC_PI_4};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn unit_box() -> Aabb {
    Aabb::new(v(-1.0, -1.0), v(1.0, 1.0))
}

fn close(hit: Option<Hit>, toi: f32, point: Vec2, normal: Vec2) -> bool {
    hit.is_some_and(|h| {
        (h.toi - toi).abs() < 1e-5
            && h.point.abs_diff_eq(point, 1e-5)
            && h.normal.abs_diff_eq(normal, 1e-5)
    })
}

#[test]
fn sweep_disk_aabb_table() {
    let b = unit_box();
    let d = |x: f32, y: f32, r: f32| Disk::new(v(x, y), r);
    let corner_toi = (2.0 - 0.5 * FRAC_1_SQRT_2) / 4.0;
    let diag = v(-1.0, -1.0).normalize();
    let cases = [
        (
            "head-on into the left face",
            d(-3.0, 0.0, 0.5),
            v(4.0, 0.0),
            Some((0.375, v(-1.0, 0.0), v(-1.0, 0.0))),
        ),
        (
            "into the bottom face",
            d(0.3, 4.0, 1.0),
            v(0.0, -10.0),
            Some((0.2, v(0.3, 1.0), v(0.0, 1.0))),
        ),
        (
            "diagonal onto the corner",
            d(-3.0, -3.0, 0.5),
            v(4.0, 4.0),
            Some((corner_toi, v(-1.0, -1.0), diag)),
        ),
        (
            "grazing past the top",
            d(-3.0, -1.5, 0.5),
            v(4.0, 0.0),
            Some((0.5, v(-1.0, -1.0), v(0.0, -1.0))),
        ),
        ("passing above", d(-3.0, -1.6, 0.5), v(6.0, 0.0), None),
        ("stopping short", d(-3.0, 0.0, 0.5), v(1.0, 0.0), None),
        ("moving away", d(-3.0, 0.0, 0.5), v(-4.0, 0.0), None),
        (
            "already overlapping",
            d(0.0, 0.0, 0.1),
            v(4.0, 0.0),
            Some((0.0, v(1.0, 0.0), v(1.0, 0.0))),
        ),
        (
            "touching, moving away",
            d(-1.5, 0.0, 0.5),
            v(-4.0, 0.0),
            Some((0.0, v(-1.0, 0.0), v(-1.0, 0.0))),
        ),
        ("still, apart", d(-3.0, 0.0, 0.5), Vec2::ZERO, None),
        (
            "zero radius through the face",
            d(-3.0, 0.5, 0.0),
            v(4.0, 0.0),
            Some((0.5, v(-1.0, 0.5), v(-1.0, 0.0))),
        ),
        (
            "a hundred cells per tick",
            d(-50.0, 0.2, 0.1),
            v(100.0, 0.0),
            Some((0.489, v(-1.0, 0.2), v(-1.0, 0.0))),
        ),
    ];
    for (name, disk, delta, want) in cases {
        let hit = sweep_disk_aabb(&disk, delta, &b);
        match want {
            None => assert_eq!(hit, None, "{name}"),
            Some((toi, point, normal)) => {
                assert!(close(hit, toi, point, normal), "{name}: {hit:?}")
            }
        }
        // The same box as a shape and as an OBB at angle 0 gives the same answer.
        assert_eq!(
            sweep_disk_shape(&disk, delta, &Shape::Aabb(b)),
            hit,
            "{name} (shape)"
        );
        let as_obb = sweep_disk_obb(&disk, delta, &Obb::from(b));
        assert_eq!(as_obb.is_some(), hit.is_some(), "{name} (obb)");
    }
}

#[test]
fn sweep_disk_obb_table() {
    // A 4 × 2 box turned 90° is 2 wide and 4 tall.
    let tall = Obb::new(Vec2::ZERO, v(4.0, 2.0), FRAC_PI_2);
    let hit = sweep_disk_obb(&Disk::new(v(-5.0, 1.5), 0.5), v(10.0, 0.0), &tall);
    assert!(close(hit, 0.35, v(-1.0, 1.5), v(-1.0, 0.0)), "{hit:?}");
    assert_eq!(
        sweep_disk_obb(&Disk::new(v(-5.0, 2.6), 0.5), v(10.0, 0.0), &tall),
        None
    );
    // A unit square turned 45° (a diamond): its left tip is at x = -√2/2.
    let diamond = Obb::new(Vec2::ZERO, v(1.0, 1.0), FRAC_PI_4);
    let hit = sweep_disk_obb(&Disk::new(v(-5.0, 0.0), 0.0), v(10.0, 0.0), &diamond).unwrap();
    assert!(
        (hit.toi - (5.0 - FRAC_1_SQRT_2) / 10.0).abs() < 1e-5,
        "{hit:?}"
    );
    assert!(
        hit.point.abs_diff_eq(v(-FRAC_1_SQRT_2, 0.0), 1e-5),
        "{hit:?}"
    );
    // Onto a face of the diamond: the normal is the face's.
    let hit = sweep_disk_obb(&Disk::new(v(-3.0, -3.0), 0.25), v(3.0, 3.0), &diamond).unwrap();
    assert!(
        hit.normal
            .abs_diff_eq(v(-FRAC_1_SQRT_2, -FRAC_1_SQRT_2), 1e-5),
        "{hit:?}"
    );
    assert!(
        (hit.toi - (3.0 * 2f32.sqrt() - 0.75) / (3.0 * 2f32.sqrt())).abs() < 1e-5,
        "{hit:?}"
    );
}

#[test]
fn sweep_disk_segment_table() {
    let s = Segment::new(v(0.0, 0.0), v(4.0, 0.0));
    let d = |x: f32, y: f32, r: f32| Disk::new(v(x, y), r);
    let cases = [
        (
            "down onto the middle",
            d(2.0, -3.0, 1.0),
            v(0.0, 4.0),
            Some((0.5, v(2.0, 0.0), v(0.0, -1.0))),
        ),
        (
            "up onto the middle",
            d(1.0, 3.0, 1.0),
            v(0.0, -4.0),
            Some((0.5, v(1.0, 0.0), v(0.0, 1.0))),
        ),
        (
            "onto the end cap",
            d(6.0, 0.0, 1.0),
            v(-4.0, 0.0),
            Some((0.25, v(4.0, 0.0), v(1.0, 0.0))),
        ),
        ("past the end", d(5.5, -3.0, 1.0), v(0.0, 6.0), None),
        ("alongside, apart", d(-2.0, 1.5, 1.0), v(8.0, 0.0), None),
        (
            "alongside, touching",
            d(-2.0, 1.0, 1.0),
            v(8.0, 0.0),
            Some((0.25, v(0.0, 0.0), v(0.0, 1.0))),
        ),
        (
            "centre starts on it",
            d(2.0, 0.0, 0.5),
            v(0.0, 1.0),
            Some((0.0, v(2.0, 0.0), v(0.0, -1.0))),
        ),
        (
            "a point through it",
            d(2.0, -1.0, 0.0),
            v(0.0, 2.0),
            Some((0.5, v(2.0, 0.0), v(0.0, -1.0))),
        ),
    ];
    for (name, disk, delta, want) in cases {
        let hit = sweep_disk_segment(&disk, delta, &s);
        match want {
            None => assert_eq!(hit, None, "{name}"),
            Some((toi, point, normal)) => {
                assert!(close(hit, toi, point, normal), "{name}: {hit:?}")
            }
        }
    }
    // A zero-length segment is a point: the disk meets a circle.
    let dot = Segment::new(v(3.0, 0.0), v(3.0, 0.0));
    let hit = sweep_disk_segment(&Disk::new(v(0.0, 0.0), 1.0), v(4.0, 0.0), &dot);
    assert!(close(hit, 0.5, v(3.0, 0.0), v(-1.0, 0.0)), "{hit:?}");
}

#[test]
fn sweep_disk_triangle_table() {
    // A slope: right angle at (3, 3), long side from (3, 0) to (0, 3), facing up-left.
    let slope = Triangle::new(v(3.0, 0.0), v(3.0, 3.0), v(0.0, 3.0));
    let n = v(-1.0, -1.0).normalize();
    let hit = sweep_disk_triangle(&Disk::new(v(-2.0, 1.0), 0.0), v(5.0, 0.0), &slope);
    assert!(close(hit, 0.8, v(2.0, 1.0), n), "{hit:?}");
    // With a radius, contact comes earlier by r·√2 along x.
    let hit = sweep_disk_triangle(&Disk::new(v(-2.0, 1.0), 0.5), v(5.0, 0.0), &slope).unwrap();
    assert!(
        (hit.toi - (4.0 - 0.5 * 2f32.sqrt()) / 5.0).abs() < 1e-5,
        "{hit:?}"
    );
    assert!(hit.normal.abs_diff_eq(n, 1e-5), "{hit:?}");
    // From the solid side (the right), it meets the vertical leg.
    let hit = sweep_disk_triangle(&Disk::new(v(6.0, 2.0), 0.5), v(-4.0, 0.0), &slope);
    assert!(close(hit, 0.625, v(3.0, 2.0), v(1.0, 0.0)), "{hit:?}");
    assert_eq!(
        sweep_disk_triangle(&Disk::new(v(-2.0, -1.0), 0.5), v(4.0, 0.0), &slope),
        None
    );
    // Inside: time 0, out through the nearest edge.
    let hit = sweep_disk_triangle(&Disk::new(v(2.5, 2.8), 0.1), v(1.0, 0.0), &slope).unwrap();
    assert_eq!(hit.toi, 0.0);
    assert!(hit.normal.abs_diff_eq(v(0.0, 1.0), 1e-6), "{hit:?}");
}

#[test]
fn sweeps_reject_nan_and_infinity() {
    let nan = f32::NAN;
    let inf = f32::INFINITY;
    let good = Disk::new(v(-3.0, 0.0), 0.5);
    for (disk, delta) in [
        (Disk::new(v(nan, 0.0), 0.5), v(4.0, 0.0)),
        (Disk::new(v(-3.0, 0.0), nan), v(4.0, 0.0)),
        (good, v(nan, 0.0)),
        (good, v(inf, 0.0)),
    ] {
        assert_eq!(sweep_disk_aabb(&disk, delta, &unit_box()), None);
        assert_eq!(sweep_disk_obb(&disk, delta, &Obb::from(unit_box())), None);
        assert_eq!(
            sweep_disk_segment(&disk, delta, &Segment::new(v(0.0, -1.0), v(0.0, 1.0))),
            None
        );
        let t = Triangle::new(v(0.0, -1.0), v(0.0, 1.0), v(1.0, 0.0));
        assert_eq!(sweep_disk_triangle(&disk, delta, &t), None);
    }
    let bad_box = Aabb::new(v(nan, 0.0), v(1.0, 1.0));
    assert_eq!(sweep_disk_aabb(&good, v(4.0, 0.0), &bad_box), None);
    let bad_obb = Obb::new(Vec2::ZERO, v(2.0, 2.0), nan);
    assert_eq!(sweep_disk_obb(&good, v(4.0, 0.0), &bad_obb), None);
}

/// What the oracle needs to know about one shape.
struct Target {
    shape: Shape,
    poly: Vec<DVec2>,
}

fn target(rng: &mut Rng) -> Target {
    let c = rng.point(3.0);
    let shape = match rng.below(4) {
        0 => Shape::Aabb(Aabb::from_center_size(c, rng.size(true))),
        1 => {
            let size = rng.size(true);
            Shape::Obb(Obb::new(c, size, rng.angle(true)))
        }
        2 => Shape::Triangle(rng.triangle(c, true)),
        _ => Shape::Segment(Segment::new(c, c + rng.point(2.0))),
    };
    let poly = match &shape {
        Shape::Aabb(b) => aabb_poly(b),
        Shape::Obb(b) => obb_poly(b),
        Shape::Triangle(t) => tri_poly(t),
        Shape::Segment(s) => seg_poly(s),
    };
    Target { shape, poly }
}

/// The sweep finds a hit exactly when the path comes within the radius, at the first such time,
/// with a unit normal from the shape towards the disk, at speeds up to 100 cells per tick.
#[test]
fn sweeps_agree_with_the_exact_path_distance() {
    let mut rng = Rng(77);
    let (mut hits, mut misses, mut skipped) = (0, 0, 0);
    for _ in 0..40_000 {
        let t = target(&mut rng);
        let speed = if rng.chance(0.3) {
            rng.range(10.0, 100.0)
        } else {
            rng.range(0.0, 8.0)
        };
        // Aim at a point near the shape, from somewhere before or beside it.
        let centre = t.poly.iter().sum::<DVec2>() / t.poly.len() as f64;
        let aim = centre.as_vec2() + rng.point(2.5);
        let dir = rng.direction();
        let start = aim - dir * speed * rng.range(0.0, 1.3);
        let disk = Disk::new(start, rng.range(0.0, 1.0));
        let delta = dir * speed;
        let gap = gap_path_poly(disk.center, delta, disk.radius, &t.poly);
        let tol = band(scale(&[start, start + delta], &[6.0]));
        let hit = sweep_disk_shape(&disk, delta, &t.shape);
        if gap.abs() <= tol {
            skipped += 1;
            continue;
        }
        let Some(hit) = hit else {
            assert!(
                gap > 0.0,
                "missed: {disk:?} {delta} {:?} gap {gap}",
                t.shape
            );
            misses += 1;
            continue;
        };
        assert!(
            gap <= 0.0,
            "false hit: {disk:?} {delta} {:?} gap {gap} {hit:?}",
            t.shape
        );
        hits += 1;
        assert!((0.0..=1.0).contains(&hit.toi), "{hit:?}");
        assert!((hit.normal.length() - 1.0).abs() < 1e-4, "{hit:?}");
        let at = Disk::new(disk.center + delta * hit.toi, disk.radius);
        let touch_tol = 1e-3 * (1.0 + f64::from(speed));
        let start_gap = gap_disk_poly(&disk, &t.poly);
        if hit.toi > 0.0 {
            // Touching at the time of impact, and not before it.
            let at_gap = match &t.shape {
                Shape::Segment(_) => gap_path_poly(at.center, Vec2::ZERO, at.radius, &t.poly),
                _ => gap_disk_poly(&at, &t.poly),
            };
            assert!(
                at_gap.abs() < touch_tol,
                "{disk:?} {delta} {:?} {hit:?} gap at toi {at_gap}",
                t.shape
            );
            let before = gap_path_poly(disk.center, delta * hit.toi, disk.radius, &t.poly);
            assert!(
                before > -touch_tol,
                "{disk:?} {delta} {:?} {hit:?} earlier overlap {before}",
                t.shape
            );
            // The normal points from the contact point towards the centre.
            let out = (at.center - hit.point).normalize_or_zero();
            assert!(
                disk.radius < 1e-3 || out.dot(hit.normal) > 0.99,
                "{hit:?} {out}"
            );
        } else {
            assert!(
                start_gap < touch_tol,
                "toi 0 but apart: {disk:?} {:?} {start_gap}",
                t.shape
            );
        }
        let _ = dv(hit.point);
    }
    assert!(
        hits > 8_000 && misses > 8_000,
        "{hits} hits, {misses} misses"
    );
    assert!(skipped < 400, "{skipped} skipped");
}
