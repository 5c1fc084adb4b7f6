//! The servers whose games wait for the bot to come back, read once at start
//! and kept as the bot leaves and rejoins: the GUILD_CREATE of every server
//! at each connection then costs nothing for the others.

use crate::referee::Referee;
use std::collections::HashSet;
use std::sync::Mutex;

/// The servers the bot left, whose games wait for it.
#[derive(Debug, Default)]
pub struct Left(Mutex<HashSet<String>>);

impl Left {
    pub async fn read(referee: &Referee) -> Left {
        match referee.servers_left().await {
            Ok(left) => Left(Mutex::new(left.into_iter().collect())),
            Err(e) => {
                tracing::warn!("cannot read the servers the bot left: {e:#}");
                Left::default()
            }
        }
    }

    pub fn has(&self, guild: &str) -> bool {
        self.0.lock().is_ok_and(|l| l.contains(guild))
    }

    pub fn set(&self, guild: &str, left: bool) {
        if let Ok(mut l) = self.0.lock() {
            if left {
                l.insert(guild.to_string());
            } else {
                l.remove(guild);
            }
        }
    }
}
