// The game page's behaviour, in one scope (nothing is added to window).
(function () {
// Where the last touch landed. A browser moves a tap that lands near a link onto the link
// (touch adjustment): on a phone's whole board, a finger on a station a few pixels wide
// would open the payment panel of the route beside it. What lies under the finger is what
// the player meant.
var finger = null;
document.addEventListener("pointerdown", function (event) {
  finger = event.pointerType === "touch" ? { x: event.clientX, y: event.clientY } : null;
}, true);

function touched(event) {
  if (!finger || event.detail === 0) return event.target; // a mouse, or a key on a link
  var under = document.elementFromPoint(finger.x, finger.y);
  return under || event.target;
}

// The version poll says whether this page is on screen: only then is the player at the
// table (no your-turn mail needed). A tab in the background keeps polling without it.
document.addEventListener("htmx:configRequest", function (event) {
  var poller = event.detail.elt;
  if (poller && poller.id === "poller" && document.visibilityState === "visible") {
    event.detail.parameters.visible = "1";
  }
});

// The board's route links live inside the SVG, where htmx does not boost <a>: open the
// payment panel through htmx here. Without JavaScript the link loads the full page instead.
document.addEventListener("click", function (event) {
  var clicked = event.target.closest ? event.target.closest("#board a[href]") : null;
  if (!clicked || event.ctrlKey || event.metaKey || event.shiftKey) return;
  var link = touched(event).closest("#board a[href]");
  if (link !== clicked) { // the finger was beside the link: no panel (a tip, perhaps)
    event.preventDefault();
    return;
  }
  if (!window.htmx) return;
  event.preventDefault();
  window.htmx
    .ajax("GET", link.getAttribute("href"), { target: "#action-panel", swap: "outerHTML" })
    .then(function () {
      var panel = document.getElementById("action-panel");
      if (panel && panel.scrollIntoView) panel.scrollIntoView({ block: "nearest" });
    });
});

// Tap tips. The board, cards and tickets name their parts in SVG <title>s, which a desktop
// shows on hover but a phone never shows: a tap on such a part shows its title in a small
// tip near the finger. Without JavaScript the titles stay hover tooltips, as on a desktop.
(function () {
  var tip = null;
  var source = null; // the element whose title is shown
  var placedAt = null; // where it was on screen then: if it moves, the tip no longer points at it

  function directTitle(node) {
    for (var child = node.firstElementChild; child; child = child.nextElementSibling) {
      if (child.localName === "title") return child;
    }
    return null;
  }

  // The nearest element in the tapped SVG that has a <title> of its own. The board's own title
  // only names the map, so a tap on its background closes the tip instead.
  function titled(target) {
    var svg = target.closest("svg");
    if (!svg) return null;
    var top = svg.closest("#board") ? svg : svg.parentNode;
    for (var node = target; node && node !== top; node = node.parentNode) {
      var title = directTitle(node);
      if (title && title.textContent.trim()) return node;
    }
    return null;
  }

  function hide() {
    if (!tip || tip.hidden) return;
    tip.hidden = true;
    tip.textContent = "";
    source = null;
  }

  function show(node, x, y) {
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "tip";
      tip.className = "tip";
      tip.setAttribute("role", "status");
      tip.setAttribute("aria-live", "polite");
      tip.hidden = true;
      document.body.appendChild(tip);
    }
    tip.hidden = false;
    tip.textContent = directTitle(node).textContent.trim(); // changed while shown: announced
    // Above the finger where there is room, else below it; always inside what is on screen.
    var view = window.visualViewport;
    var left0 = view ? view.offsetLeft : 0;
    var top0 = view ? view.offsetTop : 0;
    var width = view ? view.width : document.documentElement.clientWidth;
    var height = view ? view.height : window.innerHeight;
    var margin = 8;
    var box = tip.getBoundingClientRect();
    var left = Math.max(left0 + margin, Math.min(x - box.width / 2,
                                                 left0 + width - box.width - margin));
    var top = y - box.height - 14;
    if (top < top0 + margin) top = y + 18;
    top = Math.max(top0 + margin, Math.min(top, top0 + height - box.height - margin));
    tip.style.left = left + "px";
    tip.style.top = top + "px";
    source = node;
    placedAt = node.getBoundingClientRect();
  }

  document.addEventListener("click", function (event) {
    var target = touched(event);
    // Links, buttons and form fields (a ticket to choose is a label) keep their own behaviour.
    if (!(target instanceof Element) || target === tip ||
        target.closest("a, button, label, input, select, textarea")) {
      hide();
      return;
    }
    var node = titled(target);
    if (!node || node === source) { // a second tap on the same part closes its tip
      hide();
      return;
    }
    var x = finger && event.detail ? finger.x : event.clientX;
    var y = finger && event.detail ? finger.y : event.clientY;
    if (!x && !y) { // a click without a pointer: point at the middle of the part
      var rect = node.getBoundingClientRect();
      x = rect.left + rect.width / 2;
      y = rect.top + rect.height / 2;
    }
    show(node, x, y);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });

  // Any scroll (the board box, the page) that moves the part away from the tip closes it.
  document.addEventListener("scroll", function () {
    if (!source) return;
    var now = source.getBoundingClientRect();
    if (Math.abs(now.left - placedAt.left) > 1 || Math.abs(now.top - placedAt.top) > 1) hide();
  }, true);
  window.addEventListener("resize", hide);

  // Safari on iOS passes a tap on a plain element on to the document only when some ancestor
  // below <body> listens for clicks: this one does, so the handler above hears the taps.
  var page = document.getElementById("game-page");
  if (page) page.addEventListener("click", function () {});

  // A move swaps the board (and the panels) in: the tip would describe a part that is gone.
  function onSwap(event) {
    var target = event.detail && event.detail.target;
    if (!target || !source) return;
    if (target.id === "board" || target.contains(source)) hide();
  }
  document.addEventListener("htmx:beforeSwap", onSwap);
  document.addEventListener("htmx:oobBeforeSwap", onSwap);
})();
})();
