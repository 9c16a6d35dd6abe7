//! A box swept past a box, as noonat/intersect's `sweepAABB`: the moving box travels along
//! its path (one tick's motion, drawn as an arrow from its centre) past a still box; the scene
//! shows the moving box's ghost at the time of impact, the point where they first touch and
//! the still box's outward normal there, from [`sweep_aabb_aabb`]. It is drawn y down, as
//! the game.
//!
//! It follows the cast scene's rules, by the lab's one touch tolerance: boxes that start
//! overlapping (deeper than the tolerance) say so, with the depth and where the moving box
//! leaves; boxes that start touching and move apart never hit (as noonat's `sweepAABB`), and
//! moving in or along they hit at 0; a box that only grazes the other (slides along a face,
//! or passes within the tolerance) hits where it first comes within the tolerance.

use crate::geom::{Aabb, Disk, Hit, Intersects, Segment, Vec2, sweep_aabb_aabb};

use super::cast_scene::{ALONG, Cast, deepest};
use super::touch::{Gap, TOUCH_TOLERANCE, TOUCH_TOLERANCE_TEXT};

use super::edit::{self, Edit, EditError, not_applicable};
use super::format::{degrees, fine, fraction, num, vec2};
use super::keys::{self, Binding};
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, move_by, time_text, turned};
use super::steps::Step;

/// Where the moving box starts: left of the still box, on its centre line, off the step grid.
const START: Vec2 = Vec2::new(-8.25, 0.0);

/// How far the moving box travels, in world units: it starts short of the still box.
const LENGTH: f32 = 5.0;

/// The moving box's starting size.
const MOVING_SIZE: Vec2 = Vec2::new(2.0, 1.5);

/// The still box's starting size.
const STILL_SIZE: Vec2 = Vec2::new(3.0, 3.0);

/// How long the drawn normal is.
const NORMAL_ARROW: f32 = 1.5;

/// The part of the world on screen.
const VIEW: ViewBox = ViewBox {
    center: Vec2::new(-2.5, 0.0),
    half: Vec2::new(8.5, 5.5),
};

/// The shapes the keys can change, in the order `a` cycles through them.
const SHAPES: &[&str] = &["moving box A", "still box B"];

/// The scene's state: the moving box, its heading, and the still box.
#[derive(Debug, Clone)]
pub(crate) struct SweepScene {
    start: Vec2,
    aim: f32,
    size: Vec2,
    center: Vec2,
    still_size: Vec2,
}

impl SweepScene {
    /// The starting state: the still box ahead of the moving one, out of its reach.
    pub(crate) fn new() -> Self {
        Self {
            start: START,
            aim: 0.0,
            size: MOVING_SIZE,
            center: Vec2::ZERO,
            still_size: STILL_SIZE,
        }
    }

    fn moving(&self) -> Aabb {
        Aabb::from_center_size(self.start, self.size)
    }

    fn still(&self) -> Aabb {
        Aabb::from_center_size(self.center, self.still_size)
    }

    /// The moving box's path, from its centre, as drawn.
    fn path(&self) -> Segment {
        let dir = Vec2::from_angle(self.aim.to_radians());
        Segment::new(self.start, self.start + dir * LENGTH)
    }

    /// The moving box's motion over the whole path: the drawn path's, to the bit.
    fn delta(&self) -> Vec2 {
        let path = self.path();
        path.b - path.a
    }

    /// The signed gap between the still box and the moving one with its centre at `center`:
    /// the widest of the four edge gaps (negative: the least overlap).
    fn gap_at(&self, center: Vec2) -> f32 {
        let a = Aabb::from_center_size(center, self.size);
        let b = self.still();
        (b.min - a.max).max(a.min - b.max).max_element()
    }

    /// The unit normal of the still box's face nearest the moving box, towards it.
    fn face_normal(&self) -> Vec2 {
        let (a, b) = (self.moving(), self.still());
        let gaps = [
            b.min.x - a.max.x,
            a.min.x - b.max.x,
            b.min.y - a.max.y,
            a.min.y - b.max.y,
        ];
        let normals = [-Vec2::X, Vec2::X, -Vec2::Y, Vec2::Y];
        let mut best = 0;
        for i in 1..4 {
            if gaps[i] > gaps[best] {
                best = i;
            }
        }
        normals[best]
    }

    /// The sweep by the rules of the module header.
    fn sweep(&self) -> Cast {
        let moving = self.moving();
        let delta = self.delta();
        let still = self.still();
        let path = self.path();
        let gap = |c: Vec2| self.gap_at(c);
        match Gap::of(self.gap_at(self.start)) {
            Gap::Overlap(depth) => {
                let end = moving.translated(delta);
                let exit = sweep_aabb_aabb(&end, -delta, &still)
                    .filter(|hit| hit.toi > 0.0)
                    .map(|hit| Hit {
                        toi: 1.0 - hit.toi,
                        ..hit
                    });
                Cast::Inside { depth, exit }
            }
            Gap::Touching => {
                let normal = self.face_normal();
                if delta.normalize_or_zero().dot(normal) > ALONG {
                    return Cast::Leaves;
                }
                let point =
                    sweep_aabb_aabb(&moving, delta, &still).map_or(moving.center(), |h| h.point);
                Cast::Touches(Hit {
                    toi: 0.0,
                    point,
                    normal,
                })
            }
            Gap::Apart(_) => {
                let grown = Aabb {
                    min: still.min - TOUCH_TOLERANCE,
                    max: still.max + TOUCH_TOLERANCE,
                };
                let Some(hit) = sweep_aabb_aabb(&moving, delta, &still)
                    .or_else(|| sweep_aabb_aabb(&moving, delta, &grown))
                else {
                    return Cast::Miss;
                };
                let grazes = deepest(&path, hit.toi, gap) >= -TOUCH_TOLERANCE;
                Cast::Reaches { hit, grazes }
            }
        }
    }
}

/// The time of a sweep's first contact, if it has one to draw.
fn contact(cast: Cast) -> Option<Hit> {
    match cast {
        Cast::Reaches { hit, .. } | Cast::Touches(hit) => Some(hit),
        Cast::Miss | Cast::Leaves | Cast::Inside { .. } => None,
    }
}

impl Scene for SweepScene {
    fn shape_names(&self) -> &'static [&'static str] {
        SHAPES
    }

    fn edit(&mut self, which: usize, edit: Edit) -> Result<bool, EditError> {
        let before = (
            self.start,
            self.aim,
            self.size,
            self.center,
            self.still_size,
        );
        match (which, edit) {
            (0, Edit::MoveBy(offset)) => {
                move_by(&mut self.start, offset);
            }
            (0, Edit::MoveTo(at)) => self.start = at,
            (0, Edit::TurnBy(delta)) => self.aim = turned(self.aim, delta),
            (0, Edit::AngleTo(to)) => self.aim = turned(to, 0.0),
            (0, Edit::Size(size)) => self.size = edit::size_in_range(size)?,
            (_, Edit::MoveBy(offset)) => {
                move_by(&mut self.center, offset);
            }
            (_, Edit::MoveTo(at)) => self.center = at,
            (1, Edit::Size(size)) => self.still_size = edit::size_in_range(size)?,
            _ => return Err(not_applicable(SHAPES[which.min(1)], edit)),
        }
        Ok(before
            != (
                self.start,
                self.aim,
                self.size,
                self.center,
                self.still_size,
            ))
    }

    fn position(&self, which: usize) -> Vec2 {
        if which == 0 { self.start } else { self.center }
    }

    fn under(&self, point: Vec2) -> Option<usize> {
        let dot = Disk::new(point, 0.0);
        if dot.intersects(&self.moving()) {
            Some(0)
        } else if dot.intersects(&self.still()) {
            Some(1)
        } else {
            None
        }
    }

    fn hit(&self) -> bool {
        self.sweep().hit()
    }

    fn steps(&self) -> Vec<Step> {
        let moving = self.moving();
        let grown = Aabb {
            min: self.still().min - moving.half_size(),
            max: self.still().max + moving.half_size(),
        };
        let mut sum = Step::new("grow B (Minkowski sum)");
        sum.line("by half of A on each side:");
        sum.line(format!("min {}", vec2(grown.min)));
        sum.line(format!("max {}", vec2(grown.max)));
        sum.add(Figure::Aabb(grown), Ink::Guide);
        let mut found = Step::new("cast A's centre at it");
        found.line(format!("from {}", vec2(self.start)));
        found.line(format!("by {}", vec2(self.delta())));
        let cast = self.sweep();
        match (cast, contact(cast)) {
            (Cast::Inside { depth, exit }, _) => {
                found.line("it starts inside: the");
                found.line(format!("boxes overlap {} deep", fine(depth)));
                if let Some(exit) = exit {
                    let at = self.start + self.delta() * exit.toi;
                    found.line(format!("they part at t = {}", fraction(exit.toi)));
                    found.line(format!("centre then {}", vec2(at)));
                    found.add(Figure::Dot(at), Ink::Mark);
                }
                found.add(Figure::Aabb(grown), Ink::Guide);
            }
            (Cast::Leaves, _) => {
                found.line("it starts on the edge,");
                found.line("moving away → no hit");
            }
            (_, Some(hit)) => {
                let at = self.start + self.delta() * hit.toi;
                found.line(format!("t = {}", fraction(hit.toi)));
                found.line(format!("centre then {}", vec2(at)));
                if matches!(cast, Cast::Reaches { grazes: true, .. }) {
                    found.line(format!("grazes: within {TOUCH_TOLERANCE_TEXT}"));
                }
                found.add(Figure::Aabb(grown), Ink::Guide);
                found.add(Figure::Dot(at), Ink::Mark);
            }
            _ => found.line("no entry in [0, 1] → MISS"),
        }
        vec![sum, found.deciding(true)]
    }

    fn apply(&mut self, _action: keys::Action) -> bool {
        false
    }

    fn advance(&mut self, _dt: f32) {}

    fn moving(&self) -> bool {
        false
    }

    fn picture(&self) -> Picture {
        let mut picture = Picture::new(VIEW);
        let moving = self.moving();
        let delta = self.delta();
        picture.add(Figure::Aabb(self.still()), Ink::Target);
        let cast = self.sweep();
        let shown = match cast {
            Cast::Inside { exit, .. } => exit,
            other => contact(other),
        };
        if let Some(hit) = shown {
            let shift = delta * hit.toi;
            let ghost = Aabb::new(moving.min + shift, moving.max + shift);
            picture.add(Figure::Aabb(ghost), Ink::Ghost);
            picture.add(
                Figure::Arrow(Segment::new(
                    hit.point,
                    hit.point + hit.normal * NORMAL_ARROW,
                )),
                Ink::Normal,
            );
            picture.add(Figure::Dot(hit.point), Ink::Mark);
        }
        picture.add(Figure::Aabb(moving), Ink::Subject);
        picture.add(Figure::Arrow(self.path()), Ink::Subject);
        picture
    }

    fn readout(&self) -> Readout {
        let cast = self.sweep();
        let mut readout = Readout::new(Verdict::of(cast.hit()));
        readout.input("test", "swept box × box");
        readout.input("A from", vec2(self.start));
        readout.input("by", vec2(self.delta()));
        readout.input("aim", degrees(self.aim.to_radians()));
        readout.input(
            "A size",
            format!("{} × {}", num(self.size.x), num(self.size.y)),
        );
        readout.input("B at", vec2(self.center));
        readout.input(
            "B size",
            format!("{} × {}", num(self.still_size.x), num(self.still_size.y)),
        );
        let hit_rows = |readout: &mut Readout, hit: &Hit| {
            readout.row("toi", fraction(hit.toi));
            readout.row("ghost", vec2(self.start + self.delta() * hit.toi));
            readout.row("hit at", vec2(hit.point));
            readout.row("normal", format!("{} out", vec2(hit.normal)));
        };
        match cast {
            Cast::Reaches { hit, grazes } => {
                readout.row("start", "apart");
                if grazes {
                    readout.row("path", format!("grazes (within {TOUCH_TOLERANCE_TEXT})"));
                }
                hit_rows(&mut readout, &hit);
            }
            Cast::Touches(hit) => {
                readout.row("start", "touching, moves in");
                hit_rows(&mut readout, &hit);
            }
            Cast::Leaves => {
                readout.row("start", "touching, moves away");
                readout.row("toi", "— (no hit)");
            }
            Cast::Inside { depth, exit } => {
                readout.row("start", format!("overlap, depth {}", fine(depth)));
                match exit {
                    Some(exit) => {
                        readout.row("parts", fraction(exit.toi));
                        readout.row("ghost", vec2(self.start + self.delta() * exit.toi));
                        readout.row("normal", format!("{} out", vec2(exit.normal)));
                    }
                    None => readout.row("parts", "— (ends overlapping)"),
                }
            }
            Cast::Miss => readout.row("toi", "— (none in [0, 1])"),
        }
        readout.row("moves", time_text(false, None));
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::SWEEP
    }
}
