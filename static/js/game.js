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
  var every = Number(elt.dataset.hiddenEvery) || HIDDEN_EVERY;
  if (document.visibilityState === "hidden" && Date.now() - lastPoll < every) {
    event.preventDefault(); // skipped: a hidden page's poll is due later
    return;
  }
  lastPoll = Date.now();
});
document.addEventListener("visibilitychange", function () {
  var elt = poller();
  if (document.visibilityState === "visible" && elt && elt.getAttribute("hx-get") && window.htmx) {
    window.htmx.trigger(elt, "poll-now");
  }
});

// The version poll says whether this page is on screen: only then is the player at the
// table (no your-turn mail needed). A tab in the background polls without it.
document.addEventListener("htmx:configRequest", function (event) {
  var poller = event.detail.elt;
  if (poller && poller.id === "poller" && document.visibilityState === "visible") {
    event.detail.parameters.visible = "1";
  }
});

// Every other request of the game page (a move, the refresh after someone else's) says which
// chat version the page shows: when it is current the answer leaves the chat out.
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
});

// A chat message sent: empty the box (it is preserved across refreshes while typing).
document.addEventListener("htmx:afterRequest", function (event) {
  var form = event.detail.elt;
  if (form && form.id === "chat-form" && event.detail.successful) form.reset();
});
})();
