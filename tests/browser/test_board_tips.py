"""On a phone, where nothing shows an SVG title on hover, a tap on the board tells what is there
(at the table, on the tray's top line); and at the end of a game the longest-path bonus routes
stand out on the board."""

from browser_steps import BROWSER_TEST, ann_and_bob_at_a_game, log_in, set_state, tap_route
from game_steps import draw_two_blind

from games import engine
from games.models import GameStatus
from games.svg.layout import TRACK_H

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
# The band under a highlighted route, in board units: well over twice a track's thickness.
HALO_MIN_WIDTH = 18

pytestmark = BROWSER_TEST


def position_in_play(setup, map_id="usa"):
    """Ann and Bob in a started game, set to `setup` (a scenario's setup, players by name)."""
    game, seats = ann_and_bob_at_a_game(map_id)
    users = {seat.user.username: seat.user for seat in seats}
    ids = {seat.user.username: seat.player_id for seat in seats}
    order = [seat.player_id for seat in seats]

    # The setup names players; the engine knows them by their seats' ids.
    named = dict(setup)
    named["claims"] = {route: ids[name] for route, name in setup.get("claims", {}).items()}
    named["hands"] = {ids[name]: hand for name, hand in setup.get("hands", {}).items()}
    if "stations" in setup:
        named["stations"] = {city: ids[name] for city, name in setup["stations"].items()}
    if "last_round_ends_after" in setup:
        named["last_round_ends_after"] = ids[setup["last_round_ends_after"]]
    state, _ = engine.load_scenario(
        {
            "map": map_id,
            "players": order,
            "seed": 5,
            "setup": {**named, "phase": "play", "current": ids["ann"]},
        }
    )
    set_state(game, state, status=GameStatus.PLAYING)  # the opening is over here
    return game, users


def board_scale(page) -> float:
    return page.evaluate(
        "() => { const m = getComputedStyle(document.getElementById('board')).transform;"
        " return m === 'none' ? 1 : new DOMMatrix(m).a; }"
    )


def settled(page):
    """Wait until the board's zoom has come to rest (its animation may outlast the first
    frame that passes the test's mark on a busy machine)."""
    page.wait_for_function(
        "() => { const t = getComputedStyle(document.getElementById('board')).transform;"
        " const same = t === window.__boardTransform; window.__boardTransform = t; return same; }",
        polling=150,
    )


def zoom_in(page):
    """Zoom in with the board's + button, as far as a finger likes for twin tracks."""
    page.wait_for_timeout(200)  # the opening zoom has settled
    before = board_scale(page)
    page.locator(".zoom-bar [data-zoom=in]").tap()
    page.wait_for_function(
        f"() => new DOMMatrix(getComputedStyle("
        f"document.getElementById('board')).transform).a > {before + 0.1}"
    )
    settled(page)


def fit(page):
    """The whole board in its box, as small as it gets on a phone."""
    settled(page)
    page.locator(".zoom-bar [data-zoom=fit]").tap()
    page.wait_for_function(
        "() => new DOMMatrix(getComputedStyle(document.getElementById('board')).transform).a < 1.01"
    )


def phone_page(browser, live_server, username, game, *, zoomed=True):
    page = log_in(browser, live_server, username, context=PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator(".zoom-bar").wait_for()
    if zoomed:
        zoom_in(page)
    else:
        fit(page)
    return page


def test_on_a_phone_a_tap_on_a_claimed_route_says_who_holds_it(chromium, live_server):
    from playwright.sync_api import expect

    # Bob holds Denver – Salt Lake City; Ann, to move, can pay for Atlanta – Nashville.
    game, users = position_in_play(
        {
            "claims": {"denver-salt_lake_city-1": "bob"},
            "hands": {"ann": {"red": 2, "blue": 1, "green": 1}},
        }
    )
    page = phone_page(chromium, live_server, "ann", game)
    tip = page.locator("#tray-tip")  # on a phone, the tray's top line
    expect(page.locator(".turn")).to_contain_text("Your turn.", use_inner_text=True)

    # Three spaces: the middle of the route is the middle space, where the finger lands.
    tap_route(page, "denver-salt_lake_city-1")
    expect(tip).to_be_visible()
    expect(tip).to_have_text("Denver – Salt Lake City · 3 · red · claimed by bob")
    box = tip.bounding_box()
    screen = PHONE["viewport"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= screen["width"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= screen["height"]

    # A tap on the bare board, away from any route, puts the tip away.
    fit(page)
    page.locator("#board-box").tap(position={"x": 8, "y": 8})
    expect(tip).to_be_hidden()
    # So does Escape.
    tap_route(page, "denver-salt_lake_city-1")
    expect(tip).to_be_visible()
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()

    # A route Ann can claim is still a link: a tap opens the ways to pay, and the tip goes.
    tap_route(page, "denver-salt_lake_city-1")
    expect(tip).to_be_visible()
    tap_route(page, "atlanta-nashville")
    expect(page.locator("#action-panel")).to_contain_text("Claim Atlanta – Nashville")
    expect(tip).to_be_hidden()


def test_on_a_phone_a_tap_on_a_small_station_beside_claimable_routes_names_the_station(
    chromium,
    live_server,
):
    """The whole board on a phone makes a station a few pixels wide, with routes the player
    can claim right beside it; the browser may move such a tap onto the nearest link, but
    the finger was on the station: its tip shows, and no payment panel opens."""
    from playwright.sync_api import expect

    stations = {"cadiz": "Cádiz", "brindisi": "Brindisi", "venezia": "Venezia"}
    plenty = dict.fromkeys(
        ("red", "blue", "green", "yellow", "black", "white", "orange", "purple"), 6
    )
    game, _ = position_in_play(
        {
            "stations": dict.fromkeys(stations, "bob"),
            "hands": {"ann": {**plenty, "locomotive": 4}},
        },
        map_id="europe",
    )
    page = phone_page(chromium, live_server, "ann", game, zoomed=False)
    tip = page.locator("#tray-tip")
    panel = page.locator("#action-panel")
    expect(page.locator(".turn")).to_contain_text("Your turn.", use_inner_text=True)
    expect(page.locator("#board a.pick").first).to_be_attached()

    for city, name in stations.items():
        marker = page.locator(f"#city-{city} use.st")
        marker.scroll_into_view_if_needed()
        box = marker.bounding_box()
        assert box["width"] < 10  # the whole board on a phone: a station is tiny
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(tip).to_have_text(f"Station of bob in {name}")
        expect(panel).to_contain_text("Your move")
        expect(panel).not_to_contain_text(" – ")  # no route's payment panel
        page.keyboard.press("Escape")


def test_the_longest_path_bonus_routes_stand_out_on_the_final_board(
    chromium,
    live_server,
):
    from playwright.sync_api import expect

    # Bob's Pittsburgh – Chicago – Omaha – Denver – Salt Lake City (14 trains) is the longest;
    # Ann's turn is the last one, and she ends it with two blind draws.
    path = ["chicago-omaha", "chicago-pittsburgh-1", "denver-omaha", "denver-salt_lake_city-1"]
    game, users = position_in_play(
        {
            "claims": {
                **dict.fromkeys(path, "bob"),
                "atlanta-nashville": "ann",
                "nashville-raleigh": "ann",
            },
            "last_round_ends_after": "ann",
        }
    )
    draw_two_blind(game, users["ann"])
    game.refresh_from_db()
    assert game.is_over

    page = phone_page(chromium, live_server, "ann", game)
    expect(page.locator("#final")).to_contain_text("marked on the board with a gold band")
    bands = page.locator("#board .hl")
    expect(bands).to_have_count(len(path))
    assert sorted(bands.evaluate_all("els => els.map(e => e.dataset.route)")) == path
    for route in path:
        band = page.locator(f"#board .hl[data-route='{route}']")
        band.scroll_into_view_if_needed()
        for part in ("hl-edge", "hl-core"):
            # A straight line's box is flat along a level route, never along both axes.
            box = band.locator(f".{part}").bounding_box()
            assert box and box["width"] + box["height"] > 0, (route, part)
        edge, core = (
            band.locator(f".{part}").evaluate(
                "e => { const s = getComputedStyle(e);"
                " return [parseFloat(s.strokeWidth), s.stroke, parseFloat(s.opacity)]; }"
            )
            for part in ("hl-edge", "hl-core")
        )
        assert edge[0] >= HALO_MIN_WIDTH and core[0] > TRACK_H, (route, edge, core)
        assert edge[1] != "none" and core[1] != "none" and min(edge[2], core[2]) > 0.4
        # The band lies under the route: the owner's trains are what a finger touches on it.
        train = page.locator(f"#route-{route} rect").first
        hit = train.evaluate(
            """r => { r.scrollIntoView({block: "center", inline: "center"});
                      const b = r.getBoundingClientRect();
                      return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)
                             .closest('g[id^="route-"]')?.id; }"""
        )
        assert hit == f"route-{route}"


def test_on_a_phone_the_replay_board_answers_a_tap_too(chromium, live_server):
    from playwright.sync_api import expect

    game, _ = position_in_play({})
    page = phone_page(chromium, live_server, "bob", game)
    page.goto(f"{live_server.url}/games/{game.pk}/replay/")
    zoom_in(page)
    tip = page.locator("#tip")

    tap_route(page, "denver-salt_lake_city-1")
    expect(tip).to_have_text("Denver – Salt Lake City · 3 · red")
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
