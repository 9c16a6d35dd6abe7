//! Two axis-aligned rectangles and the four edge comparisons (seed 003): A's right edge past
//! B's left edge, A's left edge before B's right edge, and the same for top and bottom. Each
//! comparison is drawn as the two edges it compares, lit when it holds. The page's code uses
//! `>` and `<`, so there touching boxes miss; the lab counts touching as a hit, by its one
//! touch tolerance, so the comparisons here are `>=` and `<=`, and each is marked `✓` when it
//! holds as written, `≈` when it fails by no more than the tolerance (the edges touch), `✗`
//! when it fails by more.
//!
//! The verdict is the lab's one rule on the true distance between the boxes: the larger of the
//! two axis gaps when they overlap on one axis, `√(x gap² + y gap²)` when they are apart on
//! both (corner to corner), and minus the shallower overlap when they overlap on both. The
//! per-axis gaps are shown too, labelled as axis gaps: each is at most the distance. All four
//! comparisons holding within the tolerance is what the page tests; corner to corner, the
//! distance can still be above the tolerance (two axis gaps of 8e-5 are 1.13e-4 apart), and
//! then the verdict is a MISS and the conclusion says why.
//!
//! On a hit the scene also shows how A would leave B, as noonat/intersect's `Hit` does
//! (`push_out_aabb_aabb`): the shortest push-out of A, the normal of B's face it leaves
//! through (pointing towards A), and a contact point on that face.

use crate::geom::{Aabb, Disk, Intersects, Segment, Vec2, push_out_aabb_aabb};

use super::edit::{Edit, EditError, checked_size, not_applicable};
use super::format::{apart, fine, num, signed, vec2};
use super::keys::{self, Action, Binding};
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, move_by, time_text};
use super::steps::Step;
use super::touch::{Gap, TOUCH_TOLERANCE, TOUCH_TOLERANCE_TEXT};

/// Where box A starts: left of B, on its centre line, off the step grid.
const A_START: Vec2 = Vec2::new(-9.25, 0.0);

/// Box A's width and height.
const A_SIZE: Vec2 = Vec2::new(4.0, 2.0);

/// Box B's width and height.
const B_SIZE: Vec2 = Vec2::new(4.0, 3.0);

/// How far outside a box its compared edges are drawn, so they show beside its outline.
const EDGE_OUT: f32 = 0.35;

/// The part of the world on screen.
const VIEW: ViewBox = ViewBox {
    center: Vec2::new(-2.5, 0.0),
    half: Vec2::new(8.5, 5.5),
};

/// The shapes the keys can change, in the order `a` cycles through them.
const SHAPES: &[&str] = &["box A", "box B"];

/// The scene's state: the two boxes' centres and sizes.
#[derive(Debug, Clone)]
pub(crate) struct AabbScene {
    a: (Vec2, Vec2),
    b: (Vec2, Vec2),
}

/// One of the four comparisons: what it says, both sides' values, and whether it holds.
struct Comparison {
    text: &'static str,
    left: f32,
    right: f32,
    /// How far the comparison holds by: `left − right` for `>=`, `right − left` for `<=`.
    margin: f32,
    holds: bool,
    edges: [Segment; 2],
}

/// A comparison that holds when `margin` (how far it holds by) is not below minus the touch
/// tolerance.
fn holds(margin: f32) -> bool {
    margin >= -TOUCH_TOLERANCE
}

/// How a comparison stands, as its mark in the panel: `✓` it holds as written, `≈` it fails by
/// no more than the tolerance (the edges touch: it counts as holding), `✗` it fails.
fn mark(margin: f32) -> &'static str {
    if margin >= 0.0 {
        "✓"
    } else if holds(margin) {
        "≈"
    } else {
        "✗"
    }
}

/// The gaps between two boxes on each axis (positive apart, negative overlapping) and their
/// signed distance: apart, the true distance (`√(x² + y²)` of the positive axis gaps, computed
/// in `f64` on the placed edges); overlapping on both axes, minus the shallower overlap (the
/// depth of the shortest push-out).
pub(crate) fn gaps(a: &Aabb, b: &Aabb) -> (f64, f64, f64) {
    let axis = |a_min: f32, a_max: f32, b_min: f32, b_max: f32| {
        (f64::from(b_min) - f64::from(a_max)).max(f64::from(a_min) - f64::from(b_max))
    };
    let x = axis(a.min.x, a.max.x, b.min.x, b.max.x);
    let y = axis(a.min.y, a.max.y, b.min.y, b.max.y);
    let signed = if x > 0.0 || y > 0.0 {
        x.max(0.0).hypot(y.max(0.0))
    } else {
        x.max(y)
    };
    (x, y, signed)
}

impl AabbScene {
    /// The starting state.
    pub(crate) fn new() -> Self {
        Self {
            a: (A_START, A_SIZE),
            b: (Vec2::ZERO, B_SIZE),
        }
    }

    fn boxes(&self) -> (Aabb, Aabb) {
        (
            Aabb::from_center_size(self.a.0, self.a.1),
            Aabb::from_center_size(self.b.0, self.b.1),
        )
    }

    /// The page's four comparisons, with touching counted as holding.
    fn comparisons(&self) -> [Comparison; 4] {
        let (a, b) = self.boxes();
        let vertical = |x: f32, lo: &Aabb, out: f32| {
            Segment::new(
                Vec2::new(x + out, lo.min.y - EDGE_OUT),
                Vec2::new(x + out, lo.max.y + EDGE_OUT),
            )
        };
        let horizontal = |y: f32, lo: &Aabb, out: f32| {
            Segment::new(
                Vec2::new(lo.min.x - EDGE_OUT, y + out),
                Vec2::new(lo.max.x + EDGE_OUT, y + out),
            )
        };
        let (o, p) = (EDGE_OUT, -EDGE_OUT);
        [
            Comparison {
                text: "A.right >= B.left",
                left: a.max.x,
                right: b.min.x,
                margin: a.max.x - b.min.x,
                holds: holds(a.max.x - b.min.x),
                edges: [vertical(a.max.x, &a, o), vertical(b.min.x, &b, p)],
            },
            Comparison {
                text: "A.left <= B.right",
                left: a.min.x,
                right: b.max.x,
                margin: b.max.x - a.min.x,
                holds: holds(b.max.x - a.min.x),
                edges: [vertical(a.min.x, &a, p), vertical(b.max.x, &b, o)],
            },
            Comparison {
                text: "A.bottom >= B.top",
                left: a.max.y,
                right: b.min.y,
                margin: a.max.y - b.min.y,
                holds: holds(a.max.y - b.min.y),
                edges: [horizontal(a.max.y, &a, o), horizontal(b.min.y, &b, p)],
            },
            Comparison {
                text: "A.top <= B.bottom",
                left: a.min.y,
                right: b.max.y,
                margin: b.max.y - a.min.y,
                holds: holds(b.max.y - a.min.y),
                edges: [horizontal(a.min.y, &a, p), horizontal(b.max.y, &b, o)],
            },
        ]
    }

    /// How the boxes stand by the lab's one rule, on their true (signed) distance.
    fn gap(&self) -> Gap {
        let (a, b) = self.boxes();
        #[allow(clippy::cast_possible_truncation)]
        Gap::of(gaps(&a, &b).2 as f32)
    }

    fn shape(&mut self, which: usize) -> &mut (Vec2, Vec2) {
        if which == 0 { &mut self.a } else { &mut self.b }
    }
}

/// One axis's gap in words, by the touch tolerance (it is at most the distance).
fn axis_gap(gap: f64) -> String {
    #[allow(clippy::cast_possible_truncation)]
    match Gap::of(gap as f32) {
        Gap::Apart(g) => fine(g),
        Gap::Touching => "touching".to_owned(),
        Gap::Overlap(d) => format!("overlap {}", fine(d)),
    }
}

impl Scene for AabbScene {
    fn shape_names(&self) -> &'static [&'static str] {
        SHAPES
    }

    fn edit(&mut self, which: usize, edit: Edit) -> Result<bool, EditError> {
        let (center, size) = self.shape(which);
        let before = (*center, *size);
        match edit {
            Edit::MoveBy(offset) => {
                move_by(center, offset);
            }
            Edit::MoveTo(at) => *center = at,
            Edit::Size(s) => *size = checked_size(s),
            Edit::TurnBy(_) | Edit::AngleTo(_) | Edit::Radius(_) => {
                return Err(not_applicable(SHAPES[which.min(1)], edit));
            }
        }
        Ok(before != (*center, *size))
    }

    fn position(&self, which: usize) -> Vec2 {
        if which == 0 { self.a.0 } else { self.b.0 }
    }

    fn under(&self, point: Vec2) -> Option<usize> {
        let (a, b) = self.boxes();
        let dot = Disk::new(point, 0.0);
        if dot.intersects(&a) {
            Some(0)
        } else if dot.intersects(&b) {
            Some(1)
        } else {
            None
        }
    }

    fn hit(&self) -> bool {
        self.gap().hit()
    }

    fn steps(&self) -> Vec<Step> {
        let mut steps: Vec<Step> = self
            .comparisons()
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                let mut step = Step::new(format!("comparison {}", i + 1));
                step.line(c.text);
                let (left, right) = apart(c.left, c.right);
                let verb = if c.margin >= 0.0 {
                    "holds vs"
                } else {
                    "fails vs"
                };
                step.line(format!("{left} {verb} {right}"));
                step.line(format!("margin {}", signed(f64::from(c.margin))));
                if c.margin < 0.0 && c.holds {
                    step.line(format!("within {TOUCH_TOLERANCE_TEXT}: touching,"));
                    step.line("counts as holding (≈)");
                } else if c.margin.abs() <= TOUCH_TOLERANCE {
                    step.line(format!("within {TOUCH_TOLERANCE_TEXT}: touching"));
                }
                let ink = if c.holds { Ink::Tested } else { Ink::Mark };
                for edge in c.edges {
                    step.add(Figure::Line(edge), ink);
                }
                step.alone().deciding(!c.holds)
            })
            .collect();
        let mut last = Step::new("conclusion");
        let (a, b) = self.boxes();
        let (x, y, _) = gaps(&a, &b);
        let all = self.comparisons().iter().all(|c| c.holds);
        match (all, self.gap()) {
            (true, Gap::Overlap(_)) => last.line("all four hold: HIT"),
            (true, Gap::Touching) => {
                last.line(format!("all four hold within {TOUCH_TOLERANCE_TEXT}:"));
                last.line("touching, HIT");
            }
            (_, Gap::Apart(d)) => {
                if all {
                    last.line(format!("all four hold within {TOUCH_TOLERANCE_TEXT},"));
                    last.line("but corner to corner:");
                } else {
                    last.line("one fails: MISS");
                }
                if x > 0.0 && y > 0.0 {
                    last.line("distance sqrt(x² + y²) of");
                    last.line(format!(" the axis gaps = {}", fine(d)));
                } else {
                    last.line(format!("distance = axis gap {}", fine(d)));
                }
                if all {
                    last.line(format!("> {TOUCH_TOLERANCE_TEXT}: MISS"));
                }
            }
            (false, _) => last.line("one fails: MISS"),
        }
        last.line("(the page uses > and <:");
        last.line(" touching boxes miss there)");
        last.line("on the page a hit removes");
        last.line("the shot and the enemy");
        // Corner to corner within the tolerance on each axis, no comparison fails: the
        // distance in the conclusion decides.
        steps.push(last.deciding(all));
        steps
    }

    fn apply(&mut self, _action: Action, _active: usize) -> bool {
        false
    }

    fn advance(&mut self, _dt: f32) {}

    fn moving(&self) -> bool {
        false
    }

    fn picture(&self) -> Picture {
        let (a, b) = self.boxes();
        let mut picture = Picture::new(VIEW);
        for c in self.comparisons() {
            let ink = if c.holds { Ink::Tested } else { Ink::Guide };
            for edge in c.edges {
                picture.add(Figure::Line(edge), ink);
            }
        }
        picture.add(Figure::Aabb(b), Ink::Target);
        picture.add(Figure::Aabb(a), Ink::Subject);
        if let Some(push) = push_out_aabb_aabb(&b, &a) {
            let center = a.center();
            picture.add(
                Figure::Arrow(Segment::new(center, center + push.delta)),
                Ink::Normal,
            );
            picture.add(Figure::Dot(push.point), Ink::Mark);
        }
        picture
    }

    fn readout(&self) -> Readout {
        let (a, b) = self.boxes();
        let mut readout = Readout::new(Verdict::of(self.hit()));
        readout.input("test", "AABB × AABB");
        for (label, c) in ["1", "2", "3", "4"].into_iter().zip(self.comparisons()) {
            readout.row(label, format!("{} {}", mark(c.margin), c.text));
        }
        readout.input("A", vec2(a.center()));
        readout.input("B", vec2(b.center()));
        let size = |v: Vec2| format!("{}×{}", num(v.x), num(v.y));
        readout.input("sizes", format!("{}, {}", size(self.a.1), size(self.b.1)));
        let (x, y, _) = gaps(&a, &b);
        match (self.gap(), push_out_aabb_aabb(&b, &a)) {
            (Gap::Apart(gap), _) => {
                readout.row("dist", fine(gap));
                readout.row("x gap", axis_gap(x));
                readout.row("y gap", axis_gap(y));
                readout.row("push A", "— (apart)");
            }
            (Gap::Overlap(_), Some(push)) => {
                readout.row("depth", fine(push.depth));
                readout.row("push A", vec2(push.delta));
                readout.row("normal", format!("{} → A", vec2(push.normal)));
                readout.row("point", vec2(push.point));
            }
            (_, Some(push)) => {
                readout.row("depth", fine(0.0));
                readout.row("normal", format!("{} → A", vec2(push.normal)));
                readout.row("point", vec2(push.point));
            }
            (_, None) => {
                readout.row("depth", fine(0.0));
                readout.row("push A", "— (touching)");
            }
        }
        readout.input("note", "page: > < miss touch");
        readout.row("toi", time_text(false, None));
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::AABB
    }
}
