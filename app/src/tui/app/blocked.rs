//! What the bottom line says when a turning spinner's bar refuses a step or a push, and when
//! that answer goes.
//!
//! A bar that turns blocks a cell only for a moment, so the answer says so ("a bar is in the
//! way: wait for it to turn past") and stays on screen exactly as long as the cell it names
//! stays barred; a bar that stands still, a hub, a wall or an enemy keep the rules' own
//! words ([`Blocker`]'s text).

use sokoshot_core::game::{Blocker, Command, Outcome, RuleError, Solid, World, bar_covers};
use sokoshot_core::level::Pos;

/// What is said when a turning bar stands where the player would step.
pub const BAR_IN_THE_WAY: &str = "a bar is in the way: wait for it to turn past";
/// What is said when a turning bar stands where a pushed box would go.
pub const BAR_IN_THE_WAY_OF_THE_BOX: &str =
    "a bar is in the way of the box: wait for it to turn past";

/// The cell a turning bar keeps the player (or the box pushed) out of, when `command`'s
/// answer was a step refused by one, and the words for it.
#[must_use]
pub fn bar_notice(
    world: &World,
    command: Command,
    answer: &Result<Outcome, RuleError>,
) -> Option<(Pos, &'static str)> {
    let (Command::Step(dir) | Command::Run(dir)) = command else {
        return None;
    };
    let blocker = match answer {
        Ok(
            Outcome::Turned { blocked_by, .. }
            | Outcome::Ran {
                stopped_by: blocked_by,
                ..
            },
        ) => *blocked_by,
        Err(RuleError::Blocked(blocker)) => *blocker,
        _ => return None,
    };
    let ahead = |n| (0..n).fold(world.player(), |pos, _| dir.step_from(pos));
    let (cell, text) = match blocker {
        Blocker::Solid(Solid::Spinner) => (ahead(1), BAR_IN_THE_WAY),
        Blocker::BoxAgainst(Solid::Spinner) => (ahead(2), BAR_IN_THE_WAY_OF_THE_BOX),
        _ => return None,
    };
    turning_bar_covers(world, cell).then_some((cell, text))
}

/// Whether the bar of a spinner that turns covers `pos` now (a hub is no bar's cell).
fn turning_bar_covers(world: &World, pos: Pos) -> bool {
    let level = world.level();
    level.tile(pos) != sokoshot_core::level::Tile::Hub
        && level
            .spinners
            .iter()
            .zip(world.spinner_bars())
            .any(|(spinner, bar)| spinner.speed != 0.0 && bar_covers(bar, pos))
}
