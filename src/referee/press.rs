//! Presses of buttons and menus. A control's id is untrusted input: it is
//! read back strictly, checked against the stored game (this channel's, still
//! running, at the same move) and against who pressed; then it becomes either
//! the command it stands for, which goes through the one path like a typed
//! command, or a private panel with the next choice. Nothing about controls
//! is kept in memory, so they work the same after a restart.

use super::play::{plays_itself, stale, undo_seat};
use super::trouble::Trouble;
use super::{damaged, load, Actor, Referee, Reply, Request, Via};
use crate::command::Command;
use crate::lang::Text;
use crate::store::{self, GameStatus};
use crate::view::controls::{self, Control, ControlId, Resolution};

/// A refusal worded elsewhere (a control's), and that nothing changed.
fn nothing_changed(why: impl Into<Text>) -> Text {
    let why = match why.into() {
        Text::Raw(s) => Text::Raw(super::sentence(s).trim_end_matches('.').to_string()),
        other => other,
    };
    Text::msg("press-nothing-changed").arg("why", why)
}

/// A press of a control in a channel.
#[derive(Debug, Clone)]
pub struct Press {
    pub channel: String,
    pub guild: Option<String>,
    pub actor: Actor,
    /// The control's id as the front end received it.
    pub id: String,
    /// The values chosen in a menu (empty for a button).
    pub values: Vec<String>,
}

impl Referee {
    /// Handles a press; failures are logged and answered privately, changing
    /// nothing.
    pub async fn press(&self, press: Press) -> Reply {
        self.press_via(press, Via::default()).await
    }

    /// [`Referee::press`] with what the front end knows of the press (the
    /// presser's locale): its reply speaks the game's language in public,
    /// the presser's in private.
    pub async fn press_via(&self, press: Press, via: Via) -> Reply {
        let mut reply = match self.try_press(&press, &via).await {
            Ok(reply) => reply,
            Err(err) => {
                let trouble = Trouble::of(&err);
                tracing::error!(channel = %press.channel, user = %press.actor.id, control = %press.id, ?trouble, "press failed, nothing changed: {err:#}");
                trouble.reply()
            }
        };
        // A table's reply told the pages when it committed; other changes
        // (the lobby, settings, a kick) tell them now.
        if let (true, false, Some(game), None) =
            (reply.accepted, reply.private, reply.game_id, reply.seq)
        {
            self.moved(game);
        }
        if let (true, false, Some(_), Some(_)) =
            (reply.accepted, reply.private, reply.game_id, via.can_post)
        {
            reply.notice = self.check_reach(&press.channel, via.can_post).await;
        }
        self.speak(&mut reply, &press.actor.id, &press.channel, &via)
            .await;
        reply
    }

    async fn try_press(&self, press: &Press, via: &Via) -> anyhow::Result<Reply> {
        let Some(id) = ControlId::decode(&press.id) else {
            tracing::warn!(control = %press.id.escape_debug(), "a control id that is not ours");
            return Ok(Reply::refused(Text::msg("press-not-ours")));
        };
        if id.control == Control::Describe {
            return self.press_describe(press, id).await;
        }
        if id.control.looks() {
            let lang = self
                .asker_lang(&press.actor.id, via.locale.as_deref())
                .await;
            let asker = super::history::Asker {
                user: &press.actor.id,
                sees_all: via.sees_every_channel,
            };
            return self
                .press_look(press.guild.as_deref(), &press.channel, id, &lang, asker)
                .await;
        }
        if id.control.in_lobby() {
            return self.press_lobby(press, id).await;
        }
        if matches!(id.control, Control::SignUp | Control::Withdraw) {
            let request = Request {
                channel: press.channel.clone(),
                guild: press.guild.clone(),
                actor: press.actor.clone(),
                command: Command::Board,
                via: Via {
                    interaction: via.interaction.clone(),
                    front: via.front,
                    ..Via::default()
                },
            };
            let join = id.control == Control::SignUp;
            return self.tournament_signup_press(&request, id.game, join).await;
        }
        if id.control == Control::Rematch {
            let request = Request {
                channel: press.channel.clone(),
                guild: press.guild.clone(),
                actor: press.actor.clone(),
                command: Command::Rematch,
                via: Via {
                    interaction: via.interaction.clone(),
                    front: via.front,
                    ..Via::default()
                },
            };
            return self.rematch(&request, Some(id.game)).await;
        }
        // A press that makes a move holds the write lock from the start, so
        // the game is loaded once for checking the control and playing it.
        let mut tx = if id.control.makes_move() {
            self.store.write_in(&press.channel).await?
        } else {
            self.store.read().await?
        };
        let row = match store::game_by_id(&mut tx, id.game).await? {
            Some(row) if row.channel == press.channel && row.guild == press.guild => row,
            _ => return Ok(Reply::refused(Text::msg("press-no-game"))),
        };
        if matches!(row.status, GameStatus::Finished | GameStatus::Abandoned) {
            return Ok(Reply::refused(self.ended_text(&mut tx, row).await?));
        }
        if id.seq != row.move_count {
            return Ok(stale(id.seq, row.move_count));
        }
        let game_id = row.id;
        let loaded = match load(&mut tx, row).await? {
            Ok(loaded) => loaded,
            Err(damage) => return Ok(damaged(game_id, &damage)),
        };
        // The interaction a move's press came in, so that its answer is
        // owed a held channel message like a typed move's.
        let request = |command: Command| Request {
            channel: press.channel.clone(),
            guild: press.guild.clone(),
            actor: press.actor.clone(),
            command,
            via: Via {
                interaction: via.interaction.clone(),
                front: via.front,
                ..Via::default()
            },
        };
        let Some(game) = &loaded.game else {
            return Ok(Reply::refused(
                Text::msg("press-not-started").arg("game", game_id.to_string()),
            ));
        };
        let Some(seat) = loaded.seat_of(&press.actor.id) else {
            return Ok(Reply::refused(
                Text::msg("press-not-seated").arg("game", game_id.to_string()),
            ));
        };
        if let Some(why) = plays_itself(&loaded, seat, true) {
            return Ok(Reply::refused(why));
        }
        if id.control == Control::Undo {
            return self
                .play_loaded(tx, &request(Command::Undo), loaded, Some(id.seq))
                .await;
        }
        if game.to_act() != Some(seat) {
            let whose = game.to_act().and_then(|s| loaded.seats.get(s));
            return Ok(Reply::refused(match whose {
                Some(s) => Text::msg("press-not-your-turn").arg("name", s.name.clone()),
                None => Text::msg("press-not-your-turn-anyone"),
            }));
        }
        let names = loaded.table_names();
        // A private panel a press opens speaks the presser's language.
        let person = store::person(&mut tx, &press.actor.id).await?;
        let lang = super::language::asker(&person, via.locale.as_deref());
        let view = controls::View {
            lang: &lang,
            ..loaded.view(game, &names, undo_seat(&loaded, game))
        };
        let resolved = controls::resolve(&view, seat, id.control, &press.values);
        Ok(match resolved {
            Ok(Resolution::Command(command)) => {
                return self
                    .play_loaded(tx, &request(command), loaded, Some(id.seq))
                    .await
            }
            Ok(Resolution::Panel { text, panel }) => {
                let mut reply = Reply::private_info(text);
                reply.game_id = Some(game_id);
                reply.controls = Some(panel);
                reply.links.push(super::WebAsk::Play {
                    game: game_id,
                    user: press.actor.id.clone(),
                });
                reply
            }
            Err(why) => Reply::refused(nothing_changed(why)),
        })
    }

    /// A press on a lobby's message: the command it stands for, through the
    /// lobby's path, while that game still gathers players here.
    async fn press_lobby(&self, press: &Press, id: ControlId) -> anyhow::Result<Reply> {
        let row = {
            let mut tx = self.store.read().await?;
            match store::game_by_id(&mut tx, id.game).await? {
                Some(row) if row.channel == press.channel && row.guild == press.guild => {
                    match row.status {
                        GameStatus::Lobby => row,
                        GameStatus::Running => {
                            return Ok(Reply::refused(
                                Text::msg("press-started-already").arg("game", row.id.to_string()),
                            ))
                        }
                        _ => return Ok(Reply::refused(self.ended_text(&mut tx, row).await?)),
                    }
                }
                _ => return Ok(Reply::refused(Text::msg("press-no-game"))),
            }
        };
        let command = match controls::lobby_command(id.control, &press.values) {
            Ok(command) => command,
            Err(why) => return Ok(Reply::refused(nothing_changed(why))),
        };
        tracing::debug!(game = row.id, control = %press.id, "a lobby control");
        Ok(self
            .handle(Request {
                channel: press.channel.clone(),
                guild: press.guild.clone(),
                actor: press.actor.clone(),
                command,
                via: Default::default(),
            })
            .await)
    }

    /// Remembers the message that shows the game's controls, made for the log
    /// at length `seq`, and returns the one it replaces, whose controls should
    /// now be taken away. When the game has already moved on, returns
    /// `message` itself: its own controls are out of date.
    pub async fn table_message(
        &self,
        game_id: i64,
        seq: i64,
        message: &str,
        held: Option<&str>,
    ) -> anyhow::Result<Option<String>> {
        // The game's own row only: its lock, not the channel's (a move may
        // be committed meanwhile, which the swap checks for).
        let mut tx = self.store.write_in(&format!("game {game_id}")).await?;
        let swapped = store::swap_table_message(&mut tx, game_id, seq, message).await?;
        // The move's answer is in its channel: the letter held in case it
        // would not be is not needed.
        if let Some(nonce) = held {
            store::remove_letter_by_nonce(&mut tx, nonce).await?;
        }
        tx.commit().await?;
        Ok(match swapped {
            Some(previous) => previous.filter(|p| p != message),
            None => Some(message.to_string()),
        })
    }
}
