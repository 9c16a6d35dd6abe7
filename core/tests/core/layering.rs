//! The core stays headless: its manifest names no terminal or network library, so nothing in
//! it can use one (the compiler sees to the rest).

#[test]
fn the_core_manifest_names_no_terminal_or_network_crate() {
    let manifest = include_str!("../../Cargo.toml");
    for line in manifest.lines().map(str::trim) {
        let name = line.split(['=', '.', ' ']).next().unwrap_or_default();
        for banned in ["ratatui", "crossterm", "tokio", "russh", "terminput"] {
            assert!(
                !name.starts_with(banned),
                "core/Cargo.toml names {banned}: `{line}`"
            );
        }
    }
}
