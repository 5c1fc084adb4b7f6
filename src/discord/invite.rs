//! What a server's admin needs to know: the bot's invite link, with exactly
//! the permissions it uses, and which of them it lacks in a channel.
//!
//! The bot answers commands through the interaction (which needs no
//! permission: an answer is a webhook), but a game also posts in its channel
//! with the bot's own token: reminders, the tables of computer players'
//! moves and of moves made on the web, and taking the controls off a table
//! message when a newer one is posted. Those need the permissions below.
//! Discord tells the bot its permissions where an interaction came from
//! ([`Where`]); they are asked for by need: opening a game where the bot
//! could not post is refused privately, naming what is missing; anything
//! else works, and whoever acts in a game that has lost a permission is told
//! privately which. In the bot's own DM (`app_permissions` there is
//! `442368`: no View Channel, no Send Messages) nothing is needed: a game
//! there is played through the interactions' answers.

use crate::lang::Text;
use poise::serenity_prelude as serenity;
use serenity::Permissions;

/// Every permission the bot uses, with why (docs/deploy.md lists the same).
pub const USED: &[(Permissions, &str, &str)] = &[
    (
        Permissions::VIEW_CHANNEL,
        "View Channel",
        "to post in the game's channel and edit its own table messages",
    ),
    (
        Permissions::SEND_MESSAGES,
        "Send Messages",
        "for reminders and the tables of computer players' moves",
    ),
    (
        Permissions::SEND_MESSAGES_IN_THREADS,
        "Send Messages in Threads",
        "the same, for games in threads",
    ),
    (
        Permissions::ATTACH_FILES,
        "Attach Files",
        "for the pictures of the table",
    ),
];

/// The OAuth2 scopes the bot is invited with: a bot user, and its slash
/// command.
pub const SCOPES: &str = "bot applications.commands";

/// The permissions of [`USED`], together.
pub fn permissions() -> Permissions {
    USED.iter()
        .fold(Permissions::empty(), |all, (p, _, _)| all | *p)
}

/// The link that invites the bot into a server with exactly the permissions
/// it uses.
pub fn link(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}&scope={}&permissions={}",
        SCOPES.replace(' ', "+"),
        permissions().bits()
    )
}

/// Whether a channel of this kind is a thread.
pub fn is_thread(kind: serenity::ChannelType) -> bool {
    matches!(
        kind,
        serenity::ChannelType::PublicThread
            | serenity::ChannelType::PrivateThread
            | serenity::ChannelType::NewsThread
    )
}

/// The permissions a game needs in a channel that `has` lacks, by name
/// (Send Messages in a channel, Send Messages in Threads in a thread).
/// Nothing is missing when Discord did not say (outside a server).
pub fn missing(has: Option<Permissions>, thread: bool) -> Vec<&'static str> {
    let Some(has) = has else {
        return Vec::new();
    };
    USED.iter()
        .filter(|(p, _, _)| {
            if thread {
                *p != Permissions::SEND_MESSAGES
            } else {
                *p != Permissions::SEND_MESSAGES_IN_THREADS
            }
        })
        .filter(|(p, _, _)| !has.contains(*p))
        .map(|(_, name, _)| *name)
        .collect()
}

/// The private answer to a command the bot cannot carry out here, or `None`.
/// The permissions are named as Discord's settings name them.
pub fn refusal(has: Option<Permissions>, thread: bool) -> Option<Text> {
    let missing = missing(has, thread);
    if missing.is_empty() {
        return None;
    }
    let key = if thread {
        "discord-missing-in-thread"
    } else {
        "discord-missing-in-channel"
    };
    Some(
        Text::msg(key)
            .arg("count", missing.len())
            .arg("permissions", missing.join(", ")),
    )
}

/// Where an interaction came from, as Discord describes it.
#[derive(Debug, Clone, Default)]
pub struct Where {
    /// The bot's own DM.
    pub dm: bool,
    /// A thread, and whether it is private and locked.
    pub thread: Option<Thread>,
    /// The bot's permissions there (`app_permissions`).
    pub permissions: Option<Permissions>,
}

/// What an interaction's channel says of a thread.
#[derive(Debug, Clone, Copy, Default)]
pub struct Thread {
    pub private: bool,
    pub locked: bool,
}

impl Where {
    /// From an interaction's server, channel and permissions.
    pub fn of(
        guild: Option<serenity::GuildId>,
        channel: Option<&serenity::PartialChannel>,
        permissions: Option<Permissions>,
    ) -> Where {
        let dm =
            guild.is_none() || channel.is_some_and(|c| c.kind == serenity::ChannelType::Private);
        let thread = channel.filter(|c| is_thread(c.kind)).map(|c| Thread {
            private: c.kind == serenity::ChannelType::PrivateThread,
            locked: c.thread_metadata.is_some_and(|m| m.locked),
        });
        Where {
            dm,
            thread,
            permissions,
        }
    }

    /// The permissions a game needs here that the bot lacks (none in its
    /// own DM, where answers carry the game).
    pub fn missing(&self) -> Vec<&'static str> {
        if self.dm {
            return Vec::new();
        }
        missing(self.permissions, self.thread.is_some())
    }

    /// Whether the bot can post here with its own token, as far as Discord
    /// says: the permissions it needs, and not a locked thread.
    pub fn can_post(&self) -> bool {
        self.dm || (self.missing().is_empty() && !self.thread.is_some_and(|t| t.locked))
    }

    /// Whether an answer here may carry the table's picture.
    pub fn attach_files(&self) -> bool {
        self.dm
            || self
                .permissions
                .is_none_or(|p| p.contains(Permissions::ATTACH_FILES))
    }

    /// The private answer to opening a game here when the bot could not
    /// keep it moving (its reminders and computer players' moves), or `None`.
    pub fn refuses_a_game(&self) -> Option<Text> {
        if self.thread.is_some_and(|t| t.locked) {
            return Some(Text::msg("discord-thread-locked"));
        }
        refusal(
            Some(self.permissions?).filter(|_| !self.dm),
            self.thread.is_some(),
        )
    }

    /// What to tell privately whoever acts in a game here while the bot
    /// lacks a permission, or `None`.
    pub fn notice(&self) -> Option<Text> {
        let missing = self.missing();
        if missing.is_empty() {
            return None;
        }
        Some(
            Text::msg("discord-missing-notice")
                .arg("count", missing.len())
                .arg("permissions", missing.join(", ")),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_link_asks_for_exactly_the_permissions_used() {
        let link = link(42);
        assert!(link.contains("client_id=42"));
        assert!(link.contains("scope=bot+applications.commands"));
        // View Channel, Send Messages, Attach Files, Send Messages in Threads.
        let bits = (1u64 << 10) | (1 << 11) | (1 << 15) | (1 << 38);
        assert!(link.ends_with(&format!("permissions={bits}")), "{link}");
    }

    #[test]
    fn a_missing_permission_is_named_and_threads_need_their_own() {
        let all = Some(permissions());
        assert_eq!(missing(all, false), Vec::<&str>::new());
        assert_eq!(missing(None, false), Vec::<&str>::new());
        let no_send = Some(permissions() - Permissions::SEND_MESSAGES);
        assert_eq!(missing(no_send, false), ["Send Messages"]);
        assert!(
            missing(no_send, true).is_empty(),
            "a thread needs the other"
        );
        let none = Some(Permissions::empty());
        assert_eq!(
            missing(none, true),
            ["View Channel", "Send Messages in Threads", "Attach Files"]
        );
        let en = crate::lang::Lang::english();
        let why = crate::lang::plain(&en, &refusal(no_send, false).expect("refused"));
        assert_eq!(why, "I cannot run a game in this channel: I am missing the permission Send Messages here. A server admin can give it to me in the channel's settings (Permissions); nothing was changed.");
        let why = crate::lang::plain(&en, &refusal(none, true).expect("refused"));
        assert!(
            why.contains(
                "the permissions View Channel, Send Messages in Threads, Attach Files here"
            ),
            "{why}"
        );
        assert!(
            why.contains("this thread") && why.contains("the thread's settings"),
            "{why}"
        );
        let de = crate::lang::Lang::for_locale("de");
        let why = crate::lang::plain(&de, &refusal(no_send, false).expect("refused"));
        assert!(
            why.contains("fehlt hier die Berechtigung Send Messages"),
            "{why}"
        );
    }

    #[test]
    fn permissions_are_asked_for_by_need() {
        let channel = |kind, locked| {
            let mut json = serde_json::json!({"id": "5", "type": kind});
            if locked {
                json["thread_metadata"] = serde_json::json!({"archived": false,
                    "auto_archive_duration": 1440, "archive_timestamp": "2024-01-01T00:00:00+00:00",
                    "locked": true});
            }
            serde_json::from_value::<serenity::PartialChannel>(json).expect("a channel")
        };
        let guild = Some(serenity::GuildId::new(9));
        // The bot's own DM, as Discord describes it: no View Channel, no
        // Send Messages, and nothing is missing.
        let dm = Where::of(
            None,
            Some(&channel(1, false)),
            Some(Permissions::from_bits_truncate(442_368)),
        );
        assert!(dm.missing().is_empty() && dm.can_post() && dm.attach_files());
        assert!(dm.refuses_a_game().is_none() && dm.notice().is_none());
        // A server channel without Send Messages: a game is refused, and
        // whoever acts in one is told.
        let no_send = Where::of(
            guild,
            Some(&channel(0, false)),
            Some(permissions() - Permissions::SEND_MESSAGES),
        );
        assert_eq!(no_send.missing(), ["Send Messages"]);
        assert!(!no_send.can_post());
        assert!(no_send.refuses_a_game().is_some());
        assert!(no_send.notice().is_some());
        // Attach Files alone: the game goes on, its tables as text.
        let no_files = Where::of(
            guild,
            Some(&channel(0, false)),
            Some(permissions() - Permissions::ATTACH_FILES),
        );
        assert!(!no_files.attach_files());
        // A locked thread refuses a game whatever the permissions.
        let locked = Where::of(guild, Some(&channel(11, true)), Some(permissions()));
        assert!(locked.missing().is_empty() && !locked.can_post());
        let en = crate::lang::Lang::english();
        let why = crate::lang::plain(&en, &locked.refuses_a_game().expect("refused"));
        assert!(why.contains("locked"), "{why}");
        // A private thread is a thread.
        let private = Where::of(guild, Some(&channel(12, false)), Some(permissions()));
        assert!(private.thread.is_some_and(|t| t.private) && private.can_post());
    }
}
