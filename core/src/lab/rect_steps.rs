//! The steps of disk × box (seed 000): for a turned box, the centre's coordinates (s, t) on the
//! box's axes and the box in its own frame; then the fold into the first quadrant, the box
//! grown by r, the corner square, and the sub-test that decided.
//!
//! The seed's function answers in this order: outside the grown box (`>=`, so touching is a
//! miss there) → MISS; inside the corner square, the squared distance to the corner against
//! r² (`>=` again) → MISS or HIT; otherwise (in a strip along a side) → HIT. `geom` counts
//! touching as a hit, so the comparisons shown here are `>` and `<=`.

use crate::geom::{Aabb, Disk, Obb, Segment, Vec2};

use super::format::{apart, num, vec2};
use super::picture::{Figure, Ink};
use super::steps::{Step, axis_arrow, frame_box, frame_point};

/// Which sub-test of the fold decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Decided {
    /// The folded centre is outside the box grown by r.
    OutsideGrown,
    /// It is in the corner square: the corner distance decides.
    Corner,
    /// It is in a strip along a side (or inside the box).
    Strip,
}

/// The fold's numbers for a centre `p` given in the box's own frame.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fold {
    pub q: Vec2,
    pub past: Vec2,
    pub decided: Decided,
    pub hit: bool,
}

/// The seed's sub-tests, in its order, with `geom`'s convention that touching is a hit.
pub(crate) fn fold(p: Vec2, half: Vec2, r: f32) -> Fold {
    let q = p.abs();
    let past = q - half;
    let (decided, hit) = if q.x > half.x + r || q.y > half.y + r {
        (Decided::OutsideGrown, false)
    } else if past.x >= 0.0 && past.y >= 0.0 {
        (Decided::Corner, past.length_squared() <= r * r)
    } else {
        (Decided::Strip, true)
    };
    Fold {
        q,
        past,
        decided,
        hit,
    }
}

/// The steps for a disk against `rect` (an AABB when `turned` is false).
pub(crate) fn steps(disk: &Disk, rect: &Obb, turned: bool) -> Vec<Step> {
    let axes = rect.axes();
    let (c, half, r) = (rect.center, rect.half_size, disk.radius);
    let p = rect.in_frame(disk.center - c);
    let f = fold(p, half, r);
    let mut steps = Vec::new();
    if turned {
        let mut local = Step::new("C − T on the box's axes");
        local.line(format!("s = (C−T)·u = {}", num(p.x)));
        local.line(format!("t = (C−T)·v = {}", num(p.y)));
        local.add(axis_arrow(c, axes[0], half.x + 1.0), Ink::Tested);
        local.add(axis_arrow(c, axes[1], half.y + 1.0), Ink::Tested);
        local.add(Figure::Line(Segment::new(c, disk.center)), Ink::Guide);
        local.add(
            Figure::Line(Segment::new(c + axes[0] * p.x, disk.center)),
            Ink::Mark,
        );
        local.add(
            Figure::Line(Segment::new(c + axes[1] * p.y, disk.center)),
            Ink::Mark,
        );
        steps.push(local);
        let mut own = Step::new("the box in its own frame");
        own.line(format!("box ±{} × ±{}", num(half.x), num(half.y)));
        own.line(format!("disk (s, t) {}", vec2(p)));
        own.line("then the AABB test, as is");
        own.replace = true;
        own.add(
            Figure::Aabb(Aabb::from_center_size(c, half * 2.0)),
            Ink::Target,
        );
        own.add(Figure::Disk(Disk::new(c + p, r)), Ink::Subject);
        own.add(
            Figure::Arrow(Segment::new(c, c + Vec2::X * 2.0)),
            Ink::Guide,
        );
        own.add(
            Figure::Arrow(Segment::new(c, c + Vec2::Y * 2.0)),
            Ink::Guide,
        );
        steps.push(own);
    }
    let mut folded = Step::new("fold into the first quadrant");
    folded.line(format!("p = {}", vec2(p)));
    folded.line(format!("q = |p| = {}", vec2(f.q)));
    folded.add(
        Figure::Disk(Disk::new(frame_point(c, axes, f.q), r)),
        Ink::Ghost,
    );
    steps.push(folded);
    let mut grown = Step::new("outside the box grown by r?");
    grown.line("q against w/2 + r, h/2 + r:");
    for (name, q, edge) in [("x", f.q.x, half.x + r), ("y", f.q.y, half.y + r)] {
        let (q_text, edge_text) = apart(q, edge);
        grown.line(format!("q.{name} {q_text} {} {edge_text}", cmp(q, edge)));
    }
    grown.line(if f.decided == Decided::OutsideGrown {
        "outside → MISS".to_owned()
    } else {
        "inside it: go on".to_owned()
    });
    grown.line("(seed's >= misses touch)");
    grown.add(frame_box(c, axes, -half - r, half + r), Ink::Tested);
    steps.push(grown.deciding(f.decided == Decided::OutsideGrown));
    let mut corner = Step::new("in the corner square?");
    corner.line(format!("ax = q.x − w/2 = {}", num(f.past.x)));
    corner.line(format!("ay = q.y − h/2 = {}", num(f.past.y)));
    let d2 = f.past.length_squared();
    if f.decided == Decided::Corner {
        let r2 = r * r;
        let (d2_text, r2_text) = apart(d2, r2);
        corner.line(format!("ax² + ay² = {d2_text}"));
        corner.line(format!(
            "{} r² = {r2_text}: {}",
            if f.hit { "<=" } else { ">" },
            if f.hit { "HIT" } else { "MISS" }
        ));
        if d2 == r2 {
            corner.line("(touching: the seed's >= r²");
            corner.line(" misses it; geom hits it)");
        }
    } else if f.decided == Decided::Strip {
        corner.line("ax < 0 or ay < 0:");
        corner.line("in a strip → HIT");
    } else {
        corner.line("not reached");
    }
    let corner_point = frame_point(c, axes, half);
    corner.add(frame_box(c, axes, half, half + r), Ink::Tested);
    corner.add(Figure::Dot(corner_point), Ink::Mark);
    if f.decided == Decided::Corner {
        let folded_center = frame_point(c, axes, f.q);
        corner.add(
            Figure::Line(Segment::new(corner_point, folded_center)),
            Ink::Normal,
        );
    }
    steps.push(corner.deciding(f.decided != Decided::OutsideGrown));
    steps
}

/// `>` or `<=`, as the values compare.
fn cmp(a: f32, b: f32) -> &'static str {
    if a > b { ">" } else { "<=" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Intersects;

    #[test]
    fn the_fold_agrees_with_geom_on_a_grid_around_a_box() {
        let rect = Obb::new(Vec2::new(0.5, -0.25), Vec2::new(6.0, 2.0), 0.4);
        for i in -40..=40 {
            for j in -30..=30 {
                let disk = Disk::new(Vec2::new(i as f32 * 0.13, j as f32 * 0.11), 1.0);
                let p = rect.in_frame(disk.center - rect.center);
                let f = fold(p, rect.half_size, disk.radius);
                assert_eq!(f.hit, disk.intersects(&rect), "{}", disk.center);
            }
        }
    }

    #[test]
    fn each_sub_test_decides_where_the_page_says() {
        let half = Vec2::new(3.0, 1.0);
        let cases = [
            (
                "far right",
                Vec2::new(5.0, 0.0),
                Decided::OutsideGrown,
                false,
            ),
            ("right strip", Vec2::new(3.5, 0.2), Decided::Strip, true),
            ("inside", Vec2::new(0.0, 0.0), Decided::Strip, true),
            ("corner near", Vec2::new(-3.5, 1.5), Decided::Corner, true),
            ("corner far", Vec2::new(3.8, -1.8), Decided::Corner, false),
            ("touching side", Vec2::new(4.0, 0.0), Decided::Strip, true),
        ];
        for (name, p, decided, hit) in cases {
            let f = fold(p, half, 1.0);
            assert_eq!((f.decided, f.hit), (decided, hit), "{name}");
        }
    }
}
