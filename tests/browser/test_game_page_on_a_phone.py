"""The game page on a phone (390 px wide, no hover): the whole board at first, a zoom switch that
hides no city, routes the player can claim marked at rest, stations big enough to see, and a
Players table whose every column is on screen; the replay's table fits a desktop too."""

from browser_steps import BROWSER_TEST, DESKTOP, ann_and_bob_at_a_game, log_in, set_state

from games import engine
from games.models import GameStatus
from games.svg.layout import TRACK_H

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

pytestmark = BROWSER_TEST

OVERLAPS = """(a, b) => !(a.right <= b.left || b.right <= a.left ||
                          a.bottom <= b.top || b.bottom <= a.top)"""


def europe_in_play():
    """Ann to move with cards for a few routes; Bob holds two routes and a station in Wien."""
    game, seats = ann_and_bob_at_a_game("europe")
    ids = {seat.user.username: seat.player_id for seat in seats}
    state, _ = engine.load_scenario(
        {
            "map": "europe",
            "players": [seat.player_id for seat in seats],
            "seed": 5,
            "setup": {
                "phase": "play",
                "current": ids["ann"],
                "hands": {ids["ann"]: {"red": 3, "purple": 2}},
                "claims": {"brest-dieppe": ids["bob"], "munchen-wien": ids["bob"]},
                "stations": {"wien": ids["bob"]},
            },
        }
    )
    set_state(game, state, status=GameStatus.PLAYING)
    return game


def fits_inside(page, inner, outer) -> bool:
    return page.evaluate(
        """([inner, outer]) => {
             const i = document.querySelector(inner).getBoundingClientRect();
             const o = document.querySelector(outer).getBoundingClientRect();
             return i.left >= o.left - .5 && i.right <= o.right + .5; }""",
        [inner, outer],
    )


def label_px(page, city) -> float:
    """The on-screen height of a city's name, in CSS px."""
    return page.locator(f"#city-{city} text").bounding_box()["height"]


def test_on_a_phone_the_board_opens_legible_fits_on_demand_and_the_routes_to_claim_glow(
    chromium, live_server
):
    from playwright.sync_api import expect

    game = europe_in_play()
    page = log_in(chromium, live_server, "ann", context=PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator(".turn")).to_contain_text("Your turn.", use_inner_text=True)
    page.locator(".zoom-bar").wait_for()

    # The board opens as tall as its box: city names of a legible size.
    page.wait_for_function(
        "() => new DOMMatrix(getComputedStyle(document.getElementById('board')).transform).a > 1.2"
    )
    assert label_px(page, "wien") >= 9
    # Fit: the whole board inside its box, and the zoom buttons cover no city, dot or name.
    page.locator(".zoom-bar [data-zoom=fit]").tap()
    page.wait_for_function(
        "() => new DOMMatrix(getComputedStyle(document.getElementById('board')).transform).a < 1.01"
    )
    assert page.evaluate(
        """() => { const box = document.getElementById('board-box').getBoundingClientRect();
                   return [...document.querySelectorAll('#board .c circle')].every(c => {
                     const r = c.getBoundingClientRect();
                     return r.left >= box.left && r.right <= box.right &&
                            r.top >= box.top && r.bottom <= box.bottom; }); }"""
    )
    covered = page.evaluate(
        f"""() => {{ const s = document.querySelector('.zoom-bar').getBoundingClientRect();
                     const overlaps = {OVERLAPS};
                     return [...document.querySelectorAll('#board .c circle, #board .c text')]
                       .filter(e => overlaps(s, e.getBoundingClientRect()))
                       .map(e => e.closest('.c').id); }}"""
    )
    assert covered == []

    # Routes Ann can claim glow at rest (no hover on a phone); others have no glow at all.
    picks = page.locator("#board a.pick")
    assert picks.count() > 0
    assert page.locator("#board a.pick .glow").count() == picks.count()
    assert page.locator("#board .glow").count() == picks.count()
    glow = picks.first.locator(".glow").evaluate(
        "e => { const s = getComputedStyle(e);"
        " return [s.stroke, parseFloat(s.strokeWidth), parseFloat(s.opacity)]; }"
    )
    assert glow[0] not in ("none", "rgba(0, 0, 0, 0)") and glow[1] > 2 * TRACK_H
    assert glow[2] >= 0.4
    assert picks.first.locator(".glow").bounding_box()["height"] > 0
    # Tunnels keep their dashes, glowing or not.
    tunnel = page.locator("#route-marseille-zurich rect").first
    assert tunnel.evaluate("e => getComputedStyle(e).strokeDasharray") != "none"
    assert page.locator("#board a.pick[data-route='marseille-zurich']").count() == 1


def test_on_a_phone_stations_and_claims_stand_out_and_the_players_table_fits(
    chromium,
    live_server,
):
    game = europe_in_play()
    page = log_in(chromium, live_server, "ann", context=PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/")

    # Bob's station in Wien is well wider than the city's dot it stands on.
    station = page.locator("#city-wien use").bounding_box()
    dot = page.locator("#city-wien circle").bounding_box()
    assert station["width"] >= 1.5 * dot["width"]
    # A claimed route is one joined train: a dark coupling runs under all its cars.
    coupling = page.locator("#route-brest-dieppe .cp")
    assert coupling.count() == 1
    assert coupling.evaluate("e => getComputedStyle(e).stroke") == "rgb(17, 17, 17)"
    assert page.locator("#route-brest-paris .cp").count() == 0  # unclaimed

    # Every column of the Players table is on screen, the last one ("Stns") whole.
    assert page.evaluate(
        "() => { const w = document.querySelector('.players .table-wrap');"
        " return w.scrollWidth <= w.clientWidth; }"
    )
    assert fits_inside(page, ".players thead th:last-child", ".players .table-wrap")
    assert page.locator(".players thead th:last-child").inner_text() == "Stns"


def test_on_the_desktop_replay_the_players_table_fits_its_column(chromium, live_server):
    game = europe_in_play()
    page = log_in(chromium, live_server, "bob", context=DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/replay/")
    assert page.evaluate(
        "() => { const w = document.querySelector('.players .table-wrap');"
        " return w.scrollWidth <= w.clientWidth; }"
    )
    assert fits_inside(page, ".players thead th:last-child", ".players .table-wrap")
    last = page.locator(".players thead th:last-child abbr")
    assert last.inner_text() == "Stns" and last.get_attribute("title") == "Stations left"
