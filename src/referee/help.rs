//! The help and the rules in short: sentences a player reads, kept in one place.

use crate::lang::Text;

/// The front end a referee answers: where its help is read, and how its
/// answers can point to more (a command to type, or controls to press).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Front {
    #[default]
    Discord,
    /// Local play: commands typed, moves played by their numbers.
    Terminal,
    /// A game's web page: moves clicked. Its channel reads the answer, so
    /// what the answer says of commands is said as Discord says it.
    Web,
}

/// The command list, opening with what the front end's newcomer needs first.
pub fn help_text(front: Front) -> Text {
    Text::msg(match front {
        Front::Discord | Front::Web => "help-discord",
        Front::Terminal => "help-terminal",
    })
}

/// The topics of the rules in short, each with its message, in order.
const TOPICS: &[(&str, &str)] = &[
    ("turn", "rules-turn"),
    ("basins", "rules-basins"),
    ("bonuses", "rules-bonuses"),
    ("coworkers", "rules-coworkers"),
    ("money", "rules-money"),
    ("end", "rules-end"),
    ("two", "rules-two"),
];

/// The rules in short, by topic.
pub fn rules_text(topic: Option<&str>) -> Text {
    match topic.map(|t| t.trim().to_ascii_lowercase()) {
        Some(t) => match TOPICS
            .iter()
            .find(|(name, _)| t.starts_with(name) || name.starts_with(t.as_str()))
        {
            Some((name, key)) => Text::msg("rules-topic")
                .arg("name", *name)
                .arg("body", Text::msg(key)),
            None => Text::msg("rules-no-topic").arg("topic", t).arg(
                "topics",
                TOPICS
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        },
        None => {
            let mut lines = vec![Text::msg("rules-short")];
            lines.extend(TOPICS.iter().map(|(name, key)| {
                Text::msg("rules-item")
                    .arg("name", *name)
                    .arg("body", Text::msg(key))
            }));
            Text::lines(lines)
        }
    }
}
