//! The lab's scenes, one line each: the name on the command line and in the panel, the digit
//! key that shows it (if any), and how to build it as it starts. Everything else the lab
//! knows about a scene — its keys, shapes, steps and picture — comes from its [`Scene`]
//! implementation, so a new scene is its own file and one line here.
//!
//! The order of the lines is the order of Tab and of the panel's `n/N`.

use std::fmt;
use std::str::FromStr;

use super::aabb_scene::AabbScene;
use super::cast_scene::CastScene;
use super::distance_scene::DistanceScene;
use super::keys::{Action, Key};
use super::obb_scene::ObbScene;
use super::rect_scene::RectScene;
use super::scene::Scene;
use super::shot_scene::ShotScene;
use super::slope_scene::SlopeScene;
use super::sweep_scene::SweepScene;
use super::triangle_scene::TriangleScene;

/// Builds [`SceneId`], its table of names and digit keys, and each scene's constructor from
/// one line per scene: `Variant "name" key 'd'? => constructor,`.
macro_rules! scenes {
    ($( $(#[$doc:meta])* $id:ident $name:literal $(key $key:literal)? => $make:expr, )*) => {
        /// One of the lab's scenes, in the order Tab and the panel use.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum SceneId {
            $( $(#[$doc])* $id, )*
        }

        impl SceneId {
            /// Every scene, in order.
            pub const ALL: [SceneId; [$($name),*].len()] = [$(SceneId::$id),*];

            /// The name used on the command line and in the panel title.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self {
                    $( SceneId::$id => $name, )*
                }
            }

            /// The digit key that shows the scene, if it has one.
            #[must_use]
            pub fn key(self) -> Option<char> {
                match self {
                    $( SceneId::$id => None $(.or(Some($key)))?, )*
                }
            }

            /// The scene as it starts.
            pub(crate) fn make(self) -> Box<dyn Scene> {
                match self {
                    $( SceneId::$id => Box::new($make), )*
                }
            }
        }

        /// The digit keys and the scenes they show.
        pub(crate) const SCENE_KEYS: &[(Key, Action)] = &[
            $( $( (Key::Char($key), Action::Show(SceneId::$id)), )? )*
        ];
    };
}

scenes! {
    /// A disk against a rectangle that starts axis-aligned (seed §2-20, first demo).
    DiskAabb "disk-aabb" key '1' => RectScene::new(SceneId::DiskAabb),
    /// A disk against a rectangle that starts turned (seed §2-20, second demo).
    DiskObb "disk-obb" key '2' => RectScene::new(SceneId::DiskObb),
    /// Two turned rectangles and the separating axis test (seed §2-21).
    ObbObb "obb-obb" key '3' => ObbScene::new(),
    /// A disk against a triangle and the 7-region code (seed §2-23).
    DiskTriangle "disk-triangle" key '4' => TriangleScene::new(),
    /// A ball bouncing off angled walls (seed 004).
    Slope "slope" key '5' => SlopeScene::new(),
    /// Two axis-aligned rectangles and the four edge comparisons (seed 003).
    AabbAabb "aabb-aabb" key '6' => AabbScene::new(),
    /// A segment cast against each of the game's shapes: fraction, point, normal.
    Cast "cast" key '7' => CastScene::new(),
    /// A box swept past boxes, with the nearest time of impact (noonat/intersect's `sweepInto`).
    Sweep "sweep" key '8' => SweepScene::new(),
    /// The game's shot through a small piece of level, with each bounce's time and normal.
    Shot "shot" key '9' => ShotScene::new(),
    /// The distance (GJK) or penetration between any two convex shapes.
    Distance "distance" => DistanceScene::new(),
}

impl SceneId {
    /// The scene's position in [`SceneId::ALL`], counting from 1 as the panel does.
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

    /// The scene's place in [`SceneId::ALL`], from 0.
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// Every scene's name, in order, separated by commas.
    #[must_use]
    pub fn names() -> String {
        Self::ALL.map(Self::name).join(", ")
    }
}

impl fmt::Display for SceneId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A scene name that is not one of the lab's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no scene called {0:?}; the scenes are {names}", names = SceneId::names())]
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
