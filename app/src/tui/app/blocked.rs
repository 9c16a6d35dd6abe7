//! What the bottom line says when a turning spinner's bar refuses a step or a push.
//!
//! A bar turns only while time passes, and time passes only through the player's commands,
//! so the answer points at the bar by marking its hub on the board (nothing on screen counts
//! columns and rows), says what it covers (the player's next cell, the box the player would
//! push, or the cell that box would go to), and the key that lets it pass ("the bar of the
//! hub ◆◆ covers your next cell: . waits a beat"); answer and mark stay until the next
//! key, as every answer does. A bar that stands still, a hub, a wall or an enemy keep the rules' own words
//! ([`Blocker`]'s text).

use sokoshot_core::game::{Blocker, Command, Outcome, RuleError, Solid, World, bar_covers};
use sokoshot_core::level::{Pos, Tile};

/// What is said after the hub's name when a turning bar stands where the player would step.
pub const BAR_IN_THE_WAY: &str = "covers your next cell: . waits a beat";
/// What is said after the hub's name when a turning bar stands over the box the player
/// would push.
pub const BAR_OVER_THE_BOX: &str = "covers the box ahead of you: . waits a beat";
/// What is said after the hub's name when a turning bar stands where a pushed box would go.
pub const BAR_IN_THE_WAY_OF_THE_BOX: &str = "covers the box's next cell: . waits a beat";

/// What a wait says where nothing moves with time (no turning bar, no shot in flight).
pub const NOTHING_TURNS: &str = "nothing here moves with time: . matters only where bars turn";

/// The hub of the turning bar that refused a step (or the push of a box), when that was
/// `command`'s answer, and the words for what it covers.
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
        Blocker::Solid(Solid::Spinner) if world.box_at(ahead(1)) => (ahead(1), BAR_OVER_THE_BOX),
        Blocker::Solid(Solid::Spinner) => (ahead(1), BAR_IN_THE_WAY),
        Blocker::BoxAgainst(Solid::Spinner) => (ahead(2), BAR_IN_THE_WAY_OF_THE_BOX),
        _ => return None,
    };
    let hub = turning_bar_over(world, cell)?;
    Some((hub, text))
}

/// The hub of the first turning spinner whose bar covers `pos` now (a hub is no bar's cell).
fn turning_bar_over(world: &World, pos: Pos) -> Option<Pos> {
    let level = world.level();
    if level.tile(pos) == Tile::Hub {
        return None;
    }
    level
        .spinners
        .iter()
        .zip(world.spinner_bars())
        .find(|(spinner, bar)| spinner.speed != 0.0 && bar_covers(bar, pos))
        .map(|(spinner, _)| spinner.hub)
}
