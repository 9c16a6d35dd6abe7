//! The five scenes by name, and what every scene can do.

use std::fmt;
use std::str::FromStr;

use crate::geom::{Contact, Segment, Vec2};

use super::keys::{Action, Binding, Nudge, Turn};
use super::motion::HORIZON;
use super::picture::{Figure, Ink, Picture, Readout, ViewBox};

/// One of the lab's scenes, in the order Tab and the digit keys use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SceneId {
    /// A disk against a rectangle that starts axis-aligned (seed §2-20, first demo).
    DiskAabb,
    /// A disk against a rectangle that starts turned (seed §2-20, second demo).
    DiskObb,
    /// Two turned rectangles and the separating axis test (seed §2-21).
    ObbObb,
    /// A disk against a triangle and the 7-region code (seed §2-23).
    DiskTriangle,
    /// A ball bouncing off angled walls (seed 004).
    Slope,
}

impl SceneId {
    /// Every scene, in order.
    pub const ALL: [SceneId; 5] = [
        SceneId::DiskAabb,
        SceneId::DiskObb,
        SceneId::ObbObb,
        SceneId::DiskTriangle,
        SceneId::Slope,
    ];

    /// The name used on the command line and in the panel title.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SceneId::DiskAabb => "disk-aabb",
            SceneId::DiskObb => "disk-obb",
            SceneId::ObbObb => "obb-obb",
            SceneId::DiskTriangle => "disk-triangle",
            SceneId::Slope => "slope",
        }
    }

    /// The scene's position in [`SceneId::ALL`], counting from 1 as the digit keys do.
    #[must_use]
    pub fn number(self) -> usize {
        self.index() + 1
    }

    /// The scene after this one, wrapping around.
    #[must_use]
    pub fn next(self) -> Self {
        Self::ALL[(self.index() + 1) % Self::ALL.len()]
    }

    /// The scene before this one, wrapping around.
    #[must_use]
    pub fn prev(self) -> Self {
        Self::ALL[(self.index() + Self::ALL.len() - 1) % Self::ALL.len()]
    }

    fn index(self) -> usize {
        match self {
            SceneId::DiskAabb => 0,
            SceneId::DiskObb => 1,
            SceneId::ObbObb => 2,
            SceneId::DiskTriangle => 3,
            SceneId::Slope => 4,
        }
    }
}

impl fmt::Display for SceneId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A scene name that is not one of the lab's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no scene called {0:?}; the scenes are disk-aabb, disk-obb, obb-obb, disk-triangle, slope")]
pub struct UnknownScene(pub String);

impl FromStr for SceneId {
    type Err = UnknownScene;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|scene| scene.name() == name)
            .ok_or_else(|| UnknownScene(name.to_owned()))
    }
}

/// What every scene does: take the actions that are its own, move with time, and describe
/// itself for the screen.
pub(crate) trait Scene {
    /// Applies a scene action; says whether anything changed.
    fn apply(&mut self, action: Action) -> bool;
    /// Moves whatever moves by `dt` seconds of scene time.
    fn advance(&mut self, dt: f32);
    /// Whether anything moves on its own.
    fn moving(&self) -> bool;
    /// The shapes as tested, and the guides around them.
    fn picture(&self) -> Picture;
    /// The verdict and the numbers behind it.
    fn readout(&self) -> Readout;
    /// The scene's own keys.
    fn bindings(&self) -> &'static [Binding];
}

/// A full step of the moved shape, in world units: a few braille dots at 80 columns.
pub(crate) const STEP: f32 = 0.5;

/// A small step (Shift with the movement keys), in world units.
pub(crate) const FINE_STEP: f32 = 0.1;

/// One press of a turning key, in degrees; a divisor of 90 so that the axis-aligned angles are
/// reached exactly.
pub(crate) const TURN_DEGREES: i32 = 5;

/// How far a nudge moves, in world units.
pub(crate) fn nudge_offset(nudge: Nudge) -> Vec2 {
    let step = if nudge.fine { FINE_STEP } else { STEP };
    Vec2::new(f32::from(nudge.dx), f32::from(nudge.dy)) * step
}

/// The signed change of an angle in degrees for one press: positive angles turn clockwise on
/// screen, so `Turn::Left` (counter-clockwise) is negative.
pub(crate) fn turn_degrees(turn: Turn) -> i32 {
    match turn {
        Turn::Left => -TURN_DEGREES,
        Turn::Right => TURN_DEGREES,
    }
}

/// Adds `delta` degrees to an angle kept in `0..360`.
pub(crate) fn turned(angle: i32, delta: i32) -> i32 {
    (angle + delta).rem_euclid(360)
}

/// Keeps a point inside a window, so that a shape cannot be moved out of sight.
pub(crate) fn clamp_to(view: ViewBox, point: Vec2) -> Vec2 {
    point.clamp(view.center - view.half, view.center + view.half)
}

/// Moves `point` by one nudge, kept inside `view`; whether it moved.
pub(crate) fn nudge_within(view: ViewBox, point: &mut Vec2, nudge: Nudge) -> bool {
    let moved = clamp_to(view, *point + nudge_offset(nudge));
    let changed = moved != *point;
    *point = moved;
    changed
}

/// The panel text for a time of impact found by looking ahead.
pub(crate) fn time_text(moving: bool, time: Option<f32>) -> String {
    match (moving, time) {
        (false, _) => "— (nothing moves)".to_owned(),
        (true, Some(0.0)) => "now".to_owned(),
        (true, Some(t)) => format!("in {t:.2} s"),
        (true, None) => format!("none within {HORIZON:.0} s"),
    }
}

/// The closest point, the contact normal as an arrow from it, and a guide from it to the
/// disk's centre.
pub(crate) fn contact_marks(picture: &mut Picture, contact: &Contact, disk_center: Vec2) {
    picture.add(
        Figure::Line(Segment::new(contact.point, disk_center)),
        Ink::Guide,
    );
    picture.add(
        Figure::Arrow(Segment::new(
            contact.point,
            contact.point + contact.normal * NORMAL_ARROW,
        )),
        Ink::Normal,
    );
    picture.add(Figure::Dot(contact.point), Ink::Normal);
}

/// The length of a drawn normal, in world units.
const NORMAL_ARROW: f32 = 2.0;
