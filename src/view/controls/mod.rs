//! The buttons and menus under a game's messages, transport-free.
//!
//! A front end shows a [`Panel`] (rows of buttons or one select menu each)
//! and, when a player presses, hands back the control's id and the values
//! chosen. Everything a control needs is in its id ([`ControlId`]: the game,
//! the length of its log when the control was made, and what it does), so
//! controls keep working after a restart and nothing about them lives only in
//! memory. The referee checks the id against the stored game before anything
//! happens; a press that asks for a move becomes the same [`Command`] a typed
//! slash command would, and goes through the same referee path.
//!
//! Invariants:
//! - Only legal moves are offered: every control that makes a move comes from
//!   [`Game::legal_actions`] of the seat to act, and every legal action is
//!   reachable from the table's panel, through private panels for the money
//!   actions and for menus too long to show at once ([`reachable`]).
//! - Discord's limits hold on every panel: at most [`MAX_ROWS`] rows, at most
//!   [`MAX_BUTTONS`] buttons a row, at most [`MAX_OPTIONS`] options a menu,
//!   ids of at most [`MAX_ID`] characters, unique within a panel, labels of
//!   at most [`MAX_LABEL`] characters. Long menus are split or paged, never
//!   cut silently ([`Panel::check`]).
//! - Labels are messages of the catalogue (`locales/*/controls.ftl`), said in
//!   the language of the message they sit under ([`View::lang`]: the game's
//!   for the table, the presser's for a private panel); tiles are named in
//!   words ("Take truck 2 (dolphin ♂, orca)"), cells as the command language
//!   writes them ("K11").
//!   Every label fits Discord's limits in every language and in the
//!   pseudo-locale (the tests check it).

use crate::command::Command;
use crate::engine::{Action, Cell, Game, Post, Role, Seat, Size, Target, Tile};
use crate::lang::{Arg, Lang, Names, Text};

pub mod clicks;
mod id;
mod labels;
use labels::*;
mod lobby;
mod pages;
mod panel;
mod signup;
pub use id::ControlId;
pub use lobby::{lobby_command, lobby_panel};
pub use pages::{games_panel, history_move_panel, history_panel};
pub use panel::{Button, ButtonStyle, LinkButton, Panel, Row, Select, SelectOption};
pub use signup::signup_panel;
use std::collections::BTreeSet;

/// The version prefix of every control id.
pub const PREFIX: &str = "aq1";
/// Discord: action rows in a message.
pub const MAX_ROWS: usize = 5;
/// Discord: buttons in a row.
pub const MAX_BUTTONS: usize = 5;
/// Discord: options in a select menu.
pub const MAX_OPTIONS: usize = 25;
/// Discord: characters in a custom id.
pub const MAX_ID: usize = 100;
/// Discord: characters in a button label.
pub const MAX_LABEL: usize = 80;
/// Discord: characters in a select option's label, value or description.
pub const MAX_OPTION_TEXT: usize = 100;
/// Discord: characters in a select menu's placeholder.
pub const MAX_PLACEHOLDER: usize = 150;
/// Discord: characters in a link button's address.
pub const MAX_URL: usize = 512;

/// A question answered by picking from a menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// Where a waiting truck tile (its slot) or, with `None`, the waiting
    /// offspring goes.
    Place(Option<usize>),
    /// Which empty space the coworker just gained takes as a trainer.
    HireTrainer,
    /// Where the top depot tile goes (money action, 1 coin).
    MoveDepot,
    /// Which coworker to move (money action, 1 coin).
    CoworkerFrom,
    /// Where the coworker now at this post goes.
    CoworkerTo(Post),
    /// Where the top tile of this seat's depot goes, bought (2 coins).
    Buy(Seat),
    /// Which placement for an expansion board of this size.
    Expand(Size),
}

/// What a button or menu does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Control {
    /// A: draw onto this truck.
    Draw(usize),
    /// B: take this truck.
    Take(usize),
    /// Hire the waiting coworker in this role (not a trainer: see
    /// [`Step::HireTrainer`]).
    Hire(Role),
    /// C-II: discard the top depot tile.
    Discard,
    /// Take back the last move.
    Undo,
    /// Open the private panel of money actions.
    Money,
    /// Open a step's menu privately, at a page.
    Open { step: Step, page: u16 },
    /// A menu of a step (one of several parts when it is split); the chosen
    /// value is the answer.
    Pick { step: Step, part: u16 },
    /// A page of the game's history, 0 the newest (see `pages`).
    HistoryPage(u32),
    /// The table as it was right after this move (see `pages`).
    HistoryMove(u32),
    /// A page of the server's games, 0 the newest; the id's game is 0.
    GamesPage(u32),
    /// In the lobby: take a seat.
    Join,
    /// In the lobby: give up one's seat.
    Leave,
    /// In the lobby: its creator starts the game.
    Start,
    /// In the lobby: its creator seats a computer player of the level chosen
    /// in the menu.
    AddBot,
    /// Under the final table: a player of the finished game opens its
    /// rematch (`rematch`).
    Rematch,
    /// Under a table: that table in words, privately (`board text`).
    Describe,
    /// Under a tournament's opening: sign up (`tournament join`); the id's
    /// `game` is the tournament's number.
    SignUp,
    /// Under a tournament's opening: withdraw (`tournament leave`).
    Withdraw,
}

impl Control {
    /// Whether pressing it makes a move (rather than opening a menu), or
    /// changes the lobby: its answer is public.
    pub fn makes_move(self) -> bool {
        match self {
            Control::Money | Control::Open { .. } => false,
            _ if self.looks() => false,
            Control::Pick { step, .. } => step != Step::CoworkerFrom,
            _ => true,
        }
    }
}

impl Control {
    /// Whether it belongs to a lobby's message: it never goes stale while
    /// the game gathers players.
    pub fn in_lobby(self) -> bool {
        matches!(
            self,
            Control::Join | Control::Leave | Control::Start | Control::AddBot
        )
    }

    /// Whether it only looks (history, games): anyone may press it, on a
    /// running or an ended game, and it never goes stale.
    pub fn looks(self) -> bool {
        matches!(
            self,
            Control::HistoryPage(_)
                | Control::HistoryMove(_)
                | Control::GamesPage(_)
                | Control::Describe
        )
    }
}

/// What the controls are made from: a game as stored, and who may undo.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    pub game_id: i64,
    /// The length of the game's log.
    pub seq: i64,
    pub game: &'a Game,
    /// The players, by seat: their stored names make commands, and labels
    /// name them in `lang`.
    pub names: &'a Names,
    /// The seat that may take back the last move now, if any.
    pub undo: Option<Seat>,
    /// The language the labels speak: the game's for the table, the
    /// presser's for a private panel.
    pub lang: &'a Lang,
}

impl View<'_> {
    fn id(&self, control: Control) -> String {
        ControlId {
            game: self.game_id,
            seq: self.seq,
            control,
        }
        .encode()
    }

    /// A player's name in a label.
    fn name(&self, seat: Seat) -> Arg {
        self.names.arg(seat)
    }

    fn button(&self, control: Control, label: Text, style: ButtonStyle) -> Button {
        self.button_or(control, label, None, style)
    }

    /// A button whose label is `label`, or `shorter` when `label` is too
    /// long in this language.
    fn button_or(
        &self,
        control: Control,
        label: Text,
        shorter: Option<Text>,
        style: ButtonStyle,
    ) -> Button {
        Button {
            id: self.id(control),
            label: self.fit(MAX_LABEL, label, shorter),
            style,
            disabled: false,
        }
    }

    /// `text` said, or `shorter` when `text` is longer than `max`
    /// characters in this language; cut only when both are.
    fn fit(&self, max: usize, text: Text, shorter: Option<Text>) -> String {
        let said = self.say(&text);
        match shorter {
            Some(shorter) if said.chars().count() > max => clip(self.say(&shorter), max),
            _ => clip(said, max),
        }
    }
}

/// What pressing a control leads to.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolution {
    /// A command for the referee, as if typed.
    Command(Command),
    /// A private panel with a line saying what it asks.
    Panel { text: Text, panel: Panel },
}

/// An answer in a step's menu: the option, and a move or the next step.
#[derive(Debug, Clone)]
struct Answer {
    label: String,
    value: String,
    then: Then,
}

#[derive(Debug, Clone)]
enum Then {
    Act(Action),
    Next(Step),
}

/// The controls under a public game message: for the player to act, the
/// legal moves (money actions behind one button), and an undo button for
/// whoever may take back the last move; under the final table, **Rematch**.
/// Last, **Describe**: the table in words for anyone, privately, when a
/// row has room for it (`board text` says the same).
pub fn table_panel(view: &View) -> Panel {
    let mut panel = moves_panel(view);
    let describe = view.button(
        Control::Describe,
        Text::msg("label-describe"),
        ButtonStyle::Secondary,
    );
    let rows = panel.rows.len();
    match panel.rows.last_mut() {
        Some(Row::Buttons(last)) if last.len() < MAX_BUTTONS => last.push(describe),
        _ if rows < MAX_ROWS => panel.rows.push(Row::Buttons(vec![describe])),
        _ => {}
    }
    panel
}

/// [`table_panel`] without its Describe button.
fn moves_panel(view: &View) -> Panel {
    if view.game.is_over() {
        return Panel {
            rows: vec![Row::Buttons(vec![view.button(
                Control::Rematch,
                Text::msg("label-rematch"),
                ButtonStyle::Success,
            )])],
        };
    }
    let mut rows: Vec<Row> = Vec::new();
    let mut last: Vec<Button> = Vec::new();
    if let Some(seat) = view.game.to_act() {
        let legal = view.game.legal_actions(seat);
        let pending = view.game.pending();
        // Rows left for menus: one is kept for the undo button.
        let room = MAX_ROWS - 1;
        if !pending.offspring.is_empty() || pending.coworkers > 0 {
            // An offspring and a coworker may both wait: either comes first.
            let mut steps = Vec::new();
            if !pending.offspring.is_empty() {
                steps.push(Step::Place(None));
            }
            for role in [Role::Cashier, Role::Keeper, Role::Manager] {
                if legal
                    .iter()
                    .any(|a| matches!(a, Action::Hire { role: r, .. } if *r == role))
                {
                    last.push(view.button(
                        Control::Hire(role),
                        Text::msg("label-hire").arg("role", role.word()),
                        ButtonStyle::Primary,
                    ));
                }
            }
            if legal.iter().any(|a| {
                matches!(
                    a,
                    Action::Hire {
                        role: Role::Trainer,
                        ..
                    }
                )
            }) {
                steps.push(Step::HireTrainer);
            }
            inline_or_open(view, seat, &steps, room, &mut rows, &mut last);
        } else if pending.waiting_tiles().next().is_some() {
            let steps: Vec<Step> = pending
                .waiting_tiles()
                .map(|(slot, _)| Step::Place(Some(slot)))
                .collect();
            inline_or_open(view, seat, &steps, room, &mut rows, &mut last);
        } else {
            let draws: Vec<Button> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Draw { truck } => Some(view.button(
                        Control::Draw(*truck),
                        draw_label(view.game, *truck),
                        ButtonStyle::Primary,
                    )),
                    _ => None,
                })
                .collect();
            let takes: Vec<Button> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Take { truck } => Some(view.button_or(
                        Control::Take(*truck),
                        take_label(view.game, *truck),
                        Some(Text::msg("label-take-short").arg("truck", *truck)),
                        ButtonStyle::Success,
                    )),
                    _ => None,
                })
                .collect();
            for buttons in [draws, takes] {
                if !buttons.is_empty() {
                    rows.push(Row::Buttons(buttons));
                }
            }
            if legal.iter().any(Action::is_money_action) {
                let coins = view.game.player(seat).map_or(0, |p| p.coins);
                last.push(view.button(
                    Control::Money,
                    Text::msg("label-money").arg("coins", coins),
                    ButtonStyle::Secondary,
                ));
            }
        }
    }
    if let Some(seat) = view.undo {
        let label = if view.game.to_act() == Some(seat) {
            Text::msg("label-undo-mine")
        } else {
            Text::msg("label-undo-of").arg("name", view.name(seat))
        };
        last.push(view.button(Control::Undo, label, ButtonStyle::Danger));
    }
    for chunk in last.chunks(MAX_BUTTONS) {
        rows.push(Row::Buttons(chunk.to_vec()));
    }
    Panel { rows }
}

/// Shows the steps' menus in the message when they fit in `room` rows
/// together; else a button per step that opens its menu privately.
fn inline_or_open(
    view: &View,
    seat: Seat,
    steps: &[Step],
    room: usize,
    rows: &mut Vec<Row>,
    buttons: &mut Vec<Button>,
) {
    let answers: Vec<(Step, Vec<Answer>)> = steps
        .iter()
        .map(|s| (*s, answers(view, seat, *s)))
        .filter(|(_, a)| !a.is_empty())
        .collect();
    let needed: usize = answers
        .iter()
        .map(|(_, a)| a.len().div_ceil(MAX_OPTIONS))
        .sum();
    if needed <= room {
        for (step, a) in &answers {
            rows.extend(menus(view, *step, a, 0));
        }
    } else {
        for (step, _) in &answers {
            buttons.push(view.button(
                Control::Open {
                    step: *step,
                    page: 0,
                },
                open_label(view, *step),
                ButtonStyle::Primary,
            ));
        }
    }
}

/// A step's answers as select menus of at most 25 options, split evenly;
/// their part numbers start at `first_part`, so that every menu of a step
/// has its own id across pages.
fn menus(view: &View, step: Step, answers: &[Answer], first_part: u16) -> Vec<Row> {
    let parts = answers.len().div_ceil(MAX_OPTIONS).max(1);
    let per = answers.len().div_ceil(parts).max(1);
    let question = step_question(view, step);
    answers
        .chunks(per)
        .enumerate()
        .map(|(i, chunk)| {
            let text = if parts > 1 {
                let first = chunk.first().map_or("", |a| a.label.as_str());
                let last = chunk.last().map_or("", |a| a.label.as_str());
                let part = Text::msg("panel-part")
                    .arg("question", question.clone())
                    .arg("first", first)
                    .arg("last", last);
                view.fit(MAX_PLACEHOLDER, part, Some(question.clone()))
            } else {
                view.fit(MAX_PLACEHOLDER, question.clone(), None)
            };
            Row::Select(Select {
                id: view.id(Control::Pick {
                    step,
                    part: first_part + i as u16,
                }),
                placeholder: text,
                options: chunk
                    .iter()
                    .map(|a| SelectOption {
                        label: clip(a.label.clone(), MAX_OPTION_TEXT),
                        value: a.value.clone(),
                        description: None,
                    })
                    .collect(),
            })
        })
        .collect()
}

/// Answers per page of a private step panel: four menus, and a row of
/// page buttons.
const PAGE: usize = (MAX_ROWS - 1) * MAX_OPTIONS;

/// A step's menu as a private panel, paged when it has more answers than
/// four menus hold.
fn step_panel(view: &View, seat: Seat, step: Step, page: u16) -> Result<Resolution, Text> {
    let all = answers(view, seat, step);
    if all.is_empty() {
        return Err(Text::msg("panel-choice-closed"));
    }
    let pages = all.len().div_ceil(PAGE);
    let page = usize::from(page);
    if page >= pages {
        return Err(Text::msg("panel-no-such-page"));
    }
    let shown = &all[page * PAGE..((page + 1) * PAGE).min(all.len())];
    let first_part = (page * (MAX_ROWS - 1)) as u16;
    let mut rows = menus(view, step, shown, first_part);
    let mut text = step_question(view, step);
    if pages > 1 {
        text = text.then(
            Text::msg("panel-page")
                .arg("page", page + 1)
                .arg("pages", pages),
        );
        let mut nav = Vec::new();
        if page > 0 {
            nav.push(view.button(
                Control::Open {
                    step,
                    page: (page - 1) as u16,
                },
                Text::msg("label-previous-page").arg("page", page),
                ButtonStyle::Secondary,
            ));
        }
        if page + 1 < pages {
            nav.push(view.button(
                Control::Open {
                    step,
                    page: (page + 1) as u16,
                },
                Text::msg("label-next-page").arg("page", page + 2),
                ButtonStyle::Secondary,
            ));
        }
        rows.push(Row::Buttons(nav));
    }
    Ok(Resolution::Panel {
        text,
        panel: Panel { rows },
    })
}

/// The private panel of money actions for the seat to act.
fn money_panel(view: &View, seat: Seat) -> Result<Resolution, Text> {
    let legal = view.game.legal_actions(seat);
    let Some(player) = view.game.player(seat) else {
        return Err(Text::msg("panel-not-seated"));
    };
    let top = labels::depot_top(view.game, seat);
    let mut buttons = Vec::new();
    let mut open = |step: Step, label: Text, shorter: Option<Text>| {
        buttons.push(view.button_or(
            Control::Open { step, page: 0 },
            label,
            shorter,
            ButtonStyle::Primary,
        ));
    };
    if legal
        .iter()
        .any(|a| matches!(a, Action::MoveDepotTile { .. }))
    {
        open(
            Step::MoveDepot,
            Text::msg("label-money-move-depot-tile").arg("tile", top.clone()),
            Some(Text::msg("label-money-move-depot-tile-short")),
        );
    }
    if legal
        .iter()
        .any(|a| matches!(a, Action::MoveCoworker { .. }))
    {
        open(
            Step::CoworkerFrom,
            Text::msg("label-money-move-coworker"),
            None,
        );
    }
    for s in Action::sellers(&legal) {
        let tile = labels::depot_top(view.game, s);
        open(
            Step::Buy(s),
            Text::msg("label-money-buy")
                .arg("tile", tile)
                .arg("name", view.name(s)),
            Some(Text::msg("label-money-buy-short").arg("name", view.name(s))),
        );
    }
    for size in [Size::Small, Size::Large] {
        if legal
            .iter()
            .any(|a| matches!(a, Action::Expand { size: s, .. } if *s == size))
        {
            open(
                Step::Expand(size),
                Text::msg("label-money-expand")
                    .arg("size", size.word())
                    .arg("cost", size.cost()),
                None,
            );
        }
    }
    if legal.contains(&Action::Discard) {
        buttons.push(view.button_or(
            Control::Discard,
            Text::msg("label-money-discard").arg("tile", top),
            Some(Text::msg("label-money-discard-short")),
            ButtonStyle::Danger,
        ));
    }
    if buttons.is_empty() {
        return Err(Text::msg("panel-no-money-action"));
    }
    let rows = buttons
        .chunks(MAX_BUTTONS)
        .map(|c| Row::Buttons(c.to_vec()))
        .collect();
    Ok(Resolution::Panel {
        text: Text::msg("panel-money").arg("coins", player.coins),
        panel: Panel { rows },
    })
}

/// What pressing `control` (with the values chosen in a menu) leads to, for
/// `seat`. The referee has already checked the id against the game and who
/// pressed; a menu value not offered now is refused.
pub fn resolve(
    view: &View,
    seat: Seat,
    control: Control,
    values: &[String],
) -> Result<Resolution, Text> {
    let command =
        |action: Action| Resolution::Command(Command::from_action(&action, view.names.stored()));
    match control {
        Control::Draw(truck) => Ok(Resolution::Command(Command::Draw { truck })),
        Control::Take(truck) => Ok(Resolution::Command(Command::Take { truck })),
        Control::Hire(role) => Ok(Resolution::Command(Command::Hire { role, at: None })),
        Control::Discard => Ok(Resolution::Command(Command::Discard)),
        Control::Undo => Ok(Resolution::Command(Command::Undo)),
        Control::Money => money_panel(view, seat),
        Control::Open { step, page } => step_panel(view, seat, step, page),
        Control::HistoryPage(_)
        | Control::HistoryMove(_)
        | Control::GamesPage(_)
        | Control::Describe => Err(Text::msg("panel-only-looks")),
        Control::Join
        | Control::Leave
        | Control::Start
        | Control::AddBot
        | Control::SignUp
        | Control::Withdraw => Err(Text::msg("panel-lobby-control")),
        Control::Rematch => Ok(Resolution::Command(Command::Rematch)),
        Control::Pick { step, .. } => {
            let [value] = values else {
                return Err(Text::msg("panel-choose-one"));
            };
            let chosen = answers(view, seat, step)
                .into_iter()
                .find(|a| a.value == *value)
                .ok_or_else(|| Text::msg("panel-option-closed"))?;
            match chosen.then {
                Then::Act(action) => Ok(command(action)),
                Then::Next(next) => step_panel(view, seat, next, 0),
            }
        }
    }
}

/// What can be reached from the table's panel by pressing every button and
/// choosing every option, through every private panel: the moves of the
/// seat to act (equal to [`Game::legal_actions`]), and whether an undo is
/// offered. Fails, saying why, if a panel on the way breaks Discord's limits
/// or cuts a label.
pub fn reachable(view: &View) -> Result<(BTreeSet<Action>, bool), String> {
    let mut actions = BTreeSet::new();
    let mut undo = false;
    let mut queue = vec![table_panel(view)];
    let mut seen: BTreeSet<String> = BTreeSet::new();
    while let Some(panel) = queue.pop() {
        panel.check()?;
        if let Some(cut) = panel.labels().into_iter().find(|l| l.ends_with('…')) {
            return Err(format!("a label was cut: {cut}"));
        }
        for row in &panel.rows {
            let presses: Vec<(String, Vec<String>)> = match row {
                Row::Buttons(buttons) => buttons.iter().map(|b| (b.id.clone(), vec![])).collect(),
                Row::Select(s) => s
                    .options
                    .iter()
                    .map(|o| (s.id.clone(), vec![o.value.clone()]))
                    .collect(),
                Row::Links(_) => Vec::new(),
            };
            for (id, values) in presses {
                if !seen.insert(format!("{id}={values:?}")) {
                    continue;
                }
                let Some(cid) = ControlId::decode(&id) else {
                    continue;
                };
                if cid.control == Control::Undo {
                    undo = true;
                    continue;
                }
                // Rematch starts another game; Describe only looks.
                if cid.control == Control::Rematch || cid.control.looks() {
                    continue;
                }
                let Some(seat) = view.game.to_act() else {
                    return Err(format!("{id} is offered with nobody to act"));
                };
                match resolve(view, seat, cid.control, &values) {
                    Ok(Resolution::Command(command)) => {
                        if let Some(action) = command_action(view, seat, &command) {
                            actions.insert(action);
                        }
                    }
                    Ok(Resolution::Panel { panel, .. }) => queue.push(panel),
                    Err(why) => {
                        let why = crate::lang::plain(view.lang, &why);
                        return Err(format!("{id} {values:?} is refused: {why}"));
                    }
                }
            }
        }
    }
    Ok((actions, undo))
}

/// The engine action a move command asks for, in canonical form.
fn command_action(view: &View, seat: Seat, command: &Command) -> Option<Action> {
    let seat_of = |name: &str| view.names.stored().iter().position(|n| n == name).ok_or(());
    let action = command.to_action(seat_of).ok()?;
    Some(view.game.canonical(seat, &action))
}

/// The answers of a step for `seat`, from its legal actions, in their order.
fn answers(view: &View, seat: Seat, step: Step) -> Vec<Answer> {
    let legal = view.game.legal_actions(seat);
    let mut out: Vec<Answer> = Vec::new();
    let cell_answer = |c: Cell, action: Action| Answer {
        label: c.to_string(),
        value: c.to_string(),
        then: Then::Act(action),
    };
    for action in legal {
        let answer = match (&action, step) {
            (Action::Place { tile, at }, Step::Place(slot)) if *tile == slot => match at {
                Target::Cell(c) => cell_answer(*c, action.clone()),
                Target::Depot => Answer {
                    label: view.say(&Text::msg("label-depot")),
                    value: "depot".into(),
                    then: Then::Act(action.clone()),
                },
            },
            (
                Action::Hire {
                    role: Role::Trainer,
                    at: Some(c),
                },
                Step::HireTrainer,
            ) => cell_answer(*c, action.clone()),
            (Action::MoveDepotTile { to }, Step::MoveDepot) => cell_answer(*to, action.clone()),
            (Action::MoveCoworker { from, .. }, Step::CoworkerFrom) => {
                if out.iter().any(|a| a.value == from.to_string()) {
                    continue;
                }
                Answer {
                    label: view.say(&post_label(*from)),
                    value: from.to_string(),
                    then: Then::Next(Step::CoworkerTo(*from)),
                }
            }
            (Action::MoveCoworker { from, to }, Step::CoworkerTo(f)) if *from == f => Answer {
                label: view.say(&post_label(*to)),
                value: to.to_string(),
                then: Then::Act(action.clone()),
            },
            (Action::Buy { from, at }, Step::Buy(s)) if *from == s => {
                cell_answer(*at, action.clone())
            }
            (Action::Expand { size, cells }, Step::Expand(s)) if *size == s => {
                let list: Vec<String> = cells.iter().map(Cell::to_string).collect();
                Answer {
                    label: list.join(" "),
                    value: list.join(" "),
                    then: Then::Act(action.clone()),
                }
            }
            _ => continue,
        };
        out.push(answer);
    }
    out
}

#[cfg(test)]
mod tests;
