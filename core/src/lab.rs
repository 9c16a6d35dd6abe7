//! The collision lab: its scenes (listed in [`SceneId::ALL`]) replay the seed pages' demos,
//! cast a segment and sweep a box at the game's shapes, and fly the game's own shot; each
//! shows the numbers behind every verdict and walks through its test step by step.
//!
//! This module is pure state, like `game`: keys come in as [`Key`], pointer gestures as
//! [`Pointer`] in world coordinates, time as fixed ticks of [`TICK`] seconds, and each scene
//! describes what to draw as a [`Picture`] and what to print as a [`Readout`]. Both are
//! computed with the same `geom` functions the game uses; nothing here tests shapes on its
//! own. The terminal side is `tui::lab_view`.
//!
//! Coordinates are `geom`'s: world units, and a positive angle turns +x towards +y. Each
//! scene is drawn the way its page draws it: y up for the maths pages (disk × box, two turned
//! boxes, disk × triangle), so a positive angle turns counter-clockwise on screen; y down, as
//! on screen, for the game pages (the slope, two AABBs, the segment cast, the swept box, the
//! shot). `v` flips y in any scene; keys, the wheel and the turning keys always act as seen on
//! screen. Every scene but the shot starts with its two shapes apart on the line y = 0, the
//! one the keys move on the left (the shot starts aimed at a slope it bounces off). Touching
//! counts as a hit, as everywhere in `geom`; where a seed's own code counts it as a miss, the
//! scene says so. Every scene decides "touching" by one tolerance, [`TOUCH_TOLERANCE`]: its
//! verdict, every value it prints and its words all follow it (see the `touch` module), worked
//! out in `f64` on the values as placed (see the `exact` module). A cast or sweep hits where it
//! first comes within the tolerance, and the fraction or time it shows is that point's; one
//! that starts touching and moves away is no hit (as noonat's `sweepAABB`), and the `?` help
//! says so.

mod aabb_scene;
mod camera;
mod cast_scene;
mod distance_scene;
mod edit;
mod exact;
mod format;
mod input;
mod keys;
mod motion;
mod obb_scene;
mod obb_steps;
mod picture;
mod rect_scene;
mod rect_steps;
mod registry;
mod scene;
mod shot_scene;
mod slope_place;
mod slope_scene;
mod slope_steps;
mod slope_world;
mod snap;
mod steps;
mod sweep_scene;
mod toi;
mod touch;
mod triangle_scene;
mod triangle_steps;

pub use camera::{MAX_ZOOM, PAN_FRACTION, ZOOM_STEP};
pub use edit::{Edit, EditError, MAX_COORD, MAX_PROMPT, SIZE_RANGE};
pub use keys::{Action, Binding, Key, Nudge, Turn};
pub use motion::{HORIZON, Motion, MotionKind};
pub use picture::{Figure, Ink, Mark, Picture, Readout, Row, Verdict, ViewBox};
pub use registry::{SceneId, UnknownScene};
pub use steps::Step;
pub use toi::{TOLERANCE, first_time};
pub use touch::{TOUCH_TOLERANCE, TOUCH_TOLERANCE_TEXT};

use scene::{Scene, nudge_offset, turn_degrees};

/// The length of one simulation tick at normal speed, in seconds (the game's 60 Hz).
pub const TICK: f32 = 1.0 / 60.0;

/// The speed factors that `+` and `-` step through.
pub const SPEEDS: [f32; 7] = [0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0];

/// Where [`SPEEDS`] starts: normal speed.
const NORMAL_SPEED: usize = 3;

/// How many degrees one turn of the mouse wheel turns a shape.
pub const WHEEL_DEGREES: f32 = 5.0;

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

/// A pointer gesture, already placed in world coordinates by the front end.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pointer {
    /// The button went down here.
    Press(Vec2),
    /// The pointer moved here with the button down.
    Drag(Vec2),
    /// The button came up.
    Release,
    /// The wheel turned here: `true` away from the user (turns counter-clockwise).
    Wheel(Vec2, bool),
}

/// The whole lab: every scene's state, which one is shown, and the shared controls.
///
/// Each scene keeps its state while another one is shown, so switching back finds it as it was
/// left.
#[derive(Debug, Clone)]
pub struct Lab {
    current: SceneId,
    scenes: Vec<Box<dyn Scene>>,
    paused: bool,
    speed: usize,
    help: bool,
    active: [usize; SceneId::ALL.len()],
    last_move: [Vec2; SceneId::ALL.len()],
    flipped: [bool; SceneId::ALL.len()],
    cameras: [camera::Camera; SceneId::ALL.len()],
    explain: bool,
    step: usize,
    prompt: Option<String>,
    message: Option<String>,
    drag: Option<(usize, Vec2)>,
}

use crate::geom::Vec2;

impl Lab {
    /// A lab showing `scene`, every scene in its starting state, running at normal speed.
    #[must_use]
    pub fn new(scene: SceneId) -> Self {
        Self {
            current: scene,
            scenes: SceneId::ALL.into_iter().map(SceneId::make).collect(),
            paused: false,
            speed: NORMAL_SPEED,
            help: false,
            active: [0; SceneId::ALL.len()],
            last_move: [Vec2::X; SceneId::ALL.len()],
            flipped: [false; SceneId::ALL.len()],
            cameras: [camera::Camera::default(); SceneId::ALL.len()],
            explain: false,
            step: 0,
            prompt: None,
            message: None,
            drag: None,
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

    /// The name of the shape the keys change.
    #[must_use]
    pub fn active_name(&self) -> &'static str {
        let names = self.scene().shape_names();
        names[self.active[self.index()].min(names.len() - 1)]
    }

    /// The names of the shapes the keys change, in the order `a` cycles through them.
    #[must_use]
    pub fn shape_names(&self) -> &'static [&'static str] {
        self.scene().shape_names()
    }

    /// The text typed at the `:` prompt, while it is open.
    #[must_use]
    pub fn prompt(&self) -> Option<&str> {
        self.prompt.as_deref()
    }

    /// The answer to the last prompt command or snap, if it needs saying.
    #[must_use]
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The step shown and how many there are, while the steps are shown.
    #[must_use]
    pub fn step(&self) -> Option<(usize, Vec<Step>)> {
        if !self.explain {
            return None;
        }
        let steps = self.scene().steps();
        let shown = self.step.min(steps.len().saturating_sub(1));
        Some((shown, steps))
    }

    /// Whether ticks change anything now: something in the scene moves and time is not paused.
    /// The front end only wakes up at the tick rate while this is true.
    #[must_use]
    pub fn animating(&self) -> bool {
        !self.paused && self.scene().moving()
    }

    /// What the scene shows: the shapes exactly as they are tested, the guides around them,
    /// and the step shown, through the scene's camera (see the `camera` module).
    #[must_use]
    pub fn picture(&self) -> Picture {
        let mut picture = self.scene().picture();
        picture.y_up = self.y_up();
        let camera = self.camera();
        picture.view = camera.view(picture.view);
        if let Some((i, steps)) = self.step()
            && let Some(step) = steps.into_iter().nth(i)
        {
            if step.replace {
                picture.marks.clear();
            }
            if step.alone {
                picture.marks.retain(|mark| {
                    matches!(
                        mark.ink,
                        Ink::Subject | Ink::Target | Ink::Solid | Ink::Ghost
                    )
                });
            }
            picture.marks.extend(step.marks);
        }
        if camera.fits() {
            picture.fit();
        }
        picture
    }

    /// The scene's verdict and the numbers behind it.
    #[must_use]
    pub fn readout(&self) -> Readout {
        self.scene().readout()
    }

    /// Which way the scene's y axis points, and whether that is its page's way, for the
    /// panel: "y up, as its page" or "y down, flipped (v)".
    #[must_use]
    pub fn axes(&self) -> String {
        let way = if self.y_up() { "y up" } else { "y down" };
        let whose = if self.flipped[self.index()] {
            "flipped (v)"
        } else {
            "as its page"
        };
        format!("{way}, {whose}")
    }

    /// Whether the scene on screen is drawn with y growing upward: its page's way, unless `v`
    /// flipped it.
    #[must_use]
    pub fn y_up(&self) -> bool {
        self.scene().page_y_up() != self.flipped[self.index()]
    }

    /// A move on screen as a move in the scene's coordinates (`nudge.dy` counts down the
    /// screen).
    fn screen_offset(&self, nudge: Nudge) -> Vec2 {
        let offset = nudge_offset(nudge);
        if self.y_up() {
            Vec2::new(offset.x, -offset.y)
        } else {
            offset
        }
    }

    /// A turn on screen in the scene's degrees: a positive angle turns +x towards +y, which
    /// is clockwise on screen when y points down and counter-clockwise when it points up.
    pub(crate) fn screen_turn(&self, degrees: f32) -> f32 {
        if self.y_up() { -degrees } else { degrees }
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
        if self.prompt.is_some() {
            return self.type_key(key);
        }
        if key == Key::Esc && self.help {
            self.help = false;
            return Outcome::Redraw;
        }
        let had_message = self.message.take().is_some();
        match keys::lookup(self.bindings(), key) {
            Some(action) => self.act(action),
            None if had_message => Outcome::Redraw,
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
            Action::CycleActive => {
                let n = self.scene().shape_names().len();
                let i = self.index();
                self.active[i] = (self.active[i] + 1) % n;
            }
            Action::Explain => {
                self.explain = !self.explain;
                self.step = 0;
            }
            Action::NextStep if self.explain => {
                let last = self.scene().steps().len().saturating_sub(1);
                self.step = (self.step + 1).min(last);
            }
            Action::PrevStep if self.explain => self.step = self.step.saturating_sub(1),
            Action::NextStep | Action::PrevStep => return Outcome::Unchanged,
            Action::Prompt => self.prompt = Some(String::new()),
            Action::Move(nudge) => {
                return Self::outcome(self.edit_active(Edit::MoveBy(self.screen_offset(nudge))));
            }
            Action::Rotate(turn) => {
                let delta = self.screen_turn(turn_degrees(turn));
                return Self::outcome(self.edit_active(Edit::TurnBy(delta)));
            }
            Action::TurnFine(turn) => {
                let delta = self.screen_turn(turn_degrees(turn).signum());
                return Self::outcome(self.edit_active(Edit::TurnBy(delta)));
            }
            Action::RotateGreen(turn) => {
                // The green box is shape 1 of the two-box scene, whichever is active.
                let delta = self.screen_turn(turn_degrees(turn));
                return Self::outcome(self.edit(1, Edit::TurnBy(delta)));
            }
            Action::ZoomIn => self.zoom(true),
            Action::ZoomOut => self.zoom(false),
            Action::Fit => self.cameras[self.index()] = camera::Camera::default(),
            Action::Pan(dx, dy) => self.pan(dx, dy),
            Action::FlipView => {
                let i = self.index();
                self.flipped[i] = !self.flipped[i];
            }
            Action::Snap => self.snap(),
            other => {
                if let Some((which, edit)) = self.scene().action_edit(other) {
                    return Self::outcome(self.edit(which, edit));
                }
                let active = self.active[self.index()];
                let changed = self.scene_mut().apply(other, active);
                if other == Action::Launch && self.paused && self.scene().moving() {
                    self.message = Some("launched; time is paused: p runs it, . steps".into());
                }
                return Self::outcome(changed);
            }
        }
        Outcome::Redraw
    }

    fn outcome(changed: bool) -> Outcome {
        if changed {
            Outcome::Redraw
        } else {
            Outcome::Unchanged
        }
    }

    fn reset_scene(&mut self) {
        let i = self.index();
        self.last_move[i] = Vec2::X;
        self.flipped[i] = false;
        self.cameras[i] = camera::Camera::default();
        self.scenes[i] = self.current.make();
    }

    fn index(&self) -> usize {
        self.current.index()
    }

    fn scene(&self) -> &dyn Scene {
        &*self.scenes[self.index()]
    }

    fn scene_mut(&mut self) -> &mut dyn Scene {
        let i = self.index();
        &mut *self.scenes[i]
    }
}
