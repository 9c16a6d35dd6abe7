//! The steps of OBB × OBB (seed 002): each of the four candidate axes in turn, with both
//! boxes' projection intervals drawn on it and the gap or overlap between them; the first
//! axis with a gap separates the boxes (MISS), and if none has one they intersect (HIT).
//! Also the drawing of one axis beside the boxes, which the scene uses for the axis it shows.

use crate::geom::{Obb, Sat, SatAxis, Segment, Vec2};

use super::exact::{Poly, axis_of, interval_gap};
use super::format::{fine, num};
use super::picture::{Figure, Ink, Picture, ViewBox};
use super::steps::Step;
use super::touch::{Gap, TOUCH_TOLERANCE_TEXT};

/// The gap on each of the four candidate axes (blue x, blue y, green x, green y), in `f64` on
/// the boxes as placed: both boxes' corners projected on the unit axis, never rounded to
/// `f32`, so that each axis's words follow the same tolerance as the verdict.
pub(crate) fn axis_gaps((blue, green): (&Obb, &Obb), (bd, gd): (f32, f32)) -> [f64; 4] {
    let (b, g) = (Poly::turned(blue, bd), Poly::turned(green, gd));
    let (bx, gx) = (axis_of(blue, bd), axis_of(green, gd));
    [bx, bx.perp(), gx, gx.perp()].map(|axis| interval_gap(b.project(axis), g.project(axis)))
}

/// The first axis whose gap is more than the touch tolerance: the one that separates the
/// boxes. `None` means they touch or overlap (a HIT).
pub(crate) fn separating(gaps: &[f64; 4]) -> Option<usize> {
    gaps.iter()
        .position(|&gap| matches!(Gap::of(gap), Gap::Apart(_)))
}

/// An axis's gap in words, by the touch tolerance.
pub(crate) fn gap_words(gap: f64) -> String {
    match Gap::of(gap) {
        Gap::Apart(g) => format!("gap {}", fine(g)),
        Gap::Touching => "touching".to_owned(),
        Gap::Overlap(d) => format!("overlap {}", fine(d)),
    }
}

/// The names of the four candidate axes, in the order `sat_obb_obb` gives them.
pub(crate) const AXIS_NAMES: [&str; 4] = ["blue x", "blue y", "green x", "green y"];

/// How far the drawn axis is clear of the boxes' corners.
const AXIS_CLEARANCE: f32 = 1.5;

/// How far the drawn axis runs past the ends of the two intervals.
const AXIS_MARGIN: f32 = 1.5;

/// How far past its end the axis's number is written.
const LABEL_GAP: f32 = 0.8;

/// How far the two intervals are drawn either side of their axis, so both stay visible.
const SPAN_OFFSET: f32 = 0.5;

/// A point of the line an axis is drawn on: beside both boxes, below them (or left of them
/// when the axis is vertical), clear of their corners.
fn axis_origin(blue: &Obb, green: &Obb, axis: Vec2) -> Vec2 {
    let mut side = axis.perp();
    if side.y < 0.0 || (side.y == 0.0 && side.x > 0.0) {
        side = -side;
    }
    let middle = (blue.center + green.center) / 2.0;
    let reach = blue
        .corners()
        .into_iter()
        .chain(green.corners())
        .map(|corner| (corner - middle).dot(side))
        .fold(0.0, f32::max);
    middle + side * (reach + AXIS_CLEARANCE)
}

/// Axis `i` beside the boxes with both projection intervals on it, and the separating line
/// across the gap when it has one.
pub(crate) fn projections(
    picture: &mut Picture,
    (blue, green): (&Obb, &Obb),
    sat: &Sat,
    gaps: &[f64; 4],
    i: usize,
    view: ViewBox,
) {
    let SatAxis { axis, a, b } = sat.axes[i];
    let origin = axis_origin(blue, green, axis);
    let at = |s: f32| origin + axis * (s - (origin - blue.center).dot(axis));
    let tip = at(a.1.max(b.1)) + axis * AXIS_MARGIN;
    picture.add(
        Figure::Line(Segment::new(at(a.0.min(b.0)) - axis * AXIS_MARGIN, tip)),
        Ink::Tested,
    );
    picture.add(
        Figure::Text(tip + axis * LABEL_GAP, (i + 1).to_string()),
        Ink::Tested,
    );
    let side = axis.perp() * SPAN_OFFSET;
    let span = |(lo, hi): (f32, f32), offset: Vec2| {
        Figure::Line(Segment::new(at(lo) + offset, at(hi) + offset))
    };
    picture.add(span(a, side), Ink::SubjectSpan);
    picture.add(span(b, -side), Ink::TargetSpan);
    if matches!(Gap::of(gaps[i]), Gap::Apart(_)) {
        let middle = if b.0 > a.1 {
            (a.1 + b.0) / 2.0
        } else {
            (b.1 + a.0) / 2.0
        };
        let through = blue.center + axis * middle;
        let along = axis.perp() * (view.half.x + view.half.y);
        picture.add(
            Figure::Line(Segment::new(through - along, through + along)),
            Ink::Mark,
        );
    }
}

/// One step per candidate axis, then the conclusion.
/// `gap` is how the boxes stand by their true distance, which decides the verdict: it differs
/// from the axes' only corner to corner, within the tolerance on every axis.
pub(crate) fn steps(
    (blue, green): (&Obb, &Obb),
    angles: (f32, f32),
    sat: &Sat,
    gap: Gap,
    view: ViewBox,
) -> Vec<Step> {
    let gaps = axis_gaps((blue, green), angles);
    let first = separating(&gaps);
    let mut steps = Vec::new();
    for (i, axis) in sat.axes.iter().enumerate() {
        let mut step = Step::new(format!("axis {}: {}", i + 1, AXIS_NAMES[i]));
        // Measured from the origin, as the page projects the corners.
        let origin = blue.center.dot(axis.axis);
        let (a, b) = (axis.a, axis.b);
        step.line("corners·axis, from origin:");
        step.line(format!(
            "blue  [{}, {}]",
            num(a.0 + origin),
            num(a.1 + origin)
        ));
        step.line(format!(
            "green [{}, {}]",
            num(b.0 + origin),
            num(b.1 + origin)
        ));
        match Gap::of(gaps[i]) {
            Gap::Apart(gap) => {
                step.line(format!("gap {}: separates", fine(gap)));
                if first == Some(i) {
                    step.line("first gap → MISS");
                }
            }
            Gap::Touching => {
                step.line(format!("touching (within {TOUCH_TOLERANCE_TEXT})"));
                step.line("no gap: go on");
            }
            Gap::Overlap(depth) => step.line(format!("overlap {}: go on", fine(depth))),
        }
        let mut picture = Picture::new(view);
        projections(&mut picture, (blue, green), sat, &gaps, i, view);
        step.marks = picture.marks;
        steps.push(step.alone().deciding(first == Some(i)));
    }
    let mut last = Step::new("conclusion");
    match (first, gap) {
        (Some(i), _) => last.line(format!("axis {} separates: MISS", i + 1)),
        (None, Gap::Apart(d)) => {
            last.line(format!("no axis gap > {TOUCH_TOLERANCE_TEXT},"));
            last.line("but corner to corner the");
            last.line(format!("distance is {}", fine(d)));
            last.line(format!("> {TOUCH_TOLERANCE_TEXT}: MISS"));
        }
        (None, _) => {
            last.line("no axis has a gap: HIT");
            last.line("(x and y alone may overlap");
            last.line(" while another axis");
            last.line(" separates: c shows the");
            last.line(" page's case)");
        }
    }
    steps.push(last.deciding(first.is_none()));
    steps
}
