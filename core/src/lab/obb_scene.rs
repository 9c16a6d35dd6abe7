//! Two turned rectangles and the separating axis theorem (seed §2-21): the four candidate
//! axes are drawn as a numbered compass in a corner, and the shown axis — the separating one,
//! or when the boxes overlap the one where they overlap least — is drawn again beside the
//! boxes with both projection intervals on it, and the separating line across the gap. The
//! steps (`e`) go through the four axes one by one.
//!
//! The verdict is the lab's one rule on the true distance between the boxes (in `f64` on the
//! boxes as placed, as every axis gap), as in every scene: an axis gap is at most the distance, so an axis that
//! separates by more than the tolerance always means a MISS, but corner to corner every axis
//! gap can be within the tolerance while the corners are further apart (two axis gaps of 8e-5
//! are 1.13e-4 apart): that is a MISS too, and the panel and the conclusion say why.

use glam::DVec2;

use crate::geom::{Intersects, Obb, Sat, Segment, Vec2, sat_obb_obb};

use super::edit::{Edit, EditError, checked_size, not_applicable};
use super::exact::{Poly, Shape, poly_gap};
use super::format::{degrees, fine, num, place, vec2, wide_vec2};
use super::keys::{self, Action, Binding};
use super::motion::{HORIZON, Motion};
use super::obb_steps::{self, AXIS_NAMES, axis_gaps, gap_words, projections, separating};
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, move_by, time_text, turned};
use super::steps::Step;
use super::toi;
use super::touch::{Gap, TOUCH_TOLERANCE_F64};

/// Where the blue box starts: left of the green one, on its centre line, off the step grid.
const BLUE_START: Vec2 = Vec2::new(-10.25, 0.0);

/// The green box's starting angle in degrees: turned, so that the four axes differ.
const GREEN_ANGLE: f32 = 30.0;

/// Both boxes' width and height, as in the seed.
const BOX_SIZE: Vec2 = Vec2::new(6.0, 2.0);

/// The page's counter-example: the blue box (centre, angle) against the green one turned by
/// 45° at the origin. Their x and y projections overlap, yet green's y axis separates them.
const COUNTER_EXAMPLE: (Vec2, f32, f32) = (Vec2::new(-5.5, 0.4), 0.0, 45.0);

/// Where the four candidate axes are drawn as a small compass: the bottom right of the view.
const COMPASS: Vec2 = Vec2::new(7.2, 6.2);

/// How far each axis of the compass is drawn either side of its middle.
const STUB: f32 = 1.8;

/// How far past its end each compass axis's number is written.
const LABEL_GAP: f32 = 0.8;

/// The length of the drawn normal.
const NORMAL_ARROW: f32 = 2.5;

/// The part of the world on screen.
const VIEW: ViewBox = ViewBox {
    center: Vec2::new(-2.0, 2.0),
    half: Vec2::new(12.0, 7.0),
};

/// The panel labels of the four axis rows.
const AXIS_LABELS: [&str; 4] = ["axis 1", "axis 2", "axis 3", "axis 4"];

/// The shapes the keys can change, in the order `a` cycles through them.
const SHAPES: &[&str] = &["blue box", "green box"];

/// The scene's state: the blue box the keys move, and the green box with its motion.
#[derive(Debug, Clone)]
pub(crate) struct ObbScene {
    blue_center: Vec2,
    blue_angle: f32,
    blue_size: Vec2,
    green_home: Vec2,
    green_angle: f32,
    green_size: Vec2,
    motion: Motion,
}

impl ObbScene {
    /// The starting state.
    pub(crate) fn new() -> Self {
        Self {
            blue_center: BLUE_START,
            blue_angle: 0.0,
            blue_size: BOX_SIZE,
            green_home: Vec2::ZERO,
            green_angle: GREEN_ANGLE,
            green_size: BOX_SIZE,
            motion: Motion::default(),
        }
    }

    fn blue(&self) -> Obb {
        Obb::new(
            self.blue_center,
            self.blue_size,
            self.blue_angle.to_radians(),
        )
    }

    fn green(&self, motion: &Motion) -> Obb {
        let (center, angle) = motion.pose(self.green_home, self.green_angle.to_radians());
        Obb::new(center, self.green_size, angle)
    }

    /// The page's counter-example, with the green box at home and still.
    fn counter_example(&mut self) {
        *self = Self::new();
        (self.blue_center, self.blue_angle, self.green_angle) = COUNTER_EXAMPLE;
    }

    /// When the moving green box first touches the blue one, to within [`toi::TOLERANCE`]
    /// seconds: the widest gap over the four axes never exceeds the distance between them.
    fn impact(&self) -> Option<f32> {
        if !self.motion.on {
            return None;
        }
        let speed = self.motion.speed_bound(self.green_size.length() / 2.0);
        #[allow(clippy::cast_possible_truncation)]
        toi::first_time(HORIZON, speed, |t| {
            let green = self.green(&self.motion.at(t));
            (distance((&self.blue(), self.blue_angle), (&green, self.green_angle))
                - TOUCH_TOLERANCE_F64) as f32
        })
    }

    /// Apart: the unit direction from the green box's closest point to the blue one's, in
    /// `f64`, as every scene's normal between shapes apart (the separating axis is named
    /// beside it, and is this direction only when a face is nearest); touching or
    /// overlapping, `None`, and the normal is the axis of least overlap.
    fn apart_normal(&self) -> Option<DVec2> {
        let (blue, green) = (self.blue(), self.green(&self.motion));
        if !matches!(self.gap(), Gap::Apart(_)) {
            return None;
        }
        let blue = Shape::Poly(Poly::turned(&blue, self.blue_angle));
        let green = Shape::Poly(Poly::turned(&green, self.green_angle));
        let (on_blue, on_green) = blue.closest(&green);
        Some((on_blue - on_green).normalize_or_zero())
    }

    /// How the boxes stand now, by the lab's one rule on their true distance.
    fn gap(&self) -> Gap {
        let (blue, green) = (self.blue(), self.green(&self.motion));
        Gap::of(distance(
            (&blue, self.blue_angle),
            (&green, self.green_angle),
        ))
    }
}

/// The true signed distance between two boxes, in `f64` on the boxes as placed: apart, the
/// least distance of a corner to an edge; overlapping, minus the penetration depth (the least
/// overlap over the four axes).
/// Each box comes with its angle in degrees as stored (see `exact::axis_of`).
fn distance(blue: (&Obb, f32), green: (&Obb, f32)) -> f64 {
    poly_gap(
        &Poly::turned(blue.0, blue.1),
        &Poly::turned(green.0, green.1),
    )
}

/// The widest axis gap in words: within the tolerance it is `touching` (corner to corner,
/// the boxes can still be further apart than that).
fn axis_gap(gap: f64) -> String {
    match Gap::of(gap) {
        Gap::Apart(g) => fine(g),
        _ => "touching".to_owned(),
    }
}

/// The axis worth showing: the separating one, or else the one where the boxes overlap least.
fn shown_axis(gaps: &[f64; 4]) -> usize {
    separating(gaps).unwrap_or_else(|| widest_gap(gaps))
}

/// The widest gap over the four axes.
fn widest(gaps: &[f64; 4]) -> f64 {
    gaps.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}

/// The axis with the widest gap (or, when all overlap, the shallowest overlap).
fn widest_gap(gaps: &[f64; 4]) -> usize {
    (0..4)
        .max_by(|&i, &j| gaps[i].total_cmp(&gaps[j]))
        .unwrap_or(0)
}

/// The shown axis turned to point from the green box to the blue one: the way the blue box
/// would leave.
fn normal(sat: &Sat, axis: usize) -> Vec2 {
    let shown = &sat.axes[axis];
    let green_middle = (shown.b.0 + shown.b.1) / 2.0;
    if green_middle > 0.0 {
        -shown.axis
    } else {
        shown.axis
    }
}

/// The four candidate axes as a numbered compass, the shown one highlighted.
fn compass(picture: &mut Picture, sat: &Sat, shown: usize) {
    for (i, candidate) in sat.axes.iter().enumerate() {
        let ink = if i == shown { Ink::Tested } else { Ink::Guide };
        let tip = COMPASS + candidate.axis * STUB;
        picture.add(
            Figure::Line(Segment::new(COMPASS - candidate.axis * STUB, tip)),
            ink,
        );
        let label = tip + candidate.axis * LABEL_GAP;
        picture.add(Figure::Text(label, (i + 1).to_string()), ink);
    }
}

impl Scene for ObbScene {
    fn shape_names(&self) -> &'static [&'static str] {
        SHAPES
    }

    fn edit(&mut self, which: usize, edit: Edit) -> Result<bool, EditError> {
        let before = (self.blue(), self.green(&Motion::default()));
        let (center, angle, size) = if which == 0 {
            (
                &mut self.blue_center,
                &mut self.blue_angle,
                &mut self.blue_size,
            )
        } else {
            (
                &mut self.green_home,
                &mut self.green_angle,
                &mut self.green_size,
            )
        };
        match edit {
            Edit::MoveBy(offset) => {
                move_by(center, offset);
            }
            Edit::MoveTo(at) => *center = at,
            Edit::TurnBy(delta) => *angle = turned(*angle, delta),
            Edit::AngleTo(to) => *angle = turned(to, 0.0),
            Edit::Size(s) => *size = checked_size(s),
            Edit::Radius(_) => return Err(not_applicable(SHAPES[which.min(1)], edit)),
        }
        Ok(before != (self.blue(), self.green(&Motion::default())))
    }

    fn position(&self, which: usize) -> Vec2 {
        if which == 0 {
            self.blue_center
        } else {
            self.green(&self.motion).center
        }
    }

    fn under(&self, point: Vec2) -> Option<usize> {
        let dot = crate::geom::Disk::new(point, 0.0);
        if dot.intersects(&self.blue()) {
            Some(0)
        } else if dot.intersects(&self.green(&self.motion)) {
            Some(1)
        } else {
            None
        }
    }

    fn hit(&self) -> bool {
        self.gap().hit()
    }

    fn steps(&self) -> Vec<Step> {
        let (blue, green) = (self.blue(), self.green(&self.motion));
        let sat = sat_obb_obb(&blue, &green);
        let angles = (self.blue_angle, self.green_angle);
        obb_steps::steps((&blue, &green), angles, &sat, self.gap(), VIEW)
    }

    fn apply(&mut self, action: Action, _active: usize) -> bool {
        match action {
            Action::ToggleMotion => {
                self.motion.on = !self.motion.on;
                true
            }
            Action::SwitchMotion => {
                self.motion.switch();
                true
            }
            Action::Preset => {
                self.counter_example();
                true
            }
            _ => false,
        }
    }

    fn advance(&mut self, dt: f32) {
        self.motion.advance(dt);
    }

    fn moving(&self) -> bool {
        self.motion.on
    }

    fn picture(&self) -> Picture {
        let (blue, green) = (self.blue(), self.green(&self.motion));
        let sat = sat_obb_obb(&blue, &green);
        let gaps = axis_gaps((&blue, &green), (self.blue_angle, self.green_angle));
        let shown = shown_axis(&gaps);
        let mut picture = Picture::new(VIEW);
        compass(&mut picture, &sat, shown);
        projections(&mut picture, (&blue, &green), &sat, &gaps, shown, VIEW);
        if let Some(t) = self.impact() {
            picture.add(Figure::Obb(self.green(&self.motion.at(t))), Ink::Ghost);
            picture.add(Figure::Obb(blue), Ink::Ghost);
        }
        picture.add(Figure::Obb(green), Ink::Target);
        picture.add(Figure::Obb(blue), Ink::Subject);
        let n = self
            .apart_normal()
            .map_or_else(|| normal(&sat, shown), DVec2::as_vec2);
        picture.add(
            Figure::Arrow(Segment::new(green.center, green.center + n * NORMAL_ARROW)),
            Ink::Normal,
        );
        picture
    }

    fn readout(&self) -> Readout {
        let (blue, green) = (self.blue(), self.green(&self.motion));
        let sat = sat_obb_obb(&blue, &green);
        let gaps = axis_gaps((&blue, &green), (self.blue_angle, self.green_angle));
        let first = separating(&gaps);
        let gap = self.gap();
        let mut readout = Readout::new(Verdict::of(gap.hit()));
        readout.input("test", "OBB × OBB, SAT");
        for (i, gap) in gaps.iter().enumerate() {
            readout.row(
                AXIS_LABELS[i],
                format!("{:<8}{}", AXIS_NAMES[i], gap_words(*gap)),
            );
        }
        let shown = shown_axis(&gaps);
        let separating = match (first, gap) {
            (Some(i), _) => format!("axis {} ({})", i + 1, AXIS_NAMES[i]),
            // No axis gap past the tolerance, yet apart: the corners are (see the steps).
            (None, Gap::Apart(_)) => "none: corner to corner".to_owned(),
            (None, _) => format!("none (axis {} shown)", shown + 1),
        };
        readout.row("sep", separating);
        let widest_axis = widest_gap(&gaps);
        if first.is_some() && widest_axis != shown {
            let gap = fine(gaps[widest_axis]);
            readout.row("widest", format!("axis {}, gap {gap}", widest_axis + 1));
        }
        let turn = |b: &Obb| degrees(b.angle().rem_euclid(std::f32::consts::TAU));
        readout.input("blue", place(blue.center));
        readout.input("green", place(green.center));
        let size = |b: &Obb| format!("{}×{}", num(b.half_size.x * 2.0), num(b.half_size.y * 2.0));
        readout.input("sizes", format!("{}, {}", size(&blue), size(&green)));
        readout.input("angles", format!("{} / {}", turn(&blue), turn(&green)));
        // The page projects every corner from the origin; `sat_obb_obb` measures from the
        // blue centre, so the panel adds the blue centre's projection back.
        let on = &sat.axes[shown];
        let from_origin = blue.center.dot(on.axis);
        let span = |(lo, hi): (f32, f32)| {
            format!("[{}, {}]", num(lo + from_origin), num(hi + from_origin))
        };
        readout.row("proj B", span(on.a));
        readout.row("proj G", span(on.b));
        // The gap on one axis is no distance between the boxes (it is at most that): both are
        // shown, and the verdict is the distance's.
        match gap {
            Gap::Apart(d) => {
                readout.row("dist", fine(d));
                readout.row(
                    "ax gap",
                    format!("{} (<= distance)", axis_gap(widest(&gaps))),
                );
            }
            gap => readout.row("depth", fine(gap.depth())),
        }
        match self.apart_normal() {
            Some(n) => readout.row("normal", format!("{} → blue", wide_vec2(n))),
            None => readout.row("normal", format!("{} → blue", vec2(normal(&sat, shown)))),
        }
        readout.row("toi", time_text(self.motion.on, self.impact()));
        let state = if self.motion.on { "on" } else { "off" };
        readout.input("motion", format!("{state}, {}", self.motion.kind.name()));
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::OBB
    }

    /// The page draws its figures in maths axes, y up.
    fn page_y_up(&self) -> bool {
        true
    }
}
