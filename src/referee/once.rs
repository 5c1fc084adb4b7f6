//! A request that changes something is played once. Discord may deliver an
//! interaction twice (a gateway that resumes replays its events); the id of
//! each interaction is written in the transaction of the change it makes, so
//! a copy finds it and is refused, changing nothing. A request that changed
//! nothing leaves no id behind: its copy is judged again and refused again.
//! Presses need no id: a control names the move it was made for, and is
//! stale once that move is played.

use super::{Referee, Reply, Request};
use crate::lang::Text;
use crate::store::{self, Tx};

impl Referee {
    /// The write transaction for `req`, holding the lock from the start; or,
    /// when `req` is a copy of an interaction already played, the refusal to
    /// answer instead.
    pub(super) async fn write_for(&self, req: &Request) -> anyhow::Result<Result<Tx, Reply>> {
        let mut tx = self.store.write_in(&req.channel).await?;
        if let Some(id) = &req.via.interaction {
            if !store::first_sight(&mut tx, id, self.clock.now()).await? {
                tracing::warn!(
                    interaction = %id,
                    channel = %req.channel,
                    user = %req.actor.id,
                    command = %req.command.to_text(),
                    "an interaction delivered twice was refused"
                );
                return Ok(Err(Reply::refused(Text::msg("once-already"))));
            }
        }
        Ok(Ok(tx))
    }
}
