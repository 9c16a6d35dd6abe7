//! The distance between any two of the game's convex shapes (a box, a turned box, a disk, a
//! triangle), as Box2D's and parry's testbeds show it: apart, the true distance and both
//! closest points with the normal between them; overlapping, the penetration depth, the
//! normal and the contact points. The numbers come from `geom`'s [`proximity`] (GJK, and the
//! separating axis test for the depth); the steps follow GJK's simplex as it grows towards
//! the origin in the Minkowski difference `A − B`. Touching follows the lab's one tolerance,
//! on the signed gap worked out in `f64` on the shapes as placed (`exact`).
//! It is drawn y down, as the game.

use glam::DVec2;

use crate::geom::{Aabb, Convex, Disk, Obb, Segment, Triangle, Vec2, proximity, proximity_steps};

use super::edit::{self, Edit, EditError, not_applicable};
use super::exact::{self, Poly};
use super::format::{TINY, degrees, fine, num, place, vec2, wide_gap, wide_vec2};
use super::keys::{self, Action, Binding};
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, move_by, time_text, turned};
use super::steps::Step;
use super::touch::{Gap, TOUCH_TOLERANCE_TEXT};

/// Where shape A starts: left of B, on its centre line, off the step grid.
const A_START: Vec2 = Vec2::new(-6.25, 0.0);

/// Both shapes' starting width and height (a disk's radius is half the width).
const START_SIZE: Vec2 = Vec2::new(3.0, 2.0);

/// How long the drawn normal is.
const NORMAL_ARROW: f32 = 1.5;

/// The part of the world on screen.
const VIEW: ViewBox = ViewBox {
    center: Vec2::new(-2.5, 0.0),
    half: Vec2::new(8.5, 5.5),
};

/// The shapes the keys can change, in the order `a` cycles through them.
const SHAPES: &[&str] = &["shape A", "shape B"];

/// The kinds of shape, in the order `c` cycles the active one through them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Box,
    Turned,
    Disk,
    Triangle,
}

impl Kind {
    const ALL: [Kind; 4] = [Kind::Box, Kind::Turned, Kind::Disk, Kind::Triangle];

    fn name(self) -> &'static str {
        match self {
            Kind::Box => "box",
            Kind::Turned => "turned box",
            Kind::Disk => "disk",
            Kind::Triangle => "triangle",
        }
    }

    /// The name in the panel's test row, short enough for two of them.
    fn short(self) -> &'static str {
        match self {
            Kind::Turned => "turned",
            other => other.name(),
        }
    }
}

/// One of the two shapes.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Body {
    kind: Kind,
    center: Vec2,
    angle: f32,
    size: Vec2,
}

impl Body {
    fn convex(&self) -> Convex {
        let turn = Vec2::from_angle(self.angle.to_radians());
        match self.kind {
            Kind::Box => Convex::Aabb(Aabb::from_center_size(self.center, self.size)),
            Kind::Turned => Convex::Obb(Obb::new(self.center, self.size, self.angle.to_radians())),
            Kind::Disk => Convex::Disk(Disk::new(self.center, self.size.x / 2.0)),
            Kind::Triangle => {
                // A right triangle with legs `size`, its centroid on `center`, turned about it.
                let h = self.size / 2.0;
                let centroid = Vec2::new(-h.x, h.y) / 3.0;
                let [a, b, c] = [
                    Vec2::new(-h.x, h.y),
                    Vec2::new(h.x, h.y),
                    Vec2::new(-h.x, -h.y),
                ]
                .map(|v| self.center + turn.rotate(v - centroid));
                Convex::Triangle(Triangle::new(a, b, c))
            }
        }
    }

    /// The triangle's corners in `f64`, worked out from the placed (stored `f32`) centre, legs
    /// and angle in degrees, never rounded to `f32` in between ([`Self::convex`]'s triangle
    /// is these corners as the `f32` geometry works them out).
    fn triangle_wide(&self) -> [DVec2; 3] {
        let h = exact::wide(self.size) / 2.0;
        let centroid = DVec2::new(-h.x, h.y) / 3.0;
        let turn = exact::direction(self.angle);
        let center = exact::wide(self.center);
        [
            DVec2::new(-h.x, h.y),
            DVec2::new(h.x, h.y),
            DVec2::new(-h.x, -h.y),
        ]
        .map(|v| center + turn.rotate(v - centroid))
    }

    fn figure(&self) -> Figure {
        match self.convex() {
            Convex::Aabb(b) => Figure::Aabb(b),
            Convex::Obb(b) => Figure::Obb(b),
            Convex::Disk(d) => Figure::Disk(d),
            Convex::Triangle(t) => Figure::Triangle(t),
        }
    }

    fn size_text(&self) -> String {
        match self.kind {
            Kind::Disk => format!("{} r {}", self.kind.name(), num(self.size.x / 2.0)),
            _ => format!(
                "{} {}×{}",
                self.kind.name(),
                num(self.size.x),
                num(self.size.y)
            ),
        }
    }
}

/// A shape for the `f64` tests, as placed: a box by its centre and size (never its `f32`
/// edges), a turned box by its stored axis, a triangle by its corners worked out in `f64`, a
/// disk as it is.
fn exact_shape(body: &Body) -> exact::Shape {
    match body.convex() {
        Convex::Aabb(_) => exact::Shape::Poly(Poly::aabb(body.center, body.size)),
        Convex::Obb(b) => exact::Shape::Poly(Poly::turned(&b, body.angle)),
        Convex::Triangle(_) => {
            exact::Shape::Poly(Poly::from_corners(body.triangle_wide().to_vec()))
        }
        Convex::Disk(d) => exact::Shape::Disk(exact::wide(d.center), f64::from(d.radius)),
    }
}

/// The scene's state: the two shapes.
#[derive(Debug, Clone)]
pub(crate) struct DistanceScene {
    bodies: [Body; 2],
}

impl DistanceScene {
    /// The starting state: a box on the left, a triangle at the origin, apart.
    pub(crate) fn new() -> Self {
        Self {
            bodies: [
                Body {
                    kind: Kind::Box,
                    center: A_START,
                    angle: 0.0,
                    size: START_SIZE,
                },
                Body {
                    kind: Kind::Triangle,
                    center: Vec2::ZERO,
                    angle: 0.0,
                    size: START_SIZE,
                },
            ],
        }
    }

    fn pair(&self) -> (Convex, Convex) {
        (self.bodies[0].convex(), self.bodies[1].convex())
    }

    /// The closest points of the shapes, apart, `(on A, on B)`, in `f64` on the shapes as
    /// placed: they may be only a little over 1e-4 apart, where the rounding of GJK's `f32`
    /// points would turn the normal between them by about 1e-3.
    fn closest(&self) -> (DVec2, DVec2) {
        let [a, b] = self.bodies.map(|body| exact_shape(&body));
        a.closest(&b)
    }

    /// What the picture marks: both closest points (apart, [`Self::closest`]) or GJK's
    /// penetration pair (overlapping), and the normal.
    fn marks(&self) -> (Vec2, Vec2, Vec2) {
        if let Gap::Apart(_) = self.gap() {
            let (on_a, on_b) = self.closest();
            let normal = (on_b - on_a).normalize_or_zero();
            (on_a.as_vec2(), on_b.as_vec2(), normal.as_vec2())
        } else {
            let (a, b) = self.pair();
            let result = proximity(&a, &b);
            (result.point_a, result.point_b, result.normal)
        }
    }

    /// How the shapes stand, by the lab's one rule on their signed gap in `f64` on the shapes
    /// as placed (GJK in `f32` gives the closest points, the normal and the steps).
    fn gap(&self) -> Gap {
        let [a, b] = self.bodies.map(|body| exact_shape(&body));
        Gap::of(a.gap(&b))
    }
}

/// The convex hull of `points`, in order (gift wrapping; a few dozen points at most).
fn hull(points: &[Vec2]) -> Vec<Vec2> {
    let Some(start) = points
        .iter()
        .copied()
        .min_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)))
    else {
        return Vec::new();
    };
    let mut out = vec![start];
    let mut current = start;
    for _ in 0..points.len() {
        let mut next = points[0];
        for &p in points {
            let turn = (next - current).perp_dot(p - current);
            let further = (p - current).length_squared() > (next - current).length_squared();
            if next == current || turn < 0.0 || (turn == 0.0 && further) {
                next = p;
            }
        }
        if next == start {
            break;
        }
        out.push(next);
        current = next;
    }
    out
}

/// The corners (a disk: its centre) of a shape's core, for drawing `A − B`.
fn core_points(shape: &Convex) -> Vec<Vec2> {
    match shape {
        Convex::Disk(d) => vec![d.center],
        Convex::Aabb(b) => vec![
            b.min,
            Vec2::new(b.max.x, b.min.y),
            b.max,
            Vec2::new(b.min.x, b.max.y),
        ],
        Convex::Obb(b) => b.corners().to_vec(),
        Convex::Triangle(t) => vec![t.a, t.b, t.c],
    }
}

impl Scene for DistanceScene {
    fn shape_names(&self) -> &'static [&'static str] {
        SHAPES
    }

    fn edit(&mut self, which: usize, edit: Edit) -> Result<bool, EditError> {
        let before = self.bodies;
        let body = &mut self.bodies[which.min(1)];
        let name = SHAPES[which.min(1)];
        match edit {
            Edit::MoveBy(offset) => {
                move_by(&mut body.center, offset);
            }
            Edit::MoveTo(at) => body.center = at,
            Edit::TurnBy(delta) if matches!(body.kind, Kind::Turned | Kind::Triangle) => {
                body.angle = turned(body.angle, delta);
            }
            Edit::AngleTo(to) if matches!(body.kind, Kind::Turned | Kind::Triangle) => {
                body.angle = turned(to, 0.0);
            }
            Edit::Size(size) if body.kind != Kind::Disk => body.size = edit::size_in_range(size)?,
            Edit::Radius(r) if body.kind == Kind::Disk => {
                body.size = edit::size_in_range(Vec2::splat(r * 2.0))?;
            }
            Edit::Size(_) => return Err(edit::has_radius(name)),
            Edit::Radius(_) => return Err(edit::has_size(name)),
            _ => return Err(not_applicable(name, edit)),
        }
        Ok(before != self.bodies)
    }

    fn position(&self, which: usize) -> Vec2 {
        self.bodies[which.min(1)].center
    }

    fn under(&self, point: Vec2) -> Option<usize> {
        let dot = Convex::Disk(Disk::new(point, 0.0));
        (0..2).find(|&i| proximity(&dot, &self.bodies[i].convex()).distance <= 0.0)
    }

    fn hit(&self) -> bool {
        self.gap().hit()
    }

    fn steps(&self) -> Vec<Step> {
        let (a, b) = self.pair();
        let (_, gjk) = proximity_steps(&a, &b);
        let diff: Vec<Vec2> = core_points(&a)
            .iter()
            .flat_map(|&p| core_points(&b).into_iter().map(move |q| p - q))
            .collect();
        let outline = hull(&diff);
        let mut steps: Vec<Step> = Vec::new();
        for (i, step) in gjk.iter().enumerate() {
            let mut s = Step::new(format!("GJK {}: simplex of {}", i + 1, step.simplex.len()));
            s.line("in A − B (cores):");
            // Points of A − B keep the digits of a part below a hundredth (near touching that
            // part is the distance), but not the rounding left by the `f32` search: a part
            // below `TINY` is 0.00.
            let part = |x: f32| {
                let x = f64::from(x);
                if x.abs() < TINY {
                    "0.00".to_owned()
                } else {
                    wide_gap(x)
                }
            };
            let point = |p: Vec2| format!("({}, {})", part(p.x), part(p.y));
            for p in &step.simplex {
                s.line(format!("  {}", point(*p)));
            }
            s.line(format!("closest to 0: {}", point(step.closest)));
            // GJK's own (`f32`) distance so far, with the digits that tell it from the
            // tolerance.
            s.line(format!(
                "|v| = {}",
                wide_gap(f64::from(step.closest.length()))
            ));
            s.replace = true;
            for (k, &p) in outline.iter().enumerate() {
                let q = outline[(k + 1) % outline.len()];
                s.add(Figure::Line(Segment::new(p, q)), Ink::Target);
            }
            for (k, &p) in step.simplex.iter().enumerate() {
                let q = step.simplex[(k + 1) % step.simplex.len()];
                s.add(Figure::Line(Segment::new(p, q)), Ink::Tested);
                s.add(Figure::Dot(p), Ink::Tested);
            }
            s.add(Figure::Dot(Vec2::ZERO), Ink::Mark);
            s.add(Figure::Text(Vec2::new(0.3, 0.3), "0".to_owned()), Ink::Mark);
            s.add(
                Figure::Line(Segment::new(Vec2::ZERO, step.closest)),
                Ink::Normal,
            );
            steps.push(s);
        }
        let mut last = Step::new("result");
        match self.gap() {
            Gap::Apart(d) => {
                last.line("the simplex came no closer:");
                last.line(format!("distance {}", fine(d)));
                // A disk is its centre (its core) grown by its radius: only a disk's is taken
                // off.
                match self.bodies.iter().filter(|b| b.kind == Kind::Disk).count() {
                    0 => last.line("→ MISS"),
                    1 => last.line("(radius taken off) → MISS"),
                    _ => last.line("(radii taken off) → MISS"),
                }
            }
            Gap::Touching => {
                last.line(format!("within {TOUCH_TOLERANCE_TEXT}: touching"));
                last.line("→ HIT");
            }
            Gap::Overlap(d) => {
                last.line("the cores overlap: the");
                last.line("least overlap over the");
                last.line(format!("edge normals, {}", fine(d)));
                last.line("→ HIT");
            }
        }
        steps.push(last.deciding(true));
        steps
    }

    fn apply(&mut self, action: Action, active: usize) -> bool {
        action == Action::Preset && self.next_kind(active)
    }

    fn advance(&mut self, _dt: f32) {}

    fn moving(&self) -> bool {
        false
    }

    fn picture(&self) -> Picture {
        let (point_a, point_b, normal) = self.marks();
        let mut picture = Picture::new(VIEW);
        picture.add(self.bodies[1].figure(), Ink::Target);
        picture.add(self.bodies[0].figure(), Ink::Subject);
        picture.add(Figure::Line(Segment::new(point_a, point_b)), Ink::Guide);
        picture.add(
            Figure::Arrow(Segment::new(point_a, point_a + normal * NORMAL_ARROW)),
            Ink::Normal,
        );
        picture.add(Figure::Dot(point_a), Ink::Mark);
        picture.add(Figure::Dot(point_b), Ink::Mark);
        picture
    }

    fn readout(&self) -> Readout {
        let (a, b) = self.pair();
        let result = proximity(&a, &b);
        let gap = self.gap();
        let mut readout = Readout::new(Verdict::of(gap.hit()));
        let [ba, bb] = self.bodies;
        readout.input(
            "test",
            format!("GJK {} × {}", ba.kind.short(), bb.kind.short()),
        );
        readout.input("A", ba.size_text());
        readout.input("A at", place(ba.center));
        readout.input("B", bb.size_text());
        readout.input("B at", place(bb.center));
        if matches!(bb.kind, Kind::Turned | Kind::Triangle)
            || matches!(ba.kind, Kind::Turned | Kind::Triangle)
        {
            readout.input(
                "angles",
                format!(
                    "{} / {}",
                    degrees(ba.angle.to_radians()),
                    degrees(bb.angle.to_radians())
                ),
            );
        }
        match gap {
            Gap::Apart(d) => {
                let (on_a, on_b) = self.closest();
                readout.row("dist", fine(d));
                readout.row("on A", wide_vec2(on_a));
                readout.row("on B", wide_vec2(on_b));
                let normal = (on_b - on_a).normalize_or_zero();
                readout.row("normal", format!("{} → B", wide_vec2(normal)));
            }
            gap => {
                readout.row("depth", fine(gap.depth()));
                readout.row("A deep", vec2(result.point_a));
                readout.row("B deep", vec2(result.point_b));
                readout.row("normal", format!("{} → B", vec2(result.normal)));
            }
        }
        readout.row("toi", time_text(false, None));
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::DISTANCE
    }
}

impl DistanceScene {
    /// Cycles the active shape's kind (`c`).
    fn next_kind(&mut self, which: usize) -> bool {
        let body = &mut self.bodies[which.min(1)];
        let i = Kind::ALL.iter().position(|k| *k == body.kind).unwrap_or(0);
        body.kind = Kind::ALL[(i + 1) % Kind::ALL.len()];
        true
    }
}
