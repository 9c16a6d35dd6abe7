//! A segment cast against each of the game's shapes: a box, a turned box, a disk, a slope
//! triangle and a spinner's bar (a thin turned box). The segment is a shot's path for one
//! stretch of its flight; the scene shows where it first meets the shape, as the fraction of
//! the way along it, the point, and the shape's outward normal there, from the `geom` casts
//! (`cast_segment_*`, the swept-disk tests with radius 0). It is drawn y down, as the game.

use crate::geom::{
    Aabb, Disk, Hit, Intersects, Obb, Segment, Triangle, Vec2, cast_segment_aabb,
    cast_segment_disk, cast_segment_obb, cast_segment_triangle,
};

use super::edit::{self, Edit, EditError, not_applicable};
use super::format::{degrees, fine, num, vec2};
use super::keys::{self, Action, Binding};
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, move_by, time_text, turned};
use super::steps::Step;

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

    /// The target as drawn, and the cast against it.
    fn cast(&self) -> (Figure, Option<Hit>) {
        let s = self.segment();
        match self.kind {
            Kind::Box => {
                let b = Aabb::from_center_size(self.center, self.size);
                (Figure::Aabb(b), cast_segment_aabb(&s, &b))
            }
            Kind::Turned => {
                let b = self.obb(self.size);
                (Figure::Obb(b), cast_segment_obb(&s, &b))
            }
            Kind::Bar => {
                let b = self.obb(BAR_SIZE);
                (Figure::Obb(b), cast_segment_obb(&s, &b))
            }
            Kind::Disk => {
                let d = self.disk();
                (Figure::Disk(d), cast_segment_disk(&s, &d))
            }
            Kind::Slope => {
                let t = self.slope();
                (Figure::Triangle(t), cast_segment_triangle(&s, &t))
            }
        }
    }
}

impl Scene for CastScene {
    fn shape_names(&self) -> &'static [&'static str] {
        SHAPES
    }

    fn edit(&mut self, which: usize, edit: Edit) -> Result<bool, EditError> {
        let before = (self.start, self.aim, self.center, self.angle, self.size);
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
            (1, Edit::Size(size)) if !matches!(self.kind, Kind::Disk | Kind::Bar) => {
                self.size = edit::size_in_range(size)?;
            }
            (1, Edit::Radius(r)) if self.kind == Kind::Disk => {
                self.size = edit::size_in_range(Vec2::splat(r * 2.0))?;
            }
            _ => return Err(not_applicable(SHAPES[which.min(1)], edit)),
        }
        Ok(before != (self.start, self.aim, self.center, self.angle, self.size))
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
        self.cast().1.is_some()
    }

    fn steps(&self) -> Vec<Step> {
        let s = self.segment();
        let mut swept = Step::new("a segment is a swept point");
        swept.line("sweep a disk of radius 0");
        swept.line(format!("from a = {}", vec2(s.a)));
        swept.line(format!("by b − a = {}", vec2(s.b - s.a)));
        let mut found = Step::new("first contact");
        match self.cast().1 {
            Some(hit) => {
                found.line(format!("t = {}", fine(hit.toi)));
                found.line("point a + t(b − a):");
                found.line(format!("  {}", vec2(hit.point)));
                found.line("normal: out of the shape");
                found.add(Figure::Dot(hit.point), Ink::Mark);
            }
            None => found.line("none in [0, 1] → MISS"),
        }
        vec![swept, found.deciding(true)]
    }

    fn apply(&mut self, action: Action) -> bool {
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
        let (figure, hit) = self.cast();
        let s = self.segment();
        let mut picture = Picture::new(VIEW);
        picture.add(figure, Ink::Target);
        picture.add(Figure::Arrow(s), Ink::Subject);
        picture.add(Figure::Dot(s.a), Ink::Subject);
        if let Some(hit) = hit {
            picture.add(
                Figure::Arrow(Segment::new(
                    hit.point,
                    hit.point + hit.normal * NORMAL_ARROW,
                )),
                Ink::Normal,
            );
            picture.add(Figure::Dot(hit.point), Ink::Mark);
        }
        picture
    }

    fn readout(&self) -> Readout {
        let (_, hit) = self.cast();
        let s = self.segment();
        let mut readout = Readout::new(Verdict::of(hit.is_some()));
        readout.row("test", format!("segment × {}", self.kind.name()));
        readout.row("from", vec2(s.a));
        readout.row("to", vec2(s.b));
        readout.row("aim", degrees(self.aim.to_radians()));
        readout.row("target", vec2(self.center));
        let shape = match self.kind {
            Kind::Disk => format!("radius {}", num(self.size.x / 2.0)),
            Kind::Bar => format!("{} × {}", num(BAR_SIZE.x), num(BAR_SIZE.y)),
            _ => format!("{} × {}", num(self.size.x), num(self.size.y)),
        };
        readout.row("size", shape);
        if self.kind != Kind::Box && self.kind != Kind::Disk {
            readout.row("angle", degrees(self.angle.to_radians()));
        }
        match hit {
            Some(hit) => {
                readout.row("frac", fine(hit.toi));
                readout.row("hit at", vec2(hit.point));
                readout.row("normal", format!("{} out", vec2(hit.normal)));
            }
            None => readout.row("frac", "— (no contact)"),
        }
        readout.row("toi", time_text(false, None));
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::CAST
    }
}
