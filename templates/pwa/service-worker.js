// Scorepad's service worker, hand-written and small. It keeps the app shell, and the
// last copy of the pages anyone may read (rules, quick references, walkthroughs,
// practice), so that they open at a table with no signal. A page that needs the server
// (a scoreboard, the history: someone's own) is never kept: with no connection, the
// offline page says so. Requests other than GET always go to the network.
"use strict";

const CONFIG = {{ config|safe }};
// A language's pages apart from another's: a worker installed for the language switched
// to may be at work while the one before still writes its copies (QA: the rules came
// back in English offline after French was chosen). Each reads its own copies first.
const CACHE = "scorepad-" + CONFIG.version + "-" + CONFIG.language;

// The shell must all be there; the readable pages are kept when they can be. They are
// what anyone may read, asked for in the worker's language without this phone's cookies:
// an answer arriving after a sign-in that began meanwhile would put back the cookies
// it was asked with, and the next form would be refused, or the sign-in undone (QA).
async function install() {
  const cache = await caches.open(CACHE);
  await cache.addAll(CONFIG.shell.concat([CONFIG.offline]));
  const anyone = { credentials: "omit", headers: { "Accept-Language": CONFIG.language } };
  await Promise.all(CONFIG.pages.map(function (page) {
    return fetch(page, anyone).then(function (response) {
      return keepable(response) ? cache.put(page, response) : null;
    }).catch(function () { return null; });
  }));
  await self.skipWaiting();
}

self.addEventListener("install", function (event) { event.waitUntil(install()); });

// A new deploy takes over at once; the previous version's copies go.
self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.startsWith("scorepad-") && name !== CACHE;
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("message", function (event) {
  if (event.data === "version" && event.ports[0]) event.ports[0].postMessage(CONFIG.version);
});

function readable(url) {
  return CONFIG.readable.some(function (prefix) { return url.pathname.startsWith(prefix); });
}

// Only a whole page of our own that the server allows to be stored.
function keepable(response) {
  const control = response.headers.get("Cache-Control") || "";
  return response.ok && response.type === "basic" && !/no-store/i.test(control);
}

// The offline page follows the language of the last page read.
async function followLanguage(response) {
  const language = response.headers.get("Content-Language");
  if (!language) return;
  const cache = await caches.open(CACHE);
  const kept = await cache.match(CONFIG.offline);
  if (kept && kept.headers.get("Content-Language") === language) return;
  const fresh = await fetch(CONFIG.offline);
  if (fresh.ok) await cache.put(CONFIG.offline, fresh);
}

async function offlinePage() {
  const cache = await caches.open(CACHE);
  return (await cache.match(CONFIG.offline)) || Response.error();
}

async function networkFirst(event) {
  try {
    const response = await fetch(event.request);
    if (keepable(response)) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(event.request, copy); }));
    }
    event.waitUntil(followLanguage(response));
    return response;
  } catch (error) {
    // Else the page without its query: the rules the scoreboard links to with its
    // house rules (?preset=) are the rules as kept, their tables for the first preset.
    const own = await caches.open(CACHE);
    const kept = (await own.match(event.request, { ignoreVary: true })) ||
      (await own.match(event.request, { ignoreVary: true, ignoreSearch: true })) ||
      (await caches.match(event.request, { ignoreVary: true }));
    return kept || offlinePage();
  }
}

async function networkOrOfflinePage(event) {
  try {
    const response = await fetch(event.request);
    event.waitUntil(followLanguage(response));
    return response;
  } catch (error) {
    return offlinePage();
  }
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (CONFIG.shell.includes(url.pathname)) {
    event.respondWith(caches.match(request).then(function (kept) { return kept || fetch(request); }));
    return;
  }
  // htmx asks for fragments: never kept, never in place of a page.
  if (request.mode !== "navigate" || request.headers.get("HX-Request")) return;
  event.respondWith(readable(url) ? networkFirst(event) : networkOrOfflinePage(event));
});
