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
// The version of the table's public parts the page shows: the server's answers say it on the
// poller (data-public: an answer the stream completes leaves them out), the stream's parts
// set it.
var publicShown = null;
function notePublic() {
  var elt = poller();
  var told = elt && elt.dataset.public;
  if (told) publicShown = Number(told);
  else if (publicShown === null) { var v = pageVersions(); publicShown = v ? Number(v.v) : null; }
  if (heard && publicShown !== null && publicShown >= Number(heard.v)) wholeNeeded = false;
}
var wholeNeeded = false; // the stream will not bring the public parts: fetch them all
var held = null; // a parts event that came while a request of the page's own was under way
function catchUp() {
  notePublic();
  var shown = pageVersions();
  if (!heard || !shown || busy > 0 || !window.htmx) return;
  if (held) { var parts = held; held = null; takeParts(parts); shown = pageVersions(); }
  // Once for each version heard: an answer that still shows an older one waits for news.
  var told = heard.v + "." + heard.c;
  if (told === asked) return;
  var behind = publicShown !== null && publicShown < Number(heard.v);
  if (String(heard.v) !== shown.v || (wholeNeeded && behind)) {
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
function withoutOwn(html, own) {
  // A page that must act keeps its own board (its links): its fetch brings it.
  var box = document.createElement("template");
  box.innerHTML = html;
  (own || []).forEach(function (id) {
    var elt = box.content.getElementById(id);
    if (elt) elt.remove();
  });
  return box.innerHTML;
}
function takeParts(parts) {
  if (publicShown !== null && Number(parts.v) <= publicShown) return; // shown already
  // Parts that are only what changed since a version ("since") fit only a page that shows
  // the public parts of that version; any other page fetches them all.
  if (parts.since != null && Number(parts.since) !== publicShown) {
    wholeNeeded = true;
    return;
  }
  publicShown = Number(parts.v);
  poller().dataset.public = parts.v;
  // A watching page shows the new version; one that must act fetches its own parts next
  // (catchUp), the stream having brought the rest.
  if (!parts.act) showVersion(parts.v);
  window.htmx.swap(document.body, parts.act ? withoutOwn(parts.html, parts.own) : parts.html,
    { swapStyle: "none" });
}
function listen() {
  live = true;
  window.clearTimeout(silence);
  silence = window.setTimeout(function () { cut(true); }, HELD_WITHIN);
}
function cut(again) {
  live = false;
  wholeNeeded = true; // parts the stream was to bring must be fetched
  window.clearTimeout(silence);
  if (stream) stream.close();
  stream = null;
  if (!again) return;
  asked = null;
  catchUp();
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
    // No parts came with it: what the page lacks of the table it fetches whole.
    notePublic();
    if (publicShown !== null && publicShown < Number(heard.v)) wholeNeeded = true;
    catchUp();
  });
  stream.addEventListener("parts", function (event) {
    listen();
    var parts;
    try { parts = JSON.parse(event.data); } catch (e) { return; }
    heard = { v: parts.v, c: parts.c };
    // Not while a request of the page's own is under way: its answer comes first (catchUp
    // then puts the parts in).
    held = parts;
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
  // While the stream brings the table's public parts (the new version's after a move, or
  // the current ones already shown), the answer need not: the page says which it shows.
  notePublic();
  var move = /\/move\/$/.test(path);
  var current = heard && publicShown !== null && publicShown >= Number(heard.v);
  if (live && !wholeNeeded && publicShown !== null && (move || (page && path === page && current))) {
    event.detail.parameters.public = publicShown;
  }
});

// A chat message sent: empty the box (it is preserved across refreshes while typing).
document.addEventListener("htmx:afterRequest", function (event) {
  var form = event.detail.elt;
  if (form && form.id === "chat-form" && event.detail.successful) form.reset();
});
})();
