//! The table inside Discord, wired: the web pages ask who opened the
//! Activity and where (`web::activity::Identity`), the Discord front end's
//! calls answer (`discord::activity`). Neither knows the other.

use crate::discord::activity::{ActivityCalls, ActivityError};
use crate::discord::DiscordConfig;
use crate::web::activity::{Identity, Instance, Later, NotKnown, Person};
use std::sync::Arc;

/// Discord's answers, as the pages ask.
#[derive(Debug)]
struct FromDiscord(ActivityCalls);

fn known<T, U>(answer: Result<T, ActivityError>, f: impl FnOnce(T) -> U) -> Result<U, NotKnown> {
    match answer {
        Ok(t) => Ok(f(t)),
        Err(ActivityError::Refused) => Err(NotKnown::Refused),
        Err(ActivityError::NotLive) => Err(NotKnown::NotLive),
        Err(ActivityError::Unavailable(why)) => Err(NotKnown::Unavailable(why)),
    }
}

impl Identity for FromDiscord {
    fn client_id(&self) -> Later<'_, String> {
        Box::pin(async move { known(self.0.application_id().await, |id| id) })
    }

    fn exchange<'a>(&'a self, code: &'a str) -> Later<'a, String> {
        Box::pin(async move { known(self.0.exchange(code).await, |token| token) })
    }

    fn person<'a>(&'a self, access_token: &'a str) -> Later<'a, Person> {
        Box::pin(async move {
            known(self.0.user(access_token).await, |u| Person {
                id: u.id,
                locale: u.locale,
            })
        })
    }

    fn instance<'a>(&'a self, instance_id: &'a str) -> Later<'a, Instance> {
        Box::pin(async move {
            known(self.0.instance(instance_id).await, |i| Instance {
                channel: i.channel,
                guild: i.guild,
                users: i.users,
            })
        })
    }
}

/// Who opened the table inside Discord, asked of Discord: `None` without
/// the application's client secret.
pub fn identity(config: &DiscordConfig) -> anyhow::Result<Option<Arc<dyn Identity>>> {
    Ok(ActivityCalls::new(config)?.map(|calls| Arc::new(FromDiscord(calls)) as Arc<dyn Identity>))
}
