//! Keys and what they do. The bindings are data: the same tables answer a key press and print
//! the `?` help, so the help cannot drift from what the keys do.

use super::registry::{SCENE_KEYS, SceneId};

/// A key press as the lab sees it, whatever terminal library read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// A printable character, upper case when typed with Shift.
    Char(char),
    /// Tab.
    Tab,
    /// Shift-Tab.
    BackTab,
    /// Esc.
    Esc,
    /// Ctrl-C, which always quits.
    CtrlC,
    /// Enter.
    Enter,
    /// Backspace.
    Backspace,
    /// An arrow key: `(dx, dy)` on screen, +1 right or down.
    Arrow(i8, i8),
}

/// A step of the moved shape, in units of the scene's step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nudge {
    /// Steps along x (+1 right).
    pub dx: i8,
    /// Steps along y (+1 down).
    pub dy: i8,
    /// A small step instead of a full one.
    pub fine: bool,
}

/// Which way to turn something, as seen on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Counter-clockwise on screen (the seeds' `R`).
    Left,
    /// Clockwise on screen (the seeds' Shift-`R`).
    Right,
}

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Leave the lab.
    Quit,
    /// Show or hide the key help.
    Help,
    /// Show the next scene.
    NextScene,
    /// Show the previous scene.
    PrevScene,
    /// Show a given scene.
    Show(SceneId),
    /// Stop or restart time.
    Pause,
    /// Pause and advance time by one tick.
    Step,
    /// Run time faster.
    Faster,
    /// Run time slower.
    Slower,
    /// Put the scene on screen back as it started.
    Reset,
    /// Move the moved shape.
    Move(Nudge),
    /// Turn the scene's turnable thing (`r`: the box, the blue box, the triangle, the aim) by
    /// one angle step.
    Rotate(Turn),
    /// Turn the active shape by one degree (`<` and `>`).
    TurnFine(Turn),
    /// Turn the green box of the two-rectangle scene by one angle step (`g`).
    RotateGreen(Turn),
    /// Make the next shape the one the keys change.
    CycleActive,
    /// Move the active shape along its last move until it just touches.
    Snap,
    /// Show or hide the algorithm's steps.
    Explain,
    /// Show the next step.
    NextStep,
    /// Show the previous step.
    PrevStep,
    /// Open the `:` prompt.
    Prompt,
    /// Flip the view's y axis: the scene's page's direction, or the other one.
    FlipView,
    /// Set up the page's counter-example (in the cast scene: the next target shape).
    Preset,
    /// Switch the slope scene between the ball and the page's moving point.
    PointMode,
    /// Stretch (or shrink) the triangle along its own x axis.
    StretchX(bool),
    /// Stretch (or shrink) the triangle along its own y axis.
    StretchY(bool),
    /// Start or stop the other shape's own motion.
    ToggleMotion,
    /// Switch the other shape's motion between oscillation and orbit.
    SwitchMotion,
    /// Launch the ball, or stop it where it is.
    Launch,
    /// Show less of the world, larger.
    ZoomIn,
    /// Show more of the world, smaller.
    ZoomOut,
    /// Go back to the scene's own view, grown to fit every shape.
    Fit,
    /// Pan the view a quarter of its size: `(dx, dy)` on screen, +1 right or down.
    Pan(i8, i8),
}

/// One line of help and the keys behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Binding {
    /// The keys as the help shows them.
    pub keys: &'static str,
    /// What they do, in a few words.
    pub help: &'static str,
    /// Each key and its action.
    pub map: &'static [(Key, Action)],
}

/// The first action bound to `key` in `tables`, searched in order.
pub(crate) fn lookup(tables: [&'static [Binding]; 2], key: Key) -> Option<Action> {
    tables
        .into_iter()
        .flatten()
        .flat_map(|binding| binding.map)
        .find(|(bound, _)| *bound == key)
        .map(|(_, action)| *action)
}

const fn nudge(dx: i8, dy: i8, fine: bool) -> Action {
    Action::Move(Nudge { dx, dy, fine })
}

const MOVE_MAP: &[(Key, Action)] = &[
    (Key::Char('h'), nudge(-1, 0, false)),
    (Key::Char('j'), nudge(0, 1, false)),
    (Key::Char('k'), nudge(0, -1, false)),
    (Key::Char('l'), nudge(1, 0, false)),
];

const fn moves(help: &'static str) -> Binding {
    Binding {
        keys: "h j k l",
        help,
        map: MOVE_MAP,
    }
}

const FINE_MOVES: Binding = Binding {
    keys: "H J K L",
    help: "move a small step",
    map: &[
        (Key::Char('H'), nudge(-1, 0, true)),
        (Key::Char('J'), nudge(0, 1, true)),
        (Key::Char('K'), nudge(0, -1, true)),
        (Key::Char('L'), nudge(1, 0, true)),
    ],
};

const TURN_MAP: &[(Key, Action)] = &[
    (Key::Char('r'), Action::Rotate(Turn::Left)),
    (Key::Char('R'), Action::Rotate(Turn::Right)),
];

const FINE_TURNS: Binding = Binding {
    keys: "< >",
    help: "turn by 1°",
    map: &[
        (Key::Char('<'), Action::TurnFine(Turn::Left)),
        (Key::Char('>'), Action::TurnFine(Turn::Right)),
    ],
};

const fn turns(help: &'static str) -> Binding {
    Binding {
        keys: "r R",
        help,
        map: TURN_MAP,
    }
}

const QUIT: Binding = Binding {
    keys: "q Esc ^C",
    help: "quit",
    map: &[(Key::Char('q'), Action::Quit), (Key::Esc, Action::Quit)],
};

const fn motion(help: &'static str) -> Binding {
    Binding {
        keys: "s",
        help,
        map: &[(Key::Char('s'), Action::ToggleMotion)],
    }
}

const SWITCH_MOTION: Binding = Binding {
    keys: "m",
    help: "oscillate / orbit",
    map: &[(Key::Char('m'), Action::SwitchMotion)],
};

/// The keys of the disk-versus-rectangle scenes.
pub(crate) const RECT: &[Binding] = &[
    moves("move the active shape"),
    FINE_MOVES,
    turns("turn the box ↺ ↻"),
    FINE_TURNS,
    motion("start / stop the box"),
    SWITCH_MOTION,
    QUIT,
];

/// The keys of the two-rectangle scene.
pub(crate) const OBB: &[Binding] = &[
    moves("move the active box"),
    FINE_MOVES,
    turns("turn the active box ↺ ↻"),
    FINE_TURNS,
    Binding {
        keys: "g G",
        help: "turn the green box ↺ ↻",
        map: &[
            (Key::Char('g'), Action::RotateGreen(Turn::Left)),
            (Key::Char('G'), Action::RotateGreen(Turn::Right)),
        ],
    },
    motion("start / stop the green box"),
    SWITCH_MOTION,
    Binding {
        keys: "c",
        help: "the page's counter-example",
        map: &[(Key::Char('c'), Action::Preset)],
    },
    QUIT,
];

/// The keys of the disk-versus-triangle scene.
pub(crate) const TRIANGLE: &[Binding] = &[
    moves("move the active shape"),
    FINE_MOVES,
    turns("turn the triangle ↺ ↻"),
    FINE_TURNS,
    Binding {
        keys: "s S",
        help: "stretch / shrink in x",
        map: &[
            (Key::Char('s'), Action::StretchX(true)),
            (Key::Char('S'), Action::StretchX(false)),
        ],
    },
    Binding {
        keys: "t T",
        help: "stretch / shrink in y",
        map: &[
            (Key::Char('t'), Action::StretchY(true)),
            (Key::Char('T'), Action::StretchY(false)),
        ],
    },
    QUIT,
];

/// The keys of the two-AABB scene.
pub(crate) const AABB: &[Binding] = &[moves("move the active box"), FINE_MOVES, QUIT];

/// The keys of the slope scene.
pub(crate) const SLOPE: &[Binding] = &[
    moves("move the active shape"),
    FINE_MOVES,
    turns("aim (or turn the slope) ↺ ↻"),
    FINE_TURNS,
    Binding {
        keys: "space s",
        help: "launch / stop the ball",
        map: &[
            (Key::Char(' '), Action::Launch),
            (Key::Char('s'), Action::Launch),
        ],
    },
    Binding {
        keys: "m",
        help: "ball / the page's point",
        map: &[(Key::Char('m'), Action::PointMode)],
    },
    QUIT,
];

/// The keys of the segment-cast scene.
pub(crate) const CAST: &[Binding] = &[
    moves("move the active shape"),
    FINE_MOVES,
    turns("aim, or turn target ↺ ↻"),
    FINE_TURNS,
    Binding {
        keys: "c",
        help: "next target shape",
        map: &[(Key::Char('c'), Action::Preset)],
    },
    QUIT,
];

/// The keys of the swept-box scene.
pub(crate) const SWEEP: &[Binding] = &[
    moves("move the active box"),
    FINE_MOVES,
    turns("aim the moving box ↺ ↻"),
    FINE_TURNS,
    QUIT,
];

/// The keys of the distance scene.
pub(crate) const DISTANCE: &[Binding] = &[
    moves("move the active shape"),
    FINE_MOVES,
    turns("turn the active shape ↺ ↻"),
    FINE_TURNS,
    Binding {
        keys: "c",
        help: "next kind of active shape",
        map: &[(Key::Char('c'), Action::Preset)],
    },
    QUIT,
];

/// The keys of the shot scene.
pub(crate) const SHOT: &[Binding] = &[
    moves("move the shot's start"),
    FINE_MOVES,
    turns("aim the shot ↺ ↻"),
    FINE_TURNS,
    QUIT,
];

/// The keys every scene shares.
pub(crate) const COMMON: &[Binding] = &[
    Binding {
        keys: "Tab S-Tab",
        help: "next / previous scene",
        map: &[
            (Key::Tab, Action::NextScene),
            (Key::BackTab, Action::PrevScene),
        ],
    },
    Binding {
        keys: "1-9",
        help: "go to a scene",
        map: SCENE_KEYS,
    },
    Binding {
        keys: "a",
        help: "next active shape",
        map: &[(Key::Char('a'), Action::CycleActive)],
    },
    Binding {
        keys: "e ] [",
        help: "steps: show / next / back",
        map: &[
            (Key::Char('e'), Action::Explain),
            (Key::Char(']'), Action::NextStep),
            (Key::Char('['), Action::PrevStep),
        ],
    },
    Binding {
        keys: ":",
        help: "type pos, angle, size, radius",
        map: &[(Key::Char(':'), Action::Prompt)],
    },
    Binding {
        keys: "z",
        help: "snap to touch along last move",
        map: &[(Key::Char('z'), Action::Snap)],
    },
    Binding {
        keys: "p",
        help: "pause / run",
        map: &[(Key::Char('p'), Action::Pause)],
    },
    Binding {
        keys: ".",
        help: "one tick (pauses)",
        map: &[(Key::Char('.'), Action::Step)],
    },
    Binding {
        keys: "+ -",
        help: "faster / slower",
        map: &[
            (Key::Char('+'), Action::Faster),
            (Key::Char('='), Action::Faster),
            (Key::Char('-'), Action::Slower),
            (Key::Char('_'), Action::Slower),
        ],
    },
    Binding {
        keys: "} { 0",
        help: "zoom in / out, fit all",
        map: &[
            (Key::Char('}'), Action::ZoomIn),
            (Key::Char('{'), Action::ZoomOut),
            (Key::Char('0'), Action::Fit),
        ],
    },
    Binding {
        keys: "arrows",
        help: "pan the view",
        map: &[
            (Key::Arrow(-1, 0), Action::Pan(-1, 0)),
            (Key::Arrow(1, 0), Action::Pan(1, 0)),
            (Key::Arrow(0, -1), Action::Pan(0, -1)),
            (Key::Arrow(0, 1), Action::Pan(0, 1)),
        ],
    },
    Binding {
        keys: "v",
        help: "flip y (the page's way / not)",
        map: &[(Key::Char('v'), Action::FlipView)],
    },
    Binding {
        keys: "x",
        help: "reset this scene",
        map: &[(Key::Char('x'), Action::Reset)],
    },
    Binding {
        keys: "?",
        help: "show / hide keys",
        map: &[(Key::Char('?'), Action::Help)],
    },
];
