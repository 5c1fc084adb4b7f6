//! Files only the bot's own user may read: the SQLite database (and so its
//! `-wal` and `-shm`, which SQLite creates with the database file's mode)
//! and its backups hold the web pages' signing secret and every game.
//!
//! A file is made empty with mode `0600` before SQLite opens it (SQLite
//! takes an empty file as an empty database, and `VACUUM INTO` writes into
//! an empty file), so it is never readable by others, whatever the umask.

use std::path::Path;

/// The mode of the files the bot creates: read and written by its user
/// alone.
pub const PRIVATE_MODE: u32 = 0o600;

/// Creates `path` empty and private, unless it exists. Returns whether it
/// was created.
pub fn create_private(path: &Path) -> std::io::Result<bool> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(PRIVATE_MODE);
    }
    match options.open(path) {
        Ok(_) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e),
    }
}

/// Whether others than the file's owner may read or write `path` (unix:
/// any group or other permission bit); false where that cannot be told.
pub fn open_to_others(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o077 != 0)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}
