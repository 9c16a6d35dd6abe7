//! A box swept past still boxes, as noonat/intersect's `sweepAABB` and `sweepInto`: the
//! moving box travels along its path (one tick's motion, drawn as an arrow from its centre)
//! past three still boxes; the scene sweeps it against each box in turn, as
//! [`sweep_aabb_aabb`] does, and keeps the nearest hit, as [`sweep_aabb_into`] does: it shows
//! the moving box's ghost at that time of impact, the point where they first touch and the
//! box's outward normal there. A box it starts inside comes first (that sweep is over before
//! it begins); ties go to the box listed first. It is drawn y down, as the game.
//!
//! It follows the cast scene's rules, by the lab's one touch tolerance: boxes that start
//! overlapping (deeper than the tolerance) say so, with the depth and where the moving box
//! leaves; boxes that start touching and move apart never hit (as noonat's `sweepAABB`), and
//! moving in or along they hit at 0; a box that only grazes the other (slides along a face,
//! or passes within the tolerance) hits where it first comes within the tolerance, and so does
//! a box that runs into the other: the time shown is where they first come within the
//! tolerance, decided in `f64` on the boxes as placed (a box that stops more than the
//! tolerance short misses).

#[cfg(doc)]
use crate::geom::sweep_aabb_aabb;
#[cfg(doc)]
use crate::geom::sweep_aabb_into;
use crate::geom::{Aabb, Disk, Intersects, Segment, Vec2};
use glam::DVec2;

use super::cast_scene::Cast;
use super::exact::{Meet, OFF_THE_BOUNDARY, aabb_gaps_wide, along, direction, wide};
use super::touch::{Gap, TOUCH_TOLERANCE_F64, TOUCH_TOLERANCE_TEXT};

use super::edit::{self, Edit, EditError, not_applicable};
use super::format::{degrees, fine, num, place, vec2, wide_fraction, wide_vec2};
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

/// The still boxes' starting centres and sizes: B ahead on the path, C and D off it, in reach
/// once the moving box is aimed at them.
const STILLS: [(Vec2, Vec2); 3] = [
    (Vec2::ZERO, Vec2::new(3.0, 3.0)),
    (Vec2::new(-4.0, 3.5), Vec2::new(2.0, 1.0)),
    (Vec2::new(-3.0, -3.5), Vec2::new(1.0, 2.0)),
];

/// The still boxes' letters, in order.
const LETTERS: [&str; 3] = ["B", "C", "D"];

/// How long the drawn normal is.
const NORMAL_ARROW: f32 = 1.5;

/// The part of the world on screen.
const VIEW: ViewBox = ViewBox {
    center: Vec2::new(-2.5, 0.0),
    half: Vec2::new(8.5, 5.5),
};

/// The shapes the keys can change, in the order `a` cycles through them.
const SHAPES: &[&str] = &["moving box A", "still box B", "still box C", "still box D"];

/// The scene's state: the moving box, its heading, and the still boxes' centres and sizes.
#[derive(Debug, Clone)]
pub(crate) struct SweepScene {
    start: Vec2,
    aim: f32,
    size: Vec2,
    stills: [(Vec2, Vec2); 3],
}

impl SweepScene {
    /// The starting state: the still box ahead of the moving one, out of its reach.
    pub(crate) fn new() -> Self {
        Self {
            start: START,
            aim: 0.0,
            size: MOVING_SIZE,
            stills: STILLS,
        }
    }

    fn moving(&self) -> Aabb {
        Aabb::from_center_size(self.start, self.size)
    }

    /// Still box `i` (0 is B).
    fn still(&self, i: usize) -> Aabb {
        let (center, size) = self.stills[i];
        Aabb::from_center_size(center, size)
    }

    /// Every still box, in order.
    fn all_stills(&self) -> [Aabb; 3] {
        [0, 1, 2].map(|i| self.still(i))
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

    /// The moving box's centre moved by `t` of its path, in `f64`.
    fn ghost(&self, t: f64) -> DVec2 {
        wide(self.start) + self.wide_delta() * t
    }

    /// The moving box's motion over the whole path in `f64`, along its aim as typed, in
    /// degrees (the drawn path's end is `f32`, off by up to about 3e-7).
    fn wide_delta(&self) -> DVec2 {
        direction(self.aim) * f64::from(LENGTH)
    }

    /// The signed gap, in `f64` on the boxes as placed, between still box `i` and the moving
    /// box moved by `t` of its path: the corner-to-corner distance when apart on both axes,
    /// the wider axis gap when apart on one, minus the shallower overlap when overlapping.
    fn gap_at(&self, t: f64, i: usize) -> f64 {
        let (center, size) = self.stills[i];
        let half = |s: Vec2| wide(s.abs()) * 0.5;
        let moved = self.ghost(t);
        aabb_gaps_wide((moved, half(self.size)), (wide(center), half(size))).2
    }

    /// Where the moving box, moved by `t` of its path, stands against still box `i`, in `f64`
    /// on the boxes as placed. The normal follows the cast scene's rule on the still box grown
    /// by the moving box's half size (their Minkowski sum, the shape the moving box's centre is
    /// cast at): when the centre is off that grown box (a graze within the tolerance, or a
    /// path aimed at its corner), the direction from the grown box's nearest point to the
    /// centre, so a corner gives the rounded corner's direction; on it or inside, the still
    /// box's face nearest it (the widest of the four face gaps, the first on a tie). The point
    /// is on that face's line, at the middle of the stretch the two boxes share along it (as
    /// [`sweep_aabb_aabb`] puts it).
    fn meet_at(&self, t: f64, i: usize) -> Meet {
        let (center, size) = self.stills[i];
        let half = |s: Vec2| wide(s.abs()) * 0.5;
        let moved = self.ghost(t);
        let (a_min, a_max) = (moved - half(self.size), moved + half(self.size));
        let (b_min, b_max) = (wide(center) - half(size), wide(center) + half(size));
        let gaps = [
            b_min.x - a_max.x,
            a_min.x - b_max.x,
            b_min.y - a_max.y,
            a_min.y - b_max.y,
        ];
        let normals = [-DVec2::X, DVec2::X, -DVec2::Y, DVec2::Y];
        let mut best = 0;
        for k in 1..4 {
            if gaps[k] > gaps[best] {
                best = k;
            }
        }
        let (grown_min, grown_max) = (b_min - half(self.size), b_max + half(self.size));
        let off = moved - moved.clamp(grown_min, grown_max);
        let normal = if off.length() > OFF_THE_BOUNDARY {
            off.normalize()
        } else {
            normals[best]
        };
        let (lo, hi) = (a_min.max(b_min), a_max.min(b_max));
        let middle = (lo + hi) / 2.0;
        let point = match best {
            0 => DVec2::new(b_min.x, middle.y),
            1 => DVec2::new(b_max.x, middle.y),
            2 => DVec2::new(middle.x, b_min.y),
            _ => DVec2::new(middle.x, b_max.y),
        };
        Meet {
            toi: t,
            point,
            normal,
        }
    }

    /// The nearest of the sweeps against each still box, and which box (0 is B), by the rules
    /// of the module header.
    fn sweep(&self) -> (usize, Cast) {
        let casts = [0, 1, 2].map(|i| self.sweep_one(i));
        let rank = |cast: &Cast| match cast {
            Cast::Inside { .. } => (0, 0.0),
            Cast::Touches { hit, .. } | Cast::Reaches { hit, .. } => (1, hit.toi),
            Cast::Leaves => (2, 0.0),
            Cast::Miss => (3, 0.0),
        };
        let mut best = 0;
        for (i, cast) in casts.iter().enumerate().skip(1) {
            let (a, b) = (rank(cast), rank(&casts[best]));
            if a.0 < b.0 || (a.0 == b.0 && a.1 < b.1) {
                best = i;
            }
        }
        (best, casts[best])
    }

    /// The sweep against still box `i` (0 is B), decided in `f64`: the time shown is where
    /// the moving box first comes within the tolerance of it, and the point and normal are
    /// worked out there in `f64` ([`Self::meet_at`]).
    fn sweep_one(&self, i: usize) -> Cast {
        let gap = |t: f64| self.gap_at(t, i);
        let path = along(gap);
        match Gap::of(path.start) {
            Gap::Overlap(depth) => Cast::Inside {
                depth,
                exit: path.exit(gap).map(|t| self.meet_at(t, i)),
            },
            Gap::Touching => {
                let hit = self.meet_at(0.0, i);
                let out = self.wide_delta().normalize_or_zero().dot(hit.normal);
                match Cast::touching(out) {
                    None => Cast::Leaves,
                    Some(slides) => Cast::Touches { hit, slides },
                }
            }
            Gap::Apart(_) => match path.first {
                None => Cast::Miss,
                Some(t) => Cast::Reaches {
                    hit: self.meet_at(t, i),
                    grazes: path.least >= -TOUCH_TOLERANCE_F64,
                },
            },
        }
    }
}

/// The time of a sweep's first contact, if it has one to draw.
fn contact(cast: Cast) -> Option<Meet> {
    match cast {
        Cast::Reaches { hit, .. } | Cast::Touches { hit, .. } => Some(hit),
        Cast::Miss | Cast::Leaves | Cast::Inside { .. } => None,
    }
}

impl Scene for SweepScene {
    fn shape_names(&self) -> &'static [&'static str] {
        SHAPES
    }

    fn edit(&mut self, which: usize, edit: Edit) -> Result<bool, EditError> {
        let before = (self.start, self.aim, self.size, self.stills);
        match (which, edit) {
            (0, Edit::MoveBy(offset)) => {
                move_by(&mut self.start, offset);
            }
            (0, Edit::MoveTo(at)) => self.start = at,
            (0, Edit::TurnBy(delta)) => self.aim = turned(self.aim, delta),
            (0, Edit::AngleTo(to)) => self.aim = turned(to, 0.0),
            (0, Edit::Size(size)) => self.size = edit::size_in_range(size)?,
            (1..=3, Edit::MoveBy(offset)) => {
                move_by(&mut self.stills[which - 1].0, offset);
            }
            (1..=3, Edit::MoveTo(at)) => self.stills[which - 1].0 = at,
            (1..=3, Edit::Size(size)) => self.stills[which - 1].1 = edit::size_in_range(size)?,
            _ => return Err(not_applicable(SHAPES[which.min(3)], edit)),
        }
        Ok(before != (self.start, self.aim, self.size, self.stills))
    }

    fn position(&self, which: usize) -> Vec2 {
        match which {
            0 => self.start,
            i => self.stills[(i - 1).min(2)].0,
        }
    }

    fn under(&self, point: Vec2) -> Option<usize> {
        let dot = Disk::new(point, 0.0);
        if dot.intersects(&self.moving()) {
            Some(0)
        } else {
            (0..3)
                .find(|&i| dot.intersects(&self.still(i)))
                .map(|i| i + 1)
        }
    }

    fn hit(&self) -> bool {
        self.sweep().1.hit()
    }

    fn steps(&self) -> Vec<Step> {
        let moving = self.moving();
        let (which, cast) = self.sweep();
        let letter = LETTERS[which];
        let mut each = Step::new("sweep A at each box");
        for (i, name) in LETTERS.iter().enumerate() {
            let verdict = match self.sweep_one(i) {
                Cast::Inside { .. } => "starts inside".to_owned(),
                Cast::Touches { .. } => "t = 0 (touching)".to_owned(),
                Cast::Reaches { hit, .. } => format!("t = {}", wide_fraction(hit.toi)),
                Cast::Leaves => "touching, moves away".to_owned(),
                Cast::Miss => "misses".to_owned(),
            };
            each.line(format!("{name}: {verdict}"));
        }
        each.line(if cast.hit() {
            format!("nearest: {letter}")
        } else {
            "none hit → MISS".to_owned()
        });
        let still = self.still(which);
        let grown = Aabb {
            min: still.min - moving.half_size(),
            max: still.max + moving.half_size(),
        };
        let mut sum = Step::new(format!("grow {letter} (Minkowski sum)"));
        sum.line("by half of A on each side:");
        let (center, size) = self.stills[which];
        let reach = (wide(size.abs()) + wide(self.size.abs())) * 0.5;
        sum.line(format!("min {}", wide_vec2(wide(center) - reach)));
        sum.line(format!("max {}", wide_vec2(wide(center) + reach)));
        sum.add(Figure::Aabb(grown), Ink::Guide);
        let mut found = Step::new("cast A's centre at it");
        found.line(format!("from {}", place(self.start)));
        found.line(format!("by {}", vec2(self.delta())));
        match (cast, contact(cast)) {
            (Cast::Inside { depth, exit }, _) => {
                found.line("it starts inside: the");
                found.line(format!("boxes overlap {} deep", fine(depth)));
                if let Some(exit) = exit {
                    let at = self.ghost(exit.toi);
                    found.line(format!("they part at t = {}", wide_fraction(exit.toi)));
                    found.line(format!("centre then {}", wide_vec2(at)));
                    found.add(Figure::Dot(at.as_vec2()), Ink::Mark);
                }
                found.add(Figure::Aabb(grown), Ink::Guide);
            }
            (Cast::Leaves, _) => {
                found.line("it starts on the edge,");
                found.line("moving away → no hit");
            }
            (_, Some(hit)) => {
                let at = self.ghost(hit.toi);
                found.line(format!("t = {}", wide_fraction(hit.toi)));
                found.line(format!("centre then {}", wide_vec2(at)));
                if matches!(cast, Cast::Reaches { grazes: true, .. }) {
                    found.line(format!("grazes: within {TOUCH_TOLERANCE_TEXT}"));
                }
                found.add(Figure::Aabb(grown), Ink::Guide);
                found.add(Figure::Dot(at.as_vec2()), Ink::Mark);
            }
            _ => found.line("no entry in [0, 1] → MISS"),
        }
        vec![each, sum, found.deciding(true)]
    }

    fn apply(&mut self, _action: keys::Action, _active: usize) -> bool {
        false
    }

    fn advance(&mut self, _dt: f32) {}

    fn moving(&self) -> bool {
        false
    }

    fn picture(&self) -> Picture {
        let mut picture = Picture::new(VIEW);
        let moving = self.moving();
        let (_, cast) = self.sweep();
        for still in self.all_stills() {
            picture.add(Figure::Aabb(still), Ink::Target);
        }
        if let Some(hit) = cast.shown() {
            let ghost = Aabb::from_center_size(self.ghost(hit.toi).as_vec2(), self.size);
            picture.add(Figure::Aabb(ghost), Ink::Ghost);
            let (point, normal) = (hit.point.as_vec2(), hit.normal.as_vec2());
            picture.add(
                Figure::Arrow(Segment::new(point, point + normal * NORMAL_ARROW)),
                Ink::Normal,
            );
            picture.add(Figure::Dot(point), Ink::Mark);
        }
        picture.add(Figure::Aabb(moving), Ink::Subject);
        picture.add(Figure::Arrow(self.path()), Ink::Subject);
        picture
    }

    fn readout(&self) -> Readout {
        let (which, cast) = self.sweep();
        let mut readout = Readout::new(Verdict::of(cast.hit()));
        readout.input("test", "swept box × boxes");
        readout.input("A from", place(self.start));
        readout.input("by", vec2(self.delta()));
        readout.input("aim", degrees(self.aim.to_radians()));
        readout.input(
            "A size",
            format!("{} × {}", num(self.size.x), num(self.size.y)),
        );
        for (label, (center, _)) in ["B at", "C at", "D at"].into_iter().zip(self.stills) {
            readout.input(label, place(center));
        }
        for (label, (_, size)) in ["B size", "C size", "D size"].into_iter().zip(self.stills) {
            readout.input(label, format!("{} × {}", num(size.x), num(size.y)));
        }
        let hit_rows = |readout: &mut Readout, hit: &Meet| {
            readout.row("toi", wide_fraction(hit.toi));
            readout.row("ghost", wide_vec2(self.ghost(hit.toi)));
            readout.row("hit at", wide_vec2(hit.point));
            readout.row("normal", format!("{} out", wide_vec2(hit.normal)));
        };
        if cast.hit() || matches!(cast, Cast::Inside { .. }) {
            readout.row("meets", LETTERS[which]);
        }
        match cast {
            Cast::Reaches { hit, grazes } => {
                readout.row("start", "apart");
                if grazes {
                    readout.row("path", format!("grazes (within {TOUCH_TOLERANCE_TEXT})"));
                }
                hit_rows(&mut readout, &hit);
            }
            Cast::Touches { hit, slides } => {
                readout.row("start", Cast::touch_words(slides));
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
                        readout.row("parts", wide_fraction(exit.toi));
                        readout.row("ghost", wide_vec2(self.ghost(exit.toi)));
                        readout.row("normal", format!("{} out", wide_vec2(exit.normal)));
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
