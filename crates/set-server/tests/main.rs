//! The server's integration tests, as one test binary: each file beside
//! this one is a module (`cargo nextest run -p set-server limits::` runs
//! one), all of them sharing `support`. One binary rather than one per
//! file: the server's dependency tree and `support` are compiled and
//! linked once, not once for each file (BENCHMARKS.md, "The suite's own
//! time"). A new file is named here.
#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should

mod support;

mod amplifiers;
mod bots;
mod calls;
mod chat;
mod cluster;
mod cluster_bus;
mod cluster_lobby;
mod fair_play;
mod floors;
mod hostile_lobby;
mod hosts;
mod http;
mod limits;
mod load;
mod lobby;
mod memory;
mod moderation;
mod nodes;
mod operator;
mod ratings;
mod refusals;
mod restart;
mod rooms;
mod tokens;
mod transfer;
