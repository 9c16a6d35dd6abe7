//! The options view (`o`): the on/off settings, each turned with space or Enter, so that no
//! single letter on the board changes one (a LURD solution typed or pasted cannot).

use super::App;
use crate::tui::keys::Mode;

/// One on/off setting of the options view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Deadlock warnings after a push that loses the level (kept in the progress).
    Warnings,
    /// The dead squares shaded on the board (for the level in play).
    DeadSquares,
}

impl Choice {
    /// Every option, in the order shown.
    pub const ALL: [Self; 2] = [Self::Warnings, Self::DeadSquares];

    /// Its name in the view.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Warnings => "deadlock warnings",
            Self::DeadSquares => "dead squares shown",
        }
    }

    /// What it does, in a few words.
    #[must_use]
    pub const fn about(self) -> &'static str {
        match self {
            Self::Warnings => "say when a push has lost the level (kept)",
            Self::DeadSquares => "shade floor a box can never leave (this level)",
        }
    }
}

impl App {
    /// Whether `choice` is on.
    #[must_use]
    pub fn option_on(&self, choice: Choice) -> bool {
        match choice {
            Choice::Warnings => !self.tools.aid.warnings_off,
            Choice::DeadSquares => self.tools.aid.show_dead,
        }
    }

    /// The row selected in the options or the snapshots.
    #[must_use]
    pub fn picked_row(&self) -> usize {
        self.picked_row
    }

    /// Opens or closes the options.
    pub(super) fn toggle_options(&mut self) {
        if self.mode == Mode::Options {
            return self.close();
        }
        self.count.clear();
        self.picked_row = 0;
        self.mode = Mode::Options;
    }

    /// Space or Enter in the options: the selected option turned.
    pub(super) fn toggle_option(&mut self) {
        match Choice::ALL.get(self.picked_row) {
            Some(Choice::Warnings) => self.toggle_warnings(),
            Some(Choice::DeadSquares) => self.toggle_dead_squares(),
            None => {}
        }
    }

    /// Moves the selection of the options or the snapshots by `by` rows, within `rows`.
    pub(super) fn move_pick(&mut self, by: isize, rows: usize) {
        let most = rows.saturating_sub(1);
        self.picked_row = self.picked_row.saturating_add_signed(by).min(most);
    }
}
