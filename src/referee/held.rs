//! The channel message a move owes, held until its answer is known.
//!
//! A move made where its channel does not see it at once (a click on a web
//! page), or whose answer may yet fail (a Discord interaction: Discord may
//! refuse a late answer, fail, or never answer), writes in its own
//! transaction a table letter held back for a while. When the answer is
//! shown in the channel, the letter is taken out of the outbox in the
//! transaction that remembers the table message; when it is not (the web,
//! or an answer that failed), the letter is given the reply's final words
//! and made due now. If the process stops between, the letter goes when its
//! hold ends, with the move's own words: a committed move is never left
//! unseen, and the letter's nonce keeps it from being posted twice.

use super::{Front, Loaded, Referee, Reply, Request};
use crate::clock::Millis;
use crate::lang::{Arg, Text};
use crate::store::{self, Letter, LetterKind, Tx};

/// How long a clicked move's channel message waits for its final words
/// before the scheduler sends what it has (the process stopped between the
/// move and its answer).
const WEB_HELD_MS: Millis = 30_000;

/// How long a Discord move's channel message waits for the answer to its
/// interaction: Discord takes no answer after the interaction's token
/// lapses, 15 minutes after it was made.
pub const ANSWER_HELD_MS: Millis = 15 * 60_000;

/// The nonce of the letter held for the move that made the log `seq` long.
fn held_nonce(game: i64, seq: i64) -> String {
    format!("w{game}.{seq}")
}

impl Referee {
    /// In the transaction of a move: the channel message that answers it,
    /// held until the answer is known, when the request's front end may not
    /// show it in the channel. Returns the held letter's nonce.
    pub(super) async fn hold_for(
        &self,
        tx: &mut Tx,
        req: &Request,
        loaded: &Loaded,
        words: Text,
    ) -> anyhow::Result<Option<String>> {
        let hold = match (req.via.front, &req.via.interaction) {
            (Front::Web, _) => WEB_HELD_MS,
            (Front::Discord, Some(_)) => ANSWER_HELD_MS,
            _ => return Ok(None),
        };
        let nonce = held_nonce(loaded.row.id, loaded.seq());
        let extra = serde_json::json!({"seq": loaded.seq(), "picture": true});
        store::post_letter(
            &mut *tx,
            &Letter {
                channel: Some(loaded.row.channel.clone()),
                extra: Some(extra.to_string()),
                ..Letter::new(
                    LetterKind::Table,
                    loaded.row.id,
                    loaded.table_names().in_text(words),
                    nonce.clone(),
                    self.clock.now() + hold,
                )
            },
        )
        .await?;
        Ok(Some(nonce))
    }

    /// The answer to a move was not shown in its channel (a move clicked on
    /// the web, or an interaction whose answer failed): its held letter
    /// gets the reply's words (the mention first, as under a slash
    /// command), its controls and the position it shows, and goes now.
    pub async fn release_held(&self, reply: &Reply) -> anyhow::Result<()> {
        let (Some(nonce), Some(game_id)) = (&reply.held, reply.game_id) else {
            return Ok(());
        };
        let mut tx = self.store.write().await?;
        let words = match &reply.mention {
            Some(id) => {
                let name = store::seats(&mut tx, game_id)
                    .await?
                    .into_iter()
                    .find(|s| &s.user_id == id)
                    .map(|s| s.name)
                    .unwrap_or_default();
                Text::msg("mention")
                    .arg(
                        "who",
                        Arg::Person {
                            name,
                            id: id.clone(),
                        },
                    )
                    .then(reply.words.clone())
            }
            None => reply.words.clone(),
        };
        let now = self.clock.now();
        // Tables of the game still waiting to be posted are past: this one
        // takes their place (or, older than one of them, gives way).
        let merged =
            store::merge_table_letters(&mut tx, game_id, nonce, reply.seq.unwrap_or_default(), now)
                .await?;
        if merged.superseded {
            tx.commit().await?;
            self.wake.notify_one();
            return Ok(());
        }
        let words = with_left_out(words, merged.left_out);
        let extra = serde_json::json!({
            "seq": reply.seq,
            "controls": reply.controls,
            "picture": true,
            "left_out": merged.left_out,
        });
        store::rewrite_letter(
            &mut tx,
            nonce,
            &words,
            reply.mention.as_deref(),
            &extra.to_string(),
            now,
        )
        .await?;
        tx.commit().await?;
        self.wake.notify_one();
        Ok(())
    }
}

/// A table letter's words, saying how many tables of the game it replaces
/// in the outbox (none: the words as they are).
pub(super) fn with_left_out(words: Text, left_out: u64) -> Text {
    if left_out == 0 {
        return words;
    }
    words.then_line(Text::msg("letters-left-out").arg("count", left_out))
}
