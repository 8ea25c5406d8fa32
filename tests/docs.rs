//! Every path the docs name exists: README.md, BENCHMARKS.md and each
//! `docs/*.md`, read as text. A path is a link's target (relative to the
//! document) or a code span that starts at one of the repository's
//! top-level folders or names one of its top-level files; a span with `*`
//! must match at least one file. Generated folders (`target/`, `dist/`,
//! `data/`) are never named this way, so they need no exception.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::{Path, PathBuf};

/// The folders a path in a code span may start at.
const FOLDERS: &[&str] = &["src/", "crates/", "scripts/", "tests/", "docs/", "www/", "deploy/", "fuzz/", ".ci/"];

/// The top-level files a code span may name alone.
const FILES: &[&str] =
    &["Cargo.toml", "README.md", "BENCHMARKS.md", "LICENSE", "index.html", "Trunk.toml", "package.json", "clippy.toml"];

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The documents: the README, the benchmarks and every note in docs/.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![repository().join("README.md"), repository().join("BENCHMARKS.md")];
    for entry in fs::read_dir(repository().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            docs.push(path);
        }
    }
    docs.sort();
    docs
}

/// What a document names: code spans without spaces, and links' targets.
fn named(text: &str) -> (Vec<String>, Vec<String>) {
    let mut spans = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('`') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('`') else { break };
        let span = &after[..end];
        if !span.is_empty() && !span.contains(char::is_whitespace) {
            spans.push(span.to_owned());
        }
        rest = &after[end + 1..];
    }
    let mut links = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("](") {
        let after = &rest[start + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split('#').next().unwrap_or_default();
        if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
            links.push(target.to_owned());
        }
        rest = &after[end + 1..];
    }
    (spans, links)
}

/// Whether a path exists: with `*`, whether any file of its folder matches.
fn exists(path: &Path) -> bool {
    let text = path.to_string_lossy();
    if !text.contains('*') {
        return path.exists();
    }
    let (Some(folder), Some(pattern)) = (path.parent(), path.file_name().and_then(|n| n.to_str())) else {
        return false;
    };
    let (head, tail) = pattern.split_once('*').unwrap_or((pattern, ""));
    fs::read_dir(folder).into_iter().flatten().flatten().any(|entry| {
        let name = entry.file_name().to_string_lossy().into_owned();
        name.len() >= head.len() + tail.len() && name.starts_with(head) && name.ends_with(tail)
    })
}

#[test]
fn every_path_a_doc_names_exists() {
    let docs = documents();
    assert!(docs.len() >= 6, "found only {docs:?}");
    let mut missing = Vec::new();
    let mut checked = 0;
    for doc in &docs {
        let text = fs::read_to_string(doc).unwrap();
        let (spans, links) = named(&text);
        let name = doc.strip_prefix(repository()).unwrap().display().to_string();
        for span in spans {
            let span = span.trim_end_matches(['.', ',', ';', ':']);
            let is_path = FOLDERS.iter().any(|folder| span.starts_with(folder)) || FILES.contains(&span);
            if !is_path || span.contains(['…', '<', '{']) {
                continue;
            }
            checked += 1;
            if !exists(&repository().join(span)) {
                missing.push(format!("{name}: `{span}`"));
            }
        }
        for link in links {
            checked += 1;
            if !exists(&doc.parent().unwrap().join(&link)) {
                missing.push(format!("{name}: ({link})"));
            }
        }
    }
    assert!(checked > 100, "only {checked} paths found: is the reader broken?");
    assert!(missing.is_empty(), "paths the docs name that do not exist:\n{}", missing.join("\n"));
}

#[test]
fn the_reader_finds_spans_and_links_and_the_check_sees_a_missing_file() {
    let (spans, links) = named("see `crates/set-core/src/lib.rs` and `a b`, [x](docs/online.md#top), [y](https://a.b)");
    assert_eq!(spans, ["crates/set-core/src/lib.rs"]);
    assert_eq!(links, ["docs/online.md"]);
    assert!(exists(&repository().join("crates/set-core/src/lib.rs")));
    assert!(!exists(&repository().join("crates/set-core/src/save.rs")));
    assert!(exists(&repository().join("tests/e2e/*.test.mjs")));
    assert!(!exists(&repository().join("tests/e2e/*.nothing")));
}

/// docs/architecture.md's map of the crates names every crate of the
/// workspace, each at the start of its line (`crates/NAME/`).
#[test]
fn the_architectures_crate_map_names_every_crate() {
    let map = fs::read_to_string(repository().join("docs/architecture.md")).unwrap();
    let mut missing = Vec::new();
    for entry in fs::read_dir(repository().join("crates")).unwrap() {
        let path = entry.unwrap().path();
        if !path.join("Cargo.toml").is_file() {
            continue;
        }
        let line = format!("crates/{}/ ", path.file_name().unwrap().to_str().unwrap());
        if !map.lines().any(|l| l.starts_with(&line)) {
            missing.push(line);
        }
    }
    assert!(missing.is_empty(), "crates docs/architecture.md's map does not name: {missing:?}");
}
