//! The reasoning behind a verdict, one step at a time, as the seed pages walk through it.
//!
//! A scene lists its [`Step`]s for the shapes as they are now; `e` shows them, `]` and `[` go
//! through them. Each step has a title, a few lines of numbers, and figures drawn over the
//! scene (or instead of it, for a step that shows the shapes in another frame).

use crate::geom::{Obb, Segment, Vec2};

use super::picture::{Figure, Ink, Mark};

/// One step of an algorithm.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// What the step does, in a few words.
    pub title: String,
    /// The numbers of the step, one short line each.
    pub lines: Vec<String>,
    /// What the step adds to the picture.
    pub marks: Vec<Mark>,
    /// Whether the marks replace the scene's picture (a step drawn in another frame).
    pub replace: bool,
    /// Whether the scene's own guides are hidden, leaving its shapes and the step's marks.
    pub alone: bool,
    /// Whether this step decided the verdict.
    pub decides: bool,
}

impl Step {
    /// A step with a title and nothing else yet.
    #[must_use]
    pub fn new(title: impl Into<String>) -> Self {
        Self {
            title: title.into(),
            lines: Vec::new(),
            marks: Vec::new(),
            replace: false,
            alone: false,
            decides: false,
        }
    }

    /// Adds a line of text.
    pub fn line(&mut self, text: impl Into<String>) {
        self.lines.push(text.into());
    }

    /// Adds a figure.
    pub fn add(&mut self, figure: Figure, ink: Ink) {
        self.marks.push(Mark::new(figure, ink));
    }

    /// Hides the scene's own guides while this step is shown.
    #[must_use]
    pub fn alone(mut self) -> Self {
        self.alone = true;
        self
    }

    /// Marks this step as the one that decided.
    #[must_use]
    pub fn deciding(mut self, decides: bool) -> Self {
        self.decides = decides;
        self
    }
}

/// The outline of the box `|x| <= half` of a frame with centre `center` and unit axes `u`,
/// `v`, offset by `offset` in that frame: a box drawn in another shape's frame.
pub(crate) fn frame_box(center: Vec2, axes: [Vec2; 2], lo: Vec2, hi: Vec2) -> Figure {
    let [u, v] = axes;
    let mid = (lo + hi) / 2.0;
    let size = hi - lo;
    Figure::Obb(Obb::new(
        center + u * mid.x + v * mid.y,
        size,
        u.y.atan2(u.x),
    ))
}

/// A point given in a frame, in world coordinates.
pub(crate) fn frame_point(center: Vec2, axes: [Vec2; 2], local: Vec2) -> Vec2 {
    center + axes[0] * local.x + axes[1] * local.y
}

/// An arrow along one of a frame's axes, `length` long, from its centre.
pub(crate) fn axis_arrow(center: Vec2, axis: Vec2, length: f32) -> Figure {
    Figure::Arrow(Segment::new(center, center + axis * length))
}
