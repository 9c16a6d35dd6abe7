//! Agreement with parry2d's `intersection_test` on over a million random and adversarial
//! cases (thin boxes, offsets in the thousands, angles a hair off 90°, sliver triangles).
//!
//! Cases within a few `f32` roundings of touching (measured by an exact `f64` reference) are
//! skipped: there either answer is right. Every other case must agree with parry2d and with
//! the reference, and the mirrored pair must give the same answer.

use super::support::{
    Rng, aabb_poly, aabb_scale, band, disk_scale, gap_aabbs, gap_disk_poly, gap_disks, gap_obbs,
    obb_poly, obb_scale, tri_poly, tri_scale,
};
use parry2d::math::{Pose, Vec2 as PVec2};
use parry2d::query::intersection_test;
use parry2d::shape::{Ball, Cuboid, Shape as PShape, Triangle as PTriangle};
use sokoshot_core::geom::{Aabb, Disk, Intersects, Obb, Triangle, Vec2};

/// Random cases per pair, and as many adversarial ones.
const CASES: u32 = 100_000;

/// What one pair's run saw.
#[derive(Default, Debug)]
struct Tally {
    hits: u32,
    misses: u32,
    skipped: u32,
}

impl Tally {
    /// Records one case; panics with the case if the answers disagree.
    fn record(&mut self, what: &str, gap: f64, band: f64, ours: bool, mirrored: bool, parry: bool) {
        assert_eq!(ours, mirrored, "{what}: mirrored pair disagrees");
        if gap.abs() <= band {
            self.skipped += 1;
            return;
        }
        let truth = gap <= 0.0;
        assert_eq!(ours, truth, "{what}: reference gap {gap}");
        assert_eq!(
            parry, truth,
            "{what}: parry2d disagrees with the reference (gap {gap})"
        );
        if truth {
            self.hits += 1;
        } else {
            self.misses += 1;
        }
    }

    /// Both outcomes must be well represented and the touching band thin.
    fn check(&self, name: &str) {
        println!("{name}: {self:?}");
        let total = self.hits + self.misses + self.skipped;
        assert_eq!(total, 2 * CASES, "{name}");
        assert!(
            self.hits > total / 5 && self.misses > total / 5,
            "{name}: {self:?}"
        );
        assert!(self.skipped < total / 100, "{name}: {self:?}");
    }
}

fn p(v: Vec2) -> PVec2 {
    PVec2::new(v.x, v.y)
}

fn parry_test(pose1: &Pose, s1: &dyn PShape, pose2: &Pose, s2: &dyn PShape) -> bool {
    intersection_test(pose1, s1, pose2, s2).is_ok_and(|r| r.intersecting)
}

fn ball(d: &Disk) -> (Pose, Ball) {
    (Pose::from_translation(p(d.center)), Ball::new(d.radius))
}

fn cuboid_aabb(b: &Aabb) -> (Pose, Cuboid) {
    (
        Pose::from_translation(p(b.center())),
        Cuboid::new(p(b.half_size())),
    )
}

fn cuboid_obb(b: &Obb) -> (Pose, Cuboid) {
    (
        Pose::new(p(b.center), b.angle()),
        Cuboid::new(p(b.half_size)),
    )
}

fn triangle(t: &Triangle) -> (Pose, PTriangle) {
    (Pose::IDENTITY, PTriangle::new(p(t.a), p(t.b), p(t.c)))
}

/// Runs `CASES` random and `CASES` adversarial cases of one pair.
fn run(name: &str, seed: u64, mut case: impl FnMut(&mut Rng, bool, &mut Tally)) {
    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    for i in 0..2 * CASES {
        case(&mut rng, i >= CASES, &mut tally);
    }
    tally.check(name);
}

#[test]
fn disk_disk_agrees_with_parry() {
    run("disk×disk", 1, |rng, adv, tally| {
        let o = rng.offset(adv);
        let a = rng.disk_near(o, 1.0);
        let b = rng.disk_near(a.center, a.radius);
        let (pa, sa) = ball(&a);
        let (pb, sb) = ball(&b);
        let scale = disk_scale(&a).max(disk_scale(&b));
        tally.record(
            &format!("{a:?} {b:?}"),
            gap_disks(&a, &b),
            band(scale),
            a.intersects(&b),
            b.intersects(&a),
            parry_test(&pa, &sa, &pb, &sb),
        );
    });
}

#[test]
fn disk_aabb_agrees_with_parry() {
    run("disk×aabb", 2, |rng, adv, tally| {
        let o = rng.offset(adv);
        let size = rng.size(adv);
        let b = Aabb::from_center_size(o + rng.point(1.0), size);
        let d = rng.disk_near(b.center(), b.half_size().max_element());
        let (pd, sd) = ball(&d);
        let (pb, sb) = cuboid_aabb(&b);
        tally.record(
            &format!("{d:?} {b:?}"),
            gap_disk_poly(&d, &aabb_poly(&b)),
            band(disk_scale(&d).max(aabb_scale(&b))),
            d.intersects(&b),
            b.intersects(&d),
            parry_test(&pd, &sd, &pb, &sb),
        );
    });
}

#[test]
fn disk_obb_agrees_with_parry() {
    run("disk×obb", 3, |rng, adv, tally| {
        let o = rng.offset(adv);
        let size = rng.size(adv);
        let angle = rng.angle(adv);
        let b = Obb::new(o + rng.point(1.0), size, angle);
        let d = rng.disk_near(b.center, b.half_size.max_element());
        let (pd, sd) = ball(&d);
        let (pb, sb) = cuboid_obb(&b);
        tally.record(
            &format!("{d:?} {b:?}"),
            gap_disk_poly(&d, &obb_poly(&b)),
            band(disk_scale(&d).max(obb_scale(&b))),
            d.intersects(&b),
            b.intersects(&d),
            parry_test(&pd, &sd, &pb, &sb),
        );
    });
}

#[test]
fn disk_triangle_agrees_with_parry() {
    run("disk×triangle", 4, |rng, adv, tally| {
        let o = rng.offset(adv);
        let c = o + rng.point(1.0);
        let t = rng.triangle(c, adv);
        let d = rng.disk_near((t.a + t.b + t.c) / 3.0, 1.5);
        let (pd, sd) = ball(&d);
        let (pt, st) = triangle(&t);
        tally.record(
            &format!("{d:?} {t:?}"),
            gap_disk_poly(&d, &tri_poly(&t)),
            band(disk_scale(&d).max(tri_scale(&t))),
            d.intersects(&t),
            t.intersects(&d),
            parry_test(&pd, &sd, &pt, &st),
        );
    });
}

#[test]
fn aabb_aabb_agrees_with_parry() {
    run("aabb×aabb", 5, |rng, adv, tally| {
        let o = rng.offset(adv);
        let (ca, sa, sb) = (o + rng.point(1.0), rng.size(adv), rng.size(adv));
        let a = Aabb::from_center_size(ca, sa);
        let reach = a.half_size().max_element() + sb.max_element() * 0.5;
        let b = Aabb::from_center_size(rng.near(a.center(), reach), sb);
        let (pa, sa) = cuboid_aabb(&a);
        let (pb, sb) = cuboid_aabb(&b);
        tally.record(
            &format!("{a:?} {b:?}"),
            gap_aabbs(&a, &b),
            band(aabb_scale(&a).max(aabb_scale(&b))),
            a.intersects(&b),
            b.intersects(&a),
            parry_test(&pa, &sa, &pb, &sb),
        );
    });
}

#[test]
fn obb_obb_agrees_with_parry() {
    run("obb×obb", 6, |rng, adv, tally| {
        let o = rng.offset(adv);
        let (ca, sa, aa) = (o + rng.point(1.0), rng.size(adv), rng.angle(adv));
        let (sb, ab) = (rng.size(adv), rng.angle(adv));
        let a = Obb::new(ca, sa, aa);
        let reach = a.half_size.max_element() + sb.max_element() * 0.5;
        let b = Obb::new(rng.near(a.center, reach), sb, ab);
        let (pa, sa) = cuboid_obb(&a);
        let (pb, sb) = cuboid_obb(&b);
        tally.record(
            &format!("{a:?} {b:?}"),
            gap_obbs(&a, &b),
            band(obb_scale(&a).max(obb_scale(&b))),
            a.intersects(&b),
            b.intersects(&a),
            parry_test(&pa, &sa, &pb, &sb),
        );
    });
}
