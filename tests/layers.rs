//! How the workspace's code depends on itself, read from the sources as
//! text (so that the check does not trust the module tree it checks):
//! - the rules crate's rooms and the client crate's rooms each use only the
//!   rooms below them (their `lib.rs` docs draw the flow);
//! - no file of any crate imports, through `crate::` and `super::` paths, a
//!   file that imports it back, however long the loop, and no top-level
//!   folder of a crate does either;
//! - the server's socket endpoints (`ws/identity`, `ws/lobby`, `ws/room`,
//!   `ws/chat`) do not import each other.
//!
//! Which crate may use which is Cargo's to enforce (the server has no
//! dependency on the client crate); this is the second guard, inside each.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The rules crate's rooms and their levels: a room may use rooms of lower levels only.
const CORE_ROOMS: &[(&str, u8)] = &[("text", 0), ("sort", 0), ("rules", 1), ("players", 2), ("save", 3), ("online", 4)];

/// The client crate's rooms: storage below the rest, which are siblings.
const CLIENT_ROOMS: &[(&str, u8)] = &[
    ("storage", 0),
    ("play", 1),
    ("remote", 1),
    ("room_log", 1),
    ("connection", 1),
    ("online", 2),
    ("review", 1),
    ("page", 1),
];

/// Import loops known today, each to be broken by the work named beside it.
/// The test fails on a loop not listed here, and on a listed one that is
/// gone (so that the list only shrinks).
const KNOWN_LOOPS: &[(&str, &[&str])] = &[];

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every source folder of the workspace: the page's `src/` and each crate's.
fn source_roots() -> Vec<String> {
    let mut roots = vec!["src".to_owned()];
    for entry in fs::read_dir(workspace().join("crates")).unwrap() {
        let path = entry.unwrap().path();
        if path.join("src").is_dir() {
            roots.push(format!("crates/{}/src", path.file_name().unwrap().to_str().unwrap()));
        }
    }
    roots.sort();
    roots
}

/// A module's path inside its crate (`["rules", "card"]`; the crate root is
/// empty), from its file's path below the source folder.
type ModulePath = Vec<String>;

/// Every `.rs` file below `root`, by module path. A binary's folder
/// (`src/bin/NAME/`) is a crate of its own and is left to its own root.
fn modules(root: &Path) -> BTreeMap<ModulePath, String> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<ModulePath, String>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
            if path.is_dir() {
                if prefix.is_empty() && name == "bin" {
                    continue;
                }
                let mut inner = prefix.to_vec();
                inner.push(name);
                walk(&path, &inner, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut module = prefix.to_vec();
                if !(name == "mod" || (prefix.is_empty() && (name == "lib" || name == "main"))) {
                    module.push(name);
                }
                out.insert(module, fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, &[], &mut out);
    out
}

/// The paths a source names from `crate::` or `super::`, outside comments,
/// as module paths from the crate root (a `crate::{a, b}` list as each of
/// its names), with the line each is on.
fn paths_used(module: &[String], text: &str) -> Vec<(usize, ModulePath)> {
    let mut used = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or_default();
        for (prefix, base) in [("crate::", Vec::new()), ("super::", parent(module))] {
            let mut rest = code;
            while let Some(at) = rest.find(prefix) {
                let before = rest[..at].chars().last();
                rest = &rest[at + prefix.len()..];
                if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                    continue; // `super::super::x`, `foo::crate::`: not a path that starts here
                }
                let heads: Vec<String> = if let Some(list) = rest.strip_prefix('{') {
                    let list = list.split('}').next().unwrap_or_default();
                    list.split(',').map(|item| item.trim().to_owned()).collect()
                } else {
                    vec![rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':').collect()]
                };
                for head in heads {
                    let mut path = base.clone();
                    path.extend(head.split("::").filter(|part| !part.is_empty()).map(str::to_owned));
                    used.push((number + 1, path));
                }
            }
        }
    }
    used
}

/// The module `super` names in a file: the module's parent (for a
/// folder's `mod.rs` as for a file beside it).
fn parent(module: &[String]) -> ModulePath {
    module[..module.len().saturating_sub(1)].to_vec()
}

/// The file a path lands in: its longest prefix that is a module.
fn file_of(path: &[String], modules: &BTreeMap<ModulePath, String>) -> Option<ModulePath> {
    (0..=path.len()).rev().map(|n| path[..n].to_vec()).find(|prefix| modules.contains_key(prefix))
}

/// The imports between a crate's files: each file to the files it names.
fn file_graph(root: &Path) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let modules = modules(root);
    let mut graph = BTreeMap::new();
    for (module, text) in &modules {
        let targets: &mut BTreeSet<ModulePath> = graph.entry(module.clone()).or_default();
        for (_, path) in paths_used(module, text) {
            if let Some(file) = file_of(&path, &modules)
                && file != *module
            {
                targets.insert(file);
            }
        }
    }
    graph
}

/// The graph's loops: its strongly connected parts of more than one node
/// (Tarjan's algorithm), each sorted.
fn loops<N: Ord + Clone>(graph: &BTreeMap<N, BTreeSet<N>>) -> Vec<Vec<N>> {
    struct Walk<'g, N> {
        graph: &'g BTreeMap<N, BTreeSet<N>>,
        index: BTreeMap<N, usize>,
        low: BTreeMap<N, usize>,
        stack: Vec<N>,
        found: Vec<Vec<N>>,
    }
    impl<N: Ord + Clone> Walk<'_, N> {
        fn visit(&mut self, node: &N) {
            let at = self.index.len();
            self.index.insert(node.clone(), at);
            self.low.insert(node.clone(), at);
            self.stack.push(node.clone());
            for next in self.graph.get(node).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node.clone(), low);
                } else if self.stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node.clone(), low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut part = Vec::new();
                while let Some(top) = self.stack.pop() {
                    let done = top == *node;
                    part.push(top);
                    if done {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk { graph, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for node in graph.keys() {
        if !walk.index.contains_key(node) {
            walk.visit(node);
        }
    }
    walk.found
}

/// The graph between a crate's top-level folders and files (`rooms`, `lobby`).
fn top_level(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> BTreeMap<String, BTreeSet<String>> {
    let mut top: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in graph {
        let Some(from) = from.first() else { continue };
        for to in targets {
            if let Some(to) = to.first()
                && to != from
            {
                top.entry(from.clone()).or_default().insert(to.clone());
            }
        }
    }
    top
}

#[test]
fn no_file_and_no_folder_of_any_crate_imports_itself_back() {
    let roots = source_roots();
    assert!(roots.len() >= 9, "found only {roots:?}");
    let mut found = Vec::new();
    for root in &roots {
        let graph = file_graph(&workspace().join(root));
        for part in loops(&graph) {
            found.push((root.clone(), part.iter().map(|m| m.join("::")).collect::<Vec<_>>()));
        }
        for part in loops(&top_level(&graph)) {
            // A loop of top-level files is already there as a loop of files.
            if !found.contains(&(root.clone(), part.clone())) {
                found.push((root.clone(), part));
            }
        }
    }
    let known: Vec<(String, Vec<String>)> = KNOWN_LOOPS
        .iter()
        .map(|(root, part)| (root.to_string(), part.iter().map(|m| (*m).to_owned()).collect()))
        .collect();
    let new: Vec<_> = found.iter().filter(|loop_| !known.contains(loop_)).collect();
    let gone: Vec<_> = known.iter().filter(|loop_| !found.contains(loop_)).collect();
    assert!(new.is_empty(), "import loops:\n{new:#?}");
    assert!(gone.is_empty(), "loops no longer there (take them out of KNOWN_LOOPS):\n{gone:#?}");
}

/// Checks that each room of a crate uses only the rooms below it.
fn rooms_flow_one_way(root: &str, rooms: &[(&str, u8)]) {
    let level = |room: &str| rooms.iter().find(|(name, _)| *name == room).map(|&(_, level)| level);
    let modules = modules(&workspace().join(root));
    assert!(modules.len() > 10, "{root}: found only {} source files", modules.len());
    let mut wrong = Vec::new();
    for (module, text) in &modules {
        let Some(room) = module.first() else { continue };
        let own = level(room).unwrap_or_else(|| panic!("{root}: room {room} has no level"));
        for (line, path) in paths_used(module, text) {
            let Some(used) = path.first() else { continue };
            let Some(theirs) = level(used) else { continue };
            if used != room && theirs >= own {
                wrong.push(format!("{root}/{}:{line}: {room} uses {used}", module.join("/")));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the flow:\n{}", wrong.join("\n"));
}

#[test]
fn the_rules_crates_rooms_use_only_the_rooms_below_them() {
    rooms_flow_one_way("crates/set-core/src", CORE_ROOMS);
}

#[test]
fn the_client_crates_rooms_use_only_the_rooms_below_them() {
    rooms_flow_one_way("crates/set-client/src", CLIENT_ROOMS);
}

/// The files of one folder of a crate that must not import each other
/// (each may use the folder's `mod.rs` and what lies outside it): the
/// imports among them, as `file:line: a uses b`.
fn siblings_importing_each_other(root: &str, folder: &[&str], siblings: &[&str]) -> Vec<String> {
    let modules = modules(&workspace().join(root));
    let inside = |path: &[String]| -> Option<String> {
        let rest = path.strip_prefix(folder.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>().as_slice())?;
        rest.first().filter(|name| siblings.contains(&name.as_str())).cloned()
    };
    let mut found = Vec::new();
    for sibling in siblings {
        let mut module: ModulePath = folder.iter().map(|s| (*s).to_owned()).collect();
        module.push((*sibling).to_owned());
        let text = modules.get(&module).unwrap_or_else(|| panic!("{root}: no module {}", module.join("::")));
        for (line, path) in paths_used(&module, text) {
            if let Some(used) = inside(&path).filter(|used| used != sibling) {
                found.push(format!("{root}/{}.rs:{line}: {sibling} uses {used}", module.join("/")));
            }
        }
    }
    found
}

/// The socket's endpoints (`crates/set-server/src/ws/`): each answers its
/// own messages through the socket's `mod.rs` and the shared budget, and
/// none reaches into another.
const SOCKET_ENDPOINTS: &[&str] = &["identity", "lobby", "room", "chat"];

#[test]
fn the_sockets_endpoints_do_not_import_each_other() {
    let found = siblings_importing_each_other("crates/set-server/src", &["ws"], SOCKET_ENDPOINTS);
    assert!(found.is_empty(), "endpoints that import each other:\n{}", found.join("\n"));
}

/// online.html's model by concern (`crates/set-client/src/online/`): the
/// link, the identity, the lobby and the room each keep their own fields
/// and steps; the page's `mod.rs` and `receive.rs` compose them, and none
/// reaches into another (the lobby knows nothing of the room, nor the room
/// of the lobby).
const PAGE_MODELS: &[&str] = &["link", "identity", "lobby", "room"];

#[test]
fn the_online_pages_models_do_not_import_each_other() {
    let found = siblings_importing_each_other("crates/set-client/src", &["online"], PAGE_MODELS);
    assert!(found.is_empty(), "models of the page that import each other:\n{}", found.join("\n"));
}

#[test]
fn the_sibling_check_sees_an_import_between_siblings() {
    // The rules crate's `rules` folder: `game` uses `deck` (both its files).
    let found = siblings_importing_each_other("crates/set-core/src", &["rules"], &["game", "deck", "card"]);
    assert!(found.iter().any(|line| line.contains("game uses")), "{found:?}");
}

#[test]
fn the_reader_sees_paths_lists_and_supers_but_not_comments() {
    let module = vec!["players".to_owned(), "bot".to_owned()];
    let text = "use crate::rules::card::Card; // crate::page in a comment\n\
                use crate::{save, text::short};\nuse super::seats::Seat;\nfn f() { x::crate::no(); }";
    let used: Vec<String> = paths_used(&module, text).into_iter().map(|(_, path)| path.join("::")).collect();
    assert_eq!(used, ["rules::card::Card", "save", "text::short", "players::seats::Seat"]);
}

#[test]
fn the_loop_finder_finds_a_loop_of_three_and_no_loop_in_a_line() {
    let graph = |edges: &[(u8, u8)]| {
        let mut graph: BTreeMap<u8, BTreeSet<u8>> = BTreeMap::new();
        for &(from, to) in edges {
            graph.entry(from).or_default().insert(to);
            graph.entry(to).or_default();
        }
        graph
    };
    assert_eq!(loops(&graph(&[(1, 2), (2, 3), (3, 1), (3, 4)])), vec![vec![1, 2, 3]]);
    assert!(loops(&graph(&[(1, 2), (2, 3), (1, 3)])).is_empty());
}
