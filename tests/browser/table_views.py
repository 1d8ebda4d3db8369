"""Positions and checks shared by the table's browser tests: a turn with enough cards for many
routes on either map, what is on screen without scrolling, and screenshots kept for a person."""

import os
from pathlib import Path

from browser_steps import ann_and_bob_at_a_game, set_state

from games import engine
from games.models import GameStatus

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
# The README names this folder; CI keeps it as the run's artefacts.
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", "var/screenshots"))

# Enough for a good number of short routes of several colours, not for everything.
HAND = {"red": 3, "blue": 2, "green": 2, "white": 1, "locomotive": 1}
TICKETS = {
    "usa": (["boston-miami", "denver-el_paso", "duluth-houston"], ["calgary-phoenix"]),
    "europe": (["amsterdam-pamplona", "brest-petrograd", "zurich-budapest"], ["angora-kharkov"]),
}


def turn_position(map_id, *, claims=None, stations=None, hand=HAND, **setup_fields):
    """Ann and Bob in play, Ann to move with `hand` and three tickets; `claims` and `stations`
    map ids to "ann" or "bob"; any other scenario setup field (a train_deck, say) is passed
    on. Returns the game and {name: seat}."""
    game, seats = ann_and_bob_at_a_game(map_id)
    by_name = {seat.user.username: seat for seat in seats}
    ann, bob = by_name["ann"].player_id, by_name["bob"].player_id
    ids = {"ann": ann, "bob": bob}
    mine, theirs = TICKETS[map_id]
    setup = {
        "phase": "play",
        "current": ann,
        "hands": {ann: hand, bob: {"yellow": 2}},
        "tickets": {ann: mine, bob: theirs},
        "claims": {route: ids[who] for route, who in (claims or {}).items()},
        **setup_fields,
    }
    if stations:
        setup["stations"] = {city: ids[who] for city, who in stations.items()}
    state, _ = engine.load_scenario(
        {"map": map_id, "players": [ann, bob], "seed": 5, "setup": setup}
    )
    set_state(game, state, status=GameStatus.PLAYING)
    return game, by_name


def uncovered(page, selector) -> dict:
    """Whether the element is inside the viewport, with the page unscrolled, and what covers
    its middle if anything else does (the tray over the board, say)."""
    return page.evaluate(
        """sel => {
             const el = document.querySelector(sel);
             if (!el) return {missing: sel};
             const r = el.getBoundingClientRect();
             const inside = r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 &&
                            r.right <= innerWidth + .5 && r.bottom <= innerHeight + .5;
             const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
             const other = hit && !el.contains(hit);
             return {inside, scrolled: scrollY, box: [r.left, r.top, r.right, r.bottom],
                     covered: other ? (hit.id || hit.className || hit.tagName) : null};
           }""",
        selector,
    )


def screenshot(page, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
