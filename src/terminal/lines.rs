//! The terminal's lines: a line read as a player's name and a command with
//! the file it should be saved to, and a reply written for a terminal.

use std::path::PathBuf;

/// Splits `ana: /aq draw truck:1` into the name and the command.
pub fn split_line(line: &str) -> (Option<&str>, &str) {
    if let Some((name, rest)) = line.split_once(": ") {
        let name = name.trim();
        if !name.is_empty() && !name.contains("/aq") && !name.contains(':') {
            return (Some(name), rest.trim());
        }
    }
    (None, line.trim())
}

/// A command's text and the file named by a trailing `--out FILE`.
pub(super) fn split_out(text: &str) -> (&str, Option<PathBuf>) {
    match text.rsplit_once(" --out ") {
        Some((command, path)) if !path.trim().is_empty() => {
            (command.trim_end(), Some(PathBuf::from(path.trim())))
        }
        _ => (text, None),
    }
}

/// A reply for the terminal: Discord's time tags (`<t:UNIX:R>`) written as
/// UTC dates, and its bold and strike-through marks left out.
pub(super) fn plain_times(text: &str) -> String {
    let unmarked = text.replace("**", "").replace("~~", "");
    let mut out = String::with_capacity(unmarked.len());
    let mut rest = unmarked.as_str();
    while let Some(start) = rest.find("<t:") {
        out.push_str(&rest[..start]);
        let tail = &rest[start + 3..];
        let parsed = tail.find('>').and_then(|end| {
            let inner = &tail[..end];
            let seconds: i64 = inner.split(':').next()?.parse().ok()?;
            let at = time::OffsetDateTime::from_unix_timestamp(seconds).ok()?;
            let shown = format!(
                "{:04}-{:02}-{:02} {:02}:{:02} UTC",
                at.year(),
                u8::from(at.month()),
                at.day(),
                at.hour(),
                at.minute()
            );
            Some((shown, end))
        });
        match parsed {
            Some((shown, end)) => {
                out.push_str(&shown);
                rest = &tail[end + 1..];
            }
            None => {
                out.push_str("<t:");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::{plain_times, split_line, split_out};

    #[test]
    fn time_tags_read_as_dates_and_out_files_split_off() {
        assert_eq!(
            plain_times("**1.** moved <t:1795000000:R>, then <t:x:R>"),
            "1. moved 2026-11-18 11:06 UTC, then <t:x:R>"
        );
        assert_eq!(
            split_out("replay speed:fast --out game.gif"),
            ("replay speed:fast", Some("game.gif".into()))
        );
        assert_eq!(split_out("replay"), ("replay", None));
    }

    #[test]
    fn a_line_may_name_its_player() {
        assert_eq!(
            split_line("ana: /aq draw truck:1"),
            (Some("ana"), "/aq draw truck:1")
        );
        assert_eq!(split_line("/aq draw truck:1"), (None, "/aq draw truck:1"));
        assert_eq!(split_line("take truck:2"), (None, "take truck:2"));
        assert_eq!(
            split_line("ana maria: take truck:2"),
            (Some("ana maria"), "take truck:2")
        );
    }
}
