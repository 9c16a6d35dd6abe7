//! Invariants, as property tests: mirrored pairs agree, moving both shapes changes nothing,
//! quarter-turned boxes agree with the AABB tests, every vertex order of a triangle agrees,
//! reflection keeps speed, and the explain functions agree with the verdicts.
//!
//! Cases within a few `f32` roundings of touching are skipped where rounding may decide.

use super::support::{
    aabb_poly, aabb_scale, band, disk_scale, dist_point_segment, dist_segments, dv, gap_aabbs,
    gap_disk_poly, gap_obbs, inside, obb_poly, obb_scale, quarter_turn_pair, tri_poly, tri_scale,
};
use proptest::prelude::*;
use sokoshot_core::geom::*;

fn vec2(e: f32) -> impl Strategy<Value = Vec2> {
    (-e..e, -e..e).prop_map(|(x, y)| Vec2::new(x, y))
}

fn size() -> impl Strategy<Value = Vec2> {
    (0.0f32..4.0, 0.0f32..4.0).prop_map(|(x, y)| Vec2::new(x, y))
}

fn disk() -> impl Strategy<Value = Disk> {
    (vec2(5.0), 0.0f32..2.5).prop_map(|(c, r)| Disk::new(c, r))
}

fn aabb() -> impl Strategy<Value = Aabb> {
    (vec2(5.0), size()).prop_map(|(c, s)| Aabb::from_center_size(c, s))
}

fn obb() -> impl Strategy<Value = Obb> {
    (vec2(5.0), size(), -7.0f32..7.0).prop_map(|(c, s, a)| Obb::new(c, s, a))
}

fn triangle() -> impl Strategy<Value = Triangle> {
    (vec2(5.0), vec2(5.0), vec2(5.0)).prop_map(|(a, b, c)| Triangle::new(a, b, c))
}

fn config() -> ProptestConfig {
    ProptestConfig {
        // Failures are reported with their minimal input; nothing is written to disk.
        failure_persistence: None,
        ..ProptestConfig::with_cases(3000)
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn mirrored_pairs_agree(d in disk(), a in aabb(), o in obb(), t in triangle()) {
        prop_assert_eq!(d.intersects(&a), a.intersects(&d));
        prop_assert_eq!(d.intersects(&o), o.intersects(&d));
        prop_assert_eq!(d.intersects(&t), t.intersects(&d));
    }

    #[test]
    fn pairs_are_symmetric(a in obb(), b in obb(), p in aabb(), q in aabb(), d in disk(), e in disk()) {
        // Rounding may differ between the two orders only in the touching band.
        if gap_obbs(&a, &b).abs() > band(obb_scale(&a).max(obb_scale(&b))) {
            prop_assert_eq!(a.intersects(&b), b.intersects(&a));
        }
        prop_assert_eq!(p.intersects(&q), q.intersects(&p));
        prop_assert_eq!(d.intersects(&e), e.intersects(&d));
    }

    #[test]
    fn moving_both_shapes_changes_nothing(
        d in disk(), a in aabb(), o in obb(), t in triangle(), shift in vec2(100.0)
    ) {
        let moved = d.translated(shift);
        let s = disk_scale(&moved) + 100.0;
        if gap_disk_poly(&d, &aabb_poly(&a)).abs() > band(s) {
            prop_assert_eq!(d.intersects(&a), moved.intersects(&a.translated(shift)));
        }
        if gap_disk_poly(&d, &obb_poly(&o)).abs() > band(s) {
            prop_assert_eq!(d.intersects(&o), moved.intersects(&o.translated(shift)));
        }
        if gap_disk_poly(&d, &tri_poly(&t)).abs() > band(s) {
            prop_assert_eq!(d.intersects(&t), moved.intersects(&t.translated(shift)));
        }
        let b = a.translated(Vec2::new(1.0, -0.5));
        if gap_aabbs(&a, &b).abs() > band(s) {
            prop_assert_eq!(a.intersects(&b), a.translated(shift).intersects(&b.translated(shift)));
        }
        let p = o.with_angle(o.angle() + 0.7).translated(Vec2::new(0.5, 1.0));
        if gap_obbs(&o, &p).abs() > band(s) {
            prop_assert_eq!(o.intersects(&p), o.translated(shift).intersects(&p.translated(shift)));
        }
    }

    #[test]
    fn quarter_turned_boxes_agree_with_the_aabb_tests(
        d in disk(), c in vec2(5.0), s in size(), k in -8i32..8,
        c2 in vec2(5.0), s2 in size(), k2 in -8i32..8,
    ) {
        let (o, a) = quarter_turn_pair(c, s, k);
        prop_assert_eq!(o.as_aabb(), Some(a));
        if gap_disk_poly(&d, &aabb_poly(&a)).abs() > band(disk_scale(&d).max(aabb_scale(&a))) {
            prop_assert_eq!(d.intersects(&o), d.intersects(&a));
            prop_assert_eq!(contact_disk_obb(&d, &o).touches(), contact_disk_aabb(&d, &a).touches());
        }
        let (o2, a2) = quarter_turn_pair(c2, s2, k2);
        if gap_aabbs(&a, &a2).abs() > band(aabb_scale(&a).max(aabb_scale(&a2))) {
            prop_assert_eq!(o.intersects(&o2), a.intersects(&a2));
        }
        // And an AABB made into an OBB (angle 0) comes back as itself, up to the rounding of
        // its centre and half size.
        let back = Obb::from(a).as_aabb().expect("angle 0 is axis-aligned");
        prop_assert!(back.min.abs_diff_eq(a.min, 1e-5) && back.max.abs_diff_eq(a.max, 1e-5));
    }

    #[test]
    fn every_vertex_order_of_a_triangle_agrees(d in disk(), t in triangle()) {
        if gap_disk_poly(&d, &tri_poly(&t)).abs() > band(disk_scale(&d).max(tri_scale(&t))) {
            let want = d.intersects(&t);
            let (a, b, c) = (t.a, t.b, t.c);
            for other in [(a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)] {
                let u = Triangle::new(other.0, other.1, other.2);
                prop_assert_eq!(d.intersects(&u), want, "{:?}", u);
            }
        }
    }

    #[test]
    fn reflection_keeps_speed(v in vec2(100.0), angle in -7.0f32..7.0) {
        let n = Vec2::from_angle(angle);
        let r = reflect(v, n);
        prop_assert!((r.length() - v.length()).abs() <= 1e-5 * (1.0 + v.length()));
        prop_assert!(reflect(r, n).abs_diff_eq(v, 1e-4 * (1.0 + v.length())));
        // The normal component turns round, the tangential one stays.
        prop_assert!((r.dot(n) + v.dot(n)).abs() <= 1e-4 * (1.0 + v.length()));
    }

    #[test]
    fn contacts_agree_with_the_verdicts(d in disk(), a in aabb(), o in obb(), t in triangle()) {
        let s = disk_scale(&d) + 5.0;
        let cases = [
            ("aabb", contact_disk_aabb(&d, &a), d.intersects(&a), gap_disk_poly(&d, &aabb_poly(&a))),
            ("obb", contact_disk_obb(&d, &o), d.intersects(&o), gap_disk_poly(&d, &obb_poly(&o))),
            ("triangle", contact_disk_triangle(&d, &t), d.intersects(&t), gap_disk_poly(&d, &tri_poly(&t))),
        ];
        for (name, c, verdict, gap) in cases {
            prop_assert!((c.normal.length() - 1.0).abs() < 1e-4, "{} {:?}", name, c);
            if gap.abs() > band(s) {
                prop_assert_eq!(c.touches(), verdict, "{} {:?}", name, c);
                // The distance itself matches the exact one (for the triangle only where it has
                // an inside: a collinear one's gap is to its edges).
                prop_assert!((f64::from(c.distance) - gap).abs() < 1e-3, "{} {:?} vs {}", name, c, gap);
            }
            // The disk's centre lies on the normal through the point, |distance + r| away.
            let back = c.point + c.normal * (c.distance + d.radius);
            prop_assert!(back.abs_diff_eq(d.center, 1e-3), "{} {:?}", name, c);
        }
    }

    #[test]
    fn sat_agrees_with_the_intersection_test(a in obb(), b in obb()) {
        let sat = sat_obb_obb(&a, &b);
        if gap_obbs(&a, &b).abs() > band(obb_scale(&a).max(obb_scale(&b))) {
            prop_assert_eq!(sat.separating.is_none(), a.intersects(&b));
        }
        for axis in sat.axes {
            prop_assert!((axis.axis.length() - 1.0).abs() < 1e-5);
            prop_assert!(axis.a.0 <= axis.a.1 && axis.b.0 <= axis.b.1);
        }
        if let Some(i) = sat.separating {
            prop_assert!(sat.axes[i].gap() > 0.0);
        }
    }

    #[test]
    fn region_code_matches_the_geometry(t in triangle(), p in vec2(8.0)) {
        let poly = tri_poly(&t);
        let boundary = (0..3)
            .map(|i| dist_point_segment(dv(p), poly[i], poly[(i + 1) % 3]))
            .fold(f64::INFINITY, f64::min);
        let code = triangle_region(&t, p);
        let thick = t.signed_area2().abs() > 1e-3;
        if thick && boundary > band(tri_scale(&t).max(8.0)) {
            prop_assert_eq!(code == 7, inside(dv(p), &poly));
            if code != 7 {
                // The nearest edge is among those the table names.
                let ordered = t.clockwise();
                let dist = |e: usize| sq_distance_point_segment(p, &ordered.edge(e));
                let nearest = (0..3).map(dist).fold(f32::INFINITY, f32::min);
                let named = region_edges(code).iter().map(|&e| dist(e)).fold(f32::INFINITY, f32::min);
                prop_assert!(named <= nearest * (1.0 + 1e-5) + 1e-9, "{} {} {}", code, named, nearest);
            }
        }
    }

    #[test]
    fn segment_crossings_are_consistent(a in vec2(5.0), b in vec2(5.0), c in vec2(5.0), d in vec2(5.0)) {
        let (s, o) = (Segment::new(a, b), Segment::new(c, d));
        let exact = dist_segments(dv(a), dv(b), dv(c), dv(d));
        let (d1, d2, w) = (dv(b) - dv(a), dv(d) - dv(c), dv(c) - dv(a));
        let denom = d1.perp_dot(d2);
        let (t_exact, u_exact) = (w.perp_dot(d2) / denom, w.perp_dot(d1) / denom);
        let well_inside = |x: f64| (0.01..=0.99).contains(&x);
        match (segment_crossing(&s, &o), segment_crossing(&o, &s)) {
            (Crossing::Point { point, t, u }, Crossing::Point { t: t2, u: u2, .. }) => {
                prop_assert!(exact < 1e-4);
                prop_assert!((t - u2).abs() < 1e-4 && (u - t2).abs() < 1e-4);
                prop_assert!(point.abs_diff_eq(s.at(t), 1e-4) && point.abs_diff_eq(o.at(u), 1e-3));
            }
            (x, y) => {
                prop_assert!(!(well_inside(t_exact) && well_inside(u_exact)), "{:?} / {:?}", x, y);
                if exact > 1e-4 {
                    let apart = matches!(x, Crossing::None | Crossing::Parallel | Crossing::Collinear { overlap: None });
                    prop_assert!(apart, "{:?} at distance {}", x, exact);
                }
            }
        }
    }

    #[test]
    fn squared_distance_matches_the_exact_one(p in vec2(50.0), a in vec2(50.0), b in vec2(50.0)) {
        let got = f64::from(sq_distance_point_segment(p, &Segment::new(a, b)));
        let want = dist_point_segment(dv(p), dv(a), dv(b)).powi(2);
        prop_assert!((got - want).abs() <= 1e-5 * (1.0 + want) + 1e-3, "{} vs {}", got, want);
        let (q, t) = closest_point_on_segment(p, &Segment::new(a, b));
        prop_assert!((0.0..=1.0).contains(&t));
        prop_assert!((f64::from(q.distance_squared(p)) - want).abs() <= 1e-5 * (1.0 + want) + 1e-3);
    }
}
