// The service worker: the whole game is kept at the first visit, so it
// starts and plays with no network afterwards. web/build.mjs fills in the
// list of files and a version that changes with their contents; a new
// version is fetched whole before it replaces the old one.
const VERSION = '__VERSION__';
const CACHE = `ratscrew-${VERSION}`;
const FILES = ['__FILES__'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('ratscrew-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Cache first: every file belongs to this version. The page's address with
// any query (?engine=, ?test) is the page.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const isPage = request.mode === 'navigate';
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(isPage ? './' : request, { ignoreSearch: isPage }).then((hit) => hit || fetch(request)),
    ),
  );
});
