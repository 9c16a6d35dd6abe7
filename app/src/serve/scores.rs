//! What the session's menu offers of the scores: a nickname to choose (for a player with a
//! key whose store keeps scores) and today's daily level (for everyone).

use std::sync::Arc;

use super::menu::Menu;
use super::players::Player;
use super::session::Shared;
use sokoshot_core::store::scores::{ScoreBoard, daily_pick, today};

/// The scores of `player` in the server's store, when they are kept: a player with a key
/// whose progress is kept (`kept`), on a store that keeps scores.
#[must_use]
pub fn board_of(shared: &Shared, player: &Player, kept: bool) -> Option<Arc<dyn ScoreBoard>> {
    if !kept {
        return None;
    }
    let store = shared.players.as_ref()?;
    store.saves(player).ok().flatten()?.scores()
}

/// Offers the nickname (with the player's own, if the store can say) and the daily level.
pub fn offer(menu: &mut Menu, shared: &Shared, board: Option<&dyn ScoreBoard>) {
    if let Some(board) = board {
        menu.offer_nickname(board.nickname().ok().flatten());
    }
    if let Some((pack, level)) = daily_pick(today(), &shared.packs) {
        let name = format!("{} {}", shared.packs[pack].name, level + 1);
        menu.offer_daily(pack, level, name);
    }
}

/// Enter on the nickname typed: asks the store for it and shows what became of it.
pub fn take_nickname(menu: &mut Menu, board: Option<&dyn ScoreBoard>) {
    let typed = menu.take_nickname();
    let Some(board) = board else {
        return menu.nickname_result(Err("nicknames are kept only with your progress".into()));
    };
    menu.nickname_result(board.set_nickname(&typed).map_err(|err| err.to_string()));
}
