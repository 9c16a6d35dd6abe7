//! The window onto each scene: panned and zoomed per scene. A shape moved off the window
//! (by the keys, the prompt or the mouse) pans it to follow; `}` and `{` zoom in and out by
//! [`ZOOM_STEP`] within [`MAX_ZOOM`] steps either way; `0` goes back to the scene's own
//! window; the arrow keys pan by [`PAN_FRACTION`] of the window's half size. At the scene's own zoom or wider, the window also grows to fit every shape, so
//! nothing is hidden; zoomed in, what lies outside is off screen until `0`.

use crate::geom::Vec2;

use super::Lab;
use super::picture::ViewBox;

/// How much one press of `}` or `{` zooms.
pub const ZOOM_STEP: f32 = 1.25;

/// The most zoom steps in or out from the scene's own window.
pub const MAX_ZOOM: i32 = 8;

/// How far inside the window's edge a followed shape's centre is kept, as a fraction of the
/// window's half size.
const FOLLOW_MARGIN: f32 = 0.2;

/// How far one press of an arrow key pans, as a fraction of the window's half size.
pub const PAN_FRACTION: f32 = 0.5;

/// A scene's pan and zoom.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Camera {
    /// How far the window's centre is moved from the scene's own.
    pub pan: Vec2,
    /// Zoom steps: positive in, negative out.
    pub zoom: i32,
}

impl Camera {
    /// The window onto `own`, the scene's own window, through this camera.
    pub(crate) fn view(self, own: ViewBox) -> ViewBox {
        ViewBox {
            center: own.center + self.pan,
            half: own.half / ZOOM_STEP.powi(self.zoom),
        }
    }

    /// Whether the window also grows to fit every shape.
    pub(crate) fn fits(self) -> bool {
        self.zoom <= 0
    }
}

impl Lab {
    /// The scene's camera.
    pub(crate) fn camera(&self) -> Camera {
        self.cameras[self.index()]
    }

    /// Pans the window, if need be, so that shape `which`'s centre stays inside it.
    pub(crate) fn follow(&mut self, which: usize) {
        let view = self.camera().view(self.scene().picture().view);
        let inner = view.half * (1.0 - FOLLOW_MARGIN);
        let offset = self.scene().position(which) - view.center;
        let outside = offset - offset.clamp(-inner, inner);
        if outside.is_finite() {
            self.cameras[self.index()].pan += outside;
        }
    }

    /// Pans the window by a quarter of its size, `(dx, dy)` as seen on screen.
    pub(crate) fn pan(&mut self, dx: i8, dy: i8) {
        let view = self.camera().view(self.scene().picture().view);
        let down = if self.y_up() { -1.0 } else { 1.0 };
        let step = Vec2::new(f32::from(dx), f32::from(dy) * down) * view.half * PAN_FRACTION;
        self.cameras[self.index()].pan += step;
    }

    /// Zooms in (`true`) or out by one step; at the limit, says so and changes nothing.
    pub(crate) fn zoom(&mut self, zoom_in: bool) {
        let camera = &mut self.cameras[self.current.number() - 1];
        let next = camera.zoom + if zoom_in { 1 } else { -1 };
        if next.abs() > MAX_ZOOM {
            self.message = Some(format!("zoom is at most {MAX_ZOOM} steps in or out"));
        } else {
            camera.zoom = next;
        }
    }
}
