//! The interaction being answered: a slash command (through poise) or a
//! press of a control (through serenity), and the ways Discord takes an
//! answer to it (the first answer, with the created message back in one
//! round trip; a deferral; a follow-up; the first answer replaced).

use super::data::{Context, Error};
use super::message::asker_lang;
use crate::lang::Lang;
use poise::serenity_prelude as serenity;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Where an answer goes: a slash command (through poise) or a press of a
/// control (through serenity).
pub enum Interaction<'a> {
    Slash(Context<'a>),
    Component(&'a serenity::Context, &'a serenity::ComponentInteraction),
}

impl Interaction<'_> {
    pub fn http(&self) -> &Arc<serenity::Http> {
        match self {
            Interaction::Slash(ctx) => &ctx.serenity_context().http,
            Interaction::Component(ctx, _) => &ctx.http,
        }
    }

    pub fn channel(&self) -> serenity::ChannelId {
        match self {
            Interaction::Slash(ctx) => ctx.channel_id(),
            Interaction::Component(_, ci) => ci.channel_id,
        }
    }

    /// The asker's language, from the interaction's locale.
    pub fn lang(&self) -> Lang {
        match self {
            Interaction::Slash(ctx) => asker_lang(ctx.locale()),
            Interaction::Component(_, ci) => asker_lang(Some(ci.locale.as_str())),
        }
    }

    /// The interaction's id and token.
    pub fn interaction(&self) -> Option<(serenity::InteractionId, &str)> {
        match self {
            Interaction::Slash(poise::Context::Application(app)) => {
                Some((app.interaction.id, app.interaction.token.as_str()))
            }
            Interaction::Slash(_) => None,
            Interaction::Component(_, ci) => Some((ci.id, ci.token.as_str())),
        }
    }

    /// Tells poise that the interaction has been answered, so that what it
    /// sends next is a follow-up.
    pub fn mark_answered(&self) {
        if let Interaction::Slash(poise::Context::Application(app)) = self {
            app.has_sent_initial_response.store(true, Ordering::SeqCst);
        }
    }

    /// A private deferral: Discord shows "thinking" to the asker alone, and
    /// the first follow-up replaces it.
    pub async fn defer_privately(&self) -> Result<(), Error> {
        match self {
            Interaction::Slash(ctx) => ctx.defer_ephemeral().await?,
            Interaction::Component(ctx, ci) => {
                let deferral = serenity::CreateInteractionResponseMessage::new().ephemeral(true);
                ci.create_response(
                    &ctx.http,
                    serenity::CreateInteractionResponse::Defer(deferral),
                )
                .await?
            }
        }
        Ok(())
    }

    /// The first answer, when nothing was sent yet. With `want_id`, the
    /// created message's id comes back with the answer (`with_response`),
    /// in one round trip.
    pub async fn answer(
        &self,
        message: poise::CreateReply,
        want_id: bool,
    ) -> Result<Option<serenity::MessageId>, Error> {
        if want_id && message.attachments.len() <= 1 {
            if let Some((id, token)) = self.interaction() {
                let created = answer_with_response(self.http(), id, token, message).await?;
                self.mark_answered();
                return Ok(Some(created));
            }
        }
        match self {
            Interaction::Slash(ctx) => {
                let handle = ctx.send(message).await?;
                if want_id {
                    return Ok(Some(handle.message().await?.id));
                }
                Ok(None)
            }
            Interaction::Component(ctx, ci) => {
                let response = message
                    .to_slash_initial_response(serenity::CreateInteractionResponseMessage::new());
                ci.create_response(
                    &ctx.http,
                    serenity::CreateInteractionResponse::Message(response),
                )
                .await?;
                if want_id {
                    return Ok(Some(ci.get_response(&ctx.http).await?.id));
                }
                Ok(None)
            }
        }
    }

    /// A follow-up: a new message, unless it is the first after a deferral
    /// (which replaces the placeholder). Returns its id.
    pub async fn follow_up(
        &self,
        message: poise::CreateReply,
    ) -> Result<serenity::MessageId, Error> {
        match self {
            Interaction::Slash(ctx) => {
                self.mark_answered();
                Ok(ctx.send(message).await?.message().await?.id)
            }
            Interaction::Component(ctx, ci) => {
                let followup = message
                    .to_slash_followup_response(serenity::CreateInteractionResponseFollowup::new());
                Ok(ci.create_followup(&ctx.http, followup).await?.id)
            }
        }
    }

    /// Replaces the first answer (the private note) with `message`.
    pub async fn replace_answer(&self, message: poise::CreateReply) -> Result<(), Error> {
        let edit = message.to_slash_initial_response_edit(serenity::EditInteractionResponse::new());
        match self {
            Interaction::Slash(poise::Context::Application(app)) => {
                app.interaction
                    .edit_response(self.http().as_ref(), edit)
                    .await?;
            }
            Interaction::Slash(_) => {}
            Interaction::Component(ctx, ci) => {
                ci.edit_response(&ctx.http, edit).await?;
            }
        }
        Ok(())
    }
}

/// Answers an interaction with a message and Discord's `with_response`, so
/// that the created message comes back with the answer: one round trip where
/// answering and then fetching `@original` takes two. At most one file (each
/// new file's placeholder id is 0 until serenity numbers them, which it does
/// only on its own path).
async fn answer_with_response(
    http: &serenity::Http,
    interaction: serenity::InteractionId,
    token: &str,
    message: poise::CreateReply,
) -> Result<serenity::MessageId, Error> {
    use serenity::{LightMethod, Multipart, MultipartUpload, Request, Route};
    let files = message.attachments.clone();
    let response = serenity::CreateInteractionResponse::Message(
        message.to_slash_initial_response(serenity::CreateInteractionResponseMessage::new()),
    );
    let payload = serde_json::to_string(&response)?;
    let route = Route::InteractionResponse {
        interaction_id: interaction,
        token,
    };
    let request = Request::new(route, LightMethod::Post)
        .params(Some(vec![("with_response", "true".to_string())]));
    let request = if files.is_empty() {
        request.body(Some(payload.into_bytes()))
    } else {
        request.multipart(Some(Multipart {
            upload: MultipartUpload::Attachments(files),
            payload_json: Some(payload),
            fields: Vec::new(),
        }))
    };
    let answered = http.request(request).await?.bytes().await?;
    let answered: serde_json::Value = serde_json::from_slice(&answered)?;
    answered["resource"]["message"]["id"]
        .as_str()
        .and_then(|id| id.parse::<u64>().ok())
        .filter(|id| *id != 0)
        .map(serenity::MessageId::new)
        .ok_or_else(|| anyhow::anyhow!("Discord's answer carries no message id: {answered}"))
}
