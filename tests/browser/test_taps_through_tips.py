"""On a phone with the whole board in view, a tip left open by the last tap never swallows the
next one: a tap on any claimable route opens its ways to pay, whichever tip was up before it."""

import re

import pytest
from browser_steps import BROWSER_TEST, ROUTE_MIDPOINT, log_in, route_midpoint
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from table_views import DESKTOP, PHONE, screenshot, turn_position

pytestmark = BROWSER_TEST

# A few routes held, so some taps show a tip (who holds it) rather than a payment panel.
CLAIMS = {
    "usa": {"denver-salt_lake_city-1": "bob", "chicago-pittsburgh-1": "ann"},
    "europe": {"brest-dieppe": "bob", "munchen-wien": "bob", "frankfurt-paris-1": "ann"},
}

# For a route to tap, the route not to be claimed whose tip is most in the way: the tip sits
# above the finger, so the one whose middle lies a little below the route's, else the nearest.
TIP_OPENER = (
    """([target, claimable]) => {
  const mid = """
    + ROUTE_MIDPOINT
    + """;
  const [tx, ty] = mid(target);
  const others = [...document.querySelectorAll('#board g[data-seg]')]
    .map(g => g.id.slice(6)).filter(id => !claimable.includes(id));
  let best = null, bestScore = Infinity;
  for (const id of others) {
    const [x, y] = mid(id);
    const below = y - ty;
    const score = below >= 12 && below <= 70 ? Math.abs(x - tx) : 1000 + Math.hypot(x - tx, y - ty);
    if (score < bestScore) { best = id; bestScore = score; }
  }
  return best;
}"""
)


def fit(page):
    # A phone opens zoomed in (board.js, after the page's first task): Fit comes after it.
    page.wait_for_function(
        "() => new DOMMatrix(getComputedStyle(document.getElementById('board')).transform).a > 1.01"
    )
    page.locator(".zoom-bar [data-zoom=fit]").tap()
    page.wait_for_function(
        "() => new DOMMatrix(getComputedStyle(document.getElementById('board')).transform).a < 1.01"
    )


def overlaps(a, b) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_at_fit_every_tap_on_a_claimable_route_lands_with_a_tip_open_before_it(
    chromium, live_server, map_id
):
    game, _ = turn_position(map_id, claims=CLAIMS[map_id])
    page = log_in(chromium, live_server, "ann", context=PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator(".zoom-bar").wait_for()
    fit(page)
    tip = page.locator("#tip:visible, #tray-tip:visible")
    board = page.locator("#board-box").bounding_box()
    routes = page.locator("#board a.pick").evaluate_all("els => els.map(e => e.dataset.route)")
    assert len(routes) >= 10, routes

    missed, covering = [], []
    for route in routes:
        opener = page.evaluate(TIP_OPENER, [route, routes])
        page.keyboard.press("Escape")  # a fresh tip each time, not a second tap closing one
        x, y = route_midpoint(page, opener)
        page.touchscreen.tap(x, y)
        expect(tip).to_be_visible()
        if overlaps(tip.bounding_box(), board):
            covering.append(opener)
        x, y = route_midpoint(page, route)
        try:
            # A tap that lands asks the server for the route's panel: the test waits for that
            # answer (CI's server may be slow to give it), then for the panel it shows.
            asked = f"/route/{route}/"
            with page.expect_response(lambda r, asked=asked: asked in r.url, timeout=30_000):
                page.touchscreen.tap(x, y)
            page.wait_for_function(
                "r => document.querySelector('#action-panel input[name=route]')?.value === r",
                arg=route,
                timeout=10_000,
            )
        except PlaywrightTimeout:
            missed.append((route, opener))
    landed = len(routes) - len(missed)
    print(f"{map_id}: {landed} of {len(routes)} taps landed with a tip open")
    assert not missed, f"{landed} of {len(routes)} landed; missed (route, tip of): {missed}"
    assert not covering, f"the tip of these routes lay over the board: {covering}"

    # What a person sees: a held route's tip on the tray's top line, the route marked.
    page.keyboard.press("Escape")
    held = next(r for r, who in CLAIMS[map_id].items() if who == "bob")
    page.touchscreen.tap(*route_midpoint(page, held))
    expect(tip).to_contain_text("claimed by bob")
    expect(page.locator(f"#route-{held}")).to_have_class(re.compile(r"\btipped\b"))
    screenshot(page, f"tip-{map_id}-phone-fit")
    # A tap on the tip closes it.
    tip.tap()
    expect(page.locator("#tip, #tray-tip")).to_be_hidden()
    expect(page.locator("#board .tipped")).to_have_count(0)


def test_on_a_desktop_a_board_tip_lets_a_click_through_to_the_board(chromium, live_server):
    game, _ = turn_position("usa", claims=CLAIMS["usa"])
    page = log_in(chromium, live_server, "ann", context=DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator(".zoom-bar").wait_for()
    tip = page.locator("#tip")
    page.mouse.click(*route_midpoint(page, "denver-salt_lake_city-1"))
    expect(tip).to_have_text("Denver – Salt Lake City · 3 · red · claimed by bob")
    screenshot(page, "tip-usa-desktop")
    # The tip floats by the pointer, over the board: what lies under its middle is the board.
    box = tip.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert page.evaluate(
        "([x, y]) => !!document.elementFromPoint(x, y).closest('#board-box')", [x, y]
    )
    # And a click there is the board's (whatever it finds there), not the old tip's.
    page.mouse.click(x, y)
    expect(tip).not_to_have_text(re.compile("Denver – Salt Lake City"))
