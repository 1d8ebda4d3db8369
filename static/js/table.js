// The table around the board: the tray that folds away on a phone, the tab's title and icon
// that follow the turn, the focus that goes where the next action is, and tickets that light
// their cities (and the player's routes between them) on the board.
(function () {
  var page = document.getElementById("game-page");
  if (!page) return;

  // ----- the tray (a phone folds it away; the choice outlives the swaps of a turn) ------
  var folded = false;
  function showTray() {
    var toggle = document.getElementById("tray-toggle");
    if (!toggle) return;
    toggle.hidden = false;
    toggle.setAttribute("aria-expanded", folded ? "false" : "true");
    page.classList.toggle("tray-folded", folded);
  }
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("#tray-toggle")) return;
    folded = !folded;
    showTray();
  });
  showTray();

  // ----- the tab's title and icon ---------------------------------------------------------
  function showTurnOnTab() {
    var head = document.getElementById("game-head");
    if (!head || !head.dataset.title) return;
    document.title = head.dataset.title;
    var icon = document.getElementById("site-icon");
    if (icon && head.dataset.icon && icon.getAttribute("href") !== head.dataset.icon) {
      icon.setAttribute("href", head.dataset.icon);
    }
  }

  // ----- focus: after an action, on the next place to act, never on the page's body --------
  var acted = false; // the last request came from the player (not the poll)
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    // Not the player: the poll, the page's own refresh, and a part that loads itself (the
    // standing orders' panel) leave the focus where the player has it.
    acted = !(elt && (elt.id === "poller" || elt.id === "game-page" ||
                      elt.getAttribute("hx-trigger") === "load"));
  });

  function nextPlace() {
    var panel = document.getElementById("action-panel");
    if (!panel) return null;
    var name = panel.dataset.panel;
    if (name === "second_draw") {
      return document.querySelector(".face-up .card-button:not([disabled]), .deck .card-button:not([disabled])");
    }
    if (name === "turn") return panel;
    return panel.querySelector("input:not([type=hidden]):checked, input:not([type=hidden]), select, button") || panel;
  }

  // Until the player presses a key or a pointer, the page leaves the focus alone: a
  // keyboard user's first Tab reaches the skip link, whatever parts load meanwhile.
  var handled = false;
  ["keydown", "pointerdown"].forEach(function (type) {
    document.addEventListener(type, function () { handled = true; }, true);
  });

  function placeFocus() {
    if (!handled) return;
    var active = document.activeElement;
    var lost = !active || active === document.body || !document.body.contains(active);
    if (!lost && !acted) return;
    if (!lost && active.closest && active.closest("#board-box, .zoom-bar")) return;
    var target = nextPlace();
    if (target) target.focus({ preventScroll: window.matchMedia("(max-width: 59.99rem)").matches });
  }

  // ----- tickets on the board -------------------------------------------------------------
  var lit = [];
  function unlight() {
    lit.forEach(function (el) { el.classList.remove("lit"); });
    lit = [];
  }
  function light(ticket) {
    unlight();
    var board = document.getElementById("board");
    if (!board) return;
    if (ticket) {
      (ticket.dataset.cities || "").split(" ").forEach(function (city) {
        var el = city && board.querySelector("#city-" + city);
        if (el) lit.push(el);
      });
      (ticket.dataset.path || "").split(" ").forEach(function (route) {
        var el = route && board.querySelector("#route-" + route);
        if (el) lit.push(el);
      });
    }
    lit.forEach(function (el) { el.classList.add("lit"); });
    board.classList.toggle("lighting", lit.length > 0);
  }
  function ticketOf(target) {
    return target && target.closest ? target.closest("[data-cities]") : null;
  }
  document.addEventListener("mouseover", function (event) {
    var ticket = ticketOf(event.target);
    if (ticket) light(ticket);
  });
  document.addEventListener("mouseout", function (event) {
    var ticket = ticketOf(event.target);
    if (ticket && !ticket.contains(event.relatedTarget) && document.activeElement !== ticket) {
      light(null);
    }
  });
  document.addEventListener("focusin", function (event) {
    var ticket = ticketOf(event.target);
    if (ticket) light(ticket);
  });
  document.addEventListener("focusout", function (event) {
    if (ticketOf(event.target)) light(null);
  });
  document.addEventListener("click", function (event) { // a tap on a phone (no hover)
    var ticket = ticketOf(event.target);
    if (ticket && (ticket.tagName === "LI" || ticket.classList.contains("ticket-choice"))) {
      light(ticket);
    }
  });

  // One response settles several fragments (each fires the event): act once, after the last.
  // A move's answer is only out-of-band fragments (no settle of its own): listen to both.
  var pending = null;
  function afterSwaps() {
    clearTimeout(pending);
    pending = setTimeout(function () {
      showTray();
      showTurnOnTab();
      placeFocus();
      acted = false;
    }, 0);
  }
  document.addEventListener("htmx:afterSettle", afterSwaps);
  document.addEventListener("htmx:oobAfterSwap", afterSwaps);
})();
