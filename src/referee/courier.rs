//! The port through which letters leave: a front end that can reach people
//! (Discord's courier) takes each letter the scheduler hands out as an
//! [`Outgoing`] message, said in its language, and says what became of it
//! ([`super::Delivery`]). The store's rows stay behind the referee.

use super::Delivery;
use crate::lang::{Lang, Text};
use crate::store::{Letter, LetterKind};
use crate::view::controls::Panel;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// Where a letter goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recipient {
    /// A game's channel (a reminder, or a table no command answered).
    Channel(String),
    /// A person's direct messages (a turn alert).
    Person(String),
}

/// A letter as a courier sends it.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub to: Recipient,
    /// The person a channel message notifies.
    pub mention: Option<String>,
    /// Others it notifies too (the players of a tournament's table, in
    /// the message that opens it).
    pub also_mentioned: Vec<String>,
    /// What it says, in `lang`.
    pub words: Text,
    pub lang: Lang,
    /// The buttons and menus of a table message.
    pub controls: Option<Panel>,
    /// The table's picture (PNG), drawn when the letter was handed out.
    pub picture: Option<Vec<u8>>,
    /// The final scores' card (PNG) beside it, on a game's last move.
    pub score_card: Option<Vec<u8>>,
    /// What the picture and the card show, in words, to be said in `lang`
    /// as their descriptions.
    pub picture_alt: Text,
    pub score_card_alt: Text,
    /// Sent along so that a letter tried again shows once.
    pub nonce: String,
}

impl Outgoing {
    /// The letter `letter` as a courier sends it.
    pub fn of(letter: &Letter) -> Outgoing {
        let to = match letter.kind {
            LetterKind::Dm => Recipient::Person(letter.user_id.clone().unwrap_or_default()),
            LetterKind::Reminder | LetterKind::Table | LetterKind::Notice => {
                Recipient::Channel(letter.channel.clone().unwrap_or_default())
            }
        };
        let extra = letter
            .extra
            .as_deref()
            .and_then(|e| serde_json::from_str::<serde_json::Value>(e).ok());
        let controls = extra
            .as_ref()
            .and_then(|e| serde_json::from_value::<Panel>(e["controls"].clone()).ok());
        let also_mentioned = match (&to, &extra) {
            (Recipient::Channel(_), Some(e)) => {
                serde_json::from_value::<Vec<String>>(e["mentions"].clone()).unwrap_or_default()
            }
            _ => Vec::new(),
        };
        Outgoing {
            mention: match to {
                Recipient::Channel(_) => letter.user_id.clone(),
                Recipient::Person(_) => None,
            },
            to,
            also_mentioned,
            words: letter.words.clone(),
            lang: letter.lang.clone(),
            controls,
            picture: letter.picture.clone(),
            score_card: letter.score_card.clone(),
            picture_alt: letter.picture_alt.clone(),
            score_card_alt: letter.score_card_alt.clone(),
            nonce: letter.nonce.clone(),
        }
    }
}

/// Delivers letters: a front end that can reach people (Discord).
pub trait Courier: Send + Sync + 'static {
    /// Sends one letter; says what became of it.
    fn deliver(&self, letter: Outgoing) -> Pin<Box<dyn Future<Output = Delivery> + Send>>;
    /// Takes the controls off a table message (`channel/message`), best
    /// effort.
    fn retire(&self, message: String) -> Pin<Box<dyn Future<Output = ()> + Send>>;
}

/// How long taking the controls off an old table message may take before
/// it is given up (best effort: the controls are refused as stale anyway).
pub const RETIRE_WITHIN: Duration = Duration::from_secs(15);

/// Takes the controls off an old table message on a task of its own,
/// bounded by [`RETIRE_WITHIN`]: nobody waits for it.
pub fn retire_aside(courier: &dyn Courier, message: String) {
    let retiring = courier.retire(message.clone());
    tokio::spawn(async move {
        if tokio::time::timeout(RETIRE_WITHIN, retiring).await.is_err() {
            tracing::info!(message, "taking old controls off took too long: given up");
        }
    });
}
