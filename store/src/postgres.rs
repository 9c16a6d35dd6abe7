//! The PostgreSQL backend, for several servers sharing one store: a pool of at most
//! [`POOL_SIZE`] connections per server, a connection waited for at most
//! [`CONNECT_TIMEOUT`] and a statement at most [`STATEMENT_TIMEOUT`], so that a slow or
//! stopped database holds up only the sessions saving to it, each for a bounded time (their
//! saves then wait in memory and are retried: see [`sokoshot_core::store::records::retry`]).
//!
//! Round trips are what a save costs here, so each is counted: every connection keeps its
//! statements prepared (one round trip to run one, where an unprepared one takes two), a
//! connection is not checked when taken from the pool (a connection found closed when used
//! is dropped and the work run again on another), and a statement run on its own
//! ([`Database::rows`], [`Database::execute`]) is sent without `BEGIN` and `COMMIT`. A
//! save is then one round trip while no one else wrote the player's row (see
//! [`sokoshot_core::store::records`]). Commits from many connections at once are flushed
//! together by PostgreSQL itself (one flush of its log takes every commit made before it).
//! Each [`Lock`] is a transaction-level advisory lock, so servers take turns on admissions
//! and nicknames.

use std::collections::HashMap;
use std::time::Duration;

use postgres::types::{ToSql, Type};
use postgres::{Client, Config, NoTls, Statement};
use r2d2::{ManageConnection, Pool};
use sokoshot_core::store::records::{Database, DbError, Lock, Tx, Value};

/// The connections one server holds, all opened at start: with 20, 200 players saving at
/// once on two cores waited for connections (measured in `benches/README.md`); three
/// servers fit in PostgreSQL's default `max_connections` of 100.
pub const POOL_SIZE: u32 = 32;
/// How long to wait for a connection (from the pool, or a new one) before giving up.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// How long one statement may run before PostgreSQL cancels it.
pub const STATEMENT_TIMEOUT: Duration = Duration::from_secs(5);
/// The most statements one connection keeps prepared (the store's SQL is a few dozen texts,
/// and the batched save one per number of rows, up to `batch::MAX_ROWS`; the bound only
/// keeps a mistake from growing it).
const MAX_PREPARED: usize = 256;

/// A connection and the statements prepared on it, by their text.
struct Conn {
    client: Client,
    prepared: HashMap<String, Statement>,
}

/// Makes the pool's connections.
#[derive(Debug)]
struct Connector(Config);

impl ManageConnection for Connector {
    type Connection = Conn;
    type Error = postgres::Error;

    fn connect(&self) -> Result<Conn, postgres::Error> {
        Ok(Conn {
            client: self.0.connect(NoTls)?,
            prepared: HashMap::new(),
        })
    }

    fn is_valid(&self, conn: &mut Conn) -> Result<(), postgres::Error> {
        conn.client.simple_query("").map(|_| ())
    }

    fn has_broken(&self, conn: &mut Conn) -> bool {
        conn.client.is_closed()
    }
}

/// A PostgreSQL database of players.
pub struct Postgres {
    /// The URL without its password.
    name: String,
    pool: Pool<Connector>,
}

impl std::fmt::Debug for Postgres {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Postgres")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Postgres {
    /// Connects to the database at `url`.
    ///
    /// # Errors
    /// When the URL does not read, or no connection can be made within
    /// [`CONNECT_TIMEOUT`] (the error names the database, without its password).
    pub fn connect(url: &str) -> Result<Self, DbError> {
        let name = without_password(url);
        let mut config: Config = url
            .parse()
            .map_err(|err| DbError::Failed(format!("{name}: {err}")))?;
        config
            .connect_timeout(CONNECT_TIMEOUT)
            .options(&format!(
                "-c statement_timeout={}",
                STATEMENT_TIMEOUT.as_millis()
            ))
            .application_name("sokoshot");
        let pool = Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(POOL_SIZE))
            .test_on_check_out(false)
            .connection_timeout(CONNECT_TIMEOUT)
            .build(Connector(config))
            .map_err(|err| DbError::Unreachable(format!("{name} cannot be reached: {err}")))?;
        Ok(Self { name, pool })
    }

    /// Runs `work` on a connection of the pool; when the connection turns out closed (the
    /// database restarted since it was made), again on another, at most once per connection
    /// the pool holds.
    fn on_connection<T>(
        &self,
        work: &mut dyn FnMut(&mut Conn) -> Result<T, DbError>,
    ) -> Result<T, DbError> {
        let mut tries = 0;
        loop {
            let mut conn = self
                .pool
                .get()
                .map_err(|err| DbError::Unreachable(format!("{}: {err}", self.name)))?;
            match work(&mut conn) {
                // The closed connection is dropped by the pool as broken when it comes back.
                Err(_) if conn.client.is_closed() && tries < POOL_SIZE => tries += 1,
                done => return done,
            }
        }
    }
}

/// `url` with any password replaced by `***`, to name it in logs and errors.
#[must_use]
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let (authority, tail) = rest.split_at(rest.find(['/', '?']).unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((user, host)) if user.contains(':') => {
            let user = user.split_once(':').map_or(user, |(user, _)| user);
            format!("{scheme}://{user}:***@{host}{tail}")
        }
        _ => url.to_owned(),
    }
}

/// Whether the error says the database is gone or too slow (try later) or refused the work.
fn error(err: &postgres::Error) -> DbError {
    let transient = err.is_closed()
        || err.code().is_none_or(|code| {
            let code = code.code();
            // Connection exceptions (08), operator intervention (57: shutdown, statement
            // timeout), insufficient resources (53), serialization failures (40).
            ["08", "57", "53", "40"]
                .iter()
                .any(|class| code.starts_with(class))
        });
    if transient {
        DbError::Unreachable(err.to_string())
    } else {
        DbError::Failed(err.to_string())
    }
}

fn params(values: &[Value]) -> Vec<Box<dyn ToSql + Sync>> {
    values
        .iter()
        .map(|value| -> Box<dyn ToSql + Sync> {
            match value {
                Value::Int(n) => Box::new(*n),
                Value::Text(text) => Box::new(text.clone()),
                Value::Null => Box::new(None::<String>),
            }
        })
        .collect()
}

fn row_values(row: &postgres::Row) -> Vec<Value> {
    (0..row.len())
        .map(|i| {
            let ty = row.columns()[i].type_();
            if *ty == Type::INT8 || *ty == Type::INT4 {
                let n: Option<i64> = if *ty == Type::INT8 {
                    row.get(i)
                } else {
                    row.get::<_, Option<i32>>(i).map(i64::from)
                };
                n.map_or(Value::Null, Value::Int)
            } else {
                row.get::<_, Option<String>>(i)
                    .map_or(Value::Null, Value::Text)
            }
        })
        .collect()
}

/// Something statements run on: a connection, or a transaction on one.
trait Run {
    fn prepare(&mut self, sql: &str) -> Result<Statement, postgres::Error>;
    fn query(
        &mut self,
        statement: &Statement,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, postgres::Error>;
    fn execute(
        &mut self,
        statement: &Statement,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, postgres::Error>;
}

impl Run for Client {
    fn prepare(&mut self, sql: &str) -> Result<Statement, postgres::Error> {
        Client::prepare(self, sql)
    }
    fn query(
        &mut self,
        statement: &Statement,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, postgres::Error> {
        Client::query(self, statement, params)
    }
    fn execute(
        &mut self,
        statement: &Statement,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, postgres::Error> {
        Client::execute(self, statement, params)
    }
}

impl Run for postgres::Transaction<'_> {
    fn prepare(&mut self, sql: &str) -> Result<Statement, postgres::Error> {
        postgres::Transaction::prepare(self, sql)
    }
    fn query(
        &mut self,
        statement: &Statement,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, postgres::Error> {
        postgres::Transaction::query(self, statement, params)
    }
    fn execute(
        &mut self,
        statement: &Statement,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, postgres::Error> {
        postgres::Transaction::execute(self, statement, params)
    }
}

/// `sql` prepared on the connection behind `run`: from `prepared`, or prepared now and kept.
fn statement(
    run: &mut dyn Run,
    prepared: &mut HashMap<String, Statement>,
    sql: &str,
) -> Result<Statement, DbError> {
    if let Some(statement) = prepared.get(sql) {
        return Ok(statement.clone());
    }
    let statement = run.prepare(sql).map_err(|e| error(&e))?;
    if prepared.len() >= MAX_PREPARED {
        prepared.clear();
    }
    prepared.insert(sql.to_owned(), statement.clone());
    Ok(statement)
}

/// Runs `sql` as a query on `run`, prepared once per connection.
fn query(
    run: &mut dyn Run,
    prepared: &mut HashMap<String, Statement>,
    sql: &str,
    values: &[Value],
) -> Result<Vec<Vec<Value>>, DbError> {
    let statement = statement(run, prepared, sql)?;
    let owned = params(values);
    let refs: Vec<&(dyn ToSql + Sync)> = owned.iter().map(AsRef::as_ref).collect();
    let rows = run.query(&statement, &refs).map_err(|e| error(&e))?;
    Ok(rows.iter().map(row_values).collect())
}

/// Runs `sql` as a statement on `run`, prepared once per connection.
fn execute(
    run: &mut dyn Run,
    prepared: &mut HashMap<String, Statement>,
    sql: &str,
    values: &[Value],
) -> Result<u64, DbError> {
    let statement = statement(run, prepared, sql)?;
    let owned = params(values);
    let refs: Vec<&(dyn ToSql + Sync)> = owned.iter().map(AsRef::as_ref).collect();
    run.execute(&statement, &refs).map_err(|e| error(&e))
}

struct PgTx<'a, 'b> {
    tx: &'a mut postgres::Transaction<'b>,
    prepared: &'a mut HashMap<String, Statement>,
}

impl Tx for PgTx<'_, '_> {
    fn rows(&mut self, sql: &str, values: &[Value]) -> Result<Vec<Vec<Value>>, DbError> {
        query(self.tx, self.prepared, sql, values)
    }

    fn execute(&mut self, sql: &str, values: &[Value]) -> Result<u64, DbError> {
        execute(self.tx, self.prepared, sql, values)
    }

    fn batch(&mut self, sql: &str) -> Result<(), DbError> {
        self.tx.batch_execute(sql).map_err(|e| error(&e))
    }

    fn lock(&mut self, lock: Lock) -> Result<(), DbError> {
        self.execute(
            "SELECT pg_advisory_xact_lock($1)",
            &[Value::Int(lock.key())],
        )
        .map(|_| ())
    }
}

impl Database for Postgres {
    fn describe(&self) -> String {
        self.name.clone()
    }

    fn transaction(
        &self,
        work: &mut dyn FnMut(&mut dyn Tx) -> Result<(), DbError>,
    ) -> Result<(), DbError> {
        self.on_connection(&mut |conn| {
            let Conn { client, prepared } = conn;
            let mut tx = client.transaction().map_err(|e| error(&e))?;
            work(&mut PgTx {
                tx: &mut tx,
                prepared,
            })?;
            tx.commit().map_err(|e| error(&e))
        })
    }

    fn rows(&self, sql: &str, values: &[Value]) -> Result<Vec<Vec<Value>>, DbError> {
        self.on_connection(&mut |conn| query(&mut conn.client, &mut conn.prepared, sql, values))
    }

    fn execute(&self, sql: &str, values: &[Value]) -> Result<u64, DbError> {
        self.on_connection(&mut |conn| execute(&mut conn.client, &mut conn.prepared, sql, values))
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_never_named() {
        let cases = [
            ("none", "postgres://u@h/db", "postgres://u@h/db"),
            (
                "password",
                "postgres://u:pw@h:5432/db",
                "postgres://u:***@h:5432/db",
            ),
            (
                "no user",
                "postgres://h/db?sslmode=disable",
                "postgres://h/db?sslmode=disable",
            ),
            (
                "at in password",
                "postgres://u:p@w@h/db",
                "postgres://u:***@h/db",
            ),
        ];
        for (name, url, want) in cases {
            assert_eq!(without_password(url), want, "{name}");
        }
    }
}
