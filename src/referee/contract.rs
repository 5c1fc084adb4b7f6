//! What the front ends send the referee and what it answers: who acts
//! ([`Actor`]), the command and where it came from ([`Request`], [`Via`]),
//! and the reply with its pictures and files ([`Reply`], [`Picture`],
//! [`Attachment`]).

use super::{ChannelSeen, Front, WebAsk};
use crate::command::Command;
use crate::lang::{Lang, Text};
use crate::view::controls::Panel;

/// Who gives a command, as the transport knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    /// A stable id: a Discord user id, or a terminal player's name.
    pub id: String,
    /// The name shown at the table.
    pub name: String,
    /// May manage the channel (and so abandon any game in it).
    pub manages_channel: bool,
}

/// A command from a channel.
#[derive(Debug, Clone)]
pub struct Request {
    pub channel: String,
    pub guild: Option<String>,
    pub actor: Actor,
    pub command: Command,
    pub via: Via,
}

/// What the front end knows of where a request came from.
#[derive(Debug, Clone, Default)]
pub struct Via {
    /// Discord's interaction id: a request that changed something is
    /// remembered by it, and a copy of it is refused.
    pub interaction: Option<String>,
    /// The largest file the answer may attach (Discord says it with each
    /// interaction); otherwise 10 MiB.
    pub upload_limit: Option<usize>,
    /// The front end that asks (Discord unless said): its help, and where
    /// `moves` points for more.
    pub front: Front,
    /// The asker's language as their client says it (`en-US`, `ja`): what
    /// is said to them alone speaks it, unless they chose one with
    /// `/aq language`. The terminal's `--lang` or `LANG`.
    pub locale: Option<String>,
    /// The server's language (Discord's `guild_locale`): a game opened by
    /// someone whose locale we do not speak speaks the server's.
    pub guild_locale: Option<String>,
    /// Whether the bot may post in the request's channel, as the front end
    /// knows it (Discord tells the bot its permissions with every
    /// interaction); `None` where it does not post (the terminal, the web).
    /// A game that waited for its channel goes on when this is true.
    pub can_post: Option<bool>,
    /// The game the request was made for, when its front end names one (a
    /// move clicked on a game's page): refused, changing nothing, if the
    /// channel's game is another by the time the move's write transaction
    /// holds the channel (that game ended and the next began).
    pub game: Option<i64>,
    /// The asker may manage the server (Discord's Manage Server or
    /// Administrator in the interaction): `/aq web reset what:server`.
    pub manages_server: bool,
    /// The asker sees every channel of the server (Discord's
    /// Administrator): `/aq past` reads any of its games by number.
    pub sees_every_channel: bool,
    /// Who may see the request's channel, when the front end looked (at
    /// `/aq new`): recorded with the game it opens.
    pub seen: Option<Box<ChannelSeen>>,
}

/// A picture to attach, and what it shows in words (`describe.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    pub name: String,
    pub png: Vec<u8>,
    /// Its description, said in the reply's language within 1,024
    /// characters ([`crate::lang::within::alt`]).
    pub alt: Text,
}

/// A file to attach that is not a still picture: a game record, a replay.
#[derive(Debug, Clone)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
    /// What a replay shows in words; empty for a file that is no picture.
    pub alt: Text,
}

/// What to answer.
#[derive(Debug, Clone, Default)]
pub struct Reply {
    /// What to say, worded by the language layer ([`crate::lang`]).
    pub words: Text,
    /// The language to say it in: the game's for a public message, the
    /// asker's for a private one.
    pub lang: Lang,
    /// The table as text, for front ends that cannot show pictures.
    pub board: Option<String>,
    pub pictures: Vec<Picture>,
    /// Other files: an export, a replay.
    pub files: Vec<Attachment>,
    /// The user to ping: whoever must act next, when it is someone else.
    pub mention: Option<String>,
    /// Only the acting user should see it (refusals and errors).
    pub private: bool,
    /// False when the command was refused or failed.
    pub accepted: bool,
    /// The game the reply is about.
    pub game_id: Option<i64>,
    /// Buttons and menus to show under the message.
    pub controls: Option<Panel>,
    /// Something to tell the asker privately besides the answer (their
    /// direct messages turned out to be closed).
    pub notice: Option<Text>,
    /// Web pages to link to, when the front end can make links.
    pub links: Vec<WebAsk>,
    /// Set on a public message that shows the table: the length of the
    /// game's log it shows. The front end remembers such a message as the
    /// one carrying the game's controls ([`Referee::table_message`]).
    pub seq: Option<i64>,
    /// The nonce of the channel message held for this move until its answer
    /// is known (see `held.rs`): taken out when the answer is shown in the
    /// channel ([`Referee::table_message`]), sent when it is not
    /// ([`Referee::release_held`]).
    pub held: Option<String>,
}

impl Reply {
    pub(crate) fn refused(words: impl Into<Text>) -> Reply {
        let words = match words.into() {
            Text::Raw(s) => Text::Raw(sentence(s)),
            sentence @ Text::Sentence(_) => sentence,
            other => Text::Sentence(Box::new(other)),
        };
        Reply {
            words,
            private: true,
            accepted: false,
            ..Reply::default()
        }
    }

    pub(crate) fn public(words: impl Into<Text>) -> Reply {
        Reply {
            words: words.into(),
            accepted: true,
            ..Reply::default()
        }
    }

    pub(crate) fn private_info(words: impl Into<Text>) -> Reply {
        Reply {
            words: words.into(),
            private: true,
            accepted: true,
            ..Reply::default()
        }
    }

    /// The reply said in its language, with names and UTC dates (no front
    /// end's markup): for the terminal, tests and logs.
    pub fn text(&self) -> String {
        crate::lang::plain(&self.lang, &self.words)
    }

    /// More to say, on a line of its own.
    pub(crate) fn add_line(&mut self, more: impl Into<Text>) {
        let words = std::mem::take(&mut self.words);
        self.words = words.then_line(more.into());
    }
}

/// A refusal's first letter in capitals and a full stop.
pub fn sentence(mut s: String) -> String {
    if let Some(first) = s.chars().next() {
        let upper: String = first.to_uppercase().collect();
        s.replace_range(..first.len_utf8(), &upper);
    }
    if !s.ends_with(['.', '!', '?']) {
        s.push('.');
    }
    s
}
