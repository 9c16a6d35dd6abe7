//! Saves made at once written together: group commit above the driver.
//!
//! A save whose row is known (`write_progress`) is one conditional `UPDATE`. Written
//! one by one, 200 players saving at once are 200 statements and 200 commits, each waiting
//! for a connection and for its commit to be flushed to the disk; on two cores the last of
//! them waited for all the others. Here a save that finds [`MAX_WRITERS`] batches already
//! being written queues its row and waits; as a writer ends, the first save queued takes
//! its place and writes every row queued (at most [`MAX_ROWS`]) in one statement, one commit
//! and one flush. A save that finds a writer free writes at once, alone or with whatever was
//! queued: batching costs a lone save nothing.
//!
//! The statement changes only the rows whose stamp is still the one their session read
//! (`UPDATE … FROM (VALUES …) … RETURNING`), in SQL both SQLite (3.35 on) and PostgreSQL
//! take, so each save learns whether it was written, as the one-row statement told it.
//! When the batch as a whole is refused, each of its rows is written again alone, so one
//! bad row refuses only its own save.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::sync::mpsc::{self, Sender};
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::{Database, DbError, Value};

/// The most batches written at once (each on a connection of its own).
pub const MAX_WRITERS: usize = 4;

/// The most rows one statement writes (five parameters each).
pub const MAX_ROWS: usize = 64;

/// One row to write: where the stamp is still `known`, the progress text, the bytes the row
/// then takes, and its new stamp.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowWrite {
    /// The player's key fingerprint.
    pub fingerprint: String,
    /// The progress text to write.
    pub text: String,
    /// The bytes the row takes with it.
    pub bytes: i64,
    /// The row's new stamp.
    pub stamp: i64,
    /// The stamp the row must still have.
    pub known: i64,
}

/// The rows waiting and the writers at work, for one database.
#[derive(Debug, Default)]
pub struct Batches {
    state: Mutex<State>,
}

/// What a waiting save is told: its row's outcome, or that it is its turn to write.
#[derive(Debug)]
enum Turn {
    /// Whether the row was changed (its stamp was still the one known), or why not.
    Done(Result<bool, DbError>),
    /// A writer finished and rows wait: this save writes the next batch.
    Lead,
}

#[derive(Debug, Default)]
struct State {
    queued: Vec<(RowWrite, Sender<Turn>)>,
    writers: usize,
}

impl Batches {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Writes `row` in `db`, alone or with the rows of other saves made meanwhile; true when
    /// it was written (its stamp was still the one known). Each waiting save is woken only
    /// for its own outcome or its turn to write.
    ///
    /// # Errors
    /// When the database cannot be reached or refused the row.
    pub fn write(&self, db: &dyn Database, row: RowWrite) -> Result<bool, DbError> {
        let (send, turn) = mpsc::channel();
        let mut lead = {
            let mut state = self.lock();
            state.queued.push((row, send));
            let free = state.writers < MAX_WRITERS;
            if free {
                state.writers += 1;
            }
            free
        };
        loop {
            if lead {
                self.write_next(db);
            }
            match turn.recv() {
                Ok(Turn::Done(outcome)) => return outcome,
                Ok(Turn::Lead) => lead = true,
                // Every row queued is answered before its sender is dropped.
                Err(_) => return Err(DbError::Failed("the save was not written".into())),
            }
        }
    }

    /// Writes the rows queued first (at most [`MAX_ROWS`]) in one statement and tells each
    /// its outcome; then hands the writer's place to the first save still queued, if any.
    fn write_next(&self, db: &dyn Database) {
        let batch: Vec<(RowWrite, Sender<Turn>)> = {
            let mut state = self.lock();
            let take = state.queued.len().min(MAX_ROWS);
            state.queued.drain(..take).collect()
        };
        if !batch.is_empty() {
            let rows: Vec<&RowWrite> = batch.iter().map(|(row, _)| row).collect();
            for ((_, answer), outcome) in batch.iter().zip(write_rows(db, &rows)) {
                let _ = answer.send(Turn::Done(outcome));
            }
        }
        let mut state = self.lock();
        match state.queued.first() {
            Some((_, next)) if next.send(Turn::Lead).is_ok() => {}
            _ => state.writers -= 1,
        }
    }
}

/// Writes `rows` in one statement; when it is refused (and there is more than one), each
/// alone. One outcome per row, in order.
fn write_rows(db: &dyn Database, rows: &[&RowWrite]) -> Vec<Result<bool, DbError>> {
    match update_rows(db, rows) {
        Err(DbError::Failed(_)) if rows.len() > 1 => rows
            .iter()
            .map(|row| {
                update_rows(db, std::slice::from_ref(row))
                    .map(|written| written.into_iter().next().unwrap_or(false))
            })
            .collect(),
        Ok(written) => written.into_iter().map(Ok).collect(),
        Err(err) => rows.iter().map(|_| Err(err.clone())).collect(),
    }
}

/// The statement that writes `n` rows where their stamps are still the ones known, and
/// names those it changed.
#[must_use]
pub fn statement(n: usize) -> String {
    let mut sql = String::from(
        "UPDATE players SET progress = v.column2, bytes = v.column3, stamp = v.column4 \
         FROM (VALUES ",
    );
    for i in 0..n {
        let p = i * 5;
        let _ = write!(
            sql,
            "{}(CAST(${} AS TEXT), CAST(${} AS TEXT), CAST(${} AS BIGINT), \
             CAST(${} AS BIGINT), CAST(${} AS BIGINT))",
            if i == 0 { "" } else { ", " },
            p + 1,
            p + 2,
            p + 3,
            p + 4,
            p + 5,
        );
    }
    sql.push_str(
        ") AS v WHERE players.fingerprint = v.column1 AND players.stamp = v.column5 \
         RETURNING fingerprint",
    );
    sql
}

/// Writes `rows` in one statement: whether each was changed, in order.
fn update_rows(db: &dyn Database, rows: &[&RowWrite]) -> Result<Vec<bool>, DbError> {
    let params: Vec<Value> = rows
        .iter()
        .flat_map(|row| {
            [
                Value::Text(row.fingerprint.clone()),
                Value::Text(row.text.clone()),
                Value::Int(row.bytes),
                Value::Int(row.stamp),
                Value::Int(row.known),
            ]
        })
        .collect();
    let changed: HashSet<String> = db
        .rows(&statement(rows.len()), &params)?
        .into_iter()
        .filter_map(|row| row.into_iter().next().and_then(Value::text))
        .collect();
    Ok(rows
        .iter()
        .map(|row| changed.contains(&row.fingerprint))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_row_has_its_five_parameters_in_order() {
        let cases = [
            (
                "one row",
                1,
                "($1 AS TEXT), CAST($2 AS TEXT), CAST($3 AS BIGINT), CAST($4 AS BIGINT), CAST($5 AS BIGINT))",
            ),
            ("the second row", 2, "(CAST($6 AS TEXT), CAST($7 AS TEXT)"),
            (
                "the last parameter",
                MAX_ROWS,
                "CAST($320 AS BIGINT))) AS v",
            ),
        ];
        for (name, n, part) in cases {
            let sql = statement(n);
            assert!(sql.contains(part), "{name}: {sql}");
            assert_eq!(sql.matches("(CAST(").count(), n, "{name}: one tuple a row");
        }
    }
}
