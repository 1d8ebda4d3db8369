// The game page's conversation with the server, in one scope (nothing is added to window).
// The board is board.js, the tips tips.js, the tray, tab title and focus table.js.
(function () {
// The version poll says whether this page is on screen: only then is the player at the
// table (no your-turn mail needed). A tab in the background keeps polling without it.
document.addEventListener("htmx:configRequest", function (event) {
  var poller = event.detail.elt;
  if (poller && poller.id === "poller" && document.visibilityState === "visible") {
    event.detail.parameters.visible = "1";
  }
});

// A chat message sent: empty the box (it is preserved across refreshes while typing).
document.addEventListener("htmx:afterRequest", function (event) {
  var form = event.detail.elt;
  if (form && form.id === "chat-form" && event.detail.successful) form.reset();
});
})();
