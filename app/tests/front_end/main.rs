//! The front end's tests, in one binary: the game and the lab drawn into ratatui's
//! TestBackend (snapshots of what a player sees), the key map, saved progress, file watching.

#[path = "../common/mod.rs"]
mod common;

mod campaign_screens;
mod editor;
mod editor_levels;
mod editor_spinner;
mod editor_try;
mod editor_words;
mod lab_scenes;
mod lab_snapshots;
mod lab_view;
mod one_clock;
mod play_snapshots;
mod scores_view;
mod sharing;
mod spinner_rule;
mod support;
mod tui_app;
mod tui_browse;
mod tui_built_in;
mod tui_bytes;
mod tui_keys;
mod tui_paste;
mod tui_progress;
mod tui_view;
mod tui_watch;
mod words;
