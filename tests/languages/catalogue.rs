//! The message catalogue is whole: every language has every key of the
//! English one with the variables it needs, none has a key English lacks,
//! every English key is said somewhere in the code, and every key the code
//! says exists. Each failure names the file, the key and what is wrong.
//!
//! A new language is a new folder under `locales/`: this test checks it
//! with no change.

use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One language's messages: key -> (file, every variable it uses, the
/// variables it uses only to choose a variant).
type Messages = BTreeMap<String, Message>;

#[derive(Debug, Default)]
struct Message {
    file: String,
    vars: BTreeSet<String>,
    only_selectors: BTreeSet<String>,
    references: BTreeSet<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn languages() -> Vec<String> {
    let mut langs: Vec<String> = std::fs::read_dir(root().join("locales"))
        .expect("locales/ is readable")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    langs.sort();
    langs
}

fn ftl_files(lang: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("locales").join(lang))
        .expect("a language folder is readable")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    files
}

#[derive(Default)]
struct Uses {
    vars: BTreeSet<String>,
    selectors: BTreeSet<String>,
    references: BTreeSet<String>,
}

fn walk_pattern(p: &ast::Pattern<&str>, uses: &mut Uses) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            walk_expression(expression, uses, false);
        }
    }
}

fn walk_expression(e: &ast::Expression<&str>, uses: &mut Uses, selector: bool) {
    match e {
        ast::Expression::Select {
            selector: s,
            variants,
        } => {
            walk_inline(s, uses, true);
            for v in variants {
                walk_pattern(&v.value, uses);
            }
        }
        ast::Expression::Inline(i) => walk_inline(i, uses, selector),
    }
}

fn walk_inline(i: &ast::InlineExpression<&str>, uses: &mut Uses, selector: bool) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            if selector {
                uses.selectors.insert(id.name.to_string());
            } else {
                uses.vars.insert(id.name.to_string());
            }
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                walk_inline(a, uses, selector);
            }
            for a in &arguments.named {
                walk_inline(&a.value, uses, selector);
            }
        }
        ast::InlineExpression::MessageReference { id, .. } => {
            uses.references.insert(id.name.to_string());
        }
        ast::InlineExpression::TermReference { id, arguments, .. } => {
            uses.references.insert(format!("-{}", id.name));
            if let Some(arguments) = arguments {
                for a in &arguments.named {
                    walk_inline(&a.value, uses, selector);
                }
            }
        }
        ast::InlineExpression::Placeable { expression } => {
            walk_expression(expression, uses, selector)
        }
        ast::InlineExpression::StringLiteral { .. }
        | ast::InlineExpression::NumberLiteral { .. } => {}
    }
}

/// Reads one language, failing on any file that does not parse or any key
/// defined twice.
fn read_language(lang: &str, problems: &mut Vec<String>) -> Messages {
    let mut messages = Messages::new();
    for path in ftl_files(lang) {
        let name = path
            .strip_prefix(root())
            .unwrap_or(&path)
            .display()
            .to_string();
        let source = std::fs::read_to_string(&path).expect("a catalogue file is readable");
        read_source(&name, &source, &mut messages, problems);
    }
    messages
}

fn read_source(name: &str, source: &str, messages: &mut Messages, problems: &mut Vec<String>) {
    let resource = match fluent_syntax::parser::parse(source) {
        Ok(r) => r,
        Err((r, errors)) => {
            for e in errors {
                let line = source[..e.pos.start.min(source.len())].lines().count();
                problems.push(format!("{name}:{line}: does not parse: {:?}", e.kind));
            }
            r
        }
    };
    for entry in &resource.body {
        let (key, value, attributes) = match entry {
            ast::Entry::Message(m) => (m.id.name.to_string(), m.value.as_ref(), &m.attributes),
            ast::Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
            ast::Entry::Junk { content } => {
                problems.push(format!("{name}: cannot read {content:?}"));
                continue;
            }
            _ => continue,
        };
        let mut uses = Uses::default();
        if let Some(v) = value {
            walk_pattern(v, &mut uses);
        }
        for a in attributes {
            walk_pattern(&a.value, &mut uses);
        }
        let only_selectors = uses.selectors.difference(&uses.vars).cloned().collect();
        let mut vars = uses.vars;
        vars.extend(uses.selectors);
        if let Some(first) = messages.get(&key) {
            problems.push(format!(
                "{name}: {key} is already defined in {}",
                first.file
            ));
            continue;
        }
        messages.insert(
            key,
            Message {
                file: name.to_string(),
                vars,
                only_selectors,
                references: uses.references,
            },
        );
    }
}

/// What `lang` lacks, adds or says with other variables than English.
fn compare(english: &Messages, lang: &str, other: &Messages) -> Vec<String> {
    let mut problems = Vec::new();
    for (key, en) in english {
        let Some(msg) = other.get(key) else {
            problems.push(format!(
                "locales/{lang}: {key} is missing (English has it in {})",
                en.file
            ));
            continue;
        };
        for var in msg.vars.difference(&en.vars) {
            problems.push(format!(
                "{}: {key} uses ${var}, which English never gives it",
                msg.file
            ));
        }
        for var in en.vars.difference(&msg.vars) {
            // A number English uses only to choose a plural may go unsaid
            // in a language without plural forms.
            if !en.only_selectors.contains(var) {
                problems.push(format!("{}: {key} leaves out ${var}", msg.file));
            }
        }
    }
    for (key, msg) in other {
        if !english.contains_key(key) {
            problems.push(format!("{}: {key} is not in English", msg.file));
        }
        for r in &msg.references {
            if !other.contains_key(r) {
                problems.push(format!(
                    "{}: {key} refers to {r}, which is not defined",
                    msg.file
                ));
            }
        }
    }
    problems
}

fn rust_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// Every source file of `src/`: its path from the repository's root, and
/// its text.
fn sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_sources(&root().join("src"), &mut files);
    files
        .into_iter()
        .map(|path| {
            let source = std::fs::read_to_string(&path).expect("a source file is readable");
            let name = path
                .strip_prefix(root())
                .unwrap_or(&path)
                .display()
                .to_string();
            (name, source)
        })
        .collect()
}

/// Keys made with `format!`: the fixed parts of each, and its file.
type Families = Vec<(Vec<String>, String)>;

/// Every string literal of the code that could be a message key (lowercase
/// words joined by hyphens), and the keys the code makes with `format!`
/// (`"cmd-{}-desc"`: a family of keys, one for each command), as patterns.
fn literals_in_code() -> (BTreeMap<String, String>, Families) {
    let mut found = BTreeMap::new();
    let mut families = Vec::new();
    for (name, source) in sources() {
        // Every run of key characters between two quotes: a literal, or
        // (rarely) the text between two literals, which only makes the
        // check more lenient.
        let quotes: Vec<usize> = source.match_indices('"').map(|(i, _)| i).collect();
        for pair in quotes.windows(2) {
            let literal = &source[pair[0] + 1..pair[1]];
            let keyish = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
            if !literal.is_empty() && literal.chars().all(keyish) {
                found
                    .entry(literal.to_string())
                    .or_insert_with(|| name.clone());
            } else if literal.contains("-{")
                && literal
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_lowercase())
                && literal.chars().all(|c| keyish(c) || c == '{' || c == '}')
            {
                // The fixed parts between the placeholders, in order.
                let parts: Vec<String> = literal
                    .split('{')
                    .flat_map(|p| p.split('}'))
                    .enumerate()
                    .filter(|(i, _)| i % 2 == 0)
                    .map(|(_, p)| p.to_string())
                    .collect();
                families.push((parts, name.clone()));
            }
        }
    }
    (found, families)
}

/// Whether `key` is one of a family made by `format!` from `parts`.
fn in_family(key: &str, parts: &[String]) -> bool {
    let Some((first, rest)) = parts.split_first() else {
        return false;
    };
    let Some(mut tail) = key.strip_prefix(first.as_str()) else {
        return false;
    };
    for (i, part) in rest.iter().enumerate() {
        let last = i + 1 == rest.len();
        if last {
            return tail.len() > part.len() && tail.ends_with(part.as_str());
        }
        match tail.get(1..).and_then(|t| t.find(part.as_str())) {
            Some(at) => tail = &tail[1 + at + part.len()..],
            None => return false,
        }
    }
    !tail.is_empty()
}

/// The keys the code says with `Text::msg("…")` or `word(…, "…")`.
fn keys_said_in_code() -> BTreeMap<String, String> {
    let mut said = BTreeMap::new();
    for (name, source) in sources() {
        for opener in ["msg(\"", "word(&lang, \"", "msg_key(\""] {
            let mut rest = source.as_str();
            while let Some(at) = rest.find(opener) {
                let after = &rest[at + opener.len()..];
                if let Some(end) = after.find('"') {
                    said.entry(after[..end].to_string())
                        .or_insert_with(|| name.clone());
                }
                rest = &rest[at + opener.len()..];
            }
        }
    }
    said
}

#[test]
fn every_language_has_every_key_with_its_variables() {
    let mut problems = Vec::new();
    let langs = languages();
    assert!(
        langs.iter().any(|l| l == "en"),
        "locales/en is the fallback"
    );
    let english = read_language("en", &mut problems);
    assert!(!english.is_empty(), "the English catalogue has messages");
    for lang in langs.iter().filter(|l| *l != "en") {
        let other = read_language(lang, &mut problems);
        problems.extend(compare(&english, lang, &other));
    }
    for (key, msg) in &english {
        for r in &msg.references {
            if !english.contains_key(r) {
                problems.push(format!(
                    "{}: {key} refers to {r}, which is not defined",
                    msg.file
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "the catalogue is not whole:\n{}",
        problems.join("\n")
    );
}

#[test]
fn every_key_is_said_and_every_key_said_exists() {
    let mut problems = Vec::new();
    let english = read_language("en", &mut problems);
    let (literals, families) = literals_in_code();
    let referenced: BTreeSet<&String> = english.values().flat_map(|m| &m.references).collect();
    for (key, msg) in &english {
        if key.starts_with('-')
            || referenced.contains(key)
            || literals.contains_key(key)
            || families.iter().any(|(parts, _)| in_family(key, parts))
        {
            continue;
        }
        problems.push(format!("{}: {key} is said nowhere in src/", msg.file));
    }
    for (key, file) in keys_said_in_code() {
        if !english.contains_key(&key) {
            problems.push(format!(
                "{file}: says {key}, which locales/en does not define"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "keys and code disagree:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_check_names_a_missing_key_an_extra_one_and_a_wrong_variable() {
    let mut problems = Vec::new();
    let mut en = Messages::new();
    read_source(
        "en/x.ftl",
        "points = { $count ->\n    *[one] a point\n    [other] points\n}\n\
         drew = { $name } drew onto truck { $truck }.\n\
         gone = Gone.\n",
        &mut en,
        &mut problems,
    );
    let mut ja = Messages::new();
    read_source(
        "ja/x.ftl",
        "points = 点\ndrew = { $name }が{ $truk }台目に引いた。\nextra = 余分\n",
        &mut ja,
        &mut problems,
    );
    assert!(problems.is_empty(), "{problems:?}");
    let found = compare(&en, "ja", &ja);
    let expected = [
        "locales/ja: gone is missing (English has it in en/x.ftl)",
        "ja/x.ftl: drew uses $truk, which English never gives it",
        "ja/x.ftl: drew leaves out $truck",
        "ja/x.ftl: extra is not in English",
    ];
    for e in expected {
        assert!(found.iter().any(|f| f == e), "{e:?} not found in {found:?}");
    }
    // The plural's number may go unsaid in Japanese.
    assert!(!found.iter().any(|f| f.contains("points")), "{found:?}");
    assert_eq!(found.len(), expected.len(), "{found:?}");
    let mut broken = Messages::new();
    read_source("de/x.ftl", "drew = { $name \n", &mut broken, &mut problems);
    assert!(
        problems.iter().any(|p| p.starts_with("de/x.ftl")),
        "a file that does not parse is named: {problems:?}"
    );
}

#[test]
fn keys_made_with_format_are_told_by_their_fixed_parts() {
    let parts = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(in_family("cmd-game-new-desc", &parts(&["cmd-", "-desc"])));
    assert!(!in_family("cmd--desc", &parts(&["cmd-", "-desc"])));
    assert!(!in_family("choice-size-small", &parts(&["cmd-", "-desc"])));
    assert!(in_family(
        "choice-size-small",
        &parts(&["choice-", "-", ""])
    ));
}
