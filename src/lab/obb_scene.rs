//! Two turned 6×2 rectangles and the separating axis theorem (seed §2-21): the four candidate
//! axes are drawn as a numbered compass in a corner, and the shown axis — the separating one,
//! or when the boxes overlap the one where they overlap least — is drawn again beside the
//! boxes with both projection intervals on it, and the separating line across the gap.

use crate::geom::{Intersects, Obb, Sat, SatAxis, Segment, Vec2, sat_obb_obb};

use super::format::{degrees, num, vec2};
use super::keys::{self, Action, Binding};
use super::motion::Motion;
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, nudge_within, time_text, turn_degrees, turned};

/// Where the blue box starts: left of the green one, on its centre line, off the step grid.
const BLUE_START: Vec2 = Vec2::new(-10.25, 0.0);

/// The green box's starting angle in degrees: turned, so that the four axes differ.
const GREEN_ANGLE: i32 = 30;

/// Both boxes' width and height, as in the seed.
const BOX_SIZE: Vec2 = Vec2::new(6.0, 2.0);

/// Where the four candidate axes are drawn as a small compass.
const COMPASS: Vec2 = Vec2::new(-11.5, -6.0);

/// How far each axis of the compass is drawn either side of its middle.
const STUB: f32 = 1.8;

/// How far the shown axis is drawn clear of the boxes' corners.
const AXIS_CLEARANCE: f32 = 1.5;

/// How far the shown axis is drawn past the ends of the two intervals.
const AXIS_MARGIN: f32 = 1.5;

/// How far past its end each axis's number is written.
const LABEL_GAP: f32 = 0.8;

/// How far the two intervals are drawn either side of their axis, so both stay visible.
const SPAN_OFFSET: f32 = 0.5;

/// The length of the drawn normal.
const NORMAL_ARROW: f32 = 2.5;

/// The part of the world on screen.
const VIEW: ViewBox = ViewBox {
    center: Vec2::new(-2.0, 2.0),
    half: Vec2::new(12.0, 7.0),
};

/// The names of the four candidate axes, in the order `sat_obb_obb` gives them.
const AXIS_NAMES: [&str; 4] = ["blue x", "blue y", "green x", "green y"];

/// The panel labels of the four axis rows.
const AXIS_LABELS: [&str; 4] = ["axis 1", "axis 2", "axis 3", "axis 4"];

/// The scene's state: the blue box the keys move, and the green box with its motion.
#[derive(Debug, Clone)]
pub(crate) struct ObbScene {
    blue_center: Vec2,
    blue_angle: i32,
    green_home: Vec2,
    green_angle: i32,
    motion: Motion,
}

impl ObbScene {
    /// The starting state.
    pub(crate) fn new() -> Self {
        Self {
            blue_center: BLUE_START,
            blue_angle: 0,
            green_home: Vec2::ZERO,
            green_angle: GREEN_ANGLE,
            motion: Motion::default(),
        }
    }

    fn blue(&self) -> Obb {
        Obb::new(
            self.blue_center,
            BOX_SIZE,
            (self.blue_angle as f32).to_radians(),
        )
    }

    fn green(&self, motion: &Motion) -> Obb {
        let (center, angle) = motion.pose(self.green_home, (self.green_angle as f32).to_radians());
        Obb::new(center, BOX_SIZE, angle)
    }

    fn hit(&self, motion: &Motion) -> bool {
        self.blue().intersects(&self.green(motion))
    }
}

/// The axis worth showing: the separating one, or else the one where the boxes overlap least.
fn shown_axis(sat: &Sat) -> usize {
    sat.separating.unwrap_or_else(|| {
        (0..4)
            .max_by(|&i, &j| sat.axes[i].gap().total_cmp(&sat.axes[j].gap()))
            .unwrap_or(0)
    })
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

/// A point of the line the shown axis is drawn on: beside both boxes, below them (or left of
/// them when the axis is vertical), clear of their corners.
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

/// The shown axis beside the boxes with both projection intervals on it, and the separating
/// line across the gap when there is one.
fn projections(picture: &mut Picture, blue: &Obb, green: &Obb, sat: &Sat, shown: usize) {
    let SatAxis { axis, a, b } = sat.axes[shown];
    let origin = axis_origin(blue, green, axis);
    let at = |s: f32| origin + axis * (s - (origin - blue.center).dot(axis));
    let tip = at(a.1.max(b.1)) + axis * AXIS_MARGIN;
    picture.add(
        Figure::Line(Segment::new(at(a.0.min(b.0)) - axis * AXIS_MARGIN, tip)),
        Ink::Tested,
    );
    picture.add(
        Figure::Text(tip + axis * LABEL_GAP, (shown + 1).to_string()),
        Ink::Tested,
    );
    let side = axis.perp() * SPAN_OFFSET;
    let span = |(lo, hi): (f32, f32), offset: Vec2| {
        Figure::Line(Segment::new(at(lo) + offset, at(hi) + offset))
    };
    picture.add(span(a, side), Ink::SubjectSpan);
    picture.add(span(b, -side), Ink::TargetSpan);
    if sat.separating.is_some() {
        let middle = if b.0 > a.1 {
            (a.1 + b.0) / 2.0
        } else {
            (b.1 + a.0) / 2.0
        };
        let through = blue.center + axis * middle;
        let along = axis.perp() * (VIEW.half.x + VIEW.half.y);
        picture.add(
            Figure::Line(Segment::new(through - along, through + along)),
            Ink::Mark,
        );
    }
}

impl Scene for ObbScene {
    fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::Move(nudge) => nudge_within(VIEW, &mut self.blue_center, nudge),
            Action::Rotate(turn) => {
                self.blue_angle = turned(self.blue_angle, turn_degrees(turn));
                true
            }
            Action::RotateGreen(turn) => {
                self.green_angle = turned(self.green_angle, turn_degrees(turn));
                true
            }
            Action::ToggleMotion => {
                self.motion.on = !self.motion.on;
                true
            }
            Action::SwitchMotion => {
                self.motion.switch();
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
        let shown = shown_axis(&sat);
        let mut picture = Picture::new(VIEW);
        compass(&mut picture, &sat, shown);
        projections(&mut picture, &blue, &green, &sat, shown);
        picture.add(Figure::Obb(green), Ink::Target);
        picture.add(Figure::Obb(blue), Ink::Subject);
        let n = normal(&sat, shown);
        picture.add(
            Figure::Arrow(Segment::new(green.center, green.center + n * NORMAL_ARROW)),
            Ink::Normal,
        );
        picture
    }

    fn readout(&self) -> Readout {
        let (blue, green) = (self.blue(), self.green(&self.motion));
        let sat = sat_obb_obb(&blue, &green);
        let hit = blue.intersects(&green);
        let mut readout = Readout::new(Verdict::of(hit));
        readout.row("test", "OBB × OBB, SAT");
        for (i, axis) in sat.axes.iter().enumerate() {
            let gap = axis.gap();
            let what = if gap > 0.0 { "gap" } else { "overlap" };
            readout.row(
                AXIS_LABELS[i],
                format!("{:<8}{what} {}", AXIS_NAMES[i], num(gap.abs())),
            );
        }
        let shown = shown_axis(&sat);
        let separating = match sat.separating {
            Some(i) => format!("axis {} ({})", i + 1, AXIS_NAMES[i]),
            None => format!("none (axis {} shown)", shown + 1),
        };
        readout.row("sep", separating);
        let on = &sat.axes[shown];
        readout.row("blue", format!("[{}, {}]", num(on.a.0), num(on.a.1)));
        readout.row("green", format!("[{}, {}]", num(on.b.0), num(on.b.1)));
        if sat.separating.is_some() {
            readout.row("gap", num(on.gap()));
        } else {
            readout.row("depth", num(-on.gap()));
        }
        readout.row("normal", vec2(normal(&sat, shown)));
        readout.row(
            "angles",
            format!(
                "{} / {}",
                degrees(blue.angle().rem_euclid(std::f32::consts::TAU)),
                degrees(green.angle().rem_euclid(std::f32::consts::TAU))
            ),
        );
        let time = self.motion.time_to(|m| self.hit(m));
        readout.row("toi", time_text(self.motion.on, time));
        let state = if self.motion.on { "on" } else { "off" };
        readout.row("motion", format!("{state}, {}", self.motion.kind.name()));
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::OBB
    }
}
