//! The SQLite backend, `serve`'s default: one file, one connection behind a lock (SQLite
//! writes one transaction at a time whatever the connections), in WAL mode. A transaction
//! that wrote returns only once its commit is on the disk, so a save that returned survives a
//! power cut; but the commits are flushed together (group commit): SQLite commits without
//! flushing (`synchronous=NORMAL`), and each writer then makes sure the write-ahead log is
//! flushed past its commit, one flush (`fsync`) for every commit made while the last one
//! ran. A flush costs milliseconds on a disk and a commit without one a fraction of one, so
//! many players saving at once wait for a few flushes, not one each (measured in
//! `benches/README.md`). Transactions take the write lock as they begin (`BEGIN
//! IMMEDIATE`), which is the lock every [`Lock`] asks for; another process holding the file
//! is waited for at most [`BUSY_TIMEOUT`].

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use rusqlite::types::Value as SqlValue;
use rusqlite::{Connection, ErrorCode, params_from_iter};
use sokoshot_core::store::records::{Database, DbError, Lock, Tx, Value};

/// How long a transaction waits for another process holding the file.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// A SQLite file of players.
#[derive(Debug)]
pub struct Sqlite {
    path: PathBuf,
    conn: Mutex<Connection>,
    /// Commits that wrote, counted as they are made (under the connection's lock).
    committed: AtomicU64,
    /// The count of commits known flushed to the disk; held while one flush runs.
    flushed: Mutex<u64>,
}

impl Sqlite {
    /// Opens (or makes) the file at `path`, and its directory.
    ///
    /// # Errors
    /// When the directory or the file cannot be made or opened.
    pub fn open(path: &Path) -> Result<Self, DbError> {
        let fail = |why: String| DbError::Unreachable(format!("sqlite:{}: {why}", path.display()));
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|err| fail(err.to_string()))?;
        }
        let conn = Connection::open(path).map_err(|err| fail(err.to_string()))?;
        // The batched save is one statement per number of rows (up to `batch::MAX_ROWS`).
        conn.set_prepared_statement_cache_capacity(128);
        conn.busy_timeout(BUSY_TIMEOUT)
            .and_then(|()| conn.pragma_update(None, "journal_mode", "WAL"))
            .and_then(|()| conn.pragma_update(None, "synchronous", "NORMAL"))
            .map_err(|err| fail(err.to_string()))?;
        Ok(Self {
            path: path.to_owned(),
            conn: Mutex::new(conn),
            committed: AtomicU64::new(0),
            flushed: Mutex::new(0),
        })
    }

    /// Returns once commit number `commit` is on the disk: at once when a flush already
    /// took it, else after a flush of the write-ahead log that takes every commit made so
    /// far (one writer flushes while the others wait for it, then find theirs taken).
    fn flush_past(&self, commit: u64) -> Result<(), DbError> {
        let mut flushed = self.flushed.lock().unwrap_or_else(PoisonError::into_inner);
        if *flushed >= commit {
            return Ok(());
        }
        let upto = self.committed.load(Ordering::SeqCst);
        let mut wal = self.path.clone().into_os_string();
        wal.push("-wal");
        // The log holds every commit not yet copied into the database; when a checkpoint
        // has just emptied it, the database file holds them (and SQLite flushed it then).
        let file = std::fs::File::open(&wal).or_else(|_| std::fs::File::open(&self.path));
        file.and_then(|file| file.sync_data()).map_err(|err| {
            DbError::Unreachable(format!("sqlite:{}: {err}", self.path.display()))
        })?;
        *flushed = upto;
        Ok(())
    }
}

/// Whether an error means "try again later" (the file is busy, or cannot be reached).
fn error(err: &rusqlite::Error) -> DbError {
    let transient = matches!(
        err.sqlite_error_code(),
        Some(
            ErrorCode::DatabaseBusy
                | ErrorCode::DatabaseLocked
                | ErrorCode::SystemIoFailure
                | ErrorCode::CannotOpen
                | ErrorCode::DiskFull
                | ErrorCode::ReadOnly
        )
    );
    if transient {
        DbError::Unreachable(err.to_string())
    } else {
        DbError::Failed(err.to_string())
    }
}

fn sql_value(value: &Value) -> SqlValue {
    match value {
        Value::Int(n) => SqlValue::Integer(*n),
        Value::Text(text) => SqlValue::Text(text.clone()),
        Value::Null => SqlValue::Null,
    }
}

fn value(value: SqlValue) -> Value {
    match value {
        SqlValue::Integer(n) => Value::Int(n),
        SqlValue::Text(text) => Value::Text(text),
        _ => Value::Null,
    }
}

/// The SQL with PostgreSQL's `$N` parameters written as SQLite's `?N` (in SQLite `$N` is a
/// named parameter, numbered by where it first appears).
fn numbered(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        let digit_next = chars.peek().is_some_and(char::is_ascii_digit);
        out.push(if c == '$' && digit_next { '?' } else { c });
    }
    out
}

/// One transaction on the connection; `.1` is set when it ran a script (the schema), which
/// changes no rows but must be flushed as a write is.
struct SqliteTx<'a>(&'a Connection, bool);

impl Tx for SqliteTx<'_> {
    fn rows(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Value>>, DbError> {
        let mut statement = self
            .0
            .prepare_cached(&numbered(sql))
            .map_err(|e| error(&e))?;
        let columns = statement.column_count();
        let rows = statement
            .query_map(params_from_iter(params.iter().map(sql_value)), |row| {
                (0..columns)
                    .map(|i| row.get::<_, SqlValue>(i).map(value))
                    .collect()
            })
            .map_err(|e| error(&e))?;
        rows.collect::<Result<_, _>>().map_err(|e| error(&e))
    }

    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64, DbError> {
        let mut statement = self
            .0
            .prepare_cached(&numbered(sql))
            .map_err(|e| error(&e))?;
        let changed = statement
            .execute(params_from_iter(params.iter().map(sql_value)))
            .map_err(|e| error(&e))?;
        Ok(changed as u64)
    }

    fn batch(&mut self, sql: &str) -> Result<(), DbError> {
        self.1 = true;
        self.0.execute_batch(sql).map_err(|e| error(&e))
    }

    fn lock(&mut self, _lock: Lock) -> Result<(), DbError> {
        Ok(())
    }
}

impl Database for Sqlite {
    fn describe(&self) -> String {
        format!("sqlite:{}", self.path.display())
    }

    fn transaction(
        &self,
        work: &mut dyn FnMut(&mut dyn Tx) -> Result<(), DbError>,
    ) -> Result<(), DbError> {
        let conn = self.conn.lock().unwrap_or_else(PoisonError::into_inner);
        conn.execute_batch("BEGIN IMMEDIATE")
            .map_err(|e| error(&e))?;
        let before = conn.total_changes();
        let mut tx = SqliteTx(&conn, false);
        let result = work(&mut tx);
        let scripted = tx.1;
        let end = if result.is_ok() { "COMMIT" } else { "ROLLBACK" };
        let wrote = result.is_ok() && (scripted || conn.total_changes() != before);
        match conn.execute_batch(end) {
            Ok(()) if wrote => {
                let commit = self.committed.fetch_add(1, Ordering::SeqCst) + 1;
                drop(conn);
                self.flush_past(commit)
            }
            Ok(()) => result,
            Err(err) => {
                let _ = conn.execute_batch("ROLLBACK");
                result.and(Err(error(&err)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_keep_their_numbers() {
        let cases = [
            ("in order", "a = $1, b = $2", "a = ?1, b = ?2"),
            (
                "out of order",
                "SET p = $2 WHERE f = $1",
                "SET p = ?2 WHERE f = ?1",
            ),
            ("twice", "VALUES ($1, $2, $2)", "VALUES (?1, ?2, ?2)"),
            ("a lone dollar", "'$' || $1", "'$' || ?1"),
        ];
        for (name, sql, want) in cases {
            assert_eq!(numbered(sql), want, "{name}");
        }
    }
}
