// Tap tips. The board, cards and tickets name their parts in SVG <title>s, which a desktop
// shows on hover but a phone never shows: a tap on such a part shows its title (and, for the
// board, a word on what the tap did) in a small tip. board.js asks for a tip with the
// "ttr:tip" event; cards and tickets outside the board are found here.
// A tip never takes a tap meant for the board: on a phone, where the tray is fixed under the
// board, a board part's tip is the tray's top line (the part is marked on the board), so the
// whole board stays in view; elsewhere a board tip floats by the finger and lets taps through
// to the board under it. Any other tip closes when tapped.
(function () {
  var tip = null; // the floating tip, made on first use
  var shown = null; // the element showing a tip now: the floating one or the tray's line
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

  // The tray's tip line, when the tray is the strip fixed under the board (a phone's table).
  function trayLine() {
    var line = document.getElementById("tray-tip");
    var tray = line && line.closest(".tray");
    return tray && getComputedStyle(tray).position === "fixed" ? line : null;
  }

  // The route or city a board tip is about, marked on the board while the tip is up.
  function boardPart(node) {
    return node.closest ? node.closest("#board .r, #board .c") : null;
  }

  function hide() {
    if (!shown) return;
    shown.hidden = true;
    shown.textContent = "";
    var part = source && boardPart(source);
    if (part) part.classList.remove("tipped");
    shown = null;
    source = null;
  }

  function floating() {
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "tip";
      tip.className = "tip";
      tip.setAttribute("role", "status");
      tip.setAttribute("aria-live", "polite");
      tip.hidden = true;
      document.body.appendChild(tip);
    }
    return tip;
  }

  function overlaps(a, b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }

  // Above the finger where there is room, else below it; always inside what is on screen.
  // A tip of something off the board keeps off the board where it can.
  function place(el, x, y, onBoard) {
    var view = window.visualViewport;
    var left0 = view ? view.offsetLeft : 0;
    var top0 = view ? view.offsetTop : 0;
    var width = view ? view.width : document.documentElement.clientWidth;
    var height = view ? view.height : window.innerHeight;
    var margin = 8;
    var box = el.getBoundingClientRect();
    function inside(top) {
      return Math.max(top0 + margin, Math.min(top, top0 + height - box.height - margin));
    }
    var left = Math.max(left0 + margin, Math.min(x - box.width / 2,
                                                 left0 + width - box.width - margin));
    var top = y - box.height - 14;
    if (top < top0 + margin) top = y + 18;
    top = inside(top);
    var board = document.getElementById("board-box");
    if (!onBoard && board) {
      var area = board.getBoundingClientRect();
      var at = function (t) { return { left: left, right: left + box.width, top: t, bottom: t + box.height }; };
      if (overlaps(at(top), area)) {
        var below = inside(y + 18);
        if (!overlaps(at(below), area)) top = below;
      }
    }
    el.style.left = left + "px";
    el.style.top = top + "px";
  }

  function show(node, x, y, note) {
    hide();
    var onBoard = !!boardPart(node);
    var line = onBoard ? trayLine() : null;
    var el = line || floating();
    var title = directTitle(node);
    el.textContent = (title ? title.textContent.trim() : "") + (note ? " — " + note : "");
    el.hidden = false;
    if (!line) {
      el.classList.toggle("passes", onBoard);
      place(el, x, y, onBoard);
    }
    if (onBoard) boardPart(node).classList.add("tipped");
    shown = el;
    source = node;
    placedAt = line ? null : node.getBoundingClientRect();
  }

  document.addEventListener("ttr:tip", function (event) {
    var d = event.detail;
    if (!d || !d.node || (d.node === source && !d.note)) { hide(); return; }
    show(d.node, d.x, d.y, d.note);
  });
  document.addEventListener("ttr:tip-hide", hide);

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element) || target.closest("#board-box")) return;
    if (shown && shown.contains(target)) { hide(); return; } // a tap on a tip closes it
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

  // Any scroll or pan that moves the part away from a floating tip closes it (the tray's line
  // stays: the part it tells of is marked wherever it goes).
  function moved() {
    if (!source || !placedAt) return;
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

  // A move swaps the board (and the panels) in: the tip would describe a part that is gone,
  // or be a line of a tray that is gone.
  function onSwap(event) {
    var target = event.detail && event.detail.target;
    if (!target || !source) return;
    if (target.id === "board" || target.contains(source) || target.contains(shown)) hide();
  }
  document.addEventListener("htmx:beforeSwap", onSwap);
  document.addEventListener("htmx:oobBeforeSwap", onSwap);
})();
