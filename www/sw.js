// Offline play, and why a fresh page waits for its game to start: docs/page.md, "Offline and updates".
const C = "set-game", PAGE = new URL("./", location).href;
const hrefs = (text) => [...text.matchAll(/href=["']?([^"'\s>]+)/g)].map((m) => new URL(m[1], location).href);
async function keep(page) {
  let urls = hrefs(await page.clone().text());
  // The other pages (race.html, online.html) name their own files.
  for (const other of urls.filter((url) => url.endsWith(".html"))) urls.push(...hrefs(await (await fetch(other)).text()));
  urls = [...new Set(urls)];
  const cache = await caches.open(C);
  // Hashed files never change; the other pages are named by no hash, so they are fetched again.
  for (const url of urls) if (!(await cache.match(url)) || url.endsWith(".html")) await cache.add(url);
  await cache.put(PAGE, page);
  for (const old of await cache.keys()) if (old.url != PAGE && !urls.includes(old.url)) await cache.delete(old);
}
let fresh;
addEventListener("message", (e) => {
  if (e.data == "started" && fresh) e.waitUntil(keep(fresh)), (fresh = null);
});
addEventListener("install", (e) => e.waitUntil(fetch(PAGE, { cache: "no-cache" }).then(keep).then(() => skipWaiting())));
addEventListener("activate", (e) => e.waitUntil(clients.claim()));
addEventListener("fetch", (e) => {
  const r = e.request;
  // The server's API (the online count) is the network's, never the cache's.
  if (r.method != "GET" || !r.url.startsWith(location.origin) || new URL(r.url).pathname.includes("/api/")) return;
  // Either page, offline, from the cache whatever its address asks for. A
  // room's link (/?room=…) is the room page (online.html), never the game's.
  const u = new URL(r.url), room = u.searchParams.has("room"), page = !room && u.pathname == new URL(PAGE).pathname;
  e.respondWith(r.mode == "navigate"
    ? fetch(r).then((p) => (p.ok && page && (fresh = p.clone()), p),
      () => caches.match(page ? PAGE : room ? "online.html" : r, { ignoreSearch: true }).then((p) => p || Response.error()))
    : caches.match(r).then((hit) => hit || fetch(r)));
});
