//! The SQLite backend, `serve`'s default: one file, one connection behind a lock (SQLite
//! writes one transaction at a time whatever the connections), in WAL mode with every commit
//! flushed to disk (`synchronous=FULL`), so a save that returned survives a power cut.
//! Transactions take the write lock as they begin (`BEGIN IMMEDIATE`), which is the lock
//! every [`Lock`] asks for; another process holding the file is waited for at most
//! [`BUSY_TIMEOUT`].

use std::path::{Path, PathBuf};
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
        conn.busy_timeout(BUSY_TIMEOUT)
            .and_then(|()| conn.pragma_update(None, "journal_mode", "WAL"))
            .and_then(|()| conn.pragma_update(None, "synchronous", "FULL"))
            .map_err(|err| fail(err.to_string()))?;
        Ok(Self {
            path: path.to_owned(),
            conn: Mutex::new(conn),
        })
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

struct SqliteTx<'a>(&'a Connection);

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
        let result = work(&mut SqliteTx(&conn));
        let end = if result.is_ok() { "COMMIT" } else { "ROLLBACK" };
        match conn.execute_batch(end) {
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
