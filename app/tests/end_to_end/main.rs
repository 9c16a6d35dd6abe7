//! End-to-end tests, in one binary: the real `sokoshot` binary driven in tmux, and the server
//! through the stock OpenSSH client. Each test that needs tmux or ssh fails when it is missing
//! and `CI` is set, and is otherwise skipped with the reason printed.

#[path = "../common/mod.rs"]
mod common;

mod browse_tmux;
mod clock_tmux;
mod edit_tmux;
mod lab_tmux;
mod play_signals;
mod play_tmux;
mod serve_tmux;
mod tmux;
mod tools_tmux;
mod tui_terminal;
