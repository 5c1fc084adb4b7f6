//! Checking an action against the state without touching it: what
//! [`Game::apply`] does first, so that a refused action changes nothing. Each
//! refusal is a sentence saying what blocks the move and what is allowed.

use super::*;

impl Game {
    pub(super) fn check(&self, seat: Seat, action: &Action) -> Result<Plan, Refusal> {
        if self.is_over() {
            return refuse("the game is over: no more moves");
        }
        let Some(player) = self.players.get(seat) else {
            return refuse("you are not seated in this game");
        };
        if seat != self.current {
            let current = &self.players[self.current].name;
            if player.truck.is_some() {
                return refuse(format!(
                    "you took a truck this round and play again next round; it is {current}'s turn"
                ));
            }
            return refuse(format!("it is {current}'s turn, not yours"));
        }
        match action {
            Action::Place { tile, at } => self.check_place(*tile, *at),
            Action::Hire { role, at } => self.check_hire(*role, *at),
            _ if !self.pending.is_empty() => refuse(format!(
                "{}; nothing else until then",
                self.prompt().trim_end_matches('.')
            )),
            Action::Draw { truck } => self.check_draw(*truck),
            Action::Take { truck } => self.check_take(*truck),
            money => self.check_money(seat, money),
        }
    }

    pub(super) fn check_draw(&self, truck: usize) -> Result<Plan, Refusal> {
        if self.draw_pile.is_empty() && self.reserve.is_empty() {
            return refuse("no tiles are left to draw: take a truck or make a money action");
        }
        self.check_truck(
            truck,
            |t| !t.is_full(),
            "is full",
            "every truck still in the middle is full: take a truck or make a money action",
            "you may draw onto truck",
        )?;
        Ok(Plan::Draw(truck))
    }

    pub(super) fn check_take(&self, truck: usize) -> Result<Plan, Refusal> {
        self.check_truck(
            truck,
            |t| !t.tiles.is_empty(),
            "has no tile on it",
            "no truck in the middle has a tile yet: draw a tile onto one",
            "you may take truck",
        )?;
        Ok(Plan::Take(truck))
    }

    /// Checks that `truck` is in the middle and `fits`; if not, says which trucks do.
    pub(super) fn check_truck(
        &self,
        truck: usize,
        fits: fn(&Truck) -> bool,
        why_not: &str,
        none_fits: &str,
        may: &str,
    ) -> Result<(), Refusal> {
        let allowed = || {
            let open: Vec<usize> = (1..=self.trucks.len())
                .filter(|&n| {
                    let t = &self.trucks[n - 1];
                    t.taken_by.is_none() && fits(t)
                })
                .collect();
            if open.is_empty() {
                none_fits.to_string()
            } else {
                format!("{may} {}", join_nums(&open))
            }
        };
        let Some(t) = truck.checked_sub(1).and_then(|i| self.trucks.get(i)) else {
            return refuse(format!("there is no truck {truck}: {}", allowed()));
        };
        if let Some(by) = t.taken_by {
            return refuse(format!(
                "truck {truck} was taken by {} this round: {}",
                self.players[by].name,
                allowed()
            ));
        }
        if !fits(t) {
            return refuse(format!("truck {truck} {why_not}: {}", allowed()));
        }
        Ok(())
    }

    pub(super) fn check_place(&self, slot: Option<usize>, at: Target) -> Result<Plan, Refusal> {
        let player = &self.players[self.current];
        if let Some(&animal) = self.pending.offspring.first() {
            if let Some(slot) = slot {
                return refuse(format!(
                    "the {} offspring waits and is placed first (leave out tile): {}; then tile {slot}",
                    animal.name(),
                    player.zoo.where_may_go(animal)
                ));
            }
            return match at {
                Target::Cell(cell) => match player.zoo.check_animal(cell, animal) {
                    Ok(()) => Ok(Plan::PlaceOffspring(Target::Cell(cell))),
                    Err(why) => refuse(format!(
                        "{why}: the offspring must join its basin, and {}",
                        player.zoo.where_may_go(animal)
                    )),
                },
                Target::Depot if player.zoo.has_room_for(animal) => refuse(format!(
                    "an offspring goes to the depot only when its basin has no room, and {}",
                    player.zoo.where_may_go(animal)
                )),
                Target::Depot => Ok(Plan::PlaceOffspring(Target::Depot)),
            };
        }
        if self.pending.coworkers > 0 {
            return refuse("hire the coworker you just gained first: /aq hire as:<role>");
        }
        let waiting: Vec<(usize, AnimalTile)> = self.pending.waiting_tiles().collect();
        if waiting.is_empty() {
            return refuse("no tile waits to be placed: place follows taking a truck");
        }
        let slots = || {
            let list: Vec<String> = waiting
                .iter()
                .map(|(s, t)| format!("tile:{s} ({t})"))
                .collect();
            join_or(&list)
        };
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
                    [] => {
                        return refuse(format!(
                            "none of the waiting tiles may go to {at}: say which tile goes where, with {}",
                            slots()
                        ))
                    }
                    many if many.len() == waiting.len() => {
                        return refuse(format!(
                            "{} tiles wait: say which with {}",
                            waiting.len(),
                            slots()
                        ))
                    }
                    many => {
                        let list: Vec<String> = many
                            .iter()
                            .map(|(s, t)| format!("tile:{s} ({t})"))
                            .collect();
                        return refuse(format!(
                            "{} of the {} waiting tiles may go to {at}: say which with {}",
                            many.len(),
                            waiting.len(),
                            join_or(&list)
                        ));
                    }
                }
            }
            Some(slot) => match waiting.iter().find(|(s, _)| *s == slot) {
                Some(found) => *found,
                None => return refuse(format!("no tile waits in slot {slot}: use {}", slots())),
            },
        };
        if let Target::Cell(cell) = at {
            if let Err(why) = player.zoo.check_animal(cell, tile.animal) {
                let mut places: Vec<String> = player
                    .zoo
                    .legal_cells(tile.animal)
                    .iter()
                    .map(Cell::to_string)
                    .collect();
                let instead = if places.is_empty() {
                    format!(
                        "{} have no space in your zoo: only the depot",
                        tile.animal.plural()
                    )
                } else {
                    places.push("the depot".into());
                    format!("{} may go to {}", tile.animal.plural(), join_or(&places))
                };
                return refuse(format!("{why}: {instead}"));
            }
        }
        Ok(Plan::PlaceTruckTile(slot, tile, at))
    }

    pub(super) fn check_hire(&self, role: Role, at: Option<Cell>) -> Result<Plan, Refusal> {
        let player = &self.players[self.current];
        if self.pending.coworkers == 0 {
            return refuse(
                "no coworker waits to be hired: coworkers come with the 5th and 10th tile of a basin",
            );
        }
        let roles = || {
            let free: Vec<String> = player
                .free_posts()
                .iter()
                .filter(|p| !matches!(p, Post::Trainer(_)))
                .map(|p| p.role().to_string())
                .collect();
            let mut list = free;
            if player.zoo.empty_spaces().next().is_some() {
                list.push("trainer on an empty space".into());
            }
            join_or(&list)
        };
        let post = match (role, at) {
            (Role::Trainer, None) => {
                return refuse("a trainer stands on a space of your zoo: say where with at:<cell>")
            }
            (Role::Trainer, Some(cell)) => Post::Trainer(cell),
            (other, Some(_)) => {
                return refuse(format!(
                    "only a trainer stands on a cell; a {other} takes no at:"
                ))
            }
            (other, None) => {
                Post::from_role(other, None).ok_or_else(|| Refusal("no such post".into()))?
            }
        };
        if let Err(why) = player.check_free(post) {
            return refuse(format!("{why}: you may hire a {}", roles()));
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
            return refuse(format!(
                "that costs {cost} coin{} and you have {}",
                if cost == 1 { "" } else { "s" },
                player.coins
            ));
        }
        match action {
            Action::MoveDepotTile { to } => {
                let Some(top) = player.depot_top() else {
                    return refuse("your depot is empty: there is no tile to move");
                };
                player.zoo.check_animal(*to, top.animal).map_err(|why| {
                    Refusal(format!(
                        "{why}: the {} on top of your depot {}",
                        top.animal.name(),
                        may_go_phrase(&player.zoo, top.animal)
                    ))
                })?;
                Ok(Plan::MoveDepotTile(*to, top))
            }
            Action::MoveCoworker { from, to } => {
                player.check_occupied(*from).map_err(|why| {
                    let posts: Vec<String> = player
                        .occupied_posts()
                        .iter()
                        .map(Post::to_string)
                        .collect();
                    Refusal(if posts.is_empty() {
                        format!("{why}: you have no coworker to move")
                    } else {
                        format!("{why}: you may move your coworker from {}", join_or(&posts))
                    })
                })?;
                if from == to {
                    return refuse(format!(
                        "the coworker is already at {to}: choose another place"
                    ));
                }
                player.check_free(*to).map_err(Refusal)?;
                Ok(Plan::MoveCoworker(*from, *to))
            }
            Action::Buy { from, at } => {
                let Some(seller) = self.players.get(*from).filter(|_| *from != seat) else {
                    return refuse("buy from another player at the table");
                };
                let Some(top) = seller.depot_top() else {
                    let sellers: Vec<String> = self
                        .players
                        .iter()
                        .enumerate()
                        .filter(|(s, p)| *s != seat && !p.depot.is_empty())
                        .map(|(_, p)| p.name.clone())
                        .collect();
                    return refuse(if sellers.is_empty() {
                        format!("{}'s depot is empty, and so are the others'", seller.name)
                    } else {
                        format!(
                            "{}'s depot is empty: you may buy from {}",
                            seller.name,
                            join_or(&sellers)
                        )
                    });
                };
                player.zoo.check_animal(*at, top.animal).map_err(|why| {
                    Refusal(format!(
                        "{why}: the {} on top of {}'s depot {}",
                        top.animal.name(),
                        seller.name,
                        may_go_phrase(&player.zoo, top.animal)
                    ))
                })?;
                Ok(Plan::Buy(*from, *at, top))
            }
            Action::Discard => match player.depot_top() {
                Some(top) => Ok(Plan::Discard(top)),
                None => refuse("your depot is empty: there is nothing to discard"),
            },
            Action::Expand { size, cells } => {
                let cells = player.zoo.check_expansion(*size, cells).map_err(Refusal)?;
                Ok(Plan::Expand(*size, cells))
            }
            _ => refuse("that is not a money action"),
        }
    }
}

fn refuse<T>(message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(message.into()))
}

/// "may go to J10 or J11" / "has no space in your zoo".
fn may_go_phrase(zoo: &Zoo, animal: Animal) -> String {
    let cells = zoo.legal_cells(animal);
    if cells.is_empty() {
        "has no space in your zoo".to_string()
    } else {
        format!("may go to {}", list_cells(&cells))
    }
}

fn join_nums(nums: &[usize]) -> String {
    let list: Vec<String> = nums.iter().map(usize::to_string).collect();
    join_or(&list)
}
