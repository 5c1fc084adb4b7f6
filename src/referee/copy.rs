//! The check after `copy-store`: the copy holds the same games, each
//! replaying to the same state.

use super::{load, Referee};
use crate::store;

impl Referee {
    /// Loads every game of this referee's store and of `copy`'s, replaying
    /// each, and checks that they are the same: the same games, rows, seats,
    /// logs and states (a damaged game must be damaged alike). Returns how
    /// many games were compared.
    pub async fn same_games_as(&self, copy: &Referee) -> anyhow::Result<usize> {
        let mut here = self.store.read().await?;
        let mut there = copy.store.read().await?;
        let ids = store::game_ids(&mut here).await?;
        let copied = store::game_ids(&mut there).await?;
        if ids != copied {
            anyhow::bail!(
                "the copy holds {} games, the source {}",
                copied.len(),
                ids.len()
            );
        }
        for &id in &ids {
            let (Some(a), Some(b)) = (
                store::game_by_id(&mut here, id).await?,
                store::game_by_id(&mut there, id).await?,
            ) else {
                anyhow::bail!("game #{id} went missing while it was compared");
            };
            let a = load(&mut here, a).await?;
            let b = load(&mut there, b).await?;
            // Every field, the replayed state included, in one comparison.
            if format!("{a:?}") != format!("{b:?}") {
                anyhow::bail!("game #{id} differs in the copy");
            }
        }
        Ok(ids.len())
    }
}
