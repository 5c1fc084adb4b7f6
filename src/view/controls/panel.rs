//! What a panel is: rows of buttons, a select menu or links, and the check
//! of Discord's limits every panel passes (rows, buttons, options, ids,
//! labels, addresses).

use super::{
    MAX_BUTTONS, MAX_ID, MAX_LABEL, MAX_OPTIONS, MAX_OPTION_TEXT, MAX_PLACEHOLDER, MAX_ROWS,
    MAX_URL,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// How a button looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ButtonStyle {
    /// The main choices.
    Primary,
    /// Navigation and less common choices.
    Secondary,
    /// Taking a truck.
    Success,
    /// Undoing, discarding.
    Danger,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub style: ButtonStyle,
    pub disabled: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelectOption {
    pub label: String,
    pub value: String,
    pub description: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Select {
    pub id: String,
    pub placeholder: String,
    pub options: Vec<SelectOption>,
}

/// A button that opens a web page (the game's page, a personal link to
/// play): it carries an address, not an id, and presses nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkButton {
    pub label: String,
    pub url: String,
}

/// One row: up to five buttons, or one select menu, or up to five links.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Row {
    Buttons(Vec<Button>),
    Select(Select),
    Links(Vec<LinkButton>),
}

/// The controls under one message.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Panel {
    pub rows: Vec<Row>,
}

impl Panel {
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Every control id in the panel.
    pub fn ids(&self) -> Vec<&str> {
        let mut ids = Vec::new();
        for row in &self.rows {
            match row {
                Row::Buttons(buttons) => ids.extend(buttons.iter().map(|b| b.id.as_str())),
                Row::Select(select) => ids.push(select.id.as_str()),
                Row::Links(_) => {}
            }
        }
        ids
    }

    /// Every label a player reads: buttons, menu placeholders and options.
    pub fn labels(&self) -> Vec<&str> {
        let mut out = Vec::new();
        for row in &self.rows {
            match row {
                Row::Buttons(buttons) => out.extend(buttons.iter().map(|b| b.label.as_str())),
                Row::Select(s) => {
                    out.push(s.placeholder.as_str());
                    out.extend(s.options.iter().map(|o| o.label.as_str()));
                }
                Row::Links(links) => out.extend(links.iter().map(|l| l.label.as_str())),
            }
        }
        out
    }

    /// Checks Discord's limits; says what is wrong.
    pub fn check(&self) -> Result<(), String> {
        if self.rows.len() > MAX_ROWS {
            return Err(format!("{} rows", self.rows.len()));
        }
        let ids = self.ids();
        let unique: BTreeSet<&&str> = ids.iter().collect();
        if unique.len() != ids.len() {
            return Err("an id appears twice".into());
        }
        if let Some(id) = ids.iter().find(|id| id.is_empty() || id.len() > MAX_ID) {
            return Err(format!("id of {} characters: {id}", id.len()));
        }
        let chars = |s: &str| s.chars().count();
        for row in &self.rows {
            match row {
                Row::Buttons(buttons) => {
                    if buttons.is_empty() || buttons.len() > MAX_BUTTONS {
                        return Err(format!("a row of {} buttons", buttons.len()));
                    }
                    if let Some(b) = buttons
                        .iter()
                        .find(|b| b.label.is_empty() || chars(&b.label) > MAX_LABEL)
                    {
                        return Err(format!("button label '{}'", b.label));
                    }
                }
                Row::Links(links) => {
                    if links.is_empty() || links.len() > MAX_BUTTONS {
                        return Err(format!("a row of {} links", links.len()));
                    }
                    if let Some(l) = links.iter().find(|l| {
                        l.label.is_empty() || chars(&l.label) > MAX_LABEL || l.url.len() > MAX_URL
                    }) {
                        return Err(format!("link '{}'", l.label));
                    }
                }
                Row::Select(select) => {
                    if select.options.is_empty() || select.options.len() > MAX_OPTIONS {
                        return Err(format!("a menu of {} options", select.options.len()));
                    }
                    if chars(&select.placeholder) > MAX_PLACEHOLDER {
                        return Err(format!("placeholder '{}'", select.placeholder));
                    }
                    let values: BTreeSet<&str> =
                        select.options.iter().map(|o| o.value.as_str()).collect();
                    if values.len() != select.options.len() {
                        return Err(format!("a value appears twice in '{}'", select.placeholder));
                    }
                    for o in &select.options {
                        let long = |s: &str| s.is_empty() || chars(s) > MAX_OPTION_TEXT;
                        if long(&o.label)
                            || long(&o.value)
                            || o.description.as_deref().is_some_and(long)
                        {
                            return Err(format!("option '{}'", o.label));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
