//! Level text for the game tests.

use sokoshot_core::level::{Level, Pos, Slope, Spinner, Tile};

/// Builds a level from board rows (no settings lines).
pub fn level(text: &str) -> Level {
    let rows: Vec<&str> = text.lines().collect();
    let width = rows.iter().map(|r| r.len()).max().unwrap() as i32;
    let height = rows.len() as i32;
    let mut tiles = vec![Tile::Floor; (width * height) as usize];
    let (mut player, mut boxes, mut enemies, mut spinners) =
        (Pos::new(0, 0), vec![], vec![], vec![]);
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let pos = Pos::new(x as i32, y as i32);
            let i = y * width as usize + x;
            tiles[i] = match ch {
                '#' => Tile::Wall,
                '.' | '+' | '*' => Tile::Goal,
                'F' => Tile::Slope(Slope::TopLeft),
                '7' => Tile::Slope(Slope::TopRight),
                'L' => Tile::Slope(Slope::BottomLeft),
                'J' => Tile::Slope(Slope::BottomRight),
                '%' => {
                    spinners.push(Spinner::at(pos));
                    Tile::Hub
                }
                _ => Tile::Floor,
            };
            match ch {
                '@' | '+' => player = pos,
                '$' | '*' => boxes.push(pos),
                'E' => enemies.push(pos),
                _ => {}
            }
        }
    }
    Level {
        title: None,
        author: None,
        comments: vec![],
        chapter: None,
        width,
        height,
        tiles,
        player,
        boxes,
        enemies,
        spinners,
        shot_limit: None,
        solution: None,
        more_solutions: Vec::new(),
        unknown_settings: vec![],
    }
}
