//! What every scene can do (the scenes themselves are listed in the `registry`).

use std::fmt;

use crate::geom::{Contact, Segment, Vec2};

use super::edit::{Edit, EditError};
use super::keys::{Action, Binding, Nudge, Turn};
use super::motion::HORIZON;
use super::picture::{Figure, Ink, Picture, Readout};
use super::steps::Step;

/// What every scene does: take the actions that are its own, move with time, edit its shapes,
/// and describe itself for the screen.
pub(crate) trait Scene: fmt::Debug + CloneScene {
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
    /// Applies a scene action, with shape `active` the one the keys change; says whether
    /// anything changed.
    fn apply(&mut self, action: Action, active: usize) -> bool;
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

/// A copy of a scene behind a `Box`, for the lab's `Clone` and for trial moves (`z`).
pub(crate) trait CloneScene {
    /// The scene, copied.
    fn clone_scene(&self) -> Box<dyn Scene>;
}

impl<T: Scene + Clone + 'static> CloneScene for T {
    fn clone_scene(&self) -> Box<dyn Scene> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Scene> {
    fn clone(&self) -> Self {
        self.clone_scene()
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
