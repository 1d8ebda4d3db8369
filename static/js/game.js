// The game page's conversation with the server, in one scope (nothing is added to window).
// The board is board.js, the tips tips.js, the tray, tab title and focus table.js.
(function () {
// A page in a background tab polls slowly (every HIDDEN_EVERY ms instead of every 3 s, or
// every second on a bot's turn) and asks at once when it is shown again, so it catches up
// without waiting for the next tick.
var HIDDEN_EVERY = 30000;
var lastPoll = 0;
function poller() { return document.getElementById("poller"); }
document.addEventListener("htmx:confirm", function (event) {
  var elt = event.detail.elt;
  if (!elt || elt.id !== "poller") return;
  if (live) {
    event.preventDefault(); // the stream tells this page of every new version
    return;
  }
  var every = Number(elt.dataset.hiddenEvery) || HIDDEN_EVERY;
  if (document.visibilityState === "hidden" && Date.now() - lastPoll < every) {
    event.preventDefault(); // skipped: a hidden page's poll is due later
    return;
  }
  lastPoll = Date.now();
});
document.addEventListener("visibilitychange", function () {
  // The stream says whether the page is on screen as the poll does: opened again.
  if (stream) { cut(false); openStream(); }
  var elt = poller();
  if (document.visibilityState === "visible" && elt && elt.getAttribute("hx-get") && window.htmx) {
    window.htmx.trigger(elt, "poll-now");
  }
});

// The page's event stream (games/live/stream_asgi.py): told each new version the moment it
// commits, the page fetches what changed as after a poll, and the poll waits meanwhile; a
// page whose viewer need not act is sent the table's public parts with the version
// ("parts": those the move changed when the page was told the version before, else all; each
// replaces its element by id, the others stay) and puts them in place without asking
// (games/web/views/watch_parts.py). The
// stream counts as held from its first event on and while an event (a ping every 20 s) comes
// within HELD_WITHIN; when it is cut or silent (a proxy that buffers) the page polls again
// and tries the stream anew after RETRY_EVERY.
var HELD_WITHIN = 45000;
var RETRY_EVERY = 15000;
var stream = null;
var live = false;
var heard = null; // the versions the stream last told: {v, c}
var asked = null; // the versions this page last fetched for
var silence = 0;
var retry = 0;
var busy = 0; // the page's own requests under way: their answers may bring the version
function pageVersions() {
  var elt = poller();
  var url = elt && elt.getAttribute("hx-get");
  if (!url) return null;
  var query = new URL(url, window.location.href).searchParams;
  return { v: query.get("v"), c: query.get("c") };
}
function catchUp() {
  var shown = pageVersions();
  if (!heard || !shown || busy > 0 || !window.htmx) return;
  // Once for each version heard: an answer that still shows an older one waits for news.
  var told = heard.v + "." + heard.c;
  if (told === asked) return;
  if (String(heard.v) !== shown.v) {
    asked = told;
    window.htmx.trigger(document.body, "game-moved");
  } else if (String(heard.c) !== shown.c) {
    asked = told;
    window.htmx.trigger(document.body, "chat-moved");
  }
}
function showVersion(version) {
  var elt = poller();
  var url = new URL(elt.getAttribute("hx-get"), window.location.href);
  url.searchParams.set("v", version);
  elt.setAttribute("hx-get", url.pathname + url.search);
  window.htmx.process(elt);
}
function showParts(parts) {
  // The parts are a spectator's: the viewer's "(you)" moves to their row of the new table.
  var you = document.querySelector("#players-part small.you");
  var seat = you && you.closest("tr") ? you.closest("tr").dataset.seat : null;
  // The page shows the new version before the swap: the swap's own events ask catchUp.
  showVersion(parts.v);
  window.htmx.swap(document.body, parts.html, { swapStyle: "none" });
  var row = seat && document.querySelector('#players-part tr[data-seat="' + seat + '"] th');
  if (row && !row.querySelector("small.you")) {
    var clock = row.querySelector(".player-clock");
    row.insertBefore(document.createTextNode(" "), clock);
    row.insertBefore(you, clock);
  }
}
function listen() {
  live = true;
  window.clearTimeout(silence);
  silence = window.setTimeout(function () { cut(true); }, HELD_WITHIN);
}
function cut(again) {
  live = false;
  window.clearTimeout(silence);
  if (stream) stream.close();
  stream = null;
  if (!again) return;
  var elt = poller();
  if (elt && window.htmx) window.htmx.trigger(elt, "poll-now");
  window.clearTimeout(retry);
  retry = window.setTimeout(openStream, (elt && Number(elt.dataset.streamRetry)) || RETRY_EVERY);
}
function openStream() {
  var elt = poller();
  var url = elt && elt.dataset.stream;
  if (stream || !url || !window.EventSource) return;
  if (document.visibilityState === "visible") url += "&visible=1";
  stream = new EventSource(url);
  stream.addEventListener("version", function (event) {
    listen();
    try { heard = JSON.parse(event.data); } catch (e) { return; }
    catchUp();
  });
  stream.addEventListener("parts", function (event) {
    listen();
    var parts;
    try { parts = JSON.parse(event.data); } catch (e) { return; }
    heard = { v: parts.v, c: parts.c };
    var shown = pageVersions();
    // Not while a request of the page's own is under way: its answer comes first, then
    // catchUp fetches if it still shows an older version. Parts that are only what changed
    // since a version ("since") fit only a page that shows that version.
    var fits = parts.since == null || String(parts.since) === (shown && shown.v);
    if (shown && busy === 0 && String(parts.v) !== shown.v && fits && window.htmx) showParts(parts);
    catchUp();
  });
  stream.addEventListener("ping", listen);
  stream.addEventListener("error", function () { cut(true); });
}
var underWay = new Set(); // the requests counted in `busy`
document.addEventListener("htmx:beforeRequest", function (event) {
  if (!event.detail.elt || event.detail.elt.id === "poller") return;
  var xhr = event.detail.xhr;
  underWay.add(xhr);
  busy = underWay.size;
  // An element its own answer replaces (outerHTML: the orders panel) is out of the page by
  // the time htmx:afterRequest fires on it, so that event never reaches the document: the
  // request's own end counts it off then.
  xhr.addEventListener("loadend", function () {
    window.setTimeout(function () {
      if (underWay.delete(xhr)) { busy = underWay.size; catchUp(); }
    }, 0);
  });
});
document.addEventListener("htmx:afterRequest", function (event) {
  if (!event.detail.elt || event.detail.elt.id === "poller") return;
  underWay.delete(event.detail.xhr);
  busy = underWay.size;
  catchUp(); // the answer is in place (its poller holds the version it shows)
});
document.addEventListener("htmx:afterSettle", catchUp);
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", openStream);
} else {
  openStream();
}

// The version poll says whether this page is on screen: only then is the player at the
// table (no your-turn mail needed). A tab in the background polls without it.
document.addEventListener("htmx:configRequest", function (event) {
  var poller = event.detail.elt;
  if (poller && poller.id === "poller" && document.visibilityState === "visible") {
    event.detail.parameters.visible = "1";
  }
});

// Every other request of the game page (a move, the refresh after someone else's) says which
// chat version the page shows: when it is current the answer leaves the chat out; the
// refresh says which game version it shows too.
function chatSeen() {
  var elt = poller();
  var url = elt && elt.getAttribute("hx-get");
  return url ? new URL(url, window.location.href).searchParams.get("c") : null;
}
document.addEventListener("htmx:configRequest", function (event) {
  var elt = event.detail.elt;
  if (!elt || elt.id === "poller") return;
  var path = event.detail.path || "";
  var game = document.getElementById("game-page");
  var page = game && game.getAttribute("hx-get");
  if (/\/move\/$/.test(path) || (page && path === page)) {
    var seen = chatSeen();
    if (seen !== null) event.detail.parameters.chat_seen = seen;
  }
  // The page's refresh says which version it shows: one behind, only what changed comes.
  var shown = pageVersions();
  if (page && path === page && shown) event.detail.parameters.shown = shown.v;
});

// A chat message sent: empty the box (it is preserved across refreshes while typing).
document.addEventListener("htmx:afterRequest", function (event) {
  var form = event.detail.elt;
  if (form && form.id === "chat-form" && event.detail.successful) form.reset();
});
})();
