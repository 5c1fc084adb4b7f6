//! What a server's admin needs to know: the bot's invite link, with exactly
//! the permissions it uses, and which of them it lacks in a channel.
//!
//! The bot answers commands through the interaction (which needs no
//! permission), but a game also posts in its channel with the bot's own
//! token: reminders, the tables of computer players' moves, and taking the
//! controls off a table message when a newer one is posted. Those need the
//! permissions below; a command that would start or move a game in a channel
//! where the bot lacks one is refused privately, naming it (Discord tells the
//! bot its permissions in the channel with every interaction).

use crate::lang::Text;
use poise::serenity_prelude as serenity;
use serenity::Permissions;

/// Every permission the bot uses, with why (the README lists the same).
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
}
