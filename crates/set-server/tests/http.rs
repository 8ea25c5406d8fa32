//! The server as a web host: the headers a real host sends, the room link,
//! precompressed files, and requests that must not get out of `dist/` or
//! take the server down.

use crate::support::*;

fn header<'a>(response: &'a str, name: &str) -> Option<&'a str> {
    response.lines().take_while(|l| !l.is_empty()).find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

#[tokio::test]
async fn pages_are_revalidated_hashed_files_immutable_and_the_policy_names_the_inline_script() {
    let scratch = Scratch::new("headers");
    let server = Server::start(&scratch);
    let page = server.get("/", "").await;
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert_eq!(header(&page, "cache-control"), Some("no-cache"));
    assert_eq!(header(&page, "x-content-type-options"), Some("nosniff"));
    let csp = header(&page, "content-security-policy").unwrap();
    assert!(
        csp.contains("default-src 'self'") && csp.contains("connect-src 'self'") && csp.contains("'wasm-unsafe-eval'")
    );
    // sha256 of "solo()", the scratch page's inline script: `printf 'solo()' | openssl dgst -sha256 -binary | base64`.
    let hash = {
        use sha2::{Digest, Sha256};
        let digest = Sha256::digest(b"solo()");
        base64(&digest)
    };
    assert!(csp.contains(&format!("'sha256-{hash}'")), "{csp}");
    let scripts = csp.split(';').find(|d| d.trim().starts_with("script-src")).unwrap();
    assert!(!scripts.contains("unsafe-inline"), "no inline script runs but the page's own: {scripts}");
    let hashed = server.get("/app-0123456789abcdef.js", "").await;
    assert_eq!(header(&hashed, "cache-control"), Some("public, max-age=31536000, immutable"));
    assert!(header(&hashed, "content-type").unwrap().contains("javascript"));
    // The link players share is the online page.
    let room = server.get("/?room=abcdefghjk", "").await;
    assert!(room.contains("<title>SET online</title>"), "{room}");
}

fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = u32::from(chunk[0]) << 16
            | u32::from(*chunk.get(1).unwrap_or(&0)) << 8
            | u32::from(*chunk.get(2).unwrap_or(&0));
        for i in 0..4 {
            out.push(if i <= chunk.len() { A[(n >> (18 - 6 * i) & 63) as usize] as char } else { '=' });
        }
    }
    out
}

#[tokio::test]
async fn precompressed_files_are_sent_to_browsers_that_take_them() {
    let scratch = Scratch::new("compressed");
    std::fs::write(scratch.dist().join("index.html.gz"), b"pretend gzip").unwrap();
    std::fs::write(scratch.dist().join("index.html.br"), b"pretend brotli").unwrap();
    let server = Server::start(&scratch);
    let br = server.get("/", "Accept-Encoding: gzip, br\r\n").await;
    assert_eq!(header(&br, "content-encoding"), Some("br"));
    assert!(header(&br, "content-type").unwrap().starts_with("text/html"));
    let gz = server.get("/index.html", "Accept-Encoding: gzip\r\n").await;
    assert_eq!(header(&gz, "content-encoding"), Some("gzip"));
    let plain = server.get("/index.html", "").await;
    assert_eq!(header(&plain, "content-encoding"), None);
}

#[tokio::test]
async fn bad_requests_are_refused_and_the_server_lives_on() {
    let scratch = Scratch::new("hardening");
    std::fs::write(scratch.0.join("secret.txt"), "outside dist").unwrap();
    let mut server = Server::start(&scratch);
    let status = |response: &str| response.split(' ').nth(1).unwrap_or("none").to_owned();
    for (path, expected) in [
        ("/../secret.txt", "403"),
        ("/%2e%2e/secret.txt", "403"),
        ("/%2E%2E%2Fsecret.txt", "403"),
        ("/..%5csecret.txt", "403"),
        ("/%252e%252e/secret.txt", "404"),
        ("/a%00b", "400"),
        ("/%zz", "400"),
        ("/%c0%ae%c0%ae/secret.txt", "400"),
        ("/missing.js", "404"),
        ("/api/games/0000000000", "404"),
        ("/api/games/..%2f..%2fsecret", "404"),
    ] {
        let response = server.get(path, "").await;
        assert_eq!(status(&response), expected, "{path}: {response}");
        assert!(!response.contains("outside dist"));
    }
    for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
        let response = server
            .http(&format!(
                "{method} / HTTP/1.1\r\nHost: {}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                server.addr
            ))
            .await;
        assert_eq!(status(&response), "405", "{method}");
        assert_eq!(header(&response, "allow"), Some("GET, HEAD"));
    }
    let garbage = server.http("\x00\x01 not http at all\r\n\r\n").await;
    assert!(garbage.is_empty() || garbage.starts_with("HTTP/1.1 400"), "{garbage}");
    let absolute = server.http("GET http://evil.example/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await;
    assert!(!absolute.contains("outside dist"));
    assert!(server.is_running());
    assert!(server.get("/", "").await.starts_with("HTTP/1.1 200"));
}
