"""Shared steps of the browser tests: Debian's Chromium, two players with a started game,
logging in."""

import os
from pathlib import Path

import pytest
from game_steps import make_user, started_game, who_must_act

from games.services.play import game_play

# Playwright's sync API runs an event loop in this thread; Django's ORM calls made by the
# test itself (set-up, checks) are still plain synchronous calls.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PASSWORD = "a-long-browser-password"
DESKTOP = {"viewport": {"width": 1280, "height": 900}}

BROWSER_TEST = [
    pytest.mark.browser,
    # One Chromium at a time: with the other worker's tests it is all this machine holds.
    pytest.mark.xdist_group("browser"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="Debian's chromium is not installed at /usr/bin/chromium "
        "(scripts/ensure_chromium.sh installs it)",
    ),
]


def confirmed_user(name: str):
    """A player whose address is confirmed, as most are (an unconfirmed one sees a banner)."""
    return make_user(name, password=PASSWORD)


def ann_and_bob_at_a_game(map_id="usa"):
    """Ann and Bob in a started two-player game; returns the game and its seats in order."""
    game = started_game(
        [confirmed_user(name) for name in ("ann", "bob")], map_id=map_id, max_players=2
    )
    return game, list(game.seats.select_related("user").order_by("order"))


def set_state(game, state, **fields):
    """Put an engine state (and any other field values) on the game, as a move would."""
    game.state = state.to_dict()
    for name, value in fields.items():
        setattr(game, name, value)
    game.version += 1
    game.save(update_fields=["state", "version", *fields])


def log_in(browser, live_server, username, context=DESKTOP):
    page = browser.new_context(**context).new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    return page


ROUTE_MIDPOINT = """id => {
  const g = document.getElementById('route-' + id);
  const [x1, y1, x2, y2] = g.dataset.seg.split(' ').map(Number);
  const svg = g.ownerSVGElement, p = svg.createSVGPoint();
  p.x = (x1 + x2) / 2; p.y = (y1 + y2) / 2;
  const s = p.matrixTransform(svg.getScreenCTM());
  return [s.x, s.y];
}"""


def route_midpoint(page, route_id):
    """Where the middle of a route's track is on screen (CSS px)."""
    return page.evaluate(ROUTE_MIDPOINT, route_id)


def tap_route(page, route_id):
    """A finger on the middle of the route's track, whatever lies there (a gap, a label)."""
    x, y = route_midpoint(page, route_id)
    page.touchscreen.tap(x, y)


def start_game_against_bots(page, live_server, map_id, level="beginner") -> int:
    """The lobby's "Play against bots" form, one bot of `level`: the new game's id, its page
    open and asking for the opening tickets."""
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/games/")
    form = page.locator("#play-bots form")
    form.locator("select[name=map_id]").select_option(map_id)
    form.locator("select[name=bots]").select_option("1")
    form.locator("select[name=level]").select_option(level)
    form.locator("button[type=submit]").click()
    page.wait_for_url(lambda url: "/games/" in url and url.rstrip("/").split("/")[-1].isdigit())
    expect(page.locator("#action-panel")).to_contain_text("Choose your opening tickets")
    return int(page.url.rstrip("/").split("/")[-1])


def draw_from_the_deck(game):
    seat = who_must_act(game)[0]
    game_play(
        game_id=game.pk,
        user=seat.user,
        action={"type": "draw_card", "from": "deck"},
        expected_version=game.version,
    )
    game.refresh_from_db()
    return seat
