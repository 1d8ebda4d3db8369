// The site's service worker (games/web/views/app.py): the page shell and "My games" readable
// offline, the offline page for the rest, and the browser's push messages.
"use strict";
const SITE = {{ values|safe }};
const SHELL = "shell-" + SITE.version;
const PAGES = "pages"; // "My games" as last seen: removed when the player logs out

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL).then(function (cache) { return cache.addAll(SITE.shell); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name !== SHELL && name !== PAGES;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

const TAKEN = "X-Copy-Taken"; // when the kept copy of "My games" was seen

function myGamesSeen(response) {
  // Only the player's own page, never a login page it was redirected to.
  if (!response.ok || response.redirected) return caches.delete(PAGES);
  const copy = response.clone();
  return copy.blob().then(function (body) {
    const headers = new Headers(copy.headers);
    headers.set(TAKEN, new Date().toISOString());
    const kept = new Response(body, { status: copy.status, statusText: copy.statusText, headers: headers });
    return caches.open(PAGES).then(function (cache) { return cache.put(SITE.my_games, kept); });
  });
}

function saidOld(hit) {
  // The copy shows its note (hidden on the live page) with the time it was taken, in the
  // page's language and the browser's time zone.
  const taken = hit.headers.get(TAKEN);
  if (!taken) return hit;
  return hit.text().then(function (html) {
    const lang = (html.match(/<html lang="([^"]+)"/) || [])[1];
    let when = taken;
    try {
      when = new Date(taken).toLocaleString(lang, { dateStyle: "long", timeStyle: "short" });
    } catch (error) { when = new Date(taken).toLocaleString(); }
    html = html.replace('<p class="offline-copy" hidden', '<p class="offline-copy"')
      .replace('<time class="offline-copy-time"></time>',
               '<time class="offline-copy-time" datetime="' + taken + '">' + when + '</time>');
    const headers = new Headers(hit.headers);
    headers.delete("Content-Length");
    return new Response(html, { status: 200, headers: headers });
  });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === SITE.logout) {
    event.waitUntil(caches.delete(PAGES));
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).then(function (response) {
        if (url.pathname === SITE.my_games && !url.search) event.waitUntil(myGamesSeen(response));
        return response;
      }).catch(function () {
        const kept = url.pathname === SITE.my_games ? caches.match(SITE.my_games, { cacheName: PAGES })
                                                     : Promise.resolve(undefined);
        return kept.then(function (hit) {
          return hit ? saidOld(hit) : caches.match(SITE.offline, { cacheName: SHELL });
        });
      })
    );
    return;
  }
  if (SITE.shell.indexOf(url.pathname) !== -1) {
    event.respondWith(
      caches.match(request, { cacheName: SHELL }).then(function (hit) { return hit || fetch(request); })
    );
  }
});

self.addEventListener("push", function (event) {
  let message = {};
  try { message = event.data ? event.data.json() : {}; } catch (error) { message = {}; }
  const actions = message.off ? [{ action: "off", title: message.off_label }] : [];
  event.waitUntil(self.registration.showNotification(message.title || "Ticket to Ride", {
    body: message.body || "",
    tag: message.tag,
    lang: message.lang,
    icon: SITE.icon,
    badge: SITE.badge,
    data: { url: message.url, off: message.off },
    actions: actions
  }));
});

self.addEventListener("notificationclick", function (event) {
  const data = event.notification.data || {};
  event.notification.close();
  if (event.action === "off" && data.off) {
    // The message's one-click off: the same signed link a mail's unsubscribe button posts to.
    event.waitUntil(fetch(data.off, { method: "POST", credentials: "omit" }));
    return;
  }
  if (data.url) event.waitUntil(self.clients.openWindow(data.url));
});
