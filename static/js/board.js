// The board: pan and zoom (Panzoom: pinch, wheel, drag, the + − Fit buttons), and taps that
// land. A tap goes to the route whose track passes nearest the finger, within 12 CSS px of
// its centre line (a 24-px band, WCAG 2.5.8) at any zoom, whatever small thing (a city's
// name, a neighbour's edge) the browser found under the finger: a claimable route opens its
// ways to pay, any other route shows its tip (on your turn, with the reason it cannot be
// claimed). A city's dot or station shows its tip, or on your turn picks it for a station.
// Without JavaScript the routes stay plain links and the station form its list.
(function () {
  var box = document.getElementById("board-box");
  var board = document.getElementById("board");
  if (!box || !board) return;
  var REACH = 12; // CSS px either side of a track's centre line
  var panzoom = null;

  function svg() { return board.querySelector("svg"); }

  // ----- pan and zoom -----------------------------------------------------------------
  // Scale 1 is the whole board in its box. A phone opens with the board as tall as its box
  // (city names legible), a desktop whole; a turn's swaps keep whatever the player chose,
  // since only the board's contents are swapped, never the element Panzoom moves.
  function openingScale() {
    var root = svg();
    if (!root) return 1;
    var room = box.getBoundingClientRect();
    var view = root.viewBox.baseVal;
    if (!room.width || !view || !view.width) return 1;
    // The SVG fills the box; its picture is letterboxed inside it at scale 1.
    var shown = Math.min(room.height, room.width * view.height / view.width);
    return Math.max(1, Math.min(3, room.height / shown));
  }

  if (window.Panzoom) {
    panzoom = window.Panzoom(board, {
      minScale: 1,
      maxScale: 6,
      step: 0.4,
      contain: "outside",
      cursor: "grab",
      // Keep the pointer events flowing to the listeners below (a tap is told from a pan).
      handleStartEvent: function (event) { event.preventDefault(); },
    });
    var start = openingScale();
    if (start > 1.01) {
      setTimeout(function () { panzoom.zoom(start, { animate: false }); }, 0);
    }
    box.addEventListener("wheel", panzoom.zoomWithWheel, { passive: false });
    var bar = document.getElementById("zoom-bar");
    if (bar) {
      bar.hidden = false;
      bar.addEventListener("click", function (event) {
        var button = event.target.closest("[data-zoom]");
        if (!button) return;
        var how = button.dataset.zoom;
        if (how === "in") panzoom.zoomIn();
        else if (how === "out") panzoom.zoomOut();
        else panzoom.reset();
      });
    }
    box.dataset.zoomable = "true";
  }

  // ----- taps -------------------------------------------------------------------------
  var down = null; // where the pointer went down, and whether it has moved since (a pan)
  var pointers = 0;
  box.addEventListener("pointerdown", function (event) {
    pointers += 1;
    down = { x: event.clientX, y: event.clientY, moved: pointers > 1 };
  }, true);
  box.addEventListener("pointermove", function (event) {
    if (down && Math.hypot(event.clientX - down.x, event.clientY - down.y) > 8) down.moved = true;
  }, true);
  function lift() { pointers = Math.max(0, pointers - 1); }
  box.addEventListener("pointerup", lift, true);
  box.addEventListener("pointercancel", function () { lift(); if (down) down.moved = true; }, true);

  function segment(g) {
    if (!g._seg) g._seg = g.getAttribute("data-seg").split(" ").map(Number);
    return g._seg;
  }

  function distance(p, s) { // from point p to segment s = [x1, y1, x2, y2], in board units
    var dx = s[2] - s[0], dy = s[3] - s[1];
    var t = ((p.x - s[0]) * dx + (p.y - s[1]) * dy) / (dx * dx + dy * dy || 1);
    t = Math.max(0, Math.min(1, t));
    return Math.hypot(p.x - (s[0] + t * dx), p.y - (s[1] + t * dy));
  }

  function toBoard(root, x, y) {
    var point = root.createSVGPoint();
    point.x = x;
    point.y = y;
    var ctm = root.getScreenCTM();
    return { at: point.matrixTransform(ctm.inverse()), scale: Math.hypot(ctm.a, ctm.b) };
  }

  function nearest(root, at, selector, where) {
    var best = null;
    root.querySelectorAll(selector).forEach(function (el) {
      var d = where(el, at);
      if (best === null || d < best.d) best = { el: el, d: d };
    });
    return best;
  }

  function cityCentre(g) {
    var c = g.querySelector("circle");
    return { x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")) };
  }

  function tip(node, x, y, note) {
    document.dispatchEvent(new CustomEvent("ttr:tip", { detail: { node: node, x: x, y: y, note: note } }));
  }

  function panelName() {
    var panel = document.getElementById("action-panel");
    return panel ? panel.dataset.panel : null;
  }

  function openPanel(url) {
    if (!window.htmx) { window.location.href = url; return; }
    document.dispatchEvent(new CustomEvent("ttr:tip-hide"));
    window.htmx.ajax("GET", url, { target: "#action-panel", swap: "outerHTML" });
  }

  function routeTap(g, x, y) {
    var link = g.closest("a.pick");
    if (link) { openPanel(link.getAttribute("href")); return; }
    var why = null;
    if (panelName() === "turn" && !g.classList.contains("own") && box.dataset.routeUrl) {
      // Not claimable on your turn: the panel says why, in the rules' own words.
      why = box.dataset.whyNote;
      window.htmx.ajax("GET", box.dataset.routeUrl.replace("__route__", g.id.slice(6)),
                       { target: "#action-panel", swap: "outerHTML" });
    }
    tip(g, x, y, why);
  }

  function cityTap(g, x, y) {
    var city = g.id.slice(5);
    var select = document.getElementById("station-city");
    if (select && select.querySelector('option[value="' + city + '"]')) {
      select.value = city; // the station form is open: this city it is
      select.dispatchEvent(new Event("change", { bubbles: true }));
      var pay = document.querySelector(".station-form input[name=cards]:checked") ||
                document.querySelector(".station-form button[type=submit]");
      tip(g, x, y, box.dataset.stationNote);
      if (pay) pay.focus();
      return;
    }
    var station = document.getElementById("station-link");
    if (station && panelName() === "turn" && !g.querySelector("use.st")) {
      openPanel(station.getAttribute("href") + "?city=" + encodeURIComponent(city));
      return;
    }
    tip(g.querySelector("use.st") || g, x, y);
  }

  box.addEventListener("click", function (event) {
    var root = svg();
    if (!root || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var link = event.target.closest ? event.target.closest("a[href]") : null;
    if (event.detail === 0) { // a key on a focused route link: that route
      if (link && link.classList.contains("pick")) {
        event.preventDefault();
        openPanel(link.getAttribute("href"));
      }
      return;
    }
    event.preventDefault();
    var pan = down && down.moved;
    var x = down ? down.x : event.clientX;
    var y = down ? down.y : event.clientY;
    down = null;
    if (pan) return; // the end of a drag or a pinch, not a tap
    var where = toBoard(root, x, y);
    var under = document.elementFromPoint(x, y);
    var city = under && under.closest ? under.closest("#board .c") : null;
    if (city && under.matches("circle, use")) { cityTap(city, x, y); return; }
    var reach = Math.max(REACH, 4 * where.scale); // a zoomed track is wider than the reach
    var route = nearest(root, where.at, "g[data-seg]", function (g, p) {
      return distance(p, segment(g));
    });
    if (route && route.d * where.scale <= reach) { routeTap(route.el, x, y); return; }
    var near = nearest(root, where.at, "g.c", function (g, p) {
      var c = cityCentre(g);
      return Math.hypot(p.x - c.x, p.y - c.y);
    });
    if (city || (near && near.d * where.scale <= REACH)) { cityTap(city || near.el, x, y); return; }
    document.dispatchEvent(new CustomEvent("ttr:tip-hide"));
  }, true);

  // After a card draw the answer keeps the board (a draw changes nothing on it) and says so
  // with this event: the routes that were claimable a moment ago are claimable no longer, and
  // the rings round what the others built since the player's last move go (this was it).
  document.body.addEventListener("board-routes-closed", function () {
    board.querySelectorAll("g.nw, .nw-ring").forEach(function (ring) { ring.remove(); });
    board.querySelectorAll("a.pick").forEach(function (link) {
      var route = link.querySelector("g.r");
      if (!route) { link.remove(); return; }
      route.querySelectorAll(".glow, .hit").forEach(function (path) { path.remove(); });
      link.replaceWith(route);
    });
  });

  // Keyboard: + and − zoom while the board box has the focus.
  box.addEventListener("keydown", function (event) {
    if (!panzoom) return;
    if (event.key === "+" || event.key === "=") panzoom.zoomIn();
    else if (event.key === "-") panzoom.zoomOut();
    else if (event.key === "0") panzoom.reset();
  });
})();
