//! Checking an action against the state without touching it: what
//! [`Game::apply`] does first, so that a refused action changes nothing. Each
//! refusal says what blocks the move and what is allowed instead.

use super::*;
use crate::engine::refusal::{PostEmpty, PostTaken, Room, TruckProblem, TruckUse};

impl Game {
    pub(super) fn check(&self, seat: Seat, action: &Action) -> Result<Plan, Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let Some(player) = self.players.get(seat) else {
            return Err(Refusal::NotSeated);
        };
        if seat != self.current {
            let current = self.players[self.current].name.clone();
            if player.truck.is_some() {
                return Err(Refusal::TookTruck { current });
            }
            return Err(Refusal::NotYourTurn { current });
        }
        match action {
            Action::Place { tile, at } => self.check_place(*tile, *at),
            Action::Hire { role, at } => self.check_hire(*role, *at),
            _ if !self.pending.is_empty() => Err(Refusal::FinishFirst(self.asked())),
            Action::Draw { truck } => self.check_draw(*truck),
            Action::Take { truck } => self.check_take(*truck),
            money => self.check_money(seat, money),
        }
    }

    pub(super) fn check_draw(&self, truck: usize) -> Result<Plan, Refusal> {
        if self.draw_pile.is_empty() && self.reserve.is_empty() {
            return Err(Refusal::NoTilesLeft);
        }
        self.check_truck(truck, TruckUse::Draw)?;
        Ok(Plan::Draw(truck))
    }

    pub(super) fn check_take(&self, truck: usize) -> Result<Plan, Refusal> {
        self.check_truck(truck, TruckUse::Take)?;
        Ok(Plan::Take(truck))
    }

    /// Checks that `truck` is in the middle and fits the use; if not, says
    /// which trucks do.
    pub(super) fn check_truck(&self, truck: usize, wanted: TruckUse) -> Result<(), Refusal> {
        let fits = |t: &Truck| match wanted {
            TruckUse::Draw => !t.is_full(),
            TruckUse::Take => !t.tiles.is_empty(),
        };
        let refuse = |why: TruckProblem| {
            let open: Vec<usize> = (1..=self.trucks.len())
                .filter(|&n| {
                    let t = &self.trucks[n - 1];
                    t.taken_by.is_none() && fits(t)
                })
                .collect();
            Err(Refusal::Truck {
                truck,
                why,
                wanted,
                open,
            })
        };
        let Some(t) = truck.checked_sub(1).and_then(|i| self.trucks.get(i)) else {
            return refuse(TruckProblem::NoSuchTruck);
        };
        if let Some(by) = t.taken_by {
            return refuse(TruckProblem::TakenBy(self.players[by].name.clone()));
        }
        if !fits(t) {
            return refuse(match wanted {
                TruckUse::Draw => TruckProblem::Full,
                TruckUse::Take => TruckProblem::Empty,
            });
        }
        Ok(())
    }

    pub(super) fn check_place(&self, slot: Option<usize>, at: Target) -> Result<Plan, Refusal> {
        let player = &self.players[self.current];
        if let Some(&animal) = self.pending.offspring.first() {
            let room = room(&player.zoo, animal);
            if let Some(slot) = slot {
                return Err(Refusal::OffspringFirst { room, slot });
            }
            return match at {
                Target::Cell(cell) => match player.zoo.check_animal(cell, animal) {
                    Ok(()) => Ok(Plan::PlaceOffspring(Target::Cell(cell))),
                    Err(why) => Err(Refusal::OffspringBlocked { why, room }),
                },
                Target::Depot if player.zoo.has_room_for(animal) => {
                    Err(Refusal::OffspringHasRoom { room })
                }
                Target::Depot => Ok(Plan::PlaceOffspring(Target::Depot)),
            };
        }
        if self.pending.coworkers > 0 {
            return Err(Refusal::HireFirst);
        }
        let waiting: Vec<(usize, AnimalTile)> = self.pending.waiting_tiles().collect();
        if waiting.is_empty() {
            return Err(Refusal::NothingToPlace);
        }
        let (slot, tile) = match slot {
            None if waiting.len() == 1 => waiting[0],
            None => {
                // Without a slot, the one waiting tile that may go there.
                let fits: Vec<(usize, AnimalTile)> = waiting
                    .iter()
                    .copied()
                    .filter(|(_, t)| match at {
                        Target::Depot => true,
                        Target::Cell(cell) => player.zoo.allows(cell, t.animal),
                    })
                    .collect();
                match fits.as_slice() {
                    [one] => *one,
                    [] => return Err(Refusal::NoTileFits { at, waiting }),
                    many if many.len() == waiting.len() => {
                        return Err(Refusal::WhichTile { waiting })
                    }
                    _ => {
                        return Err(Refusal::SomeTilesFit {
                            at,
                            waiting: waiting.len(),
                            fitting: fits,
                        })
                    }
                }
            }
            Some(slot) => match waiting.iter().find(|(s, _)| *s == slot) {
                Some(found) => *found,
                None => return Err(Refusal::NoTileInSlot { slot, waiting }),
            },
        };
        if let Target::Cell(cell) = at {
            if let Err(why) = player.zoo.check_animal(cell, tile.animal) {
                return Err(Refusal::TileBlocked {
                    why,
                    room: room(&player.zoo, tile.animal),
                });
            }
        }
        Ok(Plan::PlaceTruckTile(slot, tile, at))
    }

    pub(super) fn check_hire(&self, role: Role, at: Option<Cell>) -> Result<Plan, Refusal> {
        let player = &self.players[self.current];
        if self.pending.coworkers == 0 {
            return Err(Refusal::NoCoworkerWaiting);
        }
        let post = match (role, at) {
            (Role::Trainer, None) => return Err(Refusal::TrainerNeedsCell),
            (Role::Trainer, Some(cell)) => Post::Trainer(cell),
            (other, Some(_)) => return Err(Refusal::OnlyTrainerOnCell(other)),
            (other, None) => Post::from_role(other, None).ok_or(Refusal::TrainerNeedsCell)?,
        };
        if let Err(why) = player.check_free(post) {
            let free = player
                .free_posts()
                .iter()
                .filter(|p| !matches!(p, Post::Trainer(_)))
                .map(|p| p.role())
                .collect();
            return Err(Refusal::PostTaken {
                why,
                free,
                trainer: player.zoo.empty_spaces().next().is_some(),
            });
        }
        Ok(Plan::Hire(post))
    }

    pub(super) fn check_money(&self, seat: Seat, action: &Action) -> Result<Plan, Refusal> {
        let player = &self.players[seat];
        let cost = match action {
            Action::MoveDepotTile { .. } | Action::MoveCoworker { .. } => 1,
            Action::Buy { .. } | Action::Discard => 2,
            Action::Expand { size, .. } => size.cost(),
            _ => 0,
        };
        if player.coins < cost {
            return Err(Refusal::CannotAfford {
                cost,
                coins: player.coins,
            });
        }
        match action {
            Action::MoveDepotTile { to } => {
                let Some(top) = player.depot_top() else {
                    return Err(Refusal::DepotEmptyToMove);
                };
                player.zoo.check_animal(*to, top.animal).map_err(|why| {
                    Refusal::DepotTileBlocked {
                        why,
                        room: room(&player.zoo, top.animal),
                    }
                })?;
                Ok(Plan::MoveDepotTile(*to, top))
            }
            Action::MoveCoworker { from, to } => {
                player
                    .check_occupied(*from)
                    .map_err(|why| Refusal::NoCoworkerThere {
                        why,
                        posts: player.occupied_posts(),
                    })?;
                if from == to {
                    return Err(Refusal::AlreadyThere(*to));
                }
                player.check_free(*to).map_err(Refusal::PostBusy)?;
                Ok(Plan::MoveCoworker(*from, *to))
            }
            Action::Buy { from, at } => {
                let Some(seller) = self.players.get(*from).filter(|_| *from != seat) else {
                    return Err(Refusal::BuyFromOther);
                };
                let Some(top) = seller.depot_top() else {
                    let others = self
                        .players
                        .iter()
                        .enumerate()
                        .filter(|(s, p)| *s != seat && !p.depot.is_empty())
                        .map(|(_, p)| p.name.clone())
                        .collect();
                    return Err(Refusal::SellerDepotEmpty {
                        seller: seller.name.clone(),
                        others,
                    });
                };
                player.zoo.check_animal(*at, top.animal).map_err(|why| {
                    Refusal::BoughtTileBlocked {
                        why,
                        seller: seller.name.clone(),
                        room: room(&player.zoo, top.animal),
                    }
                })?;
                Ok(Plan::Buy(*from, *at, top))
            }
            Action::Discard => match player.depot_top() {
                Some(top) => Ok(Plan::Discard(top)),
                None => Err(Refusal::NothingToDiscard),
            },
            Action::Expand { size, cells } => {
                let cells = player
                    .zoo
                    .check_expansion(*size, cells)
                    .map_err(Refusal::Expansion)?;
                Ok(Plan::Expand(*size, cells))
            }
            _ => Err(Refusal::NotMoneyAction),
        }
    }
}

/// Where an animal may go in a zoo.
pub(super) fn room(zoo: &Zoo, animal: Animal) -> Room {
    Room {
        animal,
        cells: zoo.legal_cells(animal),
    }
}

impl Player {
    /// Whether a coworker may go to `post`; if not, why.
    pub(super) fn check_free(&self, post: Post) -> Result<(), PostTaken> {
        match post {
            Post::Cashier if self.cashiers >= MAX_CASHIERS => Err(PostTaken::BothCashiers),
            Post::Keeper if self.keepers >= MAX_KEEPERS => Err(PostTaken::BothKeepers),
            Post::Manager if self.manager => Err(PostTaken::HasManager),
            Post::Trainer(cell) => self.zoo.check_trainer(cell).map_err(PostTaken::Space),
            _ => Ok(()),
        }
    }

    /// Whether a coworker stands on `post`; if not, why.
    pub(super) fn check_occupied(&self, post: Post) -> Result<(), PostEmpty> {
        let holds = match post {
            Post::Cashier => self.cashiers > 0,
            Post::Keeper => self.keepers > 0,
            Post::Manager => self.manager,
            Post::Trainer(cell) => self.zoo.square(cell) == super::super::zoo::Square::Trainer,
        };
        match post {
            _ if holds => Ok(()),
            Post::Trainer(cell) => Err(PostEmpty::NoTrainer(cell)),
            other => Err(PostEmpty::NoRole(other.role())),
        }
    }
}
