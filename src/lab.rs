//! The collision lab: five scenes that replay the seed pages' demos and show the numbers behind
//! every verdict.
//!
//! This module is pure state, like `game`: keys come in as [`Key`], time as fixed ticks of
//! [`TICK`] seconds, and each scene describes what to draw as a [`Picture`] and what to print
//! as a [`Readout`]. Both are computed with the same `geom` functions the game uses; nothing
//! here tests shapes on its own. The terminal side is `tui::lab_view`.
//!
//! Coordinates are `geom`'s: world units, y grows downward (as on screen), and a positive
//! angle turns +x towards +y, which is clockwise on screen. Every scene starts with its two
//! shapes apart on the line y = 0, the one the keys move on the left.

mod format;
mod keys;
mod motion;
mod obb_scene;
mod picture;
mod rect_scene;
mod scene;
mod slope_scene;
mod triangle_scene;

pub use keys::{Action, Binding, Key, Nudge, Turn};
pub use motion::{Motion, MotionKind};
pub use picture::{Figure, Ink, Mark, Picture, Readout, Row, Verdict, ViewBox};
pub use scene::{SceneId, UnknownScene};

use obb_scene::ObbScene;
use rect_scene::RectScene;
use scene::Scene;
use slope_scene::SlopeScene;
use triangle_scene::TriangleScene;

/// The length of one simulation tick at normal speed, in seconds (the game's 60 Hz).
pub const TICK: f32 = 1.0 / 60.0;

/// The speed factors that `+` and `-` step through.
pub const SPEEDS: [f32; 7] = [0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0];

/// Where [`SPEEDS`] starts: normal speed.
const NORMAL_SPEED: usize = 3;

/// What a key press did, as far as the front end needs to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Something visible changed: draw a new frame.
    Redraw,
    /// The key meant nothing here, or changed nothing.
    Unchanged,
    /// The user asked to leave the lab.
    Quit,
}

/// The whole lab: every scene's state, which one is shown, and the shared clock controls.
///
/// Each scene keeps its state while another one is shown, so switching back finds it as it was
/// left.
#[derive(Debug, Clone)]
pub struct Lab {
    current: SceneId,
    disk_aabb: RectScene,
    disk_obb: RectScene,
    obb_obb: ObbScene,
    disk_triangle: TriangleScene,
    slope: SlopeScene,
    paused: bool,
    speed: usize,
    help: bool,
}

impl Lab {
    /// A lab showing `scene`, every scene in its starting state, running at normal speed.
    #[must_use]
    pub fn new(scene: SceneId) -> Self {
        Self {
            current: scene,
            disk_aabb: RectScene::new(SceneId::DiskAabb),
            disk_obb: RectScene::new(SceneId::DiskObb),
            obb_obb: ObbScene::new(),
            disk_triangle: TriangleScene::new(),
            slope: SlopeScene::new(),
            paused: false,
            speed: NORMAL_SPEED,
            help: false,
        }
    }

    /// The scene on screen.
    #[must_use]
    pub fn scene_id(&self) -> SceneId {
        self.current
    }

    /// Whether time is stopped by `p` (or by a single step).
    #[must_use]
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// The current speed factor, one of [`SPEEDS`].
    #[must_use]
    pub fn speed(&self) -> f32 {
        SPEEDS[self.speed]
    }

    /// Whether the key help is shown over the scene.
    #[must_use]
    pub fn help_open(&self) -> bool {
        self.help
    }

    /// Whether ticks change anything now: something in the scene moves and time is not paused.
    /// The front end only wakes up at the tick rate while this is true.
    #[must_use]
    pub fn animating(&self) -> bool {
        !self.paused && self.scene().moving()
    }

    /// What the scene shows: the shapes exactly as they are tested, and the guides around them.
    #[must_use]
    pub fn picture(&self) -> Picture {
        self.scene().picture()
    }

    /// The scene's verdict and the numbers behind it.
    #[must_use]
    pub fn readout(&self) -> Readout {
        self.scene().readout()
    }

    /// The key bindings of the scene on screen, its own first, then the ones every scene shares.
    #[must_use]
    pub fn bindings(&self) -> [&'static [Binding]; 2] {
        [self.scene().bindings(), keys::COMMON]
    }

    /// Handles one key press.
    pub fn press(&mut self, key: Key) -> Outcome {
        if key == Key::CtrlC {
            return Outcome::Quit;
        }
        if key == Key::Esc && self.help {
            self.help = false;
            return Outcome::Redraw;
        }
        match keys::lookup(self.bindings(), key) {
            Some(action) => self.act(action),
            None => Outcome::Unchanged,
        }
    }

    /// Advances the scene on screen by one tick, scaled by the speed, unless time is paused.
    pub fn tick(&mut self) {
        if self.animating() {
            let dt = TICK * self.speed();
            self.scene_mut().advance(dt);
        }
    }

    fn act(&mut self, action: Action) -> Outcome {
        match action {
            Action::Quit => return Outcome::Quit,
            Action::Help => self.help = !self.help,
            Action::NextScene => self.current = self.current.next(),
            Action::PrevScene => self.current = self.current.prev(),
            Action::Show(scene) if scene == self.current => return Outcome::Unchanged,
            Action::Show(scene) => self.current = scene,
            Action::Pause => self.paused = !self.paused,
            Action::Step => {
                self.paused = true;
                let dt = TICK * self.speed();
                self.scene_mut().advance(dt);
            }
            Action::Faster if self.speed + 1 < SPEEDS.len() => self.speed += 1,
            Action::Slower if self.speed > 0 => self.speed -= 1,
            Action::Faster | Action::Slower => return Outcome::Unchanged,
            Action::Reset => self.reset_scene(),
            other => {
                return if self.scene_mut().apply(other) {
                    Outcome::Redraw
                } else {
                    Outcome::Unchanged
                };
            }
        }
        Outcome::Redraw
    }

    fn reset_scene(&mut self) {
        match self.current {
            SceneId::DiskAabb | SceneId::DiskObb => {
                *self.rect_mut() = RectScene::new(self.current);
            }
            SceneId::ObbObb => self.obb_obb = ObbScene::new(),
            SceneId::DiskTriangle => self.disk_triangle = TriangleScene::new(),
            SceneId::Slope => self.slope = SlopeScene::new(),
        }
    }

    fn rect_mut(&mut self) -> &mut RectScene {
        if self.current == SceneId::DiskAabb {
            &mut self.disk_aabb
        } else {
            &mut self.disk_obb
        }
    }

    fn scene(&self) -> &dyn Scene {
        match self.current {
            SceneId::DiskAabb => &self.disk_aabb,
            SceneId::DiskObb => &self.disk_obb,
            SceneId::ObbObb => &self.obb_obb,
            SceneId::DiskTriangle => &self.disk_triangle,
            SceneId::Slope => &self.slope,
        }
    }

    fn scene_mut(&mut self) -> &mut dyn Scene {
        match self.current {
            SceneId::DiskAabb => &mut self.disk_aabb,
            SceneId::DiskObb => &mut self.disk_obb,
            SceneId::ObbObb => &mut self.obb_obb,
            SceneId::DiskTriangle => &mut self.disk_triangle,
            SceneId::Slope => &mut self.slope,
        }
    }
}
