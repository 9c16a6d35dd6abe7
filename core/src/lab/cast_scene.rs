//! A segment cast against each of the game's shapes: a box, a turned box, a disk, a slope
//! triangle and a spinner's bar (a thin turned box). The segment is a shot's path for one
//! stretch of its flight; the scene shows where it first meets the shape, as the fraction of
//! the way along it, the point, and the shape's outward normal there, as the `geom` casts
//! (`cast_segment_*`, the swept-disk tests with radius 0) find it. It is drawn y down, as the
//! game.
//!
//! The rules, by the lab's one touch tolerance (see `touch`), the same for every shape:
//! - a segment that starts inside the shape (deeper than the tolerance) **starts inside**: the
//!   scene says so, with the depth, and shows where it leaves (where its gap comes back up to
//!   zero: the fraction, the point and the outward normal), as parry's non-solid cast does;
//! - a segment that starts touching (within the tolerance) and moves away, or along the
//!   outward normal's side, never hits (as noonat's `sweepAABB`); moving in or along the
//!   surface, it hits at fraction 0;
//! - a segment that reaches the shape hits **where it first comes within the tolerance** (the
//!   fraction shown, for a path that enters as for one that only **grazes**: runs along an
//!   edge, or passes within the tolerance without going deeper). For a path that enters, that
//!   is the tolerance's worth of path before the exact contact (1e-4 ÷ 6 of a fraction,
//!   head on); a segment that ends more than the tolerance short misses.
//!
//! Every decision and number is worked out in `f64` on the segment and the target as placed
//! (`exact`; the segment runs from its stored start along its aim as typed, in degrees, not
//! to its drawn `f32` end): the gap of the segment's points is convex along it, so trisection finds how deep
//! it goes and halving finds where it first comes within the tolerance (or leaves). The point
//! is the segment's at that fraction and the normal the shape's outward normal nearest it
//! (`exact::Shape::near`: off a corner, the corner's direction), all in `f64`, rounded once
//! for the panel, so no printed digit depends on an `f32` rounding on the way.

use crate::geom::{Aabb, Disk, Intersects, Obb, Segment, Triangle, Vec2};

use super::edit::{self, Edit, EditError, not_applicable};
use super::exact::{Meet, Poly, Shape, along, direction, wide};
use super::format::{degrees, fine, num, place, vec2, wide_fraction, wide_vec2};
use super::keys::{self, Action, Binding};
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, move_by, time_text, turned};
use super::steps::Step;
use super::touch::{Gap, TOUCH_TOLERANCE_F64, TOUCH_TOLERANCE_TEXT};

/// What a cast found, by the rules in the module header; every number in `f64`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Cast {
    /// The segment never comes within the tolerance of the shape.
    Miss,
    /// It starts touching and moves away: no hit.
    Leaves,
    /// It starts touching and moves in (`slides`: along the surface): a hit at fraction 0.
    Touches { hit: Meet, slides: bool },
    /// It reaches the shape at the hit; `grazes` when it never goes deeper than the tolerance.
    Reaches { hit: Meet, grazes: bool },
    /// It starts this deep inside, and leaves at the exit (`None`: it ends inside).
    Inside { depth: f64, exit: Option<Meet> },
}

impl Cast {
    /// Whether the cast is a hit.
    pub(crate) fn hit(self) -> bool {
        !matches!(self, Cast::Miss | Cast::Leaves)
    }

    /// The contact to draw: the hit, or where a path that starts inside leaves.
    pub(crate) fn shown(self) -> Option<Meet> {
        match self {
            Cast::Reaches { hit, .. } | Cast::Touches { hit, .. } => Some(hit),
            Cast::Inside { exit, .. } => exit,
            Cast::Miss | Cast::Leaves => None,
        }
    }

    /// How a path that starts touching stands, by the cosine `out` of its direction with the
    /// outward normal: away (`None`: no hit), or in or along (`Some(slides)`).
    pub(crate) fn touching(out: f64) -> Option<bool> {
        if out > ALONG {
            None
        } else {
            Some(out.abs() <= ALONG)
        }
    }

    /// The panel's words for a path that starts touching and hits.
    pub(crate) fn touch_words(slides: bool) -> &'static str {
        if slides {
            "touching, slides along"
        } else {
            "touching, moves in"
        }
    }
}

/// Where the segment starts: left of the target, on its centre line, off the step grid.
const START: Vec2 = Vec2::new(-9.25, 0.0);

/// The segment's length, in world units: it starts short of the target.
const LENGTH: f32 = 6.0;

/// The target's starting size (a box's width and height; a disk's radius is half the width).
const TARGET_SIZE: Vec2 = Vec2::new(3.0, 3.0);

/// A spinner's bar: long and thin, as the game's.
const BAR_SIZE: Vec2 = Vec2::new(3.0, 0.25);

/// How long the drawn normal is.
const NORMAL_ARROW: f32 = 1.5;

/// The part of the world on screen.
const VIEW: ViewBox = ViewBox {
    center: Vec2::new(-2.5, 0.0),
    half: Vec2::new(8.5, 5.5),
};

/// The shapes the keys can change, in the order `a` cycles through them.
const SHAPES: &[&str] = &["segment", "target"];

/// The kinds of target, in the order `c` cycles through them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Box,
    Turned,
    Disk,
    Slope,
    Bar,
}

impl Kind {
    const ALL: [Kind; 5] = [Kind::Box, Kind::Turned, Kind::Disk, Kind::Slope, Kind::Bar];

    fn name(self) -> &'static str {
        match self {
            Kind::Box => "box",
            Kind::Turned => "turned box",
            Kind::Disk => "disk",
            Kind::Slope => "slope",
            Kind::Bar => "spinner bar",
        }
    }
}

/// The scene's state: the segment's start and direction, and the target.
#[derive(Debug, Clone)]
pub(crate) struct CastScene {
    start: Vec2,
    aim: f32,
    kind: Kind,
    center: Vec2,
    angle: f32,
    size: Vec2,
    /// The spinner bar's width and height.
    bar: Vec2,
}

impl CastScene {
    /// The starting state: a box ahead of the segment, out of its reach.
    pub(crate) fn new() -> Self {
        Self {
            start: START,
            aim: 0.0,
            kind: Kind::Box,
            center: Vec2::ZERO,
            angle: 0.0,
            size: TARGET_SIZE,
            bar: BAR_SIZE,
        }
    }

    fn segment(&self) -> Segment {
        let dir = Vec2::from_angle(self.aim.to_radians());
        Segment::new(self.start, self.start + dir * LENGTH)
    }

    fn obb(&self, size: Vec2) -> Obb {
        Obb::new(self.center, size, self.angle.to_radians())
    }

    /// The slope: a right triangle in the box `size` about `center`, its long side up-left.
    fn slope(&self) -> Triangle {
        let h = self.size / 2.0;
        let turn = Vec2::from_angle(self.angle.to_radians());
        let [a, b, c] = [
            Vec2::new(h.x, h.y),
            Vec2::new(h.x, -h.y),
            Vec2::new(-h.x, h.y),
        ]
        .map(|v| self.center + turn.rotate(v));
        Triangle::new(a, b, c)
    }

    fn disk(&self) -> Disk {
        Disk::new(self.center, self.size.x / 2.0)
    }

    /// The target as drawn.
    fn figure(&self) -> Figure {
        match self.kind {
            Kind::Box => Figure::Aabb(Aabb::from_center_size(self.center, self.size)),
            Kind::Turned => Figure::Obb(self.obb(self.size)),
            Kind::Bar => Figure::Obb(self.obb(self.bar)),
            Kind::Disk => Figure::Disk(self.disk()),
            Kind::Slope => Figure::Triangle(self.slope()),
        }
    }

    /// The target for the `f64` tests, as placed.
    fn shape(&self) -> Shape {
        match self.figure() {
            Figure::Aabb(_) => Shape::Poly(Poly::aabb(self.center, self.size)),
            Figure::Obb(b) => Shape::Poly(Poly::turned(&b, self.angle)),
            Figure::Triangle(t) => Shape::Poly(Poly::triangle(&t)),
            _ => Shape::Disk(wide(self.center), f64::from(self.size.x / 2.0)),
        }
    }

    /// The cast by the rules of the module header, decided in `f64` on the segment and the
    /// target as placed: the fraction is where the segment first comes within the tolerance,
    /// and the point, the normal, the depth and the exit are worked out there in `f64` too.
    pub(crate) fn cast(&self) -> Cast {
        let shape = self.shape();
        let (a, d) = (wide(self.start), direction(self.aim) * f64::from(LENGTH));
        let at = |t: f64| a + d * t;
        let gap = |t: f64| shape.point_gap(at(t));
        let path = along(gap);
        let meet = |t: f64| {
            let point = at(t);
            Meet {
                toi: t,
                point,
                normal: shape.near(point).normal,
            }
        };
        match Gap::of(path.start) {
            Gap::Overlap(depth) => Cast::Inside {
                depth,
                exit: path.exit(gap).map(meet),
            },
            Gap::Touching => {
                let hit = meet(0.0);
                match Cast::touching(d.normalize_or_zero().dot(hit.normal)) {
                    None => Cast::Leaves,
                    Some(slides) => Cast::Touches { hit, slides },
                }
            }
            Gap::Apart(_) => match path.first {
                None => Cast::Miss,
                Some(t) => Cast::Reaches {
                    hit: meet(t),
                    grazes: path.least >= -TOUCH_TOLERANCE_F64,
                },
            },
        }
    }
}

/// How far a path's direction may point out of the surface it starts on and still count as
/// running along it (the cosine of the angle from the surface).
pub(crate) const ALONG: f64 = 1e-6;

impl Scene for CastScene {
    fn shape_names(&self) -> &'static [&'static str] {
        SHAPES
    }

    fn edit(&mut self, which: usize, edit: Edit) -> Result<bool, EditError> {
        let before = (
            self.start,
            self.aim,
            self.center,
            self.angle,
            self.size,
            self.bar,
        );
        match (which, edit) {
            (0, Edit::MoveBy(offset)) => {
                move_by(&mut self.start, offset);
            }
            (0, Edit::MoveTo(at)) => self.start = at,
            (0, Edit::TurnBy(delta)) => self.aim = turned(self.aim, delta),
            (0, Edit::AngleTo(to)) => self.aim = turned(to, 0.0),
            (_, Edit::MoveBy(offset)) => {
                move_by(&mut self.center, offset);
            }
            (_, Edit::MoveTo(at)) => self.center = at,
            (_, Edit::TurnBy(delta)) if self.kind != Kind::Box => {
                self.angle = turned(self.angle, delta);
            }
            (_, Edit::AngleTo(to)) if self.kind != Kind::Box => self.angle = turned(to, 0.0),
            (1, Edit::Size(size)) if self.kind == Kind::Bar => {
                self.bar = edit::size_in_range(size)?;
            }
            (1, Edit::Size(size)) if self.kind != Kind::Disk => {
                self.size = edit::size_in_range(size)?;
            }
            (1, Edit::Radius(r)) if self.kind == Kind::Disk => {
                self.size = edit::size_in_range(Vec2::splat(r * 2.0))?;
            }
            (1, Edit::Radius(_)) => {
                return Err(edit::has_size(self.kind.name()));
            }
            (1, Edit::Size(_)) => return Err(edit::has_radius(self.kind.name())),
            _ => return Err(not_applicable(SHAPES[which.min(1)], edit)),
        }
        Ok(before
            != (
                self.start,
                self.aim,
                self.center,
                self.angle,
                self.size,
                self.bar,
            ))
    }

    fn position(&self, which: usize) -> Vec2 {
        if which == 0 { self.start } else { self.center }
    }

    fn under(&self, point: Vec2) -> Option<usize> {
        let dot = Disk::new(point, 0.0);
        if dot.intersects(&Disk::new(self.start, 0.3)) {
            Some(0)
        } else if dot.intersects(&Disk::new(self.center, self.size.max_element() / 2.0)) {
            Some(1)
        } else {
            None
        }
    }

    fn hit(&self) -> bool {
        self.cast().hit()
    }

    fn steps(&self) -> Vec<Step> {
        let s = self.segment();
        let mut swept = Step::new("a segment is a swept point");
        swept.line("sweep a disk of radius 0");
        swept.line(format!("from a = {}", place(s.a)));
        swept.line(format!("by b − a = {}", vec2(s.b - s.a)));
        let mut found = Step::new("first contact");
        match self.cast() {
            Cast::Reaches { hit, grazes } => {
                found.line(format!("first within {TOUCH_TOLERANCE_TEXT}:"));
                found.line(format!("t = {}", wide_fraction(hit.toi)));
                found.line("point a + t(b − a):");
                found.line(format!("  {}", wide_vec2(hit.point)));
                found.line("normal: out of the shape");
                if grazes {
                    found.line(format!("grazes: within {TOUCH_TOLERANCE_TEXT}"));
                    found.line("and no deeper → HIT");
                }
                found.add(Figure::Dot(hit.point.as_vec2()), Ink::Mark);
            }
            Cast::Touches { slides, .. } => {
                found.line("a touches it already,");
                let how = if slides { "sliding along" } else { "moving in" };
                found.line(format!("{how} → HIT"));
                found.line("at t = 0");
            }
            Cast::Leaves => {
                found.line("a touches it already,");
                found.line("moving away → no hit");
            }
            Cast::Inside { depth, exit } => {
                found.line(format!("a is inside, {} deep", fine(depth)));
                match exit {
                    Some(exit) => {
                        found.line("it leaves where the");
                        found.line("reversed cast enters:");
                        found.line(format!("t = {}", wide_fraction(exit.toi)));
                        found.line(format!("  {}", wide_vec2(exit.point)));
                        found.add(Figure::Dot(exit.point.as_vec2()), Ink::Mark);
                    }
                    None => found.line("and b too: no exit"),
                }
            }
            Cast::Miss => found.line("none in [0, 1] → MISS"),
        }
        vec![swept, found.deciding(true)]
    }

    fn apply(&mut self, action: Action, _active: usize) -> bool {
        if action != Action::Preset {
            return false;
        }
        let i = Kind::ALL.iter().position(|k| *k == self.kind).unwrap_or(0);
        self.kind = Kind::ALL[(i + 1) % Kind::ALL.len()];
        true
    }

    fn advance(&mut self, _dt: f32) {}

    fn moving(&self) -> bool {
        false
    }

    fn picture(&self) -> Picture {
        let s = self.segment();
        let mut picture = Picture::new(VIEW);
        picture.add(self.figure(), Ink::Target);
        picture.add(Figure::Arrow(s), Ink::Subject);
        picture.add(Figure::Dot(s.a), Ink::Subject);
        if let Some(hit) = self.cast().shown() {
            let (point, normal) = (hit.point.as_vec2(), hit.normal.as_vec2());
            picture.add(
                Figure::Arrow(Segment::new(point, point + normal * NORMAL_ARROW)),
                Ink::Normal,
            );
            picture.add(Figure::Dot(point), Ink::Mark);
        }
        picture
    }

    fn readout(&self) -> Readout {
        let cast = self.cast();
        let s = self.segment();
        let mut readout = Readout::new(Verdict::of(cast.hit()));
        readout.input("test", format!("segment × {}", self.kind.name()));
        readout.input("from", place(s.a));
        readout.input("to", vec2(s.b));
        readout.input("aim", degrees(self.aim.to_radians()));
        readout.input("target", place(self.center));
        let shape = match self.kind {
            Kind::Disk => format!("radius {}", num(self.size.x / 2.0)),
            Kind::Bar => format!("{} × {}", num(self.bar.x), num(self.bar.y)),
            _ => format!("{} × {}", num(self.size.x), num(self.size.y)),
        };
        readout.input("size", shape);
        if self.kind != Kind::Box && self.kind != Kind::Disk {
            readout.input("angle", degrees(self.angle.to_radians()));
        }
        let hit_rows = |readout: &mut Readout, hit: &Meet| {
            readout.row("frac", wide_fraction(hit.toi));
            readout.row("hit at", wide_vec2(hit.point));
            readout.row("normal", format!("{} out", wide_vec2(hit.normal)));
        };
        match cast {
            Cast::Reaches { hit, grazes } => {
                let how = if grazes {
                    format!("grazes (within {TOUCH_TOLERANCE_TEXT})")
                } else {
                    "enters".to_owned()
                };
                readout.row("start", "apart");
                readout.row("path", how);
                hit_rows(&mut readout, &hit);
            }
            Cast::Touches { hit, slides } => {
                readout.row("start", Cast::touch_words(slides));
                hit_rows(&mut readout, &hit);
            }
            Cast::Leaves => {
                readout.row("start", "touching, moves away");
                readout.row("frac", "— (no hit)");
            }
            Cast::Inside { depth, exit } => {
                readout.row("start", format!("inside, depth {}", fine(depth)));
                match exit {
                    Some(exit) => {
                        readout.row("exit", wide_fraction(exit.toi));
                        readout.row("leaves", wide_vec2(exit.point));
                        readout.row("normal", format!("{} out", wide_vec2(exit.normal)));
                    }
                    None => readout.row("exit", "— (ends inside)"),
                }
            }
            Cast::Miss => readout.row("frac", "— (no contact)"),
        }
        readout.row("toi", time_text(false, None));
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::CAST
    }
}
