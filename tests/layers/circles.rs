//! No circle between the files of `src/`, nor of the test kit's `testkit/src/`: two files that import each
//! other, or a longer round of files each importing the next, are one
//! concern or two badly cut (GUIDE.md). A file's imports are the paths its
//! code names (read by `syn` as the layer check reads them, `super::` and
//! `self::` resolved, items under `#[cfg(test)]` skipped), each ending at
//! the file of the deepest module it names. A module and the files below it
//! are one family: a folder's `mod.rs` declares and re-exports its files and
//! they use what it holds, so a path between a file and one of its
//! ancestors is no edge; a path between siblings or cousins is.

use super::imports::{crate_sources, kit_sources, paths, Krate, Source};
use std::collections::{BTreeMap, BTreeSet};

/// A module's path from the crate's root: `["referee", "play"]`.
type Module = Vec<String>;

/// For each file (by its module), the files its code reaches, with the file
/// and line of the first path to each.
type Graph = BTreeMap<Module, BTreeMap<Module, (String, usize)>>;

/// The edges between files: for each file (by its module path), the files
/// its code reaches, with the line of the first path to each.
fn edges(sources: &[Source]) -> Graph {
    let modules: BTreeSet<Vec<String>> = sources
        .iter()
        .filter(|s| s.krate == Krate::Library)
        .map(|s| s.module.clone())
        .collect();
    let mut out: Graph = BTreeMap::new();
    for source in sources.iter().filter(|s| s.krate == Krate::Library) {
        let from = &source.module;
        let entry = out.entry(from.clone()).or_default();
        for (line, path) in paths(source).unwrap_or_else(|why| panic!("{why}")) {
            // The deepest module of a file that the path goes through.
            let Some(to) = (0..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|prefix| modules.contains(prefix))
            else {
                continue;
            };
            let family = to.starts_with(from) || from.starts_with(&to);
            if !family {
                entry
                    .entry(to)
                    .or_insert_with(|| (source.shown.clone(), line));
            }
        }
    }
    out
}

/// The circles of a graph: its strongly connected parts of more than one
/// file (Tarjan's algorithm), each sorted.
fn circles(graph: &Graph) -> Vec<Vec<Vec<String>>> {
    struct State<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a Vec<String>, usize>,
        low: BTreeMap<&'a Vec<String>, usize>,
        stack: Vec<&'a Vec<String>>,
        on_stack: BTreeSet<&'a Vec<String>>,
        next: usize,
        found: Vec<Vec<Vec<String>>>,
    }
    fn visit<'a>(st: &mut State<'a>, v: &'a Vec<String>) {
        st.index.insert(v, st.next);
        st.low.insert(v, st.next);
        st.next += 1;
        st.stack.push(v);
        st.on_stack.insert(v);
        let targets: Vec<&'a Vec<String>> = st
            .graph
            .get(v)
            .map(|m| m.keys().collect())
            .unwrap_or_default();
        for w in targets {
            if !st.index.contains_key(w) {
                visit(st, w);
                let lw = st.low[w];
                let lv = st.low[v];
                st.low.insert(v, lv.min(lw));
            } else if st.on_stack.contains(w) {
                let iw = st.index[w];
                let lv = st.low[v];
                st.low.insert(v, lv.min(iw));
            }
        }
        if st.low[v] == st.index[v] {
            let mut part = Vec::new();
            while let Some(w) = st.stack.pop() {
                st.on_stack.remove(w);
                part.push(w.clone());
                if w == v {
                    break;
                }
            }
            if part.len() > 1 {
                part.sort();
                st.found.push(part);
            }
        }
    }
    let mut st = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !st.index.contains_key(v) {
            visit(&mut st, v);
        }
    }
    st.found
}

fn said(graph: &Graph, part: &[Vec<String>]) -> String {
    let mut lines = Vec::new();
    for from in part {
        for (to, (file, line)) in graph.get(from).into_iter().flatten() {
            if part.contains(to) {
                lines.push(format!("  {file}:{line} -> {}", to.join("::")));
            }
        }
    }
    lines.join("\n")
}

/// Fails naming every circle among `sources`' files (`what` they are),
/// after checking that at least `least` imports between them were read.
fn assert_no_circle(sources: &[Source], least: usize, what: &str) {
    let graph = edges(sources);
    let between: usize = graph.values().map(BTreeMap::len).sum();
    assert!(between > least, "{between} imports between {what} read");
    let found = circles(&graph);
    let shown: Vec<String> = found.iter().map(|part| said(&graph, part)).collect();
    assert!(
        found.is_empty(),
        "{what} that import each other, round a circle (one concern, or two badly cut):\n{}",
        shown.join("\n\n")
    );
}

#[test]
fn no_two_files_of_src_import_each_other_even_round_a_circle() {
    let (sources, _) = crate_sources();
    assert_no_circle(&sources, 300, "files of src/");
}

/// The same of the test kit (`testkit/src/`): its fake Discord's parts
/// (servers, recorder, answers) each stand on what their folder's
/// `mod.rs` holds, not on each other both ways.
#[test]
fn no_two_files_of_the_test_kit_import_each_other() {
    assert_no_circle(&kit_sources(), 20, "files of the test kit");
}

#[test]
fn a_circle_of_made_up_files_is_found_and_a_family_is_not() {
    let source = |module: &[&str], text: &str| Source {
        shown: format!("src/{}.rs", module.join("/")),
        module: module.iter().map(|s| s.to_string()).collect(),
        krate: Krate::Library,
        text: text.to_string(),
    };
    let sources = vec![
        // A round of three cousins: a -> b -> c -> a.
        source(&["web", "a"], "use super::b::B; pub struct A;"),
        source(&["web", "b"], "pub struct B(crate::store::c::C);"),
        source(
            &["store", "c"],
            "fn f() -> aquaretto_bot::web::a::A { todo!() }",
        ),
        // A family: the folder's mod.rs and its file use each other.
        source(&["web"], "pub use self::a::A; pub struct Door;"),
        source(&["web", "d"], "use super::Door;"),
        // Under cfg(test) nothing counts.
        source(
            &["store"],
            "#[cfg(test)] mod tests { use crate::web::d::D; }",
        ),
    ];
    let graph = edges(&sources);
    let found = circles(&graph);
    let want: Vec<Vec<String>> = vec![
        vec!["store".into(), "c".into()],
        vec!["web".into(), "a".into()],
        vec!["web".into(), "b".into()],
    ];
    assert_eq!(found, vec![want], "{graph:?}");
    assert!(said(&graph, &found[0]).contains("src/web/b.rs:1 -> store::c"));
}
