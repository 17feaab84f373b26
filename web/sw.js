// The service worker: the site's files kept in the browser's cache, so the
// page loads and plays with no network once it has been opened.  FILES and
// CACHE are filled in by the site's build (./simulate web DIR).
const CACHE = "companion-@VERSION@";
const FILES = @FILES@;

self.addEventListener("install", e => {
  e.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", e => {
  e.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k.startsWith("companion-") && k !== CACHE).map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", e => {
  if (e.request.method !== "GET") return;
  e.respondWith(caches.open(CACHE).then(c => c.match(e.request, { ignoreSearch: true })
    .then(hit => hit || fetch(e.request))));
});
