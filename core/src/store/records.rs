//! A server's players kept in a database: everything above the SQL driver, written once for
//! every database ([`Database`], implemented for SQLite and PostgreSQL in the
//! `sokoshot-store` crate, which is where the drivers live).
//!
//! The schema is plain SQL ([`SCHEMA`]), versioned in the `meta` table and applied at start
//! ([`open`]). Each player is a row of `players`: their key's fingerprint, when they were
//! first and last seen, their progress as the progress format's text (so everything it
//! carries is kept: games to resume, settings, hints, kept solutions, unknown fields), their
//! Pasted pack's text, the bytes both take, and (from version 2) their nickname. `newcomers`
//! holds the open-mode rate, per address, so servers sharing one database share it too;
//! `scores` the verified scores ([`scores`]). A player forgotten to make room takes their
//! scores with them.
//!
//! Every change is one transaction holding a lock ([`Lock`]): saving re-reads the stored
//! progress, merges it with the game's ([`Progress::merge`], the best of both) and writes
//! the merge, so two sessions of one player on two servers saving at once lose nothing;
//! admitting a player counts and makes room under one lock, so the caps hold across servers.
//!
//! Faults: a save is written on a thread of its own and waited for at most [`SAVE_WAIT`], so
//! a slow store holds a session's frames no longer than that (the write goes on in the
//! background, and the game asks what became of it: [`Saves::settled`]); a save the store
//! cannot take now is kept in memory and retried in the background every [`RETRY_EVERY`],
//! merged with any later save of the same player, until it is written, also when the player
//! has quit ([`retry`]). At most [`MAX_PENDING_BYTES`] of progress text
//! wait at once; a save past that is refused (the player is told, and the game's own copy
//! is saved again by its next save).

use std::fmt;
use std::io;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use super::pasted::{PastedError, levels_of_pasted, pasted_text_with};
use super::players::newcomers::{WINDOW, address_key};
use super::players::{FORGET_UNSEEN_AFTER, Forgotten, MAX_PLAYER_BYTES, Player, Refused};
use super::progress::Progress;
use super::saves::{PlayerStore, SaveError, Saves};
use super::scores::ScoreBoard;
use crate::level::Level;
use batch::{Batches, RowWrite};

pub mod batch;
mod import;
pub mod retry;
pub mod scores;

pub use import::{Imported, import_folder};
pub use retry::{MAX_PENDING_BYTES, RETRY_EVERY, SAVE_WAIT, SHUTDOWN_WAIT};

/// The schema, one script per version, applied in order at start (see [`open`]).
pub const SCHEMA: &[&str] = &[
    include_str!("records/schema_1.sql"),
    include_str!("records/schema_2.sql"),
    include_str!("records/schema_3.sql"),
];

/// A value passed to or read from the database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// An integer (`BIGINT`).
    Int(i64),
    /// Text.
    Text(String),
    /// No value.
    Null,
}

impl Value {
    fn int(&self) -> i64 {
        match self {
            Value::Int(n) => *n,
            _ => 0,
        }
    }

    fn text(self) -> Option<String> {
        match self {
            Value::Text(text) => Some(text),
            _ => None,
        }
    }
}

/// What a transaction holds while it works, so that servers sharing a database take turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lock {
    /// Applying the schema.
    Schema,
    /// Admitting players (counting and making room).
    Admission,
    /// One player's row, by a hash of their fingerprint.
    Player(i64),
    /// The nicknames (choosing one).
    Nicknames,
}

impl Lock {
    /// A number for the lock (PostgreSQL's advisory locks take one).
    #[must_use]
    pub fn key(self) -> i64 {
        match self {
            Lock::Schema => 0x736f_6b6f_0001,
            Lock::Admission => 0x736f_6b6f_0002,
            Lock::Nicknames => 0x736f_6b6f_0003,
            Lock::Player(hash) => hash,
        }
    }
}

/// What went wrong in the database.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DbError {
    /// The database cannot be reached now (connection refused or lost, timed out, busy):
    /// worth trying again later.
    #[error("the store is unreachable: {0}")]
    Unreachable(String),
    /// The database or the work refused it; trying again would not help.
    #[error("{0}")]
    Failed(String),
}

/// One open transaction. SQL is written once for every backend: `$1`, `$2`… parameters
/// (each first used in order), `BIGINT` and `TEXT` values.
pub trait Tx {
    /// Runs a query and returns its rows.
    ///
    /// # Errors
    /// When the database fails.
    fn rows(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Value>>, DbError>;

    /// Runs a statement and returns the rows it changed.
    ///
    /// # Errors
    /// When the database fails.
    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64, DbError>;

    /// Runs a script of statements without parameters.
    ///
    /// # Errors
    /// When the database fails.
    fn batch(&mut self, sql: &str) -> Result<(), DbError>;

    /// Holds `lock` until the transaction ends (a no-op where the transaction already holds
    /// the whole database, as SQLite's does).
    ///
    /// # Errors
    /// When the database fails.
    fn lock(&mut self, lock: Lock) -> Result<(), DbError>;
}

/// A database of players: a driver that runs transactions.
pub trait Database: Send + Sync + fmt::Debug + 'static {
    /// The store in words, naming it (`sqlite:/srv/…`, `postgres://host/db`, no password).
    fn describe(&self) -> String;

    /// Runs `work` in one transaction, committed when it returns `Ok`, rolled back otherwise.
    ///
    /// # Errors
    /// The work's error, or the database's.
    fn transaction(
        &self,
        work: &mut dyn FnMut(&mut dyn Tx) -> Result<(), DbError>,
    ) -> Result<(), DbError>;

    /// Runs one query on its own (a transaction of its own) and returns its rows. A driver
    /// may run it without `BEGIN` and `COMMIT` round trips.
    ///
    /// # Errors
    /// When the database fails.
    fn rows(&self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Value>>, DbError> {
        let mut rows = Vec::new();
        self.transaction(&mut |tx| {
            rows = tx.rows(sql, params)?;
            Ok(())
        })?;
        Ok(rows)
    }

    /// Runs one statement on its own (a transaction of its own) and returns the rows it
    /// changed. A driver may run it without `BEGIN` and `COMMIT` round trips.
    ///
    /// # Errors
    /// When the database fails.
    fn execute(&self, sql: &str, params: &[Value]) -> Result<u64, DbError> {
        let mut changed = 0;
        self.transaction(&mut |tx| {
            changed = tx.execute(sql, params)?;
            Ok(())
        })?;
        Ok(changed)
    }
}

/// Applies the schema scripts the database has not had yet, in one transaction.
///
/// # Errors
/// When the database cannot be reached (the error names it) or refuses the schema.
pub fn open(db: &dyn Database) -> Result<(), DbError> {
    db.transaction(&mut |tx| {
        tx.lock(Lock::Schema)?;
        tx.batch("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")?;
        let version = meta(tx, "schema")?
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(0);
        if version > SCHEMA.len() {
            return Err(DbError::Failed(format!(
                "the store's schema is version {version}, newer than this sokoshot's {}",
                SCHEMA.len()
            )));
        }
        for script in &SCHEMA[version..] {
            tx.batch(script)?;
        }
        set_meta(tx, "schema", &SCHEMA.len().to_string())
    })
    .map_err(|err| match err {
        DbError::Unreachable(why) => {
            DbError::Unreachable(format!("{} cannot be reached: {why}", db.describe()))
        }
        DbError::Failed(why) => DbError::Failed(format!("{}: {why}", db.describe())),
    })
}

/// A value of the `meta` table.
///
/// # Errors
/// When the database fails.
pub fn meta(tx: &mut dyn Tx, key: &str) -> Result<Option<String>, DbError> {
    let rows = tx.rows(
        "SELECT value FROM meta WHERE key = $1",
        &[Value::Text(key.into())],
    )?;
    Ok(rows
        .into_iter()
        .next()
        .and_then(|row| row.into_iter().next())
        .and_then(Value::text))
}

/// Sets a value of the `meta` table.
///
/// # Errors
/// When the database fails.
pub fn set_meta(tx: &mut dyn Tx, key: &str, value: &str) -> Result<(), DbError> {
    tx.execute(
        "DELETE FROM meta WHERE key = $1",
        &[Value::Text(key.into())],
    )?;
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ($1, $2)",
        &[Value::Text(key.into()), Value::Text(value.into())],
    )?;
    Ok(())
}

/// Seconds since the Unix epoch.
fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The lock of one player's row.
fn player_lock(fingerprint: &str) -> Lock {
    let hash = fingerprint
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, b| {
            (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    Lock::Player(i64::from_ne_bytes(hash.to_ne_bytes()) | 1 << 48)
}

/// Which text of a player's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Progress,
    Pasted,
}

impl Column {
    fn name(self) -> &'static str {
        match self {
            Column::Progress => "progress",
            Column::Pasted => "pasted",
        }
    }
}

/// Reads one text of a player's row.
fn read(db: &dyn Database, fingerprint: &str, column: Column) -> Result<Option<String>, DbError> {
    let sql = format!(
        "SELECT {} FROM players WHERE fingerprint = $1",
        column.name()
    );
    let rows = db.rows(&sql, &[Value::Text(fingerprint.into())])?;
    Ok(rows
        .into_iter()
        .next()
        .and_then(|row| row.into_iter().next())
        .and_then(Value::text))
}

/// A player's row as a save needs it: the progress text, the bytes the Pasted pack takes,
/// and the row's stamp (0 where none was set).
type Row = (Option<String>, u64, i64);

/// Reads the progress, the Pasted pack's bytes and the stamp of a player's row, in one
/// statement; `None` when there is no row.
fn read_row(db: &dyn Database, fingerprint: &str) -> Result<Option<Row>, DbError> {
    let rows = db.rows(
        "SELECT progress, bytes, stamp FROM players WHERE fingerprint = $1",
        &[Value::Text(fingerprint.into())],
    )?;
    Ok(rows.into_iter().next().map(|row| {
        let mut row = row.into_iter();
        let text = row.next().and_then(Value::text);
        let bytes = u64::try_from(row.next().map_or(0, |v| v.int())).unwrap_or(0);
        let stamp = row.next().map_or(0, |v| v.int());
        let other = bytes.saturating_sub(text.as_ref().map_or(0, |t| t.len() as u64));
        (text, other, stamp)
    }))
}

/// A new stamp for a row just written: a random number, never 0.
fn new_stamp() -> i64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static WRITES: AtomicU64 = AtomicU64::new(0);
    // `RandomState`'s keys come from the system's randomness, per thread and process.
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(WRITES.fetch_add(1, Ordering::Relaxed));
    hasher.write_u128(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    match i64::from_ne_bytes(hasher.finish().to_ne_bytes()) {
        0 => 1,
        stamp => stamp,
    }
}

/// What this server last read or wrote of a player's row: its stamp then, the progress it
/// held, and the bytes the Pasted pack took. While the stamp is unchanged, the stored
/// progress is this one, and a save is one statement (`write_progress`).
#[derive(Debug, Clone)]
pub struct Known {
    stamp: i64,
    progress: Progress,
    other: u64,
}

/// A player's [`Known`] row, kept with their saves.
pub type KnownRow = std::sync::Mutex<Option<Known>>;

fn remember(known: Option<&KnownRow>, row: Option<Known>) {
    if let Some(cell) = known {
        *cell
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = row;
    }
}

/// A change of one text: from the stored text and the bytes of the row's other text, the
/// new text.
type Change<'a> = dyn FnMut(Option<&str>, u64) -> Result<String, DbError> + 'a;

/// Changes one text of a player's row in one transaction: `change` gets the stored text and
/// the bytes the row's other text takes, and gives the new text. The row is made if there is
/// none (a player forgotten while playing comes back). The statement that makes or reads the
/// row (`INSERT … ON CONFLICT DO UPDATE … RETURNING`) locks it until the transaction ends, so
/// the writers of one player take turns, on any server. Returns the row's new stamp and the
/// bytes of its other text.
fn update(
    db: &dyn Database,
    fingerprint: &str,
    column: Column,
    change: &mut Change<'_>,
) -> Result<(i64, u64), DbError> {
    let stamp = new_stamp();
    let mut other = 0;
    db.transaction(&mut |tx| {
        let key = Value::Text(fingerprint.into());
        let rows = tx.rows(
            "INSERT INTO players (fingerprint, created, seen, bytes, stamp) \
             VALUES ($1, $2, $2, 0, $3) \
             ON CONFLICT (fingerprint) DO UPDATE SET seen = players.seen \
             RETURNING progress, pasted",
            &[key.clone(), Value::Int(now_secs()), Value::Int(stamp)],
        )?;
        let mut row = rows.into_iter().next().unwrap_or_default().into_iter();
        let progress = row.next().and_then(Value::text);
        let pasted = row.next().and_then(Value::text);
        let (mine, theirs) = match column {
            Column::Progress => (progress, pasted),
            Column::Pasted => (pasted, progress),
        };
        other = theirs.map_or(0, |text| text.len() as u64);
        let text = change(mine.as_deref(), other)?;
        let bytes = i64::try_from(text.len() as u64 + other).unwrap_or(i64::MAX);
        let sql = format!(
            "UPDATE players SET {} = $2, bytes = $3, stamp = $4 WHERE fingerprint = $1",
            column.name()
        );
        tx.execute(
            &sql,
            &[key, Value::Text(text), Value::Int(bytes), Value::Int(stamp)],
        )?;
        Ok(())
    })?;
    Ok((stamp, other))
}

/// `progress` merged with `stored` and fitted to `other` bytes taken by the Pasted pack: the
/// merge, its text and what was dropped to fit.
fn merged_to_fit(
    progress: &Progress,
    stored: Option<&Progress>,
    other: u64,
) -> Result<(Progress, String, Option<String>), DbError> {
    let mut merged = progress.clone();
    if let Some(stored) = stored {
        merged.merge(stored);
    }
    merged
        .fitted(MAX_PLAYER_BYTES.saturating_sub(other))
        .map_err(|err| DbError::Failed(err.to_string()))
}

/// Writes `progress` merged with the stored one; returns the merge and what was dropped to
/// fit the player's bytes, if anything.
///
/// With `known` (what this server last read or wrote of the row; read now in one statement
/// when it is not known), the merge with it is written in one statement that writes only if
/// the row's stamp is still the one read: no other write came between, so the merge is the
/// best of both. Saves made at once share that statement ([`batch`]). Otherwise (another server or session wrote meanwhile, or no row yet), or
/// without `known`, the row is read again, merged and written in one transaction holding
/// the row.
fn write_progress(
    db: &dyn Database,
    batches: &Batches,
    fingerprint: &str,
    progress: &Progress,
    known: Option<&KnownRow>,
) -> Result<(Progress, Option<String>), DbError> {
    if let Some(cell) = known {
        let held = cell
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        let guess = match held {
            Some(known) => Some(known),
            None => read_row(db, fingerprint)?.and_then(|(text, other, stamp)| {
                let stored = match text {
                    Some(text) => Progress::parse_lenient(&text).ok()?.0,
                    None => Progress::default(),
                };
                (stamp != 0).then_some(Known {
                    stamp,
                    progress: stored,
                    other,
                })
            }),
        };
        if let Some(guess) = guess {
            let (merged, text, notice) =
                merged_to_fit(progress, Some(&guess.progress), guess.other)?;
            let stamp = new_stamp();
            let bytes = i64::try_from(text.len() as u64 + guess.other).unwrap_or(i64::MAX);
            let row = RowWrite {
                fingerprint: fingerprint.into(),
                text,
                bytes,
                stamp,
                known: guess.stamp,
            };
            if batches.write(db, row)? {
                remember(
                    known,
                    Some(Known {
                        stamp,
                        progress: merged.clone(),
                        other: guess.other,
                    }),
                );
                return Ok((merged, notice));
            }
        }
    }
    let mut saved = None;
    let (stamp, other) = update(db, fingerprint, Column::Progress, &mut |stored, other| {
        let on_record = match stored {
            Some(text) => Some(
                Progress::parse_lenient(text)
                    .map_err(|err| {
                        DbError::Failed(format!(
                            "the stored progress is not readable ({err}); it is not overwritten"
                        ))
                    })?
                    .0,
            ),
            None => None,
        };
        let (merged, text, notice) = merged_to_fit(progress, on_record.as_ref(), other)?;
        saved = Some((merged, notice));
        Ok(text)
    })?;
    let (merged, notice) = saved.ok_or_else(|| DbError::Failed("nothing was written".into()))?;
    remember(
        known,
        Some(Known {
            stamp,
            progress: merged.clone(),
            other,
        }),
    );
    Ok((merged, notice))
}

/// The open-mode caps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// The most players kept.
    pub max_players: usize,
    /// New players one address may make in an hour.
    pub new_players_per_hour: usize,
}

/// Takes a player in under the caps, in one transaction (see [`super::players`] for the
/// rule, the same for every backend). Returns the players forgotten to make room.
fn admit(
    db: &dyn Database,
    fingerprint: &str,
    ip: IpAddr,
    caps: Caps,
) -> Result<Result<Vec<(String, Forgotten)>, Refused>, DbError> {
    let mut outcome = Ok(Vec::new());
    db.transaction(&mut |tx| {
        tx.lock(Lock::Admission)?;
        outcome = admit_in(tx, fingerprint, ip, caps)?;
        Ok(())
    })?;
    Ok(outcome)
}

fn count(tx: &mut dyn Tx, sql: &str, params: &[Value]) -> Result<i64, DbError> {
    let rows = tx.rows(sql, params)?;
    Ok(rows
        .first()
        .and_then(|row| row.first())
        .map_or(0, Value::int))
}

fn admit_in(
    tx: &mut dyn Tx,
    fingerprint: &str,
    ip: IpAddr,
    caps: Caps,
) -> Result<Result<Vec<(String, Forgotten)>, Refused>, DbError> {
    let key = Value::Text(fingerprint.into());
    let now = now_secs();
    let seen = tx.execute(
        "UPDATE players SET seen = $2 WHERE fingerprint = $1",
        &[key.clone(), Value::Int(now)],
    )?;
    if seen > 0 {
        return Ok(Ok(Vec::new()));
    }
    let address = Value::Text(address_key(ip).to_string());
    let window = i64::try_from(WINDOW.as_secs()).unwrap_or(i64::MAX);
    tx.execute(
        "DELETE FROM newcomers WHERE at <= $1",
        &[Value::Int(now - window)],
    )?;
    let made = count(
        tx,
        "SELECT COUNT(*) FROM newcomers WHERE address = $1",
        std::slice::from_ref(&address),
    )?;
    if usize::try_from(made).unwrap_or(usize::MAX) >= caps.new_players_per_hour {
        return Ok(Err(Refused::Rate(caps.new_players_per_hour)));
    }
    let held = count(tx, "SELECT COUNT(*) FROM players", &[])?;
    let max = i64::try_from(caps.max_players.max(1)).unwrap_or(i64::MAX);
    let excess = (held + 1 - max).max(0);
    let mut forgotten = Vec::new();
    if excess > 0 {
        let away = i64::try_from(FORGET_UNSEEN_AFTER.as_secs()).unwrap_or(i64::MAX);
        // Saved: a level solved (a `level` line) or a pasted level; the level played last and
        // games to resume, which opening a level writes, are not.
        let rows = tx.rows(
            "SELECT fingerprint, seen, saved FROM (SELECT fingerprint, seen, \
             CASE WHEN progress LIKE $3 OR (pasted IS NOT NULL AND pasted <> '') \
             THEN 1 ELSE 0 END AS saved FROM players) AS held \
             WHERE saved = 0 OR seen <= $1 ORDER BY saved, seen LIMIT $2",
            &[
                Value::Int(now - away),
                Value::Int(excess),
                Value::Text("%\nlevel %".into()),
            ],
        )?;
        if (rows.len() as i64) < excess {
            return Ok(Err(Refused::Full(caps.max_players)));
        }
        for row in rows {
            let mut row = row.into_iter();
            let gone = row.next().unwrap_or(Value::Null);
            let seen = row.next().map_or(0, |v| v.int());
            let saved = row.next().map_or(0, |v| v.int());
            // A player forgotten takes their scores with them.
            tx.execute(
                "DELETE FROM scores WHERE fingerprint = $1",
                std::slice::from_ref(&gone),
            )?;
            tx.execute(
                "DELETE FROM players WHERE fingerprint = $1",
                std::slice::from_ref(&gone),
            )?;
            let why = if saved == 0 {
                Forgotten::NothingSaved
            } else {
                let secs = u64::try_from(now - seen).unwrap_or(0);
                Forgotten::Away(std::time::Duration::from_secs(secs))
            };
            forgotten.push((gone.text().unwrap_or_default(), why));
        }
    }
    tx.execute(
        "INSERT INTO players (fingerprint, created, seen, bytes, stamp) \
         VALUES ($1, $2, $2, 0, $3)",
        &[key, Value::Int(now), Value::Int(new_stamp())],
    )?;
    tx.execute(
        "INSERT INTO newcomers (address, at) VALUES ($1, $2)",
        &[address, Value::Int(now)],
    )?;
    Ok(Ok(forgotten))
}

/// A server's players in a database ([`PlayerStore`] over a [`Database`]).
#[derive(Debug)]
pub struct RecordStore {
    db: Arc<dyn Database>,
    caps: Caps,
    pending: Arc<retry::Pending>,
}

impl RecordStore {
    /// The players kept in `db` (whose schema [`open`] applied) under `caps`.
    #[must_use]
    pub fn new(db: Arc<dyn Database>, caps: Caps) -> Self {
        Self::with_pending_bound(db, caps, MAX_PENDING_BYTES)
    }

    /// As [`RecordStore::new`], holding at most `bound` bytes of saves not yet written
    /// (rather than [`MAX_PENDING_BYTES`]).
    #[must_use]
    pub fn with_pending_bound(db: Arc<dyn Database>, caps: Caps, bound: usize) -> Self {
        Self {
            pending: Arc::new(retry::Pending::with_bound(Arc::clone(&db), bound)),
            db,
            caps,
        }
    }
}

impl PlayerStore for RecordStore {
    fn describe(&self) -> String {
        self.db.describe()
    }

    fn admit(&self, player: &Player, ip: IpAddr) -> Result<(), Refused> {
        let Player::Key(fingerprint) = player else {
            return Ok(());
        };
        match admit(&*self.db, fingerprint, ip, self.caps) {
            Ok(Ok(forgotten)) => {
                for (gone, why) in forgotten {
                    let because = match why {
                        Forgotten::NothingSaved => "nothing saved".to_owned(),
                        Forgotten::Away(away) => format!("away {} days", away.as_secs() / 86_400),
                    };
                    eprintln!(
                        "sokoshot serve: player {gone} forgotten ({because}) to make room for \
                         {fingerprint}"
                    );
                }
                Ok(())
            }
            Ok(Err(refused)) => Err(refused),
            Err(err) => {
                eprintln!("sokoshot serve: {}: {err}", self.db.describe());
                Err(Refused::Io)
            }
        }
    }

    fn saves(&self, player: &Player) -> io::Result<Option<Arc<dyn Saves>>> {
        let Player::Key(fingerprint) = player else {
            return Ok(None);
        };
        Ok(Some(Arc::new(RecordSaves {
            db: Arc::clone(&self.db),
            fingerprint: fingerprint.clone(),
            pending: Arc::clone(&self.pending),
            known: Arc::default(),
        })))
    }

    fn pending(&self) -> usize {
        self.pending.len()
    }

    fn finish(&self, within: std::time::Duration) -> usize {
        self.pending.finish(within)
    }
}

/// One player's saves in a database.
#[derive(Debug)]
pub struct RecordSaves {
    db: Arc<dyn Database>,
    fingerprint: String,
    pending: Arc<retry::Pending>,
    /// What this session last read or wrote of the player's row.
    known: Arc<KnownRow>,
}

impl Saves for RecordSaves {
    fn load(&self) -> (Progress, Option<String>) {
        let (text, other, stamp) = match read_row(&*self.db, &self.fingerprint) {
            Ok(row) => row.unwrap_or((None, 0, 0)),
            Err(err) => {
                return (
                    self.with_pending(Progress::default()),
                    Some(format!("the saved progress cannot be read now: {err}")),
                );
            }
        };
        let parsed = match text {
            None => Ok((Progress::default(), Vec::new())),
            Some(text) => Progress::parse_lenient(&text),
        };
        if let Ok((stored, _)) = &parsed
            && stamp != 0
        {
            remember(
                Some(&self.known),
                Some(Known {
                    stamp,
                    progress: stored.clone(),
                    other,
                }),
            );
        }
        let mut progress = match parsed {
            Ok((progress, problems)) if problems.is_empty() => progress,
            Ok((progress, problems)) => {
                let warning = format!(
                    "{} lines of the saved progress skipped and kept ({})",
                    problems.len(),
                    problems[0]
                );
                return (self.with_pending(progress), Some(warning));
            }
            Err(err) => {
                return (
                    Progress::default(),
                    Some(format!("the saved progress is not readable: {err}")),
                );
            }
        };
        progress = self.with_pending(progress);
        (progress, None)
    }

    fn save(&self, progress: &Progress) -> Result<(Progress, Option<String>), SaveError> {
        self.pending.save(&self.fingerprint, progress, &self.known)
    }

    fn pasted(&self) -> Vec<Level> {
        read(&*self.db, &self.fingerprint, Column::Pasted)
            .ok()
            .flatten()
            .map(|text| levels_of_pasted(&text))
            .unwrap_or_default()
    }

    fn add_pasted(&self, levels: &[Level]) -> Result<Option<String>, PastedError> {
        self.change_pasted(&mut |old| Ok(pasted_text_with(old, levels)))
    }

    fn change_pasted(
        &self,
        change: &mut dyn FnMut(&str) -> Result<String, PastedError>,
    ) -> Result<Option<String>, PastedError> {
        let mut refused = None;
        let written = update(
            &*self.db,
            &self.fingerprint,
            Column::Pasted,
            &mut |stored, other| {
                let refusal = match change(stored.unwrap_or_default()) {
                    Ok(text) if text.len() as u64 + other <= MAX_PLAYER_BYTES => return Ok(text),
                    Ok(text) => PastedError::TooBig {
                        total: text.len() as u64 + other,
                        max: MAX_PLAYER_BYTES,
                    },
                    Err(err) => err,
                };
                refused = Some(refusal);
                Err(DbError::Failed("refused".into()))
            },
        );
        // The row's stamp changed (or may have): the next save reads it again.
        remember(Some(&self.known), None);
        match written {
            Ok(_) => Ok(None),
            Err(err) => Err(refused.unwrap_or(PastedError::Db(err))),
        }
    }

    fn scores(&self) -> Option<Arc<dyn ScoreBoard>> {
        Some(Arc::new(RecordSaves::scores(self)))
    }

    fn settled(&self) -> Option<Result<(), SaveError>> {
        self.pending.settled(&self.fingerprint)
    }
}

impl RecordSaves {
    /// The player's scores and nickname, in the same database.
    #[must_use]
    pub fn scores(&self) -> scores::DbScores {
        scores::DbScores::new(Arc::clone(&self.db), Some(self.fingerprint.clone()))
    }

    /// `progress` with what still waits for the store merged in.
    fn with_pending(&self, mut progress: Progress) -> Progress {
        if let Some(waiting) = self.pending.peek(&self.fingerprint) {
            progress.merge(&waiting);
        }
        progress
    }
}
