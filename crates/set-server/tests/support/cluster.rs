//! A cluster as scripts/cluster.sh starts it for an operator: a Postgres
//! and a NATS of its own, three nodes and nginx, on loopback, in a scratch
//! folder; stopped when dropped, also when a test fails.

use super::{Client, Scratch};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The cluster scripts/cluster.sh started, stopped when dropped (before
/// its scratch folder, which it holds, goes).
pub(crate) struct Cluster {
    pub dir: PathBuf,
    /// nginx's address.
    pub addr: String,
    _scratch: Scratch,
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/cluster.sh")
}

impl Cluster {
    /// A cluster for `test`; none where the tests have no Postgres (and so
    /// no cluster: scripts/test.sh gives them one).
    pub(crate) fn for_test(test: &str) -> Option<Cluster> {
        if std::env::var_os("SET_TEST_POSTGRES").is_none() {
            assert!(std::env::var_os("SET_TEST_REQUIRE_POSTGRES").is_none(), "the cluster's test must run");
            eprintln!("SET_TEST_POSTGRES is not set: the cluster's test does not run");
            return None;
        }
        Some(Cluster::up(Scratch::new(test)))
    }

    fn up(scratch: Scratch) -> Cluster {
        let dir = scratch.0.join("cluster");
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let out = Command::new("bash")
            .arg(script())
            .arg("up")
            .env("CLUSTER_DIR", &dir)
            .env("CLUSTER_PORT", port.to_string())
            .env("NODES", "3")
            .env("SET_SERVER", env!("CARGO_BIN_EXE_set-server"))
            .env("DIST", scratch.dist())
            .output()
            .unwrap();
        let cluster = Cluster { dir, addr: format!("127.0.0.1:{port}"), _scratch: scratch };
        assert!(out.status.success(), "cluster.sh up: {}", String::from_utf8_lossy(&out.stderr));
        cluster
    }

    /// Runs `scripts/cluster.sh command` on this cluster (`nats-down`, `nats-up`).
    pub(crate) fn script(&self, command: &str) {
        let out = Command::new("bash").arg(script()).arg(command).env("CLUSTER_DIR", &self.dir).output().unwrap();
        assert!(out.status.success(), "cluster.sh {command}: {}", String::from_utf8_lossy(&out.stderr));
    }

    /// A file `up` wrote, trimmed.
    pub(crate) fn file(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.join(name)).unwrap().trim().to_owned()
    }

    /// The address of node `name` itself (not through nginx).
    pub(crate) fn node(&self, name: &str) -> String {
        format!("127.0.0.1:{}", self.file(&format!("{name}.port")))
    }

    /// A new client on node `name` itself, as a lobby's socket may land there.
    pub(crate) async fn client_on(&self, name: &str) -> Client {
        Client::through(&self.node(name), None, None).await.unwrap()
    }

    /// A GET through nginx, or straight to `node`: the status and the body.
    pub(crate) fn get(&self, node: Option<&str>, path: &str) -> (u16, String) {
        let addr = node.map_or(self.addr.clone(), |node| self.node(node));
        let out = Command::new("curl")
            .args(["-s", "-w", "\n%{http_code}", &format!("http://{addr}{path}")])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let (body, status) = text.rsplit_once('\n').unwrap();
        (status.parse().unwrap_or(0), body.to_owned())
    }

    /// Sends `signal` (KILL, TERM, STOP, CONT) to node `name`.
    pub(crate) fn signal(&self, name: &str, signal: &str) {
        let pid = self.file(&format!("{name}.pid"));
        assert!(Command::new("kill").args([&format!("-{signal}"), &pid]).status().unwrap().success());
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new("bash").arg(script()).arg("down").env("CLUSTER_DIR", &self.dir).status();
    }
}
