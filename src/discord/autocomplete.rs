//! Autocomplete for the `/aq` options: a thin adapter from the interaction to
//! [`crate::referee::autocomplete`], which knows what is legal. The labels speak the
//! asker's language (their `/aq language` choice, else the interaction's
//! `locale`).
//!
//! The options already filled in (`tile`, `as`, `from`, `size`) narrow the
//! choices of the one being typed. Integer options (`truck`, `tile`) get
//! integer values, as Discord requires. Autocomplete never fails: no game, a
//! database error or a player out of turn give an empty menu.

use super::commands::{RoleChoice, SizeChoice};
use super::data::Context;
use crate::referee::autocomplete::{self, Ask, Field, Filled, Suggestion};
use poise::serenity_prelude as serenity;
use poise::ChoiceParameter;

type Choices = Vec<serenity::AutocompleteChoice>;

pub async fn draw_truck(ctx: Context<'_>, partial: &str) -> Choices {
    offer(ctx, Field::DrawTruck, partial).await
}

pub async fn take_truck(ctx: Context<'_>, partial: &str) -> Choices {
    offer(ctx, Field::TakeTruck, partial).await
}

pub async fn place_at(ctx: Context<'_>, partial: &str) -> Choices {
    offer(ctx, Field::PlaceAt, partial).await
}

pub async fn place_tile(ctx: Context<'_>, partial: &str) -> Choices {
    offer(ctx, Field::PlaceTile, partial).await
}

pub async fn hire_at(ctx: Context<'_>, partial: &str) -> Choices {
    offer(ctx, Field::HireAt, partial).await
}

pub async fn move_from(ctx: Context<'_>, partial: &str) -> Choices {
    offer(ctx, Field::MoveFrom, partial).await
}

pub async fn move_to(ctx: Context<'_>, partial: &str) -> Choices {
    offer(ctx, Field::MoveTo, partial).await
}

pub async fn buy_at(ctx: Context<'_>, partial: &str) -> Choices {
    offer(ctx, Field::BuyAt, partial).await
}

pub async fn expand_cells(ctx: Context<'_>, partial: &str) -> Choices {
    offer(ctx, Field::ExpandCells, partial).await
}

async fn offer(ctx: Context<'_>, field: Field, partial: &str) -> Choices {
    let filled = filled(ctx);
    let channel = ctx.channel_id().to_string();
    let user = ctx.author().id.to_string();
    let referee = &ctx.data().referee;
    // The labels speak the asker's language; the values stay the command
    // language's.
    let lang = referee.asker_lang(&user, ctx.locale()).await;
    let ask = Ask {
        user_id: &user,
        field,
        partial,
        filled: &filled,
    };
    let found = autocomplete::choices_in(referee, &channel, &ask, &lang).await;
    let integer = matches!(
        field,
        Field::DrawTruck | Field::TakeTruck | Field::PlaceTile
    );
    found
        .into_iter()
        .filter_map(|Suggestion { label, value }| {
            if integer {
                let n: i64 = value.parse().ok()?;
                Some(serenity::AutocompleteChoice::new(label, n))
            } else {
                Some(serenity::AutocompleteChoice::new(label, value))
            }
        })
        .take(autocomplete::MAX_CHOICES)
        .collect()
}

/// The other options of the subcommand, as far as they are filled in.
fn filled(ctx: Context<'_>) -> Filled {
    let mut filled = Filled::default();
    let poise::Context::Application(app) = ctx else {
        return filled;
    };
    for option in app.args {
        match (option.name, &option.value) {
            ("tile", serenity::ResolvedValue::Integer(n)) => {
                filled.tile = usize::try_from(*n).ok();
            }
            ("as", serenity::ResolvedValue::Integer(n)) => {
                filled.role = usize::try_from(*n)
                    .ok()
                    .and_then(RoleChoice::from_index)
                    .and_then(|r| r.name().parse().ok());
            }
            ("size", serenity::ResolvedValue::Integer(n)) => {
                filled.size = usize::try_from(*n)
                    .ok()
                    .and_then(SizeChoice::from_index)
                    .and_then(|s| s.name().parse().ok());
            }
            ("from", serenity::ResolvedValue::String(s)) => filled.from = Some(s.to_string()),
            ("at", serenity::ResolvedValue::String(s)) => filled.at = Some(s.to_string()),
            ("from", serenity::ResolvedValue::User(user, _)) => {
                filled.from = Some(format!("<@{}>", user.id));
            }
            ("from", serenity::ResolvedValue::Unresolved(serenity::Unresolved::User(id))) => {
                filled.from = Some(format!("<@{id}>"))
            }
            _ => {}
        }
    }
    filled
}
