//! Reading a whole pack file ([`parse_pack`]): split it into levels, read each level's board
//! and settings, check it, and build it, within the size limits.

use std::collections::HashMap;

use super::diagnostic::short_title;
use super::lines::{Item, ItemKind};
use super::problems::Problems;
use super::segment::{self, RawLevel};
use super::{
    Diagnostic, Level, LevelError, LevelReport, MAX_COMMENTS, MAX_FILE_BYTES, MAX_LEVELS,
    MAX_PACK_CELLS, MAX_SIDE, MAX_SPINNER_CELLS, MAX_SPINNERS, PackReport, Pos, Severity, Spinner,
    Tile, board, meta, slc, validate,
};
use crate::words::Piece;

/// Reads a pack file's bytes: UTF-8 (a byte-order mark is skipped), or Latin-1 with a
/// warning when they are not UTF-8.
#[must_use]
pub fn parse_pack_bytes(bytes: &[u8]) -> PackReport {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_pack(text),
        Err(_) => {
            let text: String = bytes.iter().map(|&b| char::from(b)).collect();
            let mut report = parse_pack(&text);
            report.file_diagnostics.insert(
                0,
                Diagnostic {
                    line: 1,
                    col: 1,
                    level: None,
                    title: None,
                    error: LevelError::NotUtf8,
                },
            );
            report
        }
    }
}

/// Reads every level of a pack file's text, with every problem found and where it is.
#[must_use]
pub fn parse_pack(text: &str) -> PackReport {
    parse_pack_within(text, MAX_PACK_CELLS)
}

/// [`parse_pack`] with `budget` cells for all the boards together.
fn parse_pack_within(text: &str, budget: usize) -> PackReport {
    let mut report = PackReport::default();
    let bytes = u64::try_from(text.len()).unwrap_or(u64::MAX);
    if bytes > MAX_FILE_BYTES {
        report
            .file_diagnostics
            .push(file_error(LevelError::FileTooBig { bytes }));
        return report;
    }
    if slc::looks_like_xml(text) {
        return match slc::convert(text) {
            Ok(slc) => {
                let report = parse_text(&slc.text, budget);
                slc.remap(report)
            }
            Err(diagnostic) => PackReport {
                file_diagnostics: vec![diagnostic],
                ..PackReport::default()
            },
        };
    }
    parse_text(text, budget)
}

/// Reads pack text (not XML) with `budget` cells for all the boards together.
fn parse_text(text: &str, mut budget: usize) -> PackReport {
    let mut report = PackReport::default();
    let segments = segment::segment(text);
    if let Some(line) = segments.cut {
        report.file_diagnostics.push(Diagnostic {
            line,
            ..file_error(LevelError::TooManyLines)
        });
    }
    read_notes(&segments.notes, &mut report);
    for (i, raw) in segments.levels.iter().enumerate() {
        if i == MAX_LEVELS {
            let line = raw.rows.first().map_or(1, |r| r.0);
            report.file_diagnostics.push(Diagnostic {
                line,
                ..file_error(LevelError::TooManyLevels)
            });
            break;
        }
        let level = read_level(i + 1, raw, &mut budget);
        let stop = level
            .result
            .as_ref()
            .is_err_and(|e| e.iter().any(|d| d.error == LevelError::PackTooBig));
        report.levels.push(level);
        if stop {
            break;
        }
    }
    if report.levels.is_empty() {
        report
            .file_diagnostics
            .push(file_error(LevelError::NoLevel));
    }
    report
}

/// A diagnostic about the whole file, placed at its start.
fn file_error(error: LevelError) -> Diagnostic {
    Diagnostic {
        line: 1,
        col: 1,
        level: None,
        title: None,
        error,
    }
}

/// Keeps the file's notes, and its title and author when they are given.
fn read_notes(items: &[Item<'_>], report: &mut PackReport) {
    let mut dropped: Option<(usize, usize)> = None;
    for item in items {
        let line = match &item.kind {
            ItemKind::Key(setting) => {
                let (key, value) = (setting.key, &setting.value);
                let lower = key.to_ascii_lowercase();
                if matches!(lower.as_str(), "title" | "collection") && report.title.is_none() {
                    report.title = Some(value.to_string());
                } else if lower == "author" && report.author.is_none() {
                    report.author = Some(value.to_string());
                }
                format!("{key}: {value}")
            }
            ItemKind::Comment(t) => format!("; {t}").trim_end().to_owned(),
            ItemKind::Note(t) | ItemKind::Text(t) | ItemKind::Row(t) => (*t).to_owned(),
            ItemKind::Blank => continue,
        };
        if report.notes.len() < MAX_COMMENTS {
            report.notes.push(line);
        } else {
            dropped.get_or_insert((item.line, 0)).1 += 1;
        }
    }
    if let Some((line, count)) = dropped {
        report.file_diagnostics.push(Diagnostic {
            line,
            ..file_error(LevelError::TooManyComments { count })
        });
    }
}

/// Reads, checks and builds one level, spending its cells from the pack's `budget`.
fn read_level(index: usize, raw: &RawLevel<'_>, budget: &mut usize) -> LevelReport {
    let line = raw.rows.first().map_or(1, |r| r.0);
    let mut meta = meta::read(&raw.pre, &raw.post);
    let mut problems = std::mem::take(&mut meta.problems);
    let level = build_level(raw, &meta, budget, &mut problems);
    let title = meta.title.clone();
    // Messages carry the title cut short: a long title is not copied into every one.
    let short = title.as_deref().map(short_title);
    let to_diag = |(l, c, error): board::Problem| Diagnostic {
        line: l,
        col: c,
        level: Some(index),
        title: short.clone(),
        error,
    };
    let (problems, more, more_errors) = problems.finish();
    let last = problems.last().map_or((line, 1), |p| (p.0, p.1));
    let (mut errors, mut warnings): (Vec<Diagnostic>, Vec<Diagnostic>) = problems
        .into_iter()
        .map(to_diag)
        .partition(Diagnostic::is_error);
    if more > 0 {
        let severity = if more_errors > 0 {
            Severity::Error
        } else {
            Severity::Warning
        };
        let note = to_diag((
            last.0,
            last.1,
            LevelError::MoreProblems {
                count: more,
                severity,
            },
        ));
        if severity == Severity::Error {
            errors.push(note);
        } else {
            warnings.push(note);
        }
    }
    let result = match level {
        Some(level) if errors.is_empty() => Ok(level),
        _ => Err(errors),
    };
    LevelReport {
        index,
        line,
        title,
        result,
        warnings,
        solution_line: meta.solution_line,
        more_solution_lines: meta.more_solutions.iter().map(|s| s.0).collect(),
    }
}

/// Reads and checks the board and puts the level together, adding every problem found;
/// `None` when the board cannot be read at all or the pack's cells are spent.
fn build_level(
    raw: &RawLevel<'_>,
    meta: &meta::Meta,
    budget: &mut usize,
    problems: &mut Problems,
) -> Option<Level> {
    let (board, cell_problems) = match board::build(&raw.rows, MAX_SIDE * (MAX_SIDE + 1)) {
        Ok(built) => built,
        Err(problem) => {
            // A board refused as too big was read (up to a board's limit) all the same: it
            // counts toward the file's cells, so a file of such boards stops at the cap.
            if let LevelError::BoardTooBig { width, height } = problem.2 {
                let cells = width.saturating_mul(height).min(MAX_SIDE * (MAX_SIDE + 1));
                if cells > *budget {
                    problems.push((problem.0, 1, LevelError::PackTooBig));
                }
                *budget = budget.saturating_sub(cells);
            }
            problems.push(problem);
            return None;
        }
    };
    let cells = board.tiles.len();
    if cells > *budget {
        problems.push((board.first_line, 1, LevelError::PackTooBig));
        return None;
    }
    *budget -= cells;
    problems.extend(cell_problems);
    problems.extend(validate::check(&board));
    if board.hubs.len() > MAX_SPINNERS {
        let hubs = board.hubs.len();
        problems.push((board.first_line, 1, LevelError::TooManyHubs { hubs }));
        return None;
    }
    let spinners = place_spinners(&board, meta, problems);
    Some(assemble(board, meta, spinners))
}

/// One spinner per hub in board order, with the `Spinner:` settings applied; a bar longer
/// than the board's longer side is refused, and so are bars that sweep more than
/// [`MAX_SPINNER_CELLS`] cells together.
fn place_spinners(
    board: &board::Board,
    meta: &meta::Meta,
    problems: &mut Problems,
) -> Vec<Spinner> {
    let mut spinners: Vec<Spinner> = board.hubs.iter().map(|&h| Spinner::at(h)).collect();
    // Hub number by position: one look-up per `Spinner:` line, however many hubs.
    let hub_of: HashMap<Pos, usize> = board
        .hubs
        .iter()
        .enumerate()
        .map(|(k, &h)| (h, k))
        .collect();
    let mut set_by: Vec<Option<usize>> = vec![None; spinners.len()];
    let longest = board.width.max(board.height);
    for s in &meta.spinners {
        let pos = Pos::new(
            i32::try_from(s.x).unwrap_or(-1),
            i32::try_from(s.y).unwrap_or(-1),
        );
        let Some(&k) = hub_of.get(&pos) else {
            let found = describe(board.tile(pos));
            let error = LevelError::SpinnerWithoutHub {
                x: s.x,
                y: s.y,
                found,
            };
            problems.push((s.line, s.col, error));
            continue;
        };
        if let Some(first_line) = set_by[k] {
            let error = LevelError::DuplicateSpinner {
                x: s.x,
                y: s.y,
                first_line,
            };
            problems.push((s.line, s.col, error));
            continue;
        }
        set_by[k] = Some(s.line);
        if s.length.is_some_and(|l| l > longest as f32) {
            let error = LevelError::SpinnerTooLong {
                x: s.x,
                y: s.y,
                max: u32::try_from(longest).unwrap_or(0),
            };
            problems.push((s.line, s.col, error));
            continue;
        }
        let spinner = &mut spinners[k];
        spinner.length = s.length.unwrap_or(spinner.length);
        spinner.speed = s.speed.unwrap_or(spinner.speed);
        spinner.angle = s.angle.unwrap_or(spinner.angle);
        spinner.pushes = s.pushes;
    }
    let swept: u64 = spinners.iter().map(|s| swept_cells(board, s)).sum();
    if swept > MAX_SPINNER_CELLS {
        problems.push((
            board.first_line,
            1,
            LevelError::SpinnersSweepTooMuch { cells: swept },
        ));
    }
    spinners
}

/// How many cells a spinner's bar may pass over as it turns: the square round its hub that
/// holds the bar's circle (half its length, plus a cell for its thickness), within the board.
fn swept_cells(board: &board::Board, spinner: &Spinner) -> u64 {
    // Lengths are at most the board's longer side (checked above or by default), so the
    // reach fits an i64 and a cell count a u64.
    let reach = (f64::from(spinner.length) / 2.0).ceil() as i64 + 1;
    let span = |centre: i32, size: i32| {
        let lo = (i64::from(centre) - reach).max(0);
        let hi = (i64::from(centre) + reach).min(i64::from(size) - 1);
        u64::try_from(hi - lo + 1).unwrap_or(0)
    };
    span(spinner.hub.x, board.width) * span(spinner.hub.y, board.height)
}

/// A tile in words, for the spinner message.
fn describe(tile: Option<Tile>) -> String {
    let piece = match tile {
        None => return "off the board".to_owned(),
        Some(Tile::Floor) => return Piece::Floor.name().to_owned(),
        Some(Tile::Goal) => Piece::Goal,
        Some(Tile::Wall) => Piece::Wall,
        Some(Tile::Slope(_)) => Piece::Slope,
        Some(Tile::Hub) => Piece::Hub,
    };
    piece.a()
}

/// Builds the level from a checked board and its text.
fn assemble(board: board::Board, meta: &meta::Meta, spinners: Vec<Spinner>) -> Level {
    let mut boxes = board.boxes;
    boxes.sort_unstable();
    let mut enemies = board.enemies;
    enemies.sort_unstable();
    Level {
        title: meta.title.clone(),
        author: meta.author.clone(),
        comments: meta.comments.clone(),
        chapter: meta.chapter.clone(),
        width: board.width,
        height: board.height,
        tiles: board.tiles,
        player: board.players.first().copied().unwrap_or_default(),
        boxes,
        enemies,
        spinners,
        shot_limit: meta.shot_limit,
        solution: meta.solution.clone(),
        more_solutions: meta.more_solutions.iter().map(|s| s.1.clone()).collect(),
        unknown_settings: meta.unknown.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_stops_when_the_pack_runs_out_of_cells() {
        let level = "#####\n#@$.#\n#####\n\n";
        let report = parse_pack_within(&level.repeat(5), 15 * 3 + 14);
        assert_eq!(report.levels.len(), 4);
        assert!(report.levels[..3].iter().all(LevelReport::is_valid));
        let last = &report.levels[3].diagnostics();
        assert_eq!(last.len(), 1);
        assert_eq!(
            last[0].to_string(),
            format!(
                "13:1: level 4: the boards up to here hold more than {MAX_PACK_CELLS} cells in all; sokoshot stops reading the file here"
            )
        );
    }

    #[test]
    fn boards_refused_as_too_big_count_toward_the_file_s_cells() {
        // 1,001 rows of 999: within a board's cells, so expanded, then refused as too tall.
        let too_tall = "999#|999(#997-#|)999#\n\n";
        let report = parse_pack(&too_tall.repeat(20));
        let read = MAX_PACK_CELLS / (999 * 1001) + 1;
        assert_eq!(report.levels.len(), read);
        assert!(
            report.levels[read - 1]
                .diagnostics()
                .iter()
                .any(|d| d.error == LevelError::PackTooBig)
        );
    }

    #[test]
    fn boards_one_cell_too_wide_are_refused_by_their_text() {
        let report = parse_pack(&"1000#|#@$.996 #|997(#998-#|)1000#\n\n".repeat(50));
        let first = report.levels[0].diagnostics();
        assert_eq!(
            first[0].to_string(),
            "1:1: level 1: the board is 1001×1000 cells; the most sokoshot reads is 1000×1000"
        );
        // Refused unexpanded, but counted as read: the file stops at its cap.
        let read = MAX_PACK_CELLS / (MAX_SIDE * (MAX_SIDE + 1)) + 1;
        assert_eq!(report.levels.len(), read);
    }
}
