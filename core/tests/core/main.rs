//! The core's tests, in one binary: geometry against parry2d, the level format, the rules,
//! the solver and the deadlock checks, the lab's scenes, the campaign and its stored
//! solutions. Each module is one subject; none needs a terminal.

mod campaign;
mod campaign_progress;
mod deadlock;
mod edit;
mod game_limits;
mod game_path;
mod game_props;
mod game_replays_play;
mod game_rules;
mod game_shots;
mod game_support;
mod game_sweep;
mod geom;
#[path = "../../../benches/support/hostile.rs"]
mod hostile;
mod lab_boundaries;
mod lab_distance;
mod lab_exact;
mod lab_input;
mod lab_placements;
mod lab_printed;
mod lab_shot;
mod lab_support;
mod lab_sweep;
mod lab_toi;
mod lab_touch;
mod layering;
mod level_errors;
mod level_formats;
mod level_fuzz;
mod level_large_pack;
mod level_limits;
mod level_packs;
mod level_roundtrip;
mod level_slc;
mod level_sok;
mod level_source;
mod replay_microban;
mod solve;
mod solve_contract;
mod solve_hint;
mod store_folder;
mod store_host_key;
mod store_lock;
mod store_packs;
mod store_progress;
mod store_watch;
