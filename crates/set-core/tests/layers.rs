//! The core's rooms depend one way (the crate's docs draw it): this reads
//! every source file, as text, and fails on a `crate::ROOM` path, outside a
//! comment, that points at a room above the file's own or at a sibling.
//! It reads the files rather than asking the compiler, so that the check
//! does not trust the module tree it checks.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should

use std::fs;
use std::path::Path;

/// Each room and its level: a room may use rooms of lower levels only.
const ROOMS: &[(&str, u8)] = &[
    ("text", 0),
    ("storage", 0),
    ("sort", 0),
    ("rules", 1),
    ("players", 2),
    ("save", 3),
    ("play", 4),
    ("online", 4),
    ("review", 4),
    ("page", 4),
];

fn level(room: &str) -> Option<u8> {
    ROOMS.iter().find(|(name, _)| *name == room).map(|&(_, level)| level)
}

/// Every `.rs` file below `dir`, with the room it belongs to (its first
/// folder, or its own name at the top).
fn sources(dir: &Path, room: Option<&str>, out: &mut Vec<(String, String, String)>) {
    for entry in fs::read_dir(dir).expect("the core's sources are readable") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
        if path.is_dir() {
            sources(&path, Some(room.unwrap_or(&name)), out);
        } else if path.extension().is_some_and(|e| e == "rs") && !(room.is_none() && name == "lib") {
            let text = fs::read_to_string(&path).expect("a source file is text");
            out.push((path.display().to_string(), room.unwrap_or(&name).to_owned(), text));
        }
    }
}

/// The rooms a source names as `crate::ROOM`, outside comments.
fn rooms_used(text: &str) -> Vec<(usize, String)> {
    let mut used = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let room: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            used.push((number + 1, room));
        }
    }
    used
}

#[test]
fn every_room_uses_only_the_rooms_below_it() {
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), None, &mut files);
    assert!(files.len() > 30, "found only {} source files", files.len());
    let mut wrong = Vec::new();
    for (path, room, text) in &files {
        let own = level(room).unwrap_or_else(|| panic!("{path}: room {room} has no level in ROOMS"));
        for (line, used) in rooms_used(text) {
            let Some(theirs) = level(&used) else { continue };
            if used != *room && theirs >= own {
                wrong.push(format!("{path}:{line}: {room} uses {used}"));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the flow:\n{}", wrong.join("\n"));
}

#[test]
fn the_check_sees_an_import_against_the_flow() {
    let text = "use crate::rules::card::Card; // crate::page in a comment\nfn f() { crate::save::decode(\"\"); }";
    let used: Vec<String> = rooms_used(text).into_iter().map(|(_, room)| room).collect();
    assert_eq!(used, ["rules", "save"]);
    assert!(level("save") >= level("save") && level("rules") < level("players"));
}
