//! The `sokoshot` command line.

fn main() {
    println!("sokoshot {}", env!("CARGO_PKG_VERSION"));
}
