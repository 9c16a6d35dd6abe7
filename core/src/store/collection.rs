//! The packs a session plays: the built-in ones, embedded in the binary, or one file.

use std::path::PathBuf;
use std::sync::Arc;

use crate::level::Level;

use super::progress::BUILT_IN;

/// A pack embedded in the binary.
#[derive(Debug, Clone, Copy)]
pub struct Embedded {
    /// The pack's name, as the level list shows it.
    pub name: &'static str,
    /// Who made it, as the level list credits it.
    pub credit: &'static str,
    /// The pack's text.
    pub text: &'static str,
}

/// The built-in packs, in the order they are played: the campaign, which teaches the game,
/// then Microban, then David W. Skinner's three Sasquatch sets, harder (his sets may be
/// freely distributed provided they remain properly credited).
pub const EMBEDDED: &[Embedded] = &[
    Embedded {
        name: "Campaign",
        credit: "the sokoshot authors",
        text: include_str!("../../../levels/campaign.xsb"),
    },
    Embedded {
        name: "Microban",
        credit: "David W. Skinner",
        text: include_str!("../../../levels/microban.xsb"),
    },
    Embedded {
        name: "Sasquatch",
        credit: "David W. Skinner",
        text: include_str!("../../../levels/sasquatch.xsb"),
    },
    Embedded {
        name: "Sasquatch II",
        credit: "David W. Skinner",
        text: include_str!("../../../levels/sasquatch_ii.xsb"),
    },
    Embedded {
        name: "Sasquatch III",
        credit: "David W. Skinner",
        text: include_str!("../../../levels/sasquatch_iii.xsb"),
    },
];

/// One pack in play.
#[derive(Debug, Clone, PartialEq)]
pub struct Collection {
    /// The name shown on the status line and in the level list.
    pub name: String,
    /// Who made it, if known.
    pub credit: Option<String>,
    /// The key its progress is saved under (`built-in:NAME` or the file's absolute path).
    pub key: String,
    /// The file it was read from, watched for changes; `None` for a built-in pack.
    pub file: Option<PathBuf>,
    /// Its playable levels, shared: every session playing the pack holds the same copy (one
    /// that changes them, adding a paste or reloading the file, gets its own).
    pub levels: Arc<Vec<Level>>,
}

impl Collection {
    /// A built-in pack.
    #[must_use]
    pub fn built_in(name: &str, credit: &str, levels: Vec<Level>) -> Self {
        Self {
            name: name.to_owned(),
            credit: Some(credit.to_owned()),
            key: format!("{BUILT_IN}{name}"),
            file: None,
            levels: Arc::new(levels),
        }
    }

    /// A pack read from `file` (which should be absolute, as progress is saved under it).
    #[must_use]
    pub fn from_file(file: PathBuf, levels: Vec<Level>) -> Self {
        let name = file.file_name().map_or_else(
            || file.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        );
        Self {
            name,
            credit: None,
            key: file.display().to_string(),
            file: Some(file),
            levels: Arc::new(levels),
        }
    }

    /// The title of level `index` (0-based), if it has one that says more than its number
    /// (Microban's titles are just `1`, `2`, …).
    #[must_use]
    pub fn title(&self, index: usize) -> Option<&str> {
        let title = self.levels.get(index)?.title.as_deref()?.trim();
        let number = (index + 1).to_string();
        (!title.is_empty() && title != number).then_some(title)
    }

    /// Whether the pack has a level after level `index` (0-based).
    #[must_use]
    pub fn has_level_after(&self, index: usize) -> bool {
        index + 1 < self.levels.len()
    }
}
