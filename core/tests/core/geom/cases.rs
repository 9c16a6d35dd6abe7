//! Named cases for every pair, the seeds' worked examples, and each documented degenerate
//! answer. Every table is checked in both argument orders where the pair has a mirror.

use sokoshot_core::geom::*;
use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// The unit box centred on the origin, 2 × 2.
fn unit_box() -> Aabb {
    Aabb::new(v(-1.0, -1.0), v(1.0, 1.0))
}

#[test]
fn disk_disk_table() {
    let cases = [
        (
            "apart",
            Disk::new(v(0.0, 0.0), 1.0),
            Disk::new(v(3.0, 0.0), 1.0),
            false,
        ),
        (
            "touching",
            Disk::new(v(0.0, 0.0), 1.0),
            Disk::new(v(2.0, 0.0), 1.0),
            true,
        ),
        (
            "overlapping",
            Disk::new(v(0.0, 0.0), 1.0),
            Disk::new(v(1.5, 0.5), 1.0),
            true,
        ),
        (
            "one inside the other",
            Disk::new(v(0.0, 0.0), 3.0),
            Disk::new(v(0.5, 0.0), 0.5),
            true,
        ),
        (
            "same centre",
            Disk::new(v(4.0, 4.0), 1.0),
            Disk::new(v(4.0, 4.0), 2.0),
            true,
        ),
        (
            "diagonal gap",
            Disk::new(v(0.0, 0.0), 1.0),
            Disk::new(v(1.5, 1.5), 1.0),
            false,
        ),
        (
            "points that coincide",
            Disk::new(v(1.0, 2.0), 0.0),
            Disk::new(v(1.0, 2.0), 0.0),
            true,
        ),
        (
            "points apart",
            Disk::new(v(1.0, 2.0), 0.0),
            Disk::new(v(1.0, 2.1), 0.0),
            false,
        ),
        (
            "far from the origin",
            Disk::new(v(3000.0, -2000.0), 1.0),
            Disk::new(v(3001.5, -2000.0), 0.5),
            true,
        ),
    ];
    for (name, a, b, want) in cases {
        assert_eq!(a.intersects(&b), want, "{name}");
        assert_eq!(b.intersects(&a), want, "{name} (mirrored)");
    }
}

#[test]
fn disk_aabb_table() {
    let b = unit_box();
    let cases = [
        ("centre inside", v(0.2, -0.3), 0.1, true),
        ("touching the right face", v(2.0, 0.0), 1.0, true),
        ("just off the right face", v(2.001, 0.0), 1.0, false),
        ("touching the top face", v(0.5, -1.5), 0.5, true),
        ("corner square, within reach", v(1.5, 1.5), 0.71, true),
        (
            "corner square, out of reach (grown box would say yes)",
            v(1.5, 1.5),
            0.7,
            false,
        ),
        ("corner square, other quadrant", v(-1.5, 1.5), 0.7, false),
        ("disk swallows the box", v(0.0, 0.0), 5.0, true),
        ("zero radius on the edge", v(1.0, 0.3), 0.0, true),
        ("zero radius at the corner", v(-1.0, -1.0), 0.0, true),
        ("zero radius outside", v(1.0001, 0.0), 0.0, false),
    ];
    for (name, c, r, want) in cases {
        let d = Disk::new(c, r);
        assert_eq!(d.intersects(&b), want, "{name}");
        assert_eq!(b.intersects(&d), want, "{name} (mirrored)");
        assert_eq!(
            contact_disk_aabb(&d, &b).touches(),
            want,
            "{name} (contact)"
        );
    }
}

/// Seed 000, figure 6: the disks centred at (±5, ±4) all fold onto (5, 4); the nearest corner
/// of the 8 × 4 box is (4, 2) for the first, √5 away, and the same distance in every quadrant.
#[test]
fn seed_000_quadrant_fold_examples() {
    let b = Aabb::from_center_size(Vec2::ZERO, v(8.0, 4.0));
    for c in [v(5.0, 4.0), v(-5.0, 4.0), v(-5.0, -4.0), v(5.0, -4.0)] {
        assert!(Disk::new(c, 2.24).intersects(&b), "{c}");
        assert!(!Disk::new(c, 2.23).intersects(&b), "{c}");
        let contact = contact_disk_aabb(&Disk::new(c, 0.0), &b);
        assert!((contact.distance - 5f32.sqrt()).abs() < 1e-6, "{c}");
        assert_eq!(contact.point, v(4.0f32.copysign(c.x), 2.0f32.copysign(c.y)));
        let n = (c - contact.point).normalize();
        assert!(contact.normal.abs_diff_eq(n, 1e-6), "{c}");
    }
}

/// Seed 000, Code1: a 6 × 2 box at (0, 5) and a disk of radius 1; rotated 90° the AABB test
/// runs with width and height swapped.
#[test]
fn seed_000_code1_box_and_its_quarter_turn() {
    let flat = Obb::new(v(0.0, 5.0), v(6.0, 2.0), 0.0);
    let upright = Obb::new(v(0.0, 5.0), v(6.0, 2.0), FRAC_PI_2);
    assert_eq!(flat.as_aabb(), Some(Aabb::new(v(-3.0, 4.0), v(3.0, 6.0))));
    assert_eq!(
        upright.as_aabb(),
        Some(Aabb::new(v(-1.0, 2.0), v(1.0, 8.0)))
    );
    let beside = Disk::new(v(3.5, 5.0), 1.0);
    assert!(beside.intersects(&flat));
    assert!(!beside.intersects(&upright));
    let above = Disk::new(v(0.0, 8.5), 1.0);
    assert!(!above.intersects(&flat));
    assert!(above.intersects(&upright));
}

#[test]
fn disk_obb_table() {
    // A 4 × 2 box at (10, 10) turned 45°: its corners are 5^½ ≈ 2.236 from the centre.
    let b = Obb::new(v(10.0, 10.0), v(4.0, 2.0), FRAC_PI_4);
    let ux = v(1.0, 1.0).normalize();
    let uy = v(-1.0, 1.0).normalize();
    let cases = [
        ("centre inside", v(10.5, 10.5), 0.1, true),
        (
            "along the box's x axis, just in",
            v(10.0, 10.0) + ux * 2.99,
            1.0,
            true,
        ),
        (
            "along the box's x axis, apart",
            v(10.0, 10.0) + ux * 3.01,
            1.0,
            false,
        ),
        (
            "along the box's y axis, just in",
            v(10.0, 10.0) + uy * 1.99,
            1.0,
            true,
        ),
        (
            "along the box's y axis, apart",
            v(10.0, 10.0) + uy * 2.01,
            1.0,
            false,
        ),
        // Inside the world-axis bounding box but outside the turned box.
        ("world x-y box would say yes", v(12.0, 10.0), 0.1, false),
        (
            "corner region, in reach",
            v(10.0, 10.0) + ux * 2.5 + uy * 1.5,
            0.71,
            true,
        ),
        (
            "corner region, out of reach",
            v(10.0, 10.0) + ux * 2.5 + uy * 1.5,
            0.7,
            false,
        ),
    ];
    for (name, c, r, want) in cases {
        let d = Disk::new(c, r);
        assert_eq!(d.intersects(&b), want, "{name}");
        assert_eq!(b.intersects(&d), want, "{name} (mirrored)");
        assert_eq!(contact_disk_obb(&d, &b).touches(), want, "{name} (contact)");
    }
}

/// The seed's Code1 triangle (A at the origin, B = (0.8, 1.8), C = (2.4, 0), scaled by 2),
/// clockwise with y up as the seed requires.
fn seed_triangle() -> Triangle {
    Triangle::new(Vec2::ZERO, v(1.6, 3.6), v(4.8, 0.0))
}

/// Seed 001: one point in each of the seven regions, and the table's edges for it.
#[test]
fn seed_001_region_codes_and_table() {
    let t = seed_triangle();
    let cases: [(&str, Vec2, u8, &[usize]); 7] = [
        ("[7] inside", v(2.0, 1.0), 7, &[]),
        ("[6] below ca only", v(2.4, -1.0), 6, &[2]),
        ("[5] beyond bc only", v(4.5, 3.0), 5, &[1]),
        ("[3] beyond ab only", v(0.0, 3.0), 3, &[0]),
        ("[1] around b", v(1.6, 5.0), 1, &[0, 1]),
        ("[2] around a", v(-1.0, -1.0), 2, &[2, 0]),
        ("[4] around c", v(6.0, -1.0), 4, &[1, 2]),
    ];
    for (name, p, code, edges) in cases {
        assert_eq!(triangle_region(&t, p), code, "{name}");
        assert_eq!(region_edges(code), edges, "{name}");
        // The other winding names the same edges of the same (normalised) triangle.
        let flipped = Triangle::new(t.a, t.c, t.b);
        assert_eq!(triangle_region(&flipped, p), code, "{name} (other winding)");
    }
    assert_eq!(region_edges(0), &[0, 1, 2]);
    assert_eq!(region_edges(200), &[0, 1, 2]);
}

#[test]
fn disk_triangle_table() {
    let t = seed_triangle();
    let cases = [
        (
            "seed's starting position (-4, 0), radius 1",
            v(-4.0, 0.0),
            1.0,
            false,
        ),
        ("centre inside", v(2.0, 1.0), 0.01, true),
        ("below ca, touching", v(2.4, -1.0), 1.0, true),
        ("below ca, apart", v(2.4, -1.0001), 1.0, false),
        ("around vertex a, touching", v(-0.75, -1.0), 1.25, true),
        ("around vertex a, apart", v(-0.75, -1.0), 1.2499, false),
        ("around vertex b, in reach", v(1.6, 4.5), 0.91, true),
        ("around vertex b, out of reach", v(1.6, 4.5), 0.89, false),
        ("zero radius on an edge", v(2.0, 0.0), 0.0, true),
        ("zero radius at a vertex", v(4.8, 0.0), 0.0, true),
        ("disk swallows the triangle", v(2.0, 1.0), 10.0, true),
    ];
    for (name, c, r, want) in cases {
        let d = Disk::new(c, r);
        for tri in [
            t,
            Triangle::new(t.a, t.c, t.b),
            Triangle::new(t.b, t.c, t.a),
        ] {
            assert_eq!(d.intersects(&tri), want, "{name} {tri:?}");
            assert_eq!(tri.intersects(&d), want, "{name} (mirrored)");
            assert_eq!(
                contact_disk_triangle(&d, &tri).touches(),
                want,
                "{name} (contact)"
            );
        }
    }
}

/// Seed 003: the C++ tutorial's four comparisons, here with touching edges counting.
#[test]
fn aabb_aabb_table() {
    let a = Aabb::new(v(0.0, 0.0), v(2.0, 1.0));
    let cases = [
        ("overlapping", Aabb::new(v(1.0, 0.5), v(3.0, 2.0)), true),
        (
            "sharing the right edge",
            Aabb::new(v(2.0, 0.0), v(3.0, 1.0)),
            true,
        ),
        (
            "sharing one corner",
            Aabb::new(v(2.0, 1.0), v(3.0, 2.0)),
            true,
        ),
        (
            "a hair to the right",
            Aabb::new(v(2.0001, 0.0), v(3.0, 1.0)),
            false,
        ),
        ("below", Aabb::new(v(0.0, 1.5), v(2.0, 2.0)), false),
        ("to the left", Aabb::new(v(-3.0, 0.0), v(-1.0, 1.0)), false),
        ("inside", Aabb::new(v(0.5, 0.25), v(1.0, 0.75)), true),
        (
            "crossing like a plus sign",
            Aabb::new(v(0.5, -1.0), v(1.5, 2.0)),
            true,
        ),
        (
            "x overlaps, y does not",
            Aabb::new(v(0.5, 3.0), v(1.5, 4.0)),
            false,
        ),
        (
            "zero-size box on the edge",
            Aabb::new(v(2.0, 0.5), v(2.0, 0.5)),
            true,
        ),
        (
            "zero-size box outside",
            Aabb::new(v(2.5, 0.5), v(2.5, 0.5)),
            false,
        ),
    ];
    for (name, b, want) in cases {
        assert_eq!(a.intersects(&b), want, "{name}");
        assert_eq!(b.intersects(&a), want, "{name} (mirrored)");
    }
    // Corners given in any order make the same box.
    assert_eq!(Aabb::new(v(2.0, 1.0), v(0.0, 0.0)), a);
    assert_eq!(Aabb::new(v(0.0, 1.0), v(2.0, 0.0)), a);
}

/// Seed 002: two turned 6 × 2 boxes that overlap on both the x and the y axis but are apart,
/// so only an edge axis of one of them separates them.
#[test]
fn seed_002_x_and_y_axes_are_not_enough() {
    let a = Obb::new(v(0.0, 0.0), v(6.0, 2.0), FRAC_PI_4);
    let b = Obb::new(v(2.5, -2.5), v(6.0, 2.0), FRAC_PI_4);
    // Their world-axis bounding boxes overlap...
    let bounds = |o: &Obb| {
        let cs = o.corners();
        let lo = cs.iter().fold(Vec2::splat(f32::INFINITY), |m, &c| m.min(c));
        let hi = cs
            .iter()
            .fold(Vec2::splat(f32::NEG_INFINITY), |m, &c| m.max(c));
        Aabb::new(lo, hi)
    };
    assert!(bounds(&a).intersects(&bounds(&b)));
    // ...but a's y axis separates the boxes themselves.
    assert!(!a.intersects(&b));
    let sat = sat_obb_obb(&a, &b);
    assert_eq!(sat.separating, Some(1));
    assert!(sat.axes[1].gap() > 0.0);
    assert!(!sat.axes[1].overlaps());
    assert!(sat.axes[0].overlaps());
}

#[test]
fn obb_obb_table() {
    let a = Obb::new(v(0.0, 0.0), v(4.0, 2.0), 0.0);
    let cases = [
        ("same box", a, true),
        (
            "turned 90° about the same centre",
            Obb::new(v(0.0, 0.0), v(4.0, 2.0), FRAC_PI_2),
            true,
        ),
        (
            "end to end, touching",
            Obb::new(v(4.0, 0.0), v(4.0, 2.0), 0.0),
            true,
        ),
        (
            "end to end, apart",
            Obb::new(v(4.01, 0.0), v(4.0, 2.0), 0.0),
            false,
        ),
        // A unit square turned 45° reaches √2/2 ≈ 0.7071 from its centre along x.
        (
            "diamond's tip over the right edge",
            Obb::new(v(1.999 + 0.5 * 2f32.sqrt(), 0.0), v(1.0, 1.0), FRAC_PI_4),
            true,
        ),
        (
            "diamond's tip a hair away",
            Obb::new(v(2.001 + 0.5 * 2f32.sqrt(), 0.0), v(1.0, 1.0), FRAC_PI_4),
            false,
        ),
        (
            "crossed bars",
            Obb::new(v(0.0, 0.0), v(10.0, 0.1), 1.0),
            true,
        ),
        (
            "thin bar beside",
            Obb::new(v(0.0, 1.2), v(10.0, 0.1), 0.0),
            false,
        ),
        (
            "zero-size box on the corner",
            Obb::new(v(2.0, 1.0), Vec2::ZERO, 0.3),
            true,
        ),
        (
            "zero-size box outside",
            Obb::new(v(2.0, 1.1), Vec2::ZERO, 0.3),
            false,
        ),
    ];
    for (name, b, want) in cases {
        assert_eq!(a.intersects(&b), want, "{name}");
        assert_eq!(b.intersects(&a), want, "{name} (mirrored)");
        assert_eq!(
            sat_obb_obb(&a, &b).separating.is_none(),
            want,
            "{name} (sat)"
        );
    }
}

#[test]
fn obb_shape_helpers() {
    let b = Obb::new(v(1.0, 2.0), v(4.0, 2.0), FRAC_PI_2);
    let [ux, uy] = b.axes();
    assert!(ux.abs_diff_eq(v(0.0, 1.0), 1e-6) && uy.abs_diff_eq(v(-1.0, 0.0), 1e-6));
    let corners = b.corners();
    let want = [v(2.0, 0.0), v(2.0, 4.0), v(0.0, 4.0), v(0.0, 0.0)];
    for (c, w) in corners.iter().zip(want) {
        assert!(c.abs_diff_eq(w, 1e-6), "{corners:?}");
    }
    // The stored rotation follows every way of making or changing a box.
    for (name, angle) in [
        ("zero", 0.0),
        ("small", 0.3),
        ("negative", -2.5),
        ("big", 700.0),
    ] {
        let made = Obb::new(v(1.0, 2.0), v(4.0, 2.0), angle);
        let turned = b.with_angle(angle);
        assert_eq!(turned, made, "{name}");
        assert_eq!(turned.angle(), angle, "{name}");
        let (s, c) = f64::from(angle).sin_cos();
        let want = v(c as f32, s as f32);
        assert!(turned.axes()[0].abs_diff_eq(want, 1e-6), "{name}");
        let moved = made.translated(v(-3.0, 5.0));
        assert_eq!(
            (moved.angle(), moved.axes()),
            (angle, made.axes()),
            "{name}"
        );
    }
    let from_aabb = Obb::from(Aabb::new(v(0.0, 0.0), v(4.0, 2.0)));
    assert_eq!(from_aabb, Obb::new(v(2.0, 1.0), v(4.0, 2.0), 0.0));
    // Negative sizes and radii are stored as positive.
    assert_eq!(
        Obb::new(v(0.0, 0.0), v(-2.0, 4.0), 0.0).half_size,
        v(1.0, 2.0)
    );
    assert_eq!(
        Aabb::from_center_size(v(0.0, 0.0), v(-2.0, 4.0)).half_size(),
        v(1.0, 2.0)
    );
    assert_eq!(Disk::new(v(0.0, 0.0), -3.0).radius, 3.0);
}

#[test]
fn as_aabb_only_at_quarter_turns() {
    let size = v(6.0, 2.0);
    let c = v(5.0, -1.0);
    let wide = Some(Aabb::from_center_size(c, v(6.0, 2.0)));
    let tall = Some(Aabb::from_center_size(c, v(2.0, 6.0)));
    let cases = [
        ("0°", 0.0, wide),
        ("90°", FRAC_PI_2, tall),
        ("180°", PI, wide),
        ("-90°", -FRAC_PI_2, tall),
        ("270°", 3.0 * FRAC_PI_2, tall),
        ("720°", 4.0 * PI, wide),
        (
            "within the epsilon",
            FRAC_PI_2 + 0.5 * AXIS_ALIGNED_EPSILON,
            tall,
        ),
        (
            "a hair beyond it",
            FRAC_PI_2 + 3.0 * AXIS_ALIGNED_EPSILON,
            None,
        ),
        ("45°", FRAC_PI_4, None),
        ("NaN", f32::NAN, None),
        ("infinite", f32::INFINITY, None),
    ];
    for (name, angle, want) in cases {
        assert_eq!(Obb::new(c, size, angle).as_aabb(), want, "{name}");
    }
}

#[test]
fn sq_distance_point_segment_table() {
    let s = Segment::new(v(0.0, 0.0), v(4.0, 0.0));
    let cases = [
        ("before a", v(-3.0, 4.0), 25.0),
        ("past b", v(7.0, -4.0), 25.0),
        ("beside, above", v(2.0, 3.0), 9.0),
        ("on the segment", v(1.5, 0.0), 0.0),
        ("at b", v(4.0, 0.0), 0.0),
        ("level with a, off it", v(0.0, 2.0), 4.0),
    ];
    for (name, p, want) in cases {
        assert_eq!(sq_distance_point_segment(p, &s), want, "{name}");
        assert_eq!(
            sq_distance_point_segment(p, &Segment::new(s.b, s.a)),
            want,
            "{name} reversed"
        );
    }
    let point = Segment::new(v(1.0, 1.0), v(1.0, 1.0));
    assert_eq!(
        sq_distance_point_segment(v(4.0, 5.0), &point),
        25.0,
        "zero-length segment"
    );
    assert!(sq_distance_point_segment(v(f32::NAN, 0.0), &s).is_nan());
    // Far from the origin the perpendicular distance keeps its precision.
    let far = Segment::new(v(5000.0, 5000.0), v(5008.0, 5000.0));
    assert_eq!(sq_distance_point_segment(v(5004.0, 5000.25), &far), 0.0625);
}

#[test]
fn segment_crossing_table() {
    let s = Segment::new(v(0.0, 0.0), v(4.0, 0.0));
    let point = |x: f32, y: f32, t: f32, u: f32| Crossing::Point {
        point: v(x, y),
        t,
        u,
    };
    let cases = [
        (
            "plus sign",
            Segment::new(v(1.0, -1.0), v(1.0, 1.0)),
            point(1.0, 0.0, 0.25, 0.5),
        ),
        (
            "touching at an end",
            Segment::new(v(4.0, 0.0), v(5.0, 3.0)),
            point(4.0, 0.0, 1.0, 0.0),
        ),
        (
            "T junction",
            Segment::new(v(2.0, 0.0), v(2.0, 2.0)),
            point(2.0, 0.0, 0.5, 0.0),
        ),
        (
            "lines cross beyond the end",
            Segment::new(v(5.0, -1.0), v(5.0, 1.0)),
            Crossing::None,
        ),
        (
            "parallel above",
            Segment::new(v(0.0, 1.0), v(4.0, 1.0)),
            Crossing::Parallel,
        ),
        (
            "collinear overlap",
            Segment::new(v(3.0, 0.0), v(6.0, 0.0)),
            Crossing::Collinear {
                overlap: Some((0.75, 1.0)),
            },
        ),
        (
            "collinear, reversed, inside",
            Segment::new(v(3.0, 0.0), v(1.0, 0.0)),
            Crossing::Collinear {
                overlap: Some((0.25, 0.75)),
            },
        ),
        (
            "collinear, touching ends",
            Segment::new(v(4.0, 0.0), v(8.0, 0.0)),
            Crossing::Collinear {
                overlap: Some((1.0, 1.0)),
            },
        ),
        (
            "collinear, apart",
            Segment::new(v(5.0, 0.0), v(8.0, 0.0)),
            Crossing::Collinear { overlap: None },
        ),
        (
            "zero-length, on it",
            Segment::new(v(3.0, 0.0), v(3.0, 0.0)),
            point(3.0, 0.0, 0.75, 0.0),
        ),
        (
            "zero-length, off it",
            Segment::new(v(3.0, 0.1), v(3.0, 0.1)),
            Crossing::None,
        ),
        (
            "NaN",
            Segment::new(v(f32::NAN, 0.0), v(1.0, 1.0)),
            Crossing::None,
        ),
    ];
    for (name, other, want) in cases {
        assert_eq!(segment_crossing(&s, &other), want, "{name}");
    }
    let dot = Segment::new(v(1.0, 1.0), v(1.0, 1.0));
    assert_eq!(
        segment_crossing(&dot, &dot),
        point(1.0, 1.0, 0.0, 0.0),
        "two equal points"
    );
    assert_eq!(
        segment_crossing(&dot, &s),
        Crossing::None,
        "point off the segment"
    );
    assert_eq!(
        segment_crossing(&Segment::new(v(2.0, 0.0), v(2.0, 0.0)), &s),
        point(2.0, 0.0, 0.0, 0.5),
        "point on the second segment"
    );
}

/// Seed 004: a point moving from (1, 1) to (3, 3) crosses a slope from (0, 4) to (4, 0); it
/// goes back out along the reflected direction by the overshoot, keeping its speed.
#[test]
fn seed_004_crossing_and_reflection() {
    let path = Segment::new(v(1.0, 1.0), v(3.0, 3.0));
    let slope = Segment::new(v(0.0, 4.0), v(4.0, 0.0));
    let Crossing::Point { point, t, u } = segment_crossing(&path, &slope) else {
        panic!("the path must cross the slope");
    };
    assert_eq!((point, t, u), (v(2.0, 2.0), 0.5, 0.5));
    let overshoot = path.b - point;
    let normal = v(-1.0, -1.0).normalize();
    let back = reflect(overshoot, normal);
    assert!(back.abs_diff_eq(v(-1.0, -1.0), 1e-6));
    assert!((back.length() - overshoot.length()).abs() < 1e-6);
    // A wall facing +x turns a velocity round on x and keeps y.
    assert_eq!(reflect(v(3.0, -2.0), v(1.0, 0.0)), v(-3.0, -2.0));
    assert_eq!(reflect(v(0.0, 5.0), v(0.0, -1.0)), v(0.0, -5.0));
}

#[test]
fn contact_numbers() {
    let b = unit_box();
    // Outside the right face: gap 1, point on the face, normal +x.
    let c = contact_disk_aabb(&Disk::new(v(2.5, 0.5), 0.5), &b);
    assert_eq!(
        c,
        Contact {
            distance: 1.0,
            point: v(1.0, 0.5),
            normal: v(1.0, 0.0)
        }
    );
    // Centre inside, nearest to the top face (y = -1): depth 0.2 + radius.
    let c = contact_disk_aabb(&Disk::new(v(0.1, -0.8), 0.5), &b);
    assert!((c.distance + 0.7).abs() < 1e-6, "{c:?}");
    assert_eq!((c.point, c.normal), (v(0.1, -1.0), v(0.0, -1.0)));
    // The same through a turned box at 90°: the face normal turns with it.
    let o = Obb::new(Vec2::ZERO, v(2.0, 2.0), FRAC_PI_2);
    let c = contact_disk_obb(&Disk::new(v(2.5, 0.0), 0.5), &o);
    assert!(
        (c.distance - 1.0).abs() < 1e-6 && c.normal.abs_diff_eq(v(1.0, 0.0), 1e-6),
        "{c:?}"
    );
    // A triangle: below edge ca of the seed triangle, the normal points down (−y).
    let c = contact_disk_triangle(&Disk::new(v(2.4, -2.0), 0.5), &seed_triangle());
    assert_eq!(
        c,
        Contact {
            distance: 1.5,
            point: v(2.4, 0.0),
            normal: v(0.0, -1.0)
        }
    );
    // Inside the triangle: negative, out through the nearest edge.
    let c = contact_disk_triangle(&Disk::new(v(2.4, 0.1), 0.0), &seed_triangle());
    assert!(
        (c.distance + 0.1).abs() < 1e-6 && c.normal == v(0.0, -1.0),
        "{c:?}"
    );
}

/// Each degenerate input of the module docs, with its documented answer.
#[test]
fn degenerate_inputs_have_fixed_answers() {
    let nan = f32::NAN;
    let d = Disk::new(v(0.0, 0.0), 1.0);
    // Zero-size box: a point, hit when touched.
    let dot = Aabb::new(v(1.0, 0.0), v(1.0, 0.0));
    assert!(d.intersects(&dot));
    assert!(!Disk::new(v(0.0, 0.0), 0.99).intersects(&dot));
    // Zero-size in one direction: a segment.
    let line = Obb::new(v(0.0, 2.0), v(4.0, 0.0), 0.0);
    assert!(Disk::new(v(0.0, 1.0), 1.0).intersects(&line));
    assert!(!Disk::new(v(0.0, 1.0), 0.99).intersects(&line));
    // Collinear triangle: its edges, no inside.
    let flat = Triangle::new(v(0.0, 0.0), v(2.0, 0.0), v(4.0, 0.0));
    assert!(Disk::new(v(3.0, 0.5), 0.5).intersects(&flat));
    assert!(!Disk::new(v(3.0, 0.5), 0.49).intersects(&flat));
    assert!(
        !Disk::new(v(5.0, 0.0), 0.99).intersects(&flat),
        "on its line, beyond its end"
    );
    assert!(Disk::new(v(5.0, 0.0), 1.0).intersects(&flat));
    let same = Triangle::new(v(1.0, 1.0), v(1.0, 1.0), v(1.0, 1.0));
    assert!(!Disk::new(v(3.0, 1.0), 1.99).intersects(&same));
    assert!(Disk::new(v(3.0, 1.0), 2.0).intersects(&same));
    assert!(contact_disk_triangle(&Disk::new(v(3.0, 1.0), 1.0), &same).distance == 1.0);
    // Zero radius: a point.
    assert!(Disk::new(v(1.0, 1.0), 0.0).intersects(&unit_box()));
    // NaN anywhere: false, never a panic.
    let nan_disk = Disk::new(v(nan, 0.0), 1.0);
    let nan_r = Disk::new(v(0.0, 0.0), nan);
    assert!(!nan_disk.intersects(&d) && !nan_r.intersects(&d));
    assert!(!nan_disk.intersects(&unit_box()) && !nan_r.intersects(&unit_box()));
    assert!(!d.intersects(&Aabb::new(v(nan, 0.0), v(1.0, 1.0))));
    let obb = Obb::new(v(0.0, 0.0), v(2.0, 2.0), 0.3);
    assert!(!nan_disk.intersects(&obb) && !nan_r.intersects(&obb));
    assert!(!d.intersects(&Obb::new(v(0.0, 0.0), v(2.0, 2.0), nan)));
    assert!(!obb.intersects(&Obb::new(v(0.0, 0.0), v(2.0, 2.0), nan)));
    assert!(!obb.intersects(&Obb::new(v(nan, 0.0), v(2.0, 2.0), 0.0)));
    assert!(!unit_box().intersects(&Aabb::new(v(0.0, nan), v(1.0, 1.0))));
    let tri = seed_triangle();
    assert!(!nan_disk.intersects(&tri) && !nan_r.intersects(&tri));
    assert!(!d.intersects(&Triangle::new(v(nan, 0.0), v(1.0, 1.0), v(0.0, 1.0))));
    assert!(contact_disk_aabb(&nan_disk, &unit_box()).distance.is_nan());
    assert!(contact_disk_triangle(&nan_disk, &tri).distance.is_nan());
    assert!(
        sat_obb_obb(&obb, &Obb::new(v(nan, 0.0), v(2.0, 2.0), 0.0))
            .separating
            .is_some()
    );
}
