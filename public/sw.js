// The site's one service worker (issue 34, docs/decisions/0071): it keeps what the till needs to
// open and sell without a network. Everything else goes to the network as if it were not here.
// It also shows the site's push notifications and opens their page on a click (issue 36,
// docs/decisions/0078: scope "/", updated on every change of this file, versioned by the names
// of its caches).
//
// - The till's page and its data (`/shophub/sell`, `/shophub/sell.data`): the network first,
//   the last copy when there is none, so a till reloaded offline comes back as it was.
// - Built files (`/assets/…`, hashed, never changing) and interface text (`/i18n/…`, versioned):
//   the copy first; a new build's files have new names.
// - Item photos (`/media/items/…`, public and never changing): the copy first, the newest 400.
//
// Written by hand (about 100 lines): the till needs these three rules, not a precaching build
// step; the lazy parts of the till are fetched once online, which puts them here.

const PAGES = "till-pages-v1";
const FILES = "till-files-v1";
const PHOTOS = "till-photos-v1";
const KEPT = new Set([PAGES, FILES, PHOTOS]);
const MAX_PHOTOS = 400;

self.addEventListener("install", () => {
  // A new worker takes over at once: its rules only ever add copies.
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => !KEPT.has(n)).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/** The network's answer (kept when it is a good one), else the copy kept last time. */
async function networkFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(request, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

/** The copy when there is one, else the network's answer (kept). */
async function copyFirst(request, cacheName, maxEntries) {
  const cache = await caches.open(cacheName);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) {
    await cache.put(request, answer.clone());
    if (maxEntries) {
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - maxEntries)).map((k) => cache.delete(k)));
    }
  }
  return answer;
}

/** Which rule keeps a path: [how, where, how many], or null for the network alone. */
function ruleOf(path) {
  if (path === "/shophub/sell" || path === "/shophub/sell.data") return [networkFirst, PAGES];
  if (path.startsWith("/assets/") || path.startsWith("/i18n/")) return [copyFirst, FILES];
  if (path.startsWith("/media/items/")) return [copyFirst, PHOTOS, MAX_PHOTOS];
  return null;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const rule = ruleOf(url.pathname);
  if (rule) event.respondWith(rule[0](request, rule[1], rule[2]));
});

// The till names what it loaded before this worker took control (its page, its scripts and
// styles on the very first visit): each is kept by its rule, so the first reload offline works.
self.addEventListener("message", (event) => {
  const urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) return;
  event.waitUntil(
    Promise.all(
      urls.map(async (href) => {
        const url = new URL(String(href), self.location.origin);
        const rule = url.origin === self.location.origin ? ruleOf(url.pathname) : null;
        if (!rule) return;
        try {
          await rule[0](new Request(url, { credentials: "same-origin" }), rule[1], rule[2]);
        } catch {
          // Offline already: kept the next time it loads.
        }
      }),
    ),
  );
});

// Web Push (decision 0078): the server sends { title, body, url, tag }, encrypted for this
// browser (aes128gcm). A message that cannot be read still shows something: a push the user
// never sees would make the browser withdraw the permission (userVisibleOnly).
self.addEventListener("push", (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const url = typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/";
  event.waitUntil(
    self.registration.showNotification(message.title || "DP Tech", {
      body: message.body || "",
      tag: message.tag || undefined,
      icon: "/apple-touch-icon.png",
      lang: "th",
      data: { url },
    }),
  );
});

// A click opens the notification's page: a tab of the site already there is focused and sent to
// it, else a new window opens.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const same = windows.find((client) => client.url === target.href) || windows[0];
      if (same) {
        return same.focus().then((focused) => (same.url === target.href ? focused : focused.navigate(target.href)));
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
