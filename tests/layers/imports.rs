//! The layers of ARCHITECTURE.md's map, checked: every path into another
//! top-level module of the crate must be one the map allows. The pure core
//! (the engine, the computer players, the command language, the clocks'
//! and the tournaments' arithmetic) imports nothing above it; the front
//! ends (Discord, the terminal, the web) never import each other, the
//! store, the renderer or the composition root; only `app` knows every
//! module; the binary (`main.rs`) imports `app` alone.
//!
//! The sources are parsed as the compiler reads them (`syn`), from `lib.rs`
//! and `main.rs` down every `mod` declaration, so it needs no build of the
//! crate and names the file and line of a path it refuses. A path is found
//! wherever it is written: `use` trees (nested groups over many lines
//! included), paths in expressions, types and patterns, and the tokens of
//! macros (`tracing::info!("{}", crate::store::x())`); `super::` and
//! `self::` are resolved to the module they reach. Strings and comments are
//! not code (`"https://..."` hides nothing after it). Only items under
//! `#[cfg(test)]` are skipped, wherever they are in a file.
//!
//! Each form an earlier, text-reading check missed has a fixture in
//! `tests/layers/fixtures/` that this check must refuse.

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// Each top-level module and the top-level modules it may use; `main` is
/// the binary (`src/main.rs`), which reaches the library as `aquaretto_bot`.
pub const MAP: &[(&str, &[&str])] = &[
    ("clock", &[]),
    ("time_control", &["clock"]),
    ("tournament", &[]),
    ("engine", &[]),
    ("cpu", &["engine"]),
    ("command", &["engine", "cpu", "time_control", "tournament"]),
    (
        "lang",
        &[
            "engine",
            "cpu",
            "command",
            "clock",
            "time_control",
            "tournament",
        ],
    ),
    (
        "view",
        &[
            "engine",
            "cpu",
            "command",
            "lang",
            "clock",
            "time_control",
            "tournament",
        ],
    ),
    (
        "store",
        &["engine", "lang", "clock", "time_control", "tournament"],
    ),
    (
        "render",
        &[
            "engine",
            "lang",
            "view",
            "clock",
            "time_control",
            "tournament",
        ],
    ),
    (
        "referee",
        &[
            "engine",
            "cpu",
            "command",
            "lang",
            "view",
            "store",
            "clock",
            "time_control",
            "tournament",
        ],
    ),
    (
        "discord",
        &[
            "referee", "view", "lang", "command", "engine", "cpu", "clock",
        ],
    ),
    (
        "terminal",
        &[
            "referee", "view", "lang", "command", "engine", "cpu", "clock",
        ],
    ),
    (
        "web",
        &[
            "referee", "view", "lang", "command", "engine", "cpu", "clock",
        ],
    ),
    (
        "app",
        &[
            "engine",
            "cpu",
            "command",
            "lang",
            "view",
            "store",
            "render",
            "referee",
            "discord",
            "terminal",
            "web",
            "clock",
            "time_control",
            "tournament",
        ],
    ),
    ("main", &["app"]),
];

/// The library's name, as the binary and the tests reach it.
const LIBRARY: &str = "aquaretto_bot";

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn src() -> PathBuf {
    root().join("src")
}

/// Which crate a file belongs to: the library, or the binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Krate {
    Library,
    Binary,
}

/// A source file as the check reads it.
#[derive(Debug, Clone)]
pub struct Source {
    /// As it is named in a refusal: `src/web/routes.rs`.
    pub shown: String,
    /// Its module's path in its crate: `["web", "routes"]`; empty for
    /// `lib.rs` and `main.rs`.
    pub module: Vec<String>,
    pub krate: Krate,
    pub text: String,
}

impl Source {
    /// The top-level module it belongs to (`main` for the binary; none for
    /// `lib.rs`, which only declares the modules).
    fn room(&self) -> Option<String> {
        match self.krate {
            Krate::Binary => Some("main".into()),
            Krate::Library => self.module.first().cloned(),
        }
    }
}

/// A path of the code to a top-level module, where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    pub line: usize,
    pub room: String,
}

/// A path's segments with where each is written.
type Segments = Vec<(String, Span)>;

/// Every top-level module a file's code reaches, skipping items under
/// `#[cfg(test)]`; or why the file cannot be read.
pub fn reaches(source: &Source) -> Result<Vec<Reach>, String> {
    Ok(walk(source)?.found)
}

/// A file's code read once by the [`Walker`].
fn walk(source: &Source) -> Result<Walker, String> {
    let file = syn::parse_file(&source.text).map_err(|e| {
        format!(
            "{}:{}: cannot parse: {e}",
            source.shown,
            e.span().start().line
        )
    })?;
    let mut walker = Walker {
        krate: source.krate,
        module: source.module.clone(),
        found: Vec::new(),
        paths: Vec::new(),
    };
    walker.visit_file(&file);
    Ok(walker)
}

/// Every path of this crate's a file's code names (skipping items under
/// `#[cfg(test)]`), each as its module path from the crate's root
/// (`["referee", "loaded", "Loaded"]`), with its line.
pub fn paths(source: &Source) -> Result<Vec<(usize, Vec<String>)>, String> {
    Ok(walk(source)?.paths)
}

struct Walker {
    krate: Krate,
    /// The module the code being read is in (inline modules pushed).
    module: Vec<String>,
    found: Vec<Reach>,
    /// Every path resolved from the crate's root, with its line.
    paths: Vec<(usize, Vec<String>)>,
}

impl Walker {
    /// The top-level module a path reaches, if it names one of this crate's
    /// (not an external crate, not a name in scope).
    fn resolve(&self, segs: &[(String, Span)]) -> Option<(String, Span)> {
        let first = segs.first()?;
        let room_at = |i: usize| segs.get(i).cloned();
        match (first.0.as_str(), self.krate) {
            (LIBRARY, _) => room_at(1),
            ("crate" | "$crate", Krate::Library) => room_at(1),
            ("self", Krate::Library) => match self.module.first() {
                Some(room) => Some((room.clone(), first.1)),
                None => room_at(1),
            },
            ("super", Krate::Library) => {
                let ups = segs.iter().take_while(|(s, _)| s == "super").count();
                if ups > self.module.len() {
                    return None;
                }
                match self.module[..self.module.len() - ups].first() {
                    Some(room) => Some((room.clone(), first.1)),
                    None => room_at(ups),
                }
            }
            _ => None,
        }
    }

    /// The path from the crate's root that `segs` names, if it names one of
    /// this crate's: `super::x` in `referee::play` is `referee::x`.
    fn absolute(&self, segs: &[(String, Span)]) -> Option<Vec<String>> {
        let names: Vec<String> = segs.iter().map(|(s, _)| s.clone()).collect();
        let first = names.first()?;
        match (first.as_str(), self.krate) {
            (LIBRARY, _) | ("crate" | "$crate", Krate::Library) => Some(names[1..].to_vec()),
            ("self", Krate::Library) => Some([&self.module[..], &names[1..]].concat()),
            ("super", Krate::Library) => {
                let ups = names.iter().take_while(|s| *s == "super").count();
                let keep = self.module.len().checked_sub(ups)?;
                Some([&self.module[..keep], &names[ups..]].concat())
            }
            _ => None,
        }
    }

    /// Every path of a `use` tree, each resolved on its own.
    fn use_tree(&mut self, prefix: &mut Segments, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push((p.ident.to_string(), p.ident.span()));
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.use_leaf(prefix, &n.ident),
            syn::UseTree::Rename(r) => self.use_leaf(prefix, &r.ident),
            syn::UseTree::Glob(g) => {
                let mut segs = prefix.clone();
                segs.push(("*".into(), g.star_token.span));
                self.reach_use(&segs);
            }
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }

    fn use_leaf(&mut self, prefix: &Segments, ident: &syn::Ident) {
        let mut segs = prefix.clone();
        if ident != "self" || segs.is_empty() {
            segs.push((ident.to_string(), ident.span()));
        }
        self.reach_use(&segs);
    }

    /// A `use` path: a leading `self` is the current module, as in code.
    fn reach_use(&mut self, segs: &[(String, Span)]) {
        if let Some(path) = self.absolute(segs) {
            let line = segs.first().map_or(0, |(_, span)| span.start().line);
            self.paths.push((line, path));
        }
        if let Some((room, span)) = self.resolve(segs) {
            self.found.push(Reach {
                line: span.start().line,
                room,
            });
        }
    }

    /// The paths written in a macro's tokens: `crate::a::b`, `super::x`,
    /// `self::y`, `aquaretto_bot::z`, `$crate::w`, and `use` trees
    /// (`crate::{a, b::{c}}`), in every group.
    fn tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            if let TokenTree::Group(g) = &trees[i] {
                self.tokens(g.stream());
                i += 1;
                continue;
            }
            let Some((segs, used)) = path_at(&trees, i) else {
                i += 1;
                continue;
            };
            // `crate::{a, b}`: the group is a use tree.
            let group = trees
                .get(i + used)
                .filter(|_| ends_in_colons(&trees, i + used));
            if let Some(TokenTree::Group(g)) = group {
                if g.delimiter() == Delimiter::Brace {
                    let tree: TokenStream = trees[i..=i + used].iter().cloned().collect();
                    if let Ok(tree) = syn::parse2::<syn::UseTree>(tree) {
                        self.use_tree(&mut Vec::new(), &tree);
                        i += used + 1;
                        continue;
                    }
                }
            }
            self.reach_use(&segs);
            i += used.max(1);
        }
    }
}

/// Whether the tokens just before `at` are `::`.
fn ends_in_colons(trees: &[TokenTree], at: usize) -> bool {
    at >= 2
        && matches!(&trees[at - 1], TokenTree::Punct(p) if p.as_char() == ':')
        && matches!(&trees[at - 2], TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
}

/// The path starting at token `i` (`crate :: a :: b`, `$ crate :: a`), if
/// it starts with a keyword or the library's name; and how many tokens it
/// takes, a trailing `::` included.
fn path_at(trees: &[TokenTree], i: usize) -> Option<(Segments, usize)> {
    let mut at = i;
    let mut segs = Vec::new();
    // `$crate` in a macro's definition.
    if let TokenTree::Punct(p) = &trees[at] {
        if p.as_char() != '$' {
            return None;
        }
        match trees.get(at + 1) {
            Some(TokenTree::Ident(id)) if id == "crate" => {
                segs.push(("$crate".to_string(), id.span()));
                at += 2;
            }
            _ => return None,
        }
    } else if let TokenTree::Ident(id) = &trees[at] {
        let word = id.to_string();
        if !matches!(word.as_str(), "crate" | "super" | "self" | LIBRARY) {
            return None;
        }
        // `x.self` or `a::crate` are not paths' starts.
        if at >= 1 {
            if let TokenTree::Punct(p) = &trees[at - 1] {
                if p.as_char() == ':' || p.as_char() == '.' {
                    return None;
                }
            }
        }
        segs.push((word, id.span()));
        at += 1;
    } else {
        return None;
    }
    loop {
        let colons = matches!(trees.get(at), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
            && matches!(trees.get(at + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':');
        if !colons {
            break;
        }
        match trees.get(at + 2) {
            Some(TokenTree::Ident(id)) => {
                segs.push((id.to_string(), id.span()));
                at += 3;
            }
            _ => {
                at += 2;
                break;
            }
        }
    }
    // A lone keyword (`self.x`, `crate` in `pub(crate)`) is no path.
    (segs.len() > 1 || at > i + 1).then_some((segs, at - i))
}

/// Whether attributes make an item exist only in tests: `#[cfg(test)]`,
/// or `#[cfg(all(test, ...))]`.
fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("cfg"))
        .filter_map(|a| a.parse_args::<syn::Meta>().ok())
        .any(|m| cfg_needs_test(&m))
}

fn cfg_needs_test(meta: &syn::Meta) -> bool {
    match meta {
        syn::Meta::Path(p) => p.is_ident("test"),
        syn::Meta::List(list) => {
            let parts = list
                .parse_args_with(
                    syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
                )
                .map(|p| p.into_iter().collect::<Vec<_>>())
                .unwrap_or_default();
            if list.path.is_ident("all") {
                parts.iter().any(cfg_needs_test)
            } else if list.path.is_ident("any") {
                !parts.is_empty() && parts.iter().all(cfg_needs_test)
            } else {
                false
            }
        }
        syn::Meta::NameValue(_) => false,
    }
}

impl<'ast> Visit<'ast> for Walker {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::ExternCrate(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::ForeignMod(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            syn::Item::TraitAlias(i) => &i.attrs,
            syn::Item::Type(i) => &i.attrs,
            syn::Item::Union(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if test_only(attrs) {
            return;
        }
        match item {
            syn::Item::Use(u) => {
                let mut prefix = Vec::new();
                if u.leading_colon.is_some() {
                    // `use ::x::y`: an external crate's path, unless it is
                    // the library's from the binary.
                    prefix.push(("::".to_string(), Span::call_site()));
                }
                self.use_tree(&mut prefix, &u.tree);
            }
            syn::Item::Mod(m) if m.content.is_some() => {
                self.module.push(m.ident.to_string());
                syn::visit::visit_item_mod(self, m);
                self.module.pop();
            }
            _ => syn::visit::visit_item(self, item),
        }
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = match item {
            syn::ImplItem::Const(i) => &i.attrs,
            syn::ImplItem::Fn(i) => &i.attrs,
            syn::ImplItem::Type(i) => &i.attrs,
            syn::ImplItem::Macro(i) => &i.attrs,
            _ => return syn::visit::visit_impl_item(self, item),
        };
        if !test_only(attrs) {
            syn::visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        let attrs = match item {
            syn::TraitItem::Const(i) => &i.attrs,
            syn::TraitItem::Fn(i) => &i.attrs,
            syn::TraitItem::Type(i) => &i.attrs,
            syn::TraitItem::Macro(i) => &i.attrs,
            _ => return syn::visit::visit_trait_item(self, item),
        };
        if !test_only(attrs) {
            syn::visit::visit_trait_item(self, item);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() {
            let segs: Segments = path
                .segments
                .iter()
                .map(|s| (s.ident.to_string(), s.ident.span()))
                .collect();
            self.reach_use(&segs);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        self.tokens(mac.tokens.clone());
    }
}

/// Every path between top-level modules the map does not allow, as
/// `file:line: from -> to`.
pub fn refused(sources: &[Source]) -> Vec<String> {
    let map: BTreeMap<&str, BTreeSet<&str>> = MAP
        .iter()
        .map(|(room, may)| (*room, may.iter().copied().collect()))
        .collect();
    let mut out = Vec::new();
    for source in sources {
        let Some(room) = source.room() else {
            continue;
        };
        let Some(may) = map.get(room.as_str()) else {
            out.push(format!(
                "{}: the map has no room `{room}`: add it to ARCHITECTURE.md and to MAP",
                source.shown
            ));
            continue;
        };
        let reaches = match reaches(source) {
            Ok(reaches) => reaches,
            Err(why) => {
                out.push(why);
                continue;
            }
        };
        for Reach { line, room: to } in reaches {
            if to == room || !map.contains_key(to.as_str()) {
                continue;
            }
            let refusal = format!("{}:{line}: {room} -> {to}", source.shown);
            // `use x::{A, B}` names its room once a line.
            if !may.contains(to.as_str()) && !out.contains(&refusal) {
                out.push(refusal);
            }
        }
    }
    out
}

/// The crate's files, found as the compiler finds them: from `lib.rs` and
/// `main.rs` down every `mod name;` that is not for tests only. Also the
/// files left out as tests only.
pub fn crate_sources() -> (Vec<Source>, Vec<PathBuf>) {
    read_crate(vec![
        (src().join("lib.rs"), Vec::new(), Krate::Library),
        (src().join("main.rs"), Vec::new(), Krate::Binary),
    ])
}

/// The test kit's sources (`testkit/src/`), read as a library's are.
pub fn kit_sources() -> Vec<Source> {
    let lib = root().join("testkit").join("src").join("lib.rs");
    read_crate(vec![(lib, Vec::new(), Krate::Library)]).0
}

/// Every file of the crates whose roots are `todo`, from the `mod`
/// declarations down, and the files declared only under `#[cfg(test)]`.
fn read_crate(mut todo: Todo) -> (Vec<Source>, Vec<PathBuf>) {
    let mut sources = Vec::new();
    let mut tests_only = Vec::new();
    while let Some((file, module, krate)) = todo.pop() {
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let parsed = syn::parse_file(&text)
            .unwrap_or_else(|e| panic!("cannot parse {}: {e}", file.display()));
        let dir = mod_dir(&file, module.is_empty());
        declared_files(
            &parsed.items,
            &dir,
            &module,
            krate,
            &mut todo,
            &mut tests_only,
        );
        let shown = file
            .strip_prefix(root())
            .unwrap_or(&file)
            .display()
            .to_string();
        sources.push(Source {
            shown,
            module,
            krate,
            text,
        });
    }
    sources.sort_by(|a, b| a.shown.cmp(&b.shown));
    (sources, tests_only)
}

type Todo = Vec<(PathBuf, Vec<String>, Krate)>;

/// The folder a `mod x;` of `file` looks in (`root`: the crate's root file).
fn mod_dir(file: &Path, root: bool) -> PathBuf {
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    match (stem, root) {
        ("mod", _) | ("lib" | "main", true) => file.parent().map(Path::to_path_buf),
        _ => file.parent().map(|p| p.join(stem)),
    }
    .unwrap_or_default()
}

/// The files `mod x;` declares among `items`, in inline modules too.
fn declared_files(
    items: &[syn::Item],
    dir: &Path,
    module: &[String],
    krate: Krate,
    todo: &mut Todo,
    tests_only: &mut Vec<PathBuf>,
) {
    for item in items {
        let syn::Item::Mod(m) = item else { continue };
        let name = m.ident.to_string();
        let mut path = module.to_vec();
        path.push(name.clone());
        assert!(
            !m.attrs.iter().any(|a| a.path().is_ident("path")),
            "mod {name} in {} has a #[path]: teach tests/layers/imports.rs where it points",
            dir.display()
        );
        match &m.content {
            Some((_, inner)) => {
                if !test_only(&m.attrs) {
                    declared_files(inner, &dir.join(&name), &path, krate, todo, tests_only);
                }
            }
            None => {
                let flat = dir.join(format!("{name}.rs"));
                let file = if flat.exists() {
                    flat
                } else {
                    dir.join(&name).join("mod.rs")
                };
                if test_only(&m.attrs) {
                    test_files(file, tests_only);
                } else {
                    todo.push((file, path, krate));
                }
            }
        }
    }
}

/// A test module's file and the files its own `mod x;` declare.
fn test_files(file: PathBuf, tests_only: &mut Vec<PathBuf>) {
    let text = std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
    let parsed =
        syn::parse_file(&text).unwrap_or_else(|e| panic!("cannot parse {}: {e}", file.display()));
    let dir = mod_dir(&file, false);
    tests_only.push(file);
    test_files_in(&parsed.items, &dir, tests_only);
}

fn test_files_in(items: &[syn::Item], dir: &Path, tests_only: &mut Vec<PathBuf>) {
    for item in items {
        let syn::Item::Mod(m) = item else { continue };
        let name = m.ident.to_string();
        match &m.content {
            Some((_, inner)) => test_files_in(inner, &dir.join(&name), tests_only),
            None => {
                let flat = dir.join(format!("{name}.rs"));
                test_files(
                    if flat.exists() {
                        flat
                    } else {
                        dir.join(&name).join("mod.rs")
                    },
                    tests_only,
                );
            }
        }
    }
}

/// Every `.rs` file under `dir`.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_import_between_layers_is_one_the_map_allows() {
    let (sources, _) = crate_sources();
    assert!(sources.len() > 100, "the sources were read");
    assert!(
        sources.iter().any(|s| s.krate == Krate::Binary),
        "main.rs is read"
    );
    let refused = refused(&sources);
    assert!(
        refused.is_empty(),
        "imports the map (ARCHITECTURE.md, tests/layers/imports.rs) does not allow:\n{}",
        refused.join("\n")
    );
    // The check read the paths between the rooms (hundreds of them), in
    // every room that has neighbours: it passes because the map holds.
    let mut between = 0;
    let mut rooms = BTreeSet::new();
    for source in &sources {
        let Some(room) = source.room() else { continue };
        for reach in reaches(source).expect("parsed") {
            if reach.room != room && MAP.iter().any(|(r, _)| *r == reach.room) {
                between += 1;
                rooms.insert(room.clone());
            }
        }
    }
    assert!(between > 300, "{between} paths between rooms read");
    let with_neighbours: BTreeSet<String> = MAP
        .iter()
        .filter(|(_, may)| !may.is_empty())
        .map(|(room, _)| room.to_string())
        .collect();
    assert_eq!(
        rooms, with_neighbours,
        "every room that may use another does"
    );
}

#[test]
fn every_file_of_src_is_read_or_a_test_module() {
    let (sources, tests_only) = crate_sources();
    let mut read: BTreeSet<PathBuf> = sources.iter().map(|s| root().join(&s.shown)).collect();
    read.extend(tests_only.iter().cloned());
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let unread: Vec<String> = files
        .iter()
        .filter(|f| !read.contains(*f))
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        unread.is_empty(),
        "files under src/ no `mod` reaches (so the compiler never reads them):\n{}",
        unread.join("\n")
    );
    assert!(
        !tests_only.is_empty(),
        "the test modules in files of their own (e.g. view/controls/tests.rs) are found"
    );
}

#[test]
fn every_top_level_module_is_on_the_map() {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("lib.rs");
    let lib = syn::parse_file(&lib).expect("lib.rs parses");
    let declared: BTreeSet<String> = lib
        .items
        .iter()
        .filter_map(|i| match i {
            syn::Item::Mod(m) => Some(m.ident.to_string()),
            _ => None,
        })
        .collect();
    let mut mapped: BTreeSet<String> = MAP.iter().map(|(room, _)| room.to_string()).collect();
    assert!(mapped.remove("main"), "the binary is on the map");
    assert_eq!(declared, mapped, "lib.rs's modules and the map's rooms");
}

/// A fixture: a file of made-up code, read as if it were the file its
/// first line names (`// as: src/web/routes.rs`), which the check must
/// refuse as its second line says (`// refused: web -> store at 7`).
struct Fixture {
    name: String,
    source: Source,
    refused: String,
}

fn fixtures() -> Vec<Fixture> {
    let dir = root().join("tests/layers/fixtures");
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(&file).expect("the fixture reads");
            let name = file
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            let header = |key: &str| {
                text.lines()
                    .find_map(|l| l.strip_prefix(&format!("// {key}: ")))
                    .unwrap_or_else(|| panic!("{name} says `// {key}: ...`"))
                    .trim()
                    .to_string()
            };
            let shown = header("as");
            let krate = if shown == "src/main.rs" {
                Krate::Binary
            } else {
                Krate::Library
            };
            let rel = shown.strip_prefix("src/").expect("a file of src/");
            let mut module: Vec<String> = rel
                .trim_end_matches(".rs")
                .split('/')
                .map(str::to_string)
                .collect();
            if module.last().is_some_and(|m| m == "mod") || krate == Krate::Binary {
                module.pop();
            }
            Fixture {
                refused: header("refused"),
                name,
                source: Source {
                    shown,
                    module,
                    krate,
                    text,
                },
            }
        })
        .collect()
}

#[test]
fn each_form_once_missed_is_refused_at_its_line() {
    let fixtures = fixtures();
    let names: BTreeSet<&str> = fixtures.iter().map(|f| f.name.as_str()).collect();
    for form in [
        "after_a_test_module.rs",
        "url_in_a_string.rs",
        "super_path.rs",
        "nested_use_group.rs",
        "macro_tokens.rs",
        "main_imports_the_store.rs",
        "super_in_an_expression.rs",
    ] {
        assert!(names.contains(form), "the fixture {form} is kept");
    }
    for f in &fixtures {
        let refused = refused(std::slice::from_ref(&f.source));
        let (what, line) = f
            .refused
            .split_once(" at ")
            .expect("`// refused: from -> to at LINE`");
        let expected = format!("{}:{line}: {what}", f.source.shown);
        assert_eq!(refused, vec![expected], "{}", f.name);
    }
}

#[test]
fn test_items_are_skipped_and_allowed_paths_pass() {
    // Items for tests only are not read, wherever they are; strings and
    // comments are not code; a room may use what the map allows.
    let source = |shown: &str, module: &[&str], text: &str| Source {
        shown: shown.into(),
        module: module.iter().map(|m| m.to_string()).collect(),
        krate: Krate::Library,
        text: text.into(),
    };
    let files = vec![
        source(
            "src/render/zoo.rs",
            &["render", "zoo"],
            "#[cfg(test)]\nmod tests { use crate::app::x; }\n\
             #[cfg(all(test, unix))]\nfn f() { crate::store::x(); }\n\
             // crate::store::not_read\n\
             const S: &str = \"crate::store::not_code\";\n\
             use crate::{engine::Game, view::{places::Places, score_card}};\n\
             fn g() { super::table::draw(); crate::lang::say(); }\n",
        ),
        source(
            "src/referee/look/moves.rs",
            &["referee", "look", "moves"],
            "use super::super::Loaded;\nuse super::super::super::store::Tx;\n",
        ),
    ];
    let refused = refused(&files);
    assert!(refused.is_empty(), "{refused:#?}");
}
