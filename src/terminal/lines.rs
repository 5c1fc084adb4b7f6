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

#[cfg(test)]
mod tests {
    use super::{split_line, split_out};

    #[test]
    fn out_files_split_off() {
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
