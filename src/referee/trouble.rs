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
    /// The trouble behind `err`, from SQLite's result code when there is one.
    pub fn of(err: &anyhow::Error) -> Trouble {
        for cause in err.chain() {
            let Some(e) = cause.downcast_ref::<sqlx::Error>() else {
                continue;
            };
            return match e {
                sqlx::Error::PoolTimedOut => Trouble::Busy,
                sqlx::Error::Database(db) => {
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
