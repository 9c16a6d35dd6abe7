//! Turning a list of pushes into the letters `replay` reads: before each push, the shortest
//! walk (lower case) to the cell behind the box, then the push (upper case).

use std::collections::VecDeque;

use super::context::{Context, LETTERS, NONE};
use super::push::Push;

/// The letters of the walks and pushes, from `player` among `boxes` (cells of `ctx`).
///
/// Returns `None` if a push cannot be reached, which a search never hands over.
pub(crate) fn letters(
    ctx: &Context,
    boxes: &[u32],
    player: u32,
    pushes: &[Push],
) -> Option<String> {
    let mut occupied = vec![false; ctx.len()];
    for &b in boxes {
        occupied[b as usize] = true;
    }
    let mut at = player;
    let mut text = String::new();
    for push in pushes {
        let dir = usize::from(push.dir);
        let behind = ctx.step(push.from, (dir + 2) % 4);
        let to = ctx.step(push.from, dir);
        if behind == NONE || to == NONE || !occupied[push.from as usize] || occupied[to as usize] {
            return None;
        }
        text.push_str(&walk(ctx, &occupied, at, behind)?);
        text.push(LETTERS[dir].to_ascii_uppercase());
        occupied[push.from as usize] = false;
        occupied[to as usize] = true;
        at = push.from;
    }
    Some(text)
}

/// The letters of a shortest walk from `from` to `to` around the boxes.
fn walk(ctx: &Context, occupied: &[bool], from: u32, to: u32) -> Option<String> {
    let mut came = vec![u8::MAX; ctx.len()];
    came[from as usize] = 4;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        if c == to {
            break;
        }
        for dir in 0..4 {
            let n = ctx.step(c, dir);
            if n != NONE && !occupied[n as usize] && came[n as usize] == u8::MAX {
                came[n as usize] = dir as u8;
                queue.push_back(n);
            }
        }
    }
    if came[to as usize] == u8::MAX {
        return None;
    }
    let mut letters = Vec::new();
    let mut c = to;
    while c != from {
        let dir = usize::from(came[c as usize]);
        letters.push(LETTERS[dir]);
        c = ctx.step(c, (dir + 2) % 4);
    }
    letters.reverse();
    Some(letters.into_iter().collect())
}
