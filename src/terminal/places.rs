//! Going between places at the keyboard: the local game's channel and a
//! tournament's tables. A tournament opened in the terminal seats its
//! tables in places of their own (`<channel>/t<tournament>-r<round>-<table>`,
//! named in the round's announcement); `go t1-r1-2` takes the keyboard
//! there, to play that table's game as any other, and `go` alone back. A
//! table whose game is over sends the keyboard back by itself, at the
//! prompt and in a script alike.
//!
//! Where the keyboard is decides only which channel the next line's
//! request names: the referee decides everything else.

use super::Session;
use crate::lang::Text;

/// The place a `go` line names (empty: back to the local game's channel);
/// `None` when the line is not a `go` line.
pub(super) fn go_target(line: &str) -> Option<&str> {
    let line = line.trim();
    let rest = line.strip_prefix("go")?;
    if rest.is_empty() {
        return Some("");
    }
    rest.starts_with(char::is_whitespace).then(|| rest.trim())
}

impl Session<'_> {
    /// Whether the keyboard is away from the local game's channel.
    pub(super) fn away(&self) -> bool {
        self.here != self.opts.channel
    }

    /// The place the keyboard is at, short: the table's part of its
    /// channel (`t1-r1-2`).
    pub(super) fn place_name(&self) -> &str {
        self.here
            .strip_prefix(self.opts.channel.as_str())
            .and_then(|rest| rest.strip_prefix('/'))
            .unwrap_or(&self.here)
    }

    /// `go <place>`: the keyboard goes there when a game was ever played
    /// there (as the announcement names it, `#` or not, or its table's part
    /// alone); `go` alone goes back. What to say (the messages waiting
    /// there first), or why it stays.
    pub(super) async fn go(&mut self, target: &str) -> anyhow::Result<Result<String, String>> {
        let target = target.trim().trim_start_matches('#');
        if target.is_empty() || target == self.opts.channel {
            self.here = self.opts.channel.clone();
            return Ok(Ok(self.word("terminal-back-home")));
        }
        let candidates = [
            target.to_string(),
            format!("{}/{target}", self.opts.channel),
        ];
        for place in candidates {
            let Some(found) = self.referee.find_game(None, Some(&place)).await? else {
                continue;
            };
            self.here = place;
            let mut said = self.follow().await?;
            let game = match found {
                Ok(loaded) => loaded.id().to_string(),
                Err(_) => "?".into(),
            };
            said.push(
                self.say(
                    &Text::msg("terminal-now-at")
                        .arg("place", self.place_name().to_string())
                        .arg("game", game),
                ),
            );
            return Ok(Ok(said.join("\n")));
        }
        Ok(Err(self.say(
            &Text::msg("terminal-no-such-place").arg("place", target.to_string()),
        )))
    }

    /// When the game at the table the keyboard is at is over (or gone):
    /// back to the local game's channel, and what to say of it.
    pub(super) async fn leave_if_over(&mut self) -> anyhow::Result<Option<String>> {
        if !self.away() || self.referee.open_game(&self.here).await?.is_some() {
            return Ok(None);
        }
        let place = self.place_name().to_string();
        self.here = self.opts.channel.clone();
        Ok(Some(self.say(
            &Text::msg("terminal-table-over").arg("place", place),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::go_target;

    #[test]
    fn go_lines_are_told_from_names_and_commands() {
        assert_eq!(go_target("go"), Some(""));
        assert_eq!(go_target(" go t1-r1-2 "), Some("t1-r1-2"));
        assert_eq!(go_target("go #local/t1-r2-1"), Some("#local/t1-r2-1"));
        assert_eq!(go_target("gordon"), None);
        assert_eq!(go_target("ana: go"), None);
        assert_eq!(go_target("take 1"), None);
    }
}
