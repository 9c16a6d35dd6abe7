//! `sokoshot scores`: the verified scores a store holds, one line per entry, for operators.

use std::process::ExitCode;

use sokoshot::serve::DEFAULT_STORE_FILE;
use sokoshot_core::store::progress::data_dir;
use sokoshot_core::store::records::scores::{Listed, list};
use sokoshot_core::store::scores::{Board, date, date_time};
use sokoshot_store::Spec;

/// The header line, naming the columns (tab-separated, as the lines are).
pub const HEADER: &str =
    "pack\tlevel\ttable\tplace\tnickname\tfingerprint\tmoves\tpushes\tshots\tdate";

/// One entry as a line: pack, level (1-based), table (`moves`, `pushes`, or
/// `daily DATE moves|pushes`), place, nickname (`-` without one), key fingerprint, moves,
/// pushes, shots, date (UTC).
#[must_use]
pub fn line(listed: &Listed) -> String {
    let table = match listed.board {
        Board::AllTime => listed.table.name().to_owned(),
        Board::Day(day) => format!("daily {} {}", date(day), listed.table.name()),
    };
    let entry = &listed.ranked.entry;
    format!(
        "{}\t{}\t{table}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        listed.pack,
        listed.level + 1,
        listed.ranked.place,
        entry.nickname.as_deref().unwrap_or("-"),
        entry.fingerprint,
        entry.figures.moves,
        entry.figures.pushes,
        entry.figures.shots,
        date_time(entry.at)
    )
}

/// Prints the tables of the store `spec` names (`serve`'s default when `None`), of the pack
/// `pack` and its level `level` (1-based) when given. Exits 0, or 2 with the reason.
pub fn run(spec: Option<Spec>, pack: Option<&str>, level: Option<usize>) -> ExitCode {
    let fail = |why: String| {
        eprintln!("sokoshot scores: {why}");
        ExitCode::from(2)
    };
    let spec = match spec {
        Some(spec) => spec,
        None => {
            let Some(dir) = data_dir(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))
            else {
                return fail("no data directory: neither HOME nor XDG_DATA_HOME is set".into());
            };
            Spec::Sqlite(dir.join(DEFAULT_STORE_FILE))
        }
    };
    match &spec {
        Spec::Folder(path) => {
            return fail(format!(
                "folder:{} keeps no scores: they are kept by a database store (sqlite: or \
                 postgres:)",
                path.display()
            ));
        }
        Spec::Sqlite(path) if !path.exists() => {
            return fail(format!(
                "there is no store at sqlite:{} (serve makes it when it first starts)",
                path.display()
            ));
        }
        _ => {}
    }
    if level == Some(0) {
        return fail("levels are counted from 1".into());
    }
    let db = match sokoshot_store::open(&spec) {
        Ok(Some(db)) => db,
        Ok(None) => return fail("this store keeps no scores".into()),
        Err(err) => return fail(err.to_string()),
    };
    match list(&*db, pack, level.map(|n| n - 1)) {
        Ok(listed) => {
            use std::io::Write as _;
            let mut out = std::io::stdout().lock();
            let mut lines = vec![HEADER.to_owned()];
            lines.extend(listed.iter().map(line));
            // A closed pipe (`| head`) ends the listing quietly.
            for text in lines {
                if writeln!(out, "{text}").is_err() {
                    break;
                }
            }
            ExitCode::SUCCESS
        }
        Err(err) => fail(format!("{}: {err}", db.describe())),
    }
}
