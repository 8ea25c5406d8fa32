// Offline play, and why a fresh page waits for its game to start: README.md, "Offline and updates".
const C = "set-game", PAGE = new URL("./", location).href;
async function keep(page) {
  const urls = [...new Set([...(await page.clone().text()).matchAll(/href=["']?([^"'\s>]+)/g)]
    .map((m) => new URL(m[1], location).href))];
  const cache = await caches.open(C);
  for (const url of urls) if (!(await cache.match(url))) await cache.add(url);
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
  if (r.method != "GET" || !r.url.startsWith(location.origin)) return;
  e.respondWith(r.mode == "navigate"
    ? fetch(r).then((page) => (page.ok && (fresh = page.clone()), page), () => caches.match(PAGE).then((p) => p || Response.error()))
    : caches.match(r).then((hit) => hit || fetch(r)));
});
