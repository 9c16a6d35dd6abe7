//! What the bottom line says when a turning spinner's bar refuses a step or a push.
//!
//! A bar turns only while time passes, and time passes only through the player's commands,
//! so the answer names the key that lets it pass ("a bar is in the way: press . to wait for
//! it to turn past"); it stays until the next key, as every answer does. A bar that stands
//! still, a hub, a wall or an enemy keep the rules' own words ([`Blocker`]'s text).

use sokoshot_core::game::{Blocker, Command, Outcome, RuleError, Solid, World, bar_covers};
use sokoshot_core::level::Pos;

/// What is said when a turning bar stands where the player would step.
pub const BAR_IN_THE_WAY: &str = "a bar is in the way: press . to wait for it to turn past";
/// What is said when a turning bar stands where a pushed box would go.
pub const BAR_IN_THE_WAY_OF_THE_BOX: &str =
    "a bar is in the way of the box: press . to wait for it to turn past";

/// The words for a step that a turning bar refused (or the push of a box it refused), when
/// that was `command`'s answer.
#[must_use]
pub fn bar_notice(
    world: &World,
    command: Command,
    answer: &Result<Outcome, RuleError>,
) -> Option<&'static str> {
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
    turning_bar_covers(world, cell).then_some(text)
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
