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
//! On a hit the scene also shows how A would leave B, as noonat/intersect's `Hit` does (and
//! as `geom::push_out_aabb_aabb` does in `f32`), in `f64` on the edges as placed: the
//! shortest push-out of A, the normal of B's face it leaves through (pointing towards A), and
//! a contact point on that face, in the middle of the overlap along it.

use glam::DVec2;

use crate::geom::{Aabb, Disk, Intersects, Segment, Vec2};

use super::edit::{Edit, EditError, checked_size, not_applicable};
use super::exact::{aabb_gaps, wide};
use super::format::{apart, fine, num, place, signed, small_vec2, wide_vec2};
use super::keys::{self, Action, Binding};
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, move_by, time_text};
use super::steps::Step;
use super::touch::{Gap, TOUCH_TOLERANCE_F64, TOUCH_TOLERANCE_TEXT};

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
    /// Both sides' edges, in `f64` on the boxes as placed.
    left: f64,
    right: f64,
    /// How far the comparison holds by: `left − right` for `>=`, `right − left` for `<=`.
    margin: f64,
    holds: bool,
    edges: [Segment; 2],
}

/// A comparison that holds when `margin` (how far it holds by) is not below minus the touch
/// tolerance.
fn holds(margin: f64) -> bool {
    margin >= -TOUCH_TOLERANCE_F64
}

/// How a comparison stands, as its mark in the panel: `✓` it holds as written, `≈` it fails by
/// no more than the tolerance (the edges touch: it counts as holding), `✗` it fails.
fn mark(margin: f64) -> &'static str {
    if margin >= 0.0 {
        "✓"
    } else if holds(margin) {
        "≈"
    } else {
        "✗"
    }
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

    /// Each box's edges in `f64`, as placed: `(min, max)`.
    fn edges(&self) -> [(DVec2, DVec2); 2] {
        [self.a, self.b].map(|(center, size)| {
            let (c, h) = (wide(center), wide(size.abs()) * 0.5);
            (c - h, c + h)
        })
    }

    /// The page's four comparisons, with touching counted as holding, each on the edges in
    /// `f64` as placed.
    fn comparisons(&self) -> [Comparison; 4] {
        let (a, b) = self.boxes();
        let [(a_min, a_max), (b_min, b_max)] = self.edges();
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
                left: a_max.x,
                right: b_min.x,
                margin: a_max.x - b_min.x,
                holds: holds(a_max.x - b_min.x),
                edges: [vertical(a.max.x, &a, o), vertical(b.min.x, &b, p)],
            },
            Comparison {
                text: "A.left <= B.right",
                left: a_min.x,
                right: b_max.x,
                margin: b_max.x - a_min.x,
                holds: holds(b_max.x - a_min.x),
                edges: [vertical(a.min.x, &a, p), vertical(b.max.x, &b, o)],
            },
            Comparison {
                text: "A.bottom >= B.top",
                left: a_max.y,
                right: b_min.y,
                margin: a_max.y - b_min.y,
                holds: holds(a_max.y - b_min.y),
                edges: [horizontal(a.max.y, &a, o), horizontal(b.min.y, &b, p)],
            },
            Comparison {
                text: "A.top <= B.bottom",
                left: a_min.y,
                right: b_max.y,
                margin: b_max.y - a_min.y,
                holds: holds(b_max.y - a_min.y),
                edges: [horizontal(a.min.y, &a, p), horizontal(b.max.y, &b, o)],
            },
        ]
    }

    /// The gaps on each axis and the signed distance, in `f64` on the boxes as placed.
    fn gaps(&self) -> (f64, f64, f64) {
        aabb_gaps(self.a, self.b)
    }

    /// How the boxes stand by the lab's one rule, on their true (signed) distance.
    fn gap(&self) -> Gap {
        Gap::of(self.gaps().2)
    }

    /// How A leaves B when they overlap, in `f64` as noonat's `intersectAABB`: on each axis
    /// the side A's centre is on, the axis with the shorter move (y on a tie, as noonat's
    /// `px < py`). The move, its unit normal (from B towards A), and its depth.
    fn push(&self) -> (DVec2, DVec2, f64) {
        let (x, y, _) = self.gaps();
        let offset = wide(self.a.0) - wide(self.b.0);
        let side = |d: f64| if d < 0.0 { -1.0 } else { 1.0 };
        let (normal, depth) = if -x < -y {
            (DVec2::new(side(offset.x), 0.0), -x)
        } else {
            (DVec2::new(0.0, side(offset.y)), -y)
        };
        (normal * depth, normal, depth)
    }

    /// Where the boxes meet, in `f64` on the edges as placed: on the face of B that A leaves
    /// through ([`Self::push`]'s axis), in the middle of the two boxes' overlap along it (the
    /// page's `Hit` puts it level with A's centre instead).
    fn point(&self) -> DVec2 {
        let (_, normal, _) = self.push();
        let [(a_min, a_max), (b_min, b_max)] = self.edges();
        let (lo, hi) = (a_min.max(b_min), a_max.min(b_max));
        let middle = (lo + hi) / 2.0;
        let face = |axis: usize| {
            if normal[axis] > 0.0 {
                b_max[axis]
            } else {
                b_min[axis]
            }
        };
        if normal.x == 0.0 {
            DVec2::new(middle.x, face(1))
        } else {
            DVec2::new(face(0), middle.y)
        }
    }

    fn shape(&mut self, which: usize) -> &mut (Vec2, Vec2) {
        if which == 0 { &mut self.a } else { &mut self.b }
    }
}

/// One axis's gap in words, by the touch tolerance (it is at most the distance).
fn axis_gap(gap: f64) -> String {
    match Gap::of(gap) {
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
                step.line(format!("margin {}", signed(c.margin)));
                if c.margin < 0.0 && c.holds {
                    step.line(format!("within {TOUCH_TOLERANCE_TEXT}: touching,"));
                    step.line("counts as holding (≈)");
                } else if c.margin.abs() <= TOUCH_TOLERANCE_F64 {
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
        let (x, y, _) = self.gaps();
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
        if self.hit() {
            let (delta, ..) = self.push();
            let center = a.center();
            picture.add(
                Figure::Arrow(Segment::new(center, center + delta.as_vec2())),
                Ink::Normal,
            );
            picture.add(Figure::Dot(self.point().as_vec2()), Ink::Mark);
        }
        picture
    }

    fn readout(&self) -> Readout {
        let mut readout = Readout::new(Verdict::of(self.hit()));
        readout.input("test", "AABB × AABB");
        for (label, c) in ["1", "2", "3", "4"].into_iter().zip(self.comparisons()) {
            readout.row(label, format!("{} {}", mark(c.margin), c.text));
        }
        readout.input("A", place(self.a.0));
        readout.input("B", place(self.b.0));
        let size = |v: Vec2| format!("{}×{}", num(v.x), num(v.y));
        readout.input("sizes", format!("{}, {}", size(self.a.1), size(self.b.1)));
        let (x, y, _) = self.gaps();
        match self.gap() {
            Gap::Apart(gap) => {
                readout.row("dist", fine(gap));
                readout.row("x gap", axis_gap(x));
                readout.row("y gap", axis_gap(y));
                if x > 0.0
                    && y > 0.0
                    && (Gap::of(x) == Gap::Touching || Gap::of(y) == Gap::Touching)
                {
                    // Apart on both axes, the distance is corner to corner: each axis gap may
                    // be within the tolerance while the distance is past it.
                    readout.row(
                        "why",
                        format!("corner to corner: dist √(x² + y²) > {TOUCH_TOLERANCE_TEXT}"),
                    );
                }
                readout.row("push A", "— (apart)");
            }
            Gap::Overlap(depth) => {
                let (delta, normal, _) = self.push();
                readout.row("depth", fine(depth));
                // The overlap on each axis: the push takes the smaller.
                readout.row("x gap", axis_gap(x));
                readout.row("y gap", axis_gap(y));
                readout.row("push A", small_vec2(delta.x, delta.y));
                readout.row("normal", format!("{} → A", small_vec2(normal.x, normal.y)));
                readout.row("point", wide_vec2(self.point()));
            }
            Gap::Touching => {
                let (_, normal, _) = self.push();
                readout.row("depth", fine(0.0));
                readout.row("x gap", axis_gap(x));
                readout.row("y gap", axis_gap(y));
                readout.row("push A", "— (touching)");
                readout.row("normal", format!("{} → A", small_vec2(normal.x, normal.y)));
                readout.row("point", wide_vec2(self.point()));
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
