//! The scenes by name, and what every scene can do.

use std::fmt;
use std::str::FromStr;

use crate::geom::{Contact, Segment, Vec2};

use super::edit::{Edit, EditError};
use super::keys::{Action, Binding, Nudge, Turn};
use super::motion::HORIZON;
use super::picture::{Figure, Ink, Picture, Readout};
use super::steps::Step;

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
    /// Two axis-aligned rectangles and the four edge comparisons (seed 003).
    AabbAabb,
    /// A segment cast against each of the game's shapes: fraction, point, normal.
    Cast,
    /// A box swept past a box, with its time of impact (noonat/intersect's `sweepAABB`).
    Sweep,
    /// The game's shot through a small piece of level, with each bounce's time and normal.
    Shot,
    /// The distance (GJK) or penetration between any two convex shapes.
    Distance,
}

impl SceneId {
    /// Every scene, in order.
    pub const ALL: [SceneId; 10] = [
        SceneId::DiskAabb,
        SceneId::DiskObb,
        SceneId::ObbObb,
        SceneId::DiskTriangle,
        SceneId::Slope,
        SceneId::AabbAabb,
        SceneId::Cast,
        SceneId::Sweep,
        SceneId::Shot,
        SceneId::Distance,
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
            SceneId::AabbAabb => "aabb-aabb",
            SceneId::Cast => "cast",
            SceneId::Sweep => "sweep",
            SceneId::Shot => "shot",
            SceneId::Distance => "distance",
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
            SceneId::AabbAabb => 5,
            SceneId::Cast => 6,
            SceneId::Sweep => 7,
            SceneId::Shot => 8,
            SceneId::Distance => 9,
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
#[error(
    "no scene called {0:?}; the scenes are disk-aabb, disk-obb, obb-obb, disk-triangle, slope, \
     aabb-aabb, cast, sweep, shot, distance"
)]
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

/// What every scene does: take the actions that are its own, move with time, edit its shapes,
/// and describe itself for the screen.
pub(crate) trait Scene {
    /// The names of the shapes the keys, the prompt and the mouse can change, in the order
    /// `a` cycles through them.
    fn shape_names(&self) -> &'static [&'static str];
    /// Changes shape `which`; says whether anything changed, or why the edit does not apply.
    fn edit(&mut self, which: usize, edit: Edit) -> Result<bool, EditError>;
    /// Where shape `which` is (its centre, or its home when it moves on its own).
    fn position(&self, which: usize) -> Vec2;
    /// The topmost shape containing the point, if any.
    fn under(&self, point: Vec2) -> Option<usize>;
    /// Whether the shapes intersect now (the verdict).
    fn hit(&self) -> bool;
    /// The algorithm's steps for the shapes as they are now.
    fn steps(&self) -> Vec<Step>;
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
    /// Whether the scene's page draws y up (the maths pages) rather than down (the game
    /// pages, and the screen).
    fn page_y_up(&self) -> bool {
        false
    }
    /// An action that is an edit of one shape (so that it meets the same limits, and the same
    /// messages, as the prompt): which shape, and the edit.
    fn action_edit(&self, _action: Action) -> Option<(usize, Edit)> {
        None
    }
}

/// A full step of the moved shape, in world units: a few braille dots at 80 columns.
pub(crate) const STEP: f32 = 0.5;

/// A small step (Shift with the movement keys), in world units.
pub(crate) const FINE_STEP: f32 = 0.1;

/// One press of a turning key, in degrees; a divisor of 90 so that the axis-aligned angles are
/// reached exactly.
pub(crate) const TURN_DEGREES: f32 = 5.0;

/// How far a nudge moves, in world units.
pub(crate) fn nudge_offset(nudge: Nudge) -> Vec2 {
    let step = if nudge.fine { FINE_STEP } else { STEP };
    Vec2::new(f32::from(nudge.dx), f32::from(nudge.dy)) * step
}

/// The signed change of an angle in degrees for one press: positive angles turn clockwise on
/// screen, so `Turn::Left` (counter-clockwise) is negative.
pub(crate) fn turn_degrees(turn: Turn) -> f32 {
    match turn {
        Turn::Left => -TURN_DEGREES,
        Turn::Right => TURN_DEGREES,
    }
}

/// Adds `delta` degrees to an angle kept in `0..360`.
pub(crate) fn turned(angle: f32, delta: f32) -> f32 {
    (angle + delta).rem_euclid(360.0)
}

/// Moves `point` by `offset`; whether it moved. Keys move shapes freely: the lab checks
/// every position against [`super::MAX_COORD`], as the prompt does, and the view follows.
pub(crate) fn move_by(point: &mut Vec2, offset: Vec2) -> bool {
    let moved = *point + offset;
    let changed = moved != *point;
    *point = moved;
    changed
}

/// The panel text for a time of impact found by looking ahead.
pub(crate) fn time_text(moving: bool, time: Option<f32>) -> String {
    match (moving, time) {
        (false, _) => "— (nothing moves)".to_owned(),
        (true, Some(0.0)) => "now".to_owned(),
        (true, Some(t)) => format!("in {t:.4} s"),
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
