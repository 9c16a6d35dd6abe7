//! Taking in the folder store of an earlier server (`players/`, one directory per key) the
//! first time a database is used: each player's progress and Pasted pack texts as they are
//! (everything in them kept, including lines this version cannot read), and when they were
//! last seen. All in one transaction, marked done in `meta`, so it happens once and whole;
//! the folder is left in place.

use std::fs;
use std::io;
use std::path::Path;
use std::time::UNIX_EPOCH;

use super::{Database, DbError, Tx, Value, meta, set_meta};
use crate::level::read_file;
use crate::store::players::fingerprint_of;
use crate::store::progress::Progress;

/// What an import took in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Imported {
    /// Players taken in.
    pub players: usize,
    /// Files left out, each with why (they stay in the folder).
    pub skipped: Vec<String>,
}

/// Imports the players of the folder `dir` into `db`, unless done before (`None` then).
///
/// # Errors
/// When the folder cannot be listed, or the database fails.
pub fn import_folder(db: &dyn Database, dir: &Path) -> Result<Option<Imported>, DbError> {
    let mut result = None;
    db.transaction(&mut |tx| {
        tx.lock(super::Lock::Schema)?;
        if meta(tx, "imported-folder")?.is_some() {
            return Ok(());
        }
        let imported = import_in(tx, dir)?;
        set_meta(tx, "imported-folder", &dir.display().to_string())?;
        result = Some(imported);
        Ok(())
    })?;
    Ok(result)
}

fn import_in(tx: &mut dyn Tx, dir: &Path) -> Result<Imported, DbError> {
    let mut imported = Imported::default();
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(imported),
        Err(err) => return Err(DbError::Failed(format!("{}: {err}", dir.display()))),
    };
    let fail = |err: io::Error| DbError::Failed(format!("{}: {err}", dir.display()));
    for entry in entries {
        let entry = entry.map_err(fail)?;
        let home = entry.path();
        if !entry.file_type().map_err(fail)?.is_dir() {
            continue;
        }
        let seen = entry
            .metadata()
            .and_then(|meta| meta.modified())
            .ok()
            .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
        let progress = text_of(&home.join("progress.txt"), &mut imported.skipped).filter(|text| {
            match Progress::parse_lenient(text) {
                Ok(_) => true,
                Err(err) => {
                    imported.skipped.push(format!(
                        "{}: not a progress file ({err})",
                        home.join("progress.txt").display()
                    ));
                    false
                }
            }
        });
        let pasted = text_of(&home.join("pasted.xsb"), &mut imported.skipped);
        let bytes =
            progress.as_ref().map_or(0, String::len) + pasted.as_ref().map_or(0, String::len);
        let text = |t: Option<String>| t.map_or(Value::Null, Value::Text);
        let key = Value::Text(fingerprint_of(&home));
        tx.execute(
            "DELETE FROM players WHERE fingerprint = $1",
            std::slice::from_ref(&key),
        )?;
        tx.execute(
            "INSERT INTO players (fingerprint, created, seen, progress, pasted, bytes) \
             VALUES ($1, $2, $2, $3, $4, $5)",
            &[
                key,
                Value::Int(seen),
                text(progress),
                text(pasted),
                Value::Int(i64::try_from(bytes).unwrap_or(i64::MAX)),
            ],
        )?;
        imported.players += 1;
    }
    Ok(imported)
}

/// A file's text, if it is there and is text (otherwise noted in `skipped`).
fn text_of(path: &Path, skipped: &mut Vec<String>) -> Option<String> {
    match read_file(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Some(text),
            Err(_) => {
                skipped.push(format!("{}: not UTF-8 text", path.display()));
                None
            }
        },
        Err(err) if err.kind() == io::ErrorKind::NotFound => None,
        Err(err) => {
            skipped.push(format!("{}: {err}", path.display()));
            None
        }
    }
}
