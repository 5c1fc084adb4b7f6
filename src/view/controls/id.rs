//! Control ids: `aq1:<game>:<log length>:<control>`, written by us and
//! read back strictly, since ids come back from the network.

use super::{Control, Step, MAX_ID, PREFIX};
use crate::engine::{Cell, Post, Role, Size};
use std::fmt::Write as _;

/// A control's id: the game, the length of its log when the control was made,
/// and the control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ControlId {
    pub game: i64,
    pub seq: i64,
    pub control: Control,
}

impl ControlId {
    /// `aq1:<game>:<seq>:<control>`, at most [`MAX_ID`] characters.
    pub fn encode(&self) -> String {
        let mut s = format!("{PREFIX}:{}:{}:", self.game, self.seq);
        match self.control {
            Control::Draw(t) => write!(s, "d{t}"),
            Control::Take(t) => write!(s, "t{t}"),
            Control::Hire(r) => write!(s, "h{}", role_code(r)),
            Control::Discard => write!(s, "x"),
            Control::Undo => write!(s, "u"),
            Control::Money => write!(s, "M"),
            Control::Open { step, page } => write!(s, "o.{}.{page}", step_code(step)),
            Control::Pick { step, part } => write!(s, "s.{}.{part}", step_code(step)),
            Control::HistoryPage(page) => write!(s, "hp.{page}"),
            Control::HistoryMove(n) => write!(s, "hm.{n}"),
            Control::GamesPage(page) => write!(s, "gp.{page}"),
            Control::Join => write!(s, "J"),
            Control::Leave => write!(s, "L"),
            Control::Start => write!(s, "S"),
            Control::AddBot => write!(s, "B"),
            Control::Rematch => write!(s, "R"),
            Control::Describe => write!(s, "D"),
            Control::SignUp => write!(s, "TJ"),
            Control::Withdraw => write!(s, "TL"),
        }
        .unwrap_or(());
        s
    }

    /// Reads an id back. Anything not made by [`ControlId::encode`] is
    /// refused: ids come from the network and are never trusted.
    pub fn decode(id: &str) -> Option<ControlId> {
        if id.len() > MAX_ID || !id.is_ascii() {
            return None;
        }
        let mut parts = id.splitn(4, ':');
        if parts.next()? != PREFIX {
            return None;
        }
        let game: i64 = number(parts.next()?)?;
        let seq: i64 = number(parts.next()?)?;
        let code = parts.next()?;
        let control = match code.split('.').collect::<Vec<_>>().as_slice() {
            ["x"] => Control::Discard,
            ["u"] => Control::Undo,
            ["M"] => Control::Money,
            ["J"] => Control::Join,
            ["L"] => Control::Leave,
            ["S"] => Control::Start,
            ["B"] => Control::AddBot,
            ["R"] => Control::Rematch,
            ["D"] => Control::Describe,
            ["TJ"] => Control::SignUp,
            ["TL"] => Control::Withdraw,
            ["o", step, page] => Control::Open {
                step: parse_step(step)?,
                page: number(page)?,
            },
            ["s", step, part] => Control::Pick {
                step: parse_step(step)?,
                part: number(part)?,
            },
            ["hp", page] => Control::HistoryPage(number(page)?),
            ["hm", n] => Control::HistoryMove(number(n)?),
            ["gp", page] => Control::GamesPage(number(page)?),
            [one] => {
                let (head, rest) = one.split_at(one.len().min(1));
                match head {
                    "d" => Control::Draw(number(rest)?),
                    "t" => Control::Take(number(rest)?),
                    "h" => Control::Hire(parse_role(rest).filter(|r| *r != Role::Trainer)?),
                    _ => return None,
                }
            }
            _ => return None,
        };
        let decoded = ControlId { game, seq, control };
        // One spelling per id: "d01" or "+3" do not come back as "d1".
        (decoded.encode() == id).then_some(decoded)
    }
}

/// A number written by us: digits only, no sign, no leading zero.
fn number<T: std::str::FromStr>(s: &str) -> Option<T> {
    let canonical = !s.is_empty()
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'))
        && s.len() <= 19;
    canonical.then(|| s.parse().ok()).flatten()
}

fn role_code(role: Role) -> &'static str {
    match role {
        Role::Cashier => "c",
        Role::Keeper => "k",
        Role::Manager => "m",
        Role::Trainer => "t",
    }
}

fn parse_role(code: &str) -> Option<Role> {
    Role::ALL.into_iter().find(|r| role_code(*r) == code)
}

fn post_code(post: Post) -> String {
    match post {
        Post::Trainer(c) => c.to_string(),
        other => role_code(other.role()).to_string(),
    }
}

fn parse_post(code: &str) -> Option<Post> {
    match parse_role(code) {
        Some(Role::Trainer) => None,
        Some(role) => Post::from_role(role, None),
        None => {
            let cell: Cell = code.parse().ok()?;
            (cell.to_string() == code).then_some(Post::Trainer(cell))
        }
    }
}

fn step_code(step: Step) -> String {
    match step {
        Step::Place(Some(slot)) => format!("P{slot}"),
        Step::Place(None) => "PO".into(),
        Step::HireTrainer => "HT".into(),
        Step::MoveDepot => "MD".into(),
        Step::CoworkerFrom => "CF".into(),
        Step::CoworkerTo(post) => format!("CT-{}", post_code(post)),
        Step::Buy(seat) => format!("B{seat}"),
        Step::Expand(Size::Small) => "Es".into(),
        Step::Expand(Size::Large) => "El".into(),
    }
}

fn parse_step(code: &str) -> Option<Step> {
    Some(match code {
        "PO" => Step::Place(None),
        "HT" => Step::HireTrainer,
        "MD" => Step::MoveDepot,
        "CF" => Step::CoworkerFrom,
        "Es" => Step::Expand(Size::Small),
        "El" => Step::Expand(Size::Large),
        _ => {
            if let Some(post) = code.strip_prefix("CT-") {
                Step::CoworkerTo(parse_post(post)?)
            } else if let Some(slot) = code.strip_prefix('P') {
                Step::Place(Some(number(slot)?))
            } else if let Some(seat) = code.strip_prefix('B') {
                Step::Buy(number(seat)?)
            } else {
                return None;
            }
        }
    })
}
