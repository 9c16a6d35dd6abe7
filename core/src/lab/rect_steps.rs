//! The steps of disk × box (seed 000): for a turned box, the centre's coordinates (s, t) on the
//! box's axes and the box in its own frame; then the fold into the first quadrant, the box
//! grown by r, the corner square, and the sub-test that decided.
//!
//! The seed's function answers in this order: outside the grown box (`>=`, so touching is a
//! miss there) → MISS; inside the corner square, the squared distance to the corner against
//! r² (`>=` again) → MISS or HIT; otherwise (in a strip along a side) → HIT. The lab counts
//! touching as a hit, by its one touch tolerance: each comparison is shown as a signed
//! margin, and a margin within the tolerance is touching. The verdict is the disk's contact
//! gap, worked out in `f64` on the shapes as placed, by that tolerance: the very number the
//! panel prints.

use glam::DVec2;

use crate::geom::{Aabb, Disk, Obb, Segment, Vec2};

use super::exact::wide;
use super::format::{apart, num, signed, wide_num, wide_vec2};
use super::picture::{Figure, Ink};
use super::steps::{Step, axis_arrow, frame_box, frame_point};
use super::touch::{Gap, TOUCH_TOLERANCE_F64, TOUCH_TOLERANCE_TEXT, hits};

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

/// The fold's numbers for a centre `p` given in the box's own frame, in `f64`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fold {
    pub q: DVec2,
    pub past: DVec2,
    pub decided: Decided,
}

/// The box as the steps work on it, in `f64` on the values as placed: its centre, its unit x
/// axis (`exact::axis_of`; +x for an AABB) and its half size (width and height swapped for
/// an AABB at an odd multiple of 90°, as the test takes it).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    pub center: DVec2,
    pub axis: DVec2,
    pub half: DVec2,
}

impl Frame {
    /// A point's coordinates on the box's axes, from its centre.
    fn local(&self, p: Vec2) -> DVec2 {
        let d = wide(p) - self.center;
        DVec2::new(d.dot(self.axis), d.dot(self.axis.perp()))
    }
}

/// The seed's sub-tests, in its order, for a disk whose contact gap is `gap`: touching (by
/// the tolerance) is a hit, and the verdict is the gap's, so that the steps and the panel
/// never disagree.
pub(crate) fn fold(p: DVec2, half: DVec2, r: f64, gap: impl Into<f64>) -> Fold {
    let q = p.abs();
    let past = q - half;
    let hit = hits(gap);
    let [mx, my] = grown_margins(q, half, r);
    let outside = mx > TOUCH_TOLERANCE_F64 || my > TOUCH_TOLERANCE_F64;
    let decided = if outside && !hit {
        Decided::OutsideGrown
    } else if past.x >= 0.0 && past.y >= 0.0 {
        Decided::Corner
    } else {
        Decided::Strip
    };
    Fold { q, past, decided }
}

/// How far the folded centre `q` is past the box grown by `r` on x and on y, in `f64` on the
/// placed numbers: the values the steps print and the fold decides by.
fn grown_margins(q: DVec2, half: DVec2, r: f64) -> [f64; 2] {
    [q.x - (half.x + r), q.y - (half.y + r)]
}

/// The steps for a disk against `rect` (an AABB when `turned` is false), whose contact gap
/// is `gap`: every number in `f64` on `frame`, the box as placed; `rect` is the box as drawn.
pub(crate) fn steps(disk: &Disk, rect: &Obb, frame: &Frame, turned: bool, gap: f64) -> Vec<Step> {
    let axes = rect.axes();
    let (c, half, r) = (rect.center, rect.half_size, disk.radius);
    let p_wide = frame.local(disk.center);
    let p = p_wide.as_vec2();
    let f = fold(p_wide, frame.half, f64::from(r), gap);
    let mut steps = Vec::new();
    if turned {
        let mut local = Step::new("C − T on the box's axes");
        local.line(format!("s = (C−T)·u = {}", wide_num(p_wide.x)));
        local.line(format!("t = (C−T)·v = {}", wide_num(p_wide.y)));
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
        own.line(format!("disk (s, t) {}", wide_vec2(p_wide)));
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
    folded.line(format!("p = {}", wide_vec2(p_wide)));
    folded.line(format!("q = |p| = {}", wide_vec2(f.q)));
    folded.add(
        Figure::Disk(Disk::new(frame_point(c, axes, f.q.as_vec2()), r)),
        Ink::Ghost,
    );
    steps.push(folded);
    let mut grown = Step::new("outside the box grown by r?");
    grown.line("q past w/2 + r, h/2 + r:");
    for (name, margin) in ["x", "y"]
        .into_iter()
        .zip(grown_margins(f.q, frame.half, f64::from(r)))
    {
        grown.line(format!("q.{name} − edge = {}", signed(margin)));
    }
    grown.line(if f.decided == Decided::OutsideGrown {
        format!("one > {TOUCH_TOLERANCE_TEXT}: outside → MISS")
    } else {
        format!("both <= {TOUCH_TOLERANCE_TEXT}: go on")
    });
    grown.line("(seed's >= misses touch)");
    grown.add(frame_box(c, axes, -half - r, half + r), Ink::Tested);
    steps.push(grown.deciding(f.decided == Decided::OutsideGrown));
    let mut corner = Step::new("in the corner square?");
    corner.line(format!("ax = q.x − w/2 = {}", wide_num(f.past.x)));
    corner.line(format!("ay = q.y − h/2 = {}", wide_num(f.past.y)));
    let d2 = f.past.length_squared();
    if f.decided == Decided::Corner {
        let r2 = f64::from(r) * f64::from(r);
        let (d2_text, r2_text) = apart(d2, r2);
        corner.line(format!("ax² + ay² = {d2_text}"));
        corner.line(format!("r² = {r2_text}"));
        corner.line(format!("sqrt(ax² + ay²) − r = {}", signed(gap)));
        corner.line(gap_verdict(gap));
    } else if f.decided == Decided::Strip {
        corner.line("ax < 0 or ay < 0:");
        corner.line(format!("side gap − r = {}", signed(gap)));
        corner.line(gap_verdict(gap));
    } else {
        corner.line("not reached");
    }
    let corner_point = frame_point(c, axes, half);
    corner.add(frame_box(c, axes, half, half + r), Ink::Tested);
    corner.add(Figure::Dot(corner_point), Ink::Mark);
    if f.decided == Decided::Corner {
        let folded_center = frame_point(c, axes, f.q.as_vec2());
        corner.add(
            Figure::Line(Segment::new(corner_point, folded_center)),
            Ink::Normal,
        );
    }
    steps.push(corner.deciding(f.decided != Decided::OutsideGrown));
    steps
}

/// The verdict of a contact gap, in words, by the touch tolerance.
fn gap_verdict(gap: f64) -> String {
    match Gap::of(gap) {
        Gap::Apart(_) => format!("> {TOUCH_TOLERANCE_TEXT}: MISS"),
        Gap::Touching => format!("within {TOUCH_TOLERANCE_TEXT}: touching, HIT"),
        Gap::Overlap(_) => "overlapping: HIT".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Intersects, contact_disk_obb};
    use crate::lab::touch::TOUCH_TOLERANCE;

    #[test]
    fn the_fold_agrees_with_geom_on_a_grid_around_a_box() {
        let rect = Obb::new(Vec2::new(0.5, -0.25), Vec2::new(6.0, 2.0), 0.4);
        for i in -40..=40 {
            for j in -30..=30 {
                let disk = Disk::new(Vec2::new(i as f32 * 0.13, j as f32 * 0.11), 1.0);
                let p = wide(rect.in_frame(disk.center - rect.center));
                let gap = contact_disk_obb(&disk, &rect).distance;
                let f = fold(p, wide(rect.half_size), f64::from(disk.radius), gap);
                if gap.abs() > TOUCH_TOLERANCE {
                    assert_eq!(hits(gap), disk.intersects(&rect), "{}", disk.center);
                }
                let outside = f.decided == Decided::OutsideGrown;
                assert!(!(outside && hits(gap)), "{}", disk.center);
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
            let gap = crate::geom::contact_disk_aabb(
                &Disk::new(p, 1.0),
                &Aabb::from_center_size(Vec2::ZERO, half * 2.0),
            )
            .distance;
            let f = fold(wide(p), wide(half), 1.0, gap);
            assert_eq!((f.decided, hits(gap)), (decided, hit), "{name}");
        }
    }
}
