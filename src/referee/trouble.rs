//! What a player is told when a command fails on our side. Every failure
//! rolls its transaction back, so the answer always says nothing was
//! changed; the database's own troubles (another process holding it, a full
//! disk, a read-only file) are named, since the fix is not the player's to
//! retry blindly, and each is logged once with the command.

use super::Reply;
use crate::lang::Text;

/// What kept the database from taking a write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trouble {
    /// Another writer held the database longer than the busy timeout.
    Busy,
    /// The disk (or the database's size limit) is full.
    Full,
    /// The database file, or its folder, cannot be written.
    ReadOnly,
    /// Anything else.
    Other,
}

impl Trouble {
    /// The trouble behind `err`, from the database's error code when there is
    /// one (SQLite's result code, PostgreSQL's SQLSTATE).
    pub fn of(err: &anyhow::Error) -> Trouble {
        for cause in err.chain() {
            let Some(e) = cause.downcast_ref::<sqlx::Error>() else {
                continue;
            };
            return match e {
                sqlx::Error::PoolTimedOut => Trouble::Busy,
                sqlx::Error::Database(db) => {
                    if let Some(pg) = db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>() {
                        return Trouble::postgres(pg.code());
                    }
                    let code = db.code().and_then(|c| c.parse::<i32>().ok()).unwrap_or(0);
                    // The primary result code is the low byte of the extended one.
                    match code & 0xff {
                        5 | 6 => Trouble::Busy,      // SQLITE_BUSY, SQLITE_LOCKED
                        13 => Trouble::Full,         // SQLITE_FULL
                        8 | 14 => Trouble::ReadOnly, // SQLITE_READONLY, SQLITE_CANTOPEN
                        _ => Trouble::Other,
                    }
                }
                _ => Trouble::Other,
            };
        }
        Trouble::Other
    }

    /// The trouble behind a PostgreSQL error code (SQLSTATE).
    fn postgres(code: &str) -> Trouble {
        match code {
            // lock_not_available (the write lock's timeout), query_canceled,
            // serialization_failure, deadlock_detected, too_many_connections
            "55P03" | "57014" | "40001" | "40P01" | "53300" => Trouble::Busy,
            // disk_full, insufficient_resources, out_of_memory
            "53100" | "53000" | "53200" => Trouble::Full,
            // read_only_sql_transaction (a standby)
            "25006" => Trouble::ReadOnly,
            _ => Trouble::Other,
        }
    }

    /// The private answer.
    pub fn reply(self) -> Reply {
        Reply::refused(Text::msg(match self {
            Trouble::Busy => "trouble-busy",
            Trouble::Full => "trouble-full",
            Trouble::ReadOnly => "trouble-read-only",
            Trouble::Other => "trouble-other",
        }))
    }
}
