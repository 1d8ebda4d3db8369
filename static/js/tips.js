// Tap tips. The board, cards and tickets name their parts in SVG <title>s, which a desktop
// shows on hover but a phone never shows: a tap on such a part shows its title (and, for the
// board, a word on what the tap did) in a small tip near the finger. board.js asks for a tip
// with the "ttr:tip" event; cards and tickets outside the board are found here.
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

  // The nearest element in a tapped SVG (not the board's) that has a <title> of its own.
  function titled(target) {
    var svg = target.closest("svg");
    if (!svg || svg.closest("#board")) return null;
    for (var node = target; node && node !== svg.parentNode; node = node.parentNode) {
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

  function show(node, x, y, note) {
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "tip";
      tip.className = "tip";
      tip.setAttribute("role", "status");
      tip.setAttribute("aria-live", "polite");
      tip.hidden = true;
      document.body.appendChild(tip);
    }
    var title = directTitle(node);
    tip.hidden = false;
    tip.textContent = (title ? title.textContent.trim() : "") + (note ? " — " + note : "");
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

  document.addEventListener("ttr:tip", function (event) {
    var d = event.detail;
    if (!d || !d.node || (d.node === source && !d.note)) { hide(); return; }
    show(d.node, d.x, d.y, d.note);
  });
  document.addEventListener("ttr:tip-hide", hide);

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element) || target === tip || target.closest("#board-box")) return;
    // Links, buttons and form fields (a ticket to choose is a label) keep their own behaviour.
    if (target.closest("a, button, label, input, select, textarea")) { hide(); return; }
    var node = titled(target);
    if (!node || node === source) { hide(); return; } // a second tap on the same part closes it
    var x = event.clientX, y = event.clientY;
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

  // Any scroll or pan that moves the part away from the tip closes it.
  function moved() {
    if (!source) return;
    var now = source.getBoundingClientRect();
    if (Math.abs(now.left - placedAt.left) > 1 || Math.abs(now.top - placedAt.top) > 1) hide();
  }
  document.addEventListener("scroll", moved, true);
  document.addEventListener("panzoomchange", moved, true);
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
