"""The table for the daily visit, in Debian's Chromium at 1280×800 and 390×844: a turn needs no
scrolling, every tap on a claimable route lands, the tab says whose turn it is, a ticket lights
its way on the board, a station is built by clicking a city, and a whole turn goes by keyboard.
Screenshots of each table are kept under SCREENSHOTS for a person to look at."""

import random

import pytest
from allauth.account.models import EmailAddress
from browser_steps import BROWSER_TEST, ann_and_bob_at_a_game, log_in, route_midpoint
from game_steps import draw_two_blind, play_one
from playwright.sync_api import expect
from table_views import SIZES, screenshot, turn_position, uncovered

from games.engine import get_map
from games.selectors.log import move_list, player_names
from games.services.play import game_play
from games.words.game_log import turns_of

pytestmark = BROWSER_TEST

TURN_PARTS = {
    "board": "#board-box",
    "action panel": "#action-panel",
    "face-up row and deck": ".panel.draw",
    "hand": ".panel.hand",
    "tickets": ".panel.tickets",
}
# Some routes already claimed, so the board shows owners as a real game would.
CLAIMS = {
    "usa": {
        "denver-salt_lake_city-1": "bob",
        "chicago-pittsburgh-1": "ann",
        "el_paso-phoenix": "bob",
    },
    "europe": {"brest-dieppe": "bob", "munchen-wien": "bob", "frankfurt-paris-1": "ann"},
}


def open_table(browser, live_server, game, size, user="ann"):
    page = log_in(browser, live_server, user, context=SIZES[size])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator(".zoom-bar").wait_for()
    return page


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_at_the_start_of_a_turn_everything_it_needs_is_on_screen_without_scrolling(
    chromium, live_server, map_id
):
    game, seats = turn_position(map_id, claims=CLAIMS[map_id])
    if map_id == "europe":  # and Ann's address not confirmed yet: the banner shows
        EmailAddress.objects.filter(user=seats["ann"].user).update(verified=False)
    for size in SIZES:
        page = open_table(chromium, live_server, game, size)
        page.wait_for_timeout(150)  # the phone's opening zoom
        if map_id == "europe":  # one line on the game page, with its link
            banner = page.locator(".email-banner").bounding_box()
            assert banner["height"] <= 32, (size, banner)
            expect(page.locator(".email-banner a")).to_have_text("Confirm your email address")
        for part, selector in TURN_PARTS.items():
            seen = uncovered(page, selector)
            assert seen.get("inside") and seen["scrolled"] == 0, (size, part, seen)
            assert seen["covered"] is None, (size, part, seen)
        # Who owns what at a glance: the legend names each player with the initial that their
        # cars on the board carry.
        legend = page.locator(".board-legend li")
        assert [t.split()[:2] for t in legend.all_inner_texts()] == [["A", "ann"], ["B", "bob"]]
        assert uncovered(page, ".board-legend").get("inside"), size
        ann_route = next(r for r, who in CLAIMS[map_id].items() if who == "ann")
        marks = page.locator(f"#route-{ann_route} text").all_text_contents()
        assert marks and set(marks) == {"A"}, marks
        screenshot(page, f"table-{map_id}-{size}")
        page.context.close()


def fit(page):
    page.locator(".zoom-bar [data-zoom=fit]").tap()
    page.wait_for_function(
        "() => new DOMMatrix(getComputedStyle(document.getElementById('board')).transform).a < 1.01"
    )


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_on_a_phone_a_tap_at_the_middle_of_every_claimable_route_opens_its_panel(
    chromium, live_server, map_id
):
    game, _ = turn_position(map_id, claims=CLAIMS[map_id])
    page = open_table(chromium, live_server, game, "phone")
    fit(page)
    routes = page.locator("#board a.pick").evaluate_all("els => els.map(e => e.dataset.route)")
    assert len(routes) >= 10, routes
    panel_route = page.locator("#action-panel input[name=route]")
    for route in routes:
        x, y = route_midpoint(page, route)
        page.touchscreen.tap(x, y)
        page.wait_for_function(
            "r => document.querySelector('#action-panel input[name=route]')?.value === r", arg=route
        )
        assert panel_route.get_attribute("value") == route
    screenshot(page, f"table-{map_id}-phone-fit-route-panel")


def test_the_tab_title_and_icon_say_when_the_turn_comes(chromium, live_server):
    from playwright.sync_api import expect

    game, seats = turn_position("usa")
    ann = open_table(chromium, live_server, game, "desktop")
    bob = open_table(chromium, live_server, game, "desktop", user="bob")
    expect(ann).to_have_title(f"(Your turn) Game #{game.pk} · USA · Ticket to Ride by turns")
    expect(bob).to_have_title(f"Game #{game.pk} · USA · Ticket to Ride by turns")
    assert bob.locator("#site-icon").get_attribute("href").endswith("/favicon.svg")
    # Another page of the site says so too, for a game awaiting the player.
    ann.goto(f"{live_server.url}/games/")
    expect(ann).to_have_title("(Your turn) Games · Ticket to Ride by turns")

    draw_two_blind(
        game, seats["ann"].user
    )  # Ann draws two cards blind; Bob's page learns of it by itself
    expect(bob).to_have_title(
        f"(Your turn) Game #{game.pk} · USA · Ticket to Ride by turns", timeout=15_000
    )
    assert bob.locator("#site-icon").get_attribute("href").endswith("/favicon-turn.svg")


def test_a_ticket_pointed_at_lights_its_cities_and_the_routes_that_join_them(chromium, live_server):
    # Ann's Denver – El Paso is joined by her Denver – Santa Fe and Santa Fe – El Paso.
    claims = {"denver-santa_fe": "ann", "el_paso-santa_fe": "ann"}
    game, _ = turn_position("usa", claims=claims)
    page = open_table(chromium, live_server, game, "desktop")
    ticket = page.locator(".ticket-list .ticket[data-ticket='denver-el_paso']")
    ticket.hover()
    lit = page.locator("#board .lit").evaluate_all("els => els.map(e => e.id).sort()")
    assert lit == sorted(
        ["city-denver", "city-el_paso", "route-denver-santa_fe", "route-el_paso-santa_fe"]
    )
    # The rest of the board steps back while it is lit.
    assert float(page.locator("#city-boston").evaluate("e => getComputedStyle(e).opacity")) < 0.5
    screenshot(page, "table-usa-desktop-ticket-lit")
    page.mouse.move(5, 5)
    assert page.locator("#board .lit").count() == 0
    # A ticket not yet joined lights its two cities only.
    page.locator(".ticket-list .ticket[data-ticket='boston-miami']").hover()
    lit = page.locator("#board .lit").evaluate_all("els => els.map(e => e.id).sort()")
    assert lit == ["city-boston", "city-miami"]


def test_a_station_is_built_by_clicking_a_city_on_the_board(chromium, live_server):
    from playwright.sync_api import expect

    game, _ = turn_position("europe")
    page = open_table(chromium, live_server, game, "desktop")
    dot = page.locator("#city-wien circle").bounding_box()
    page.mouse.click(dot["x"] + dot["width"] / 2, dot["y"] + dot["height"] / 2)
    panel = page.locator("#action-panel")
    expect(panel).to_contain_text("Build a station")
    expect(panel.locator("#station-city")).to_have_value("wien")
    panel.locator("button", has_text="Build the station").click()
    expect(page.locator("#city-wien use.st")).to_have_count(1)
    expect(page.locator(".turn")).to_contain_text("It is bob's turn", use_inner_text=True)


def tab_to(page, selector, limit=80):
    """Press Tab until the focus is on an element matching selector."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_whole_turn_is_played_with_the_keyboard_alone(chromium, live_server):
    from playwright.sync_api import expect

    game, seats = turn_position("usa")
    page = open_table(chromium, live_server, game, "desktop")
    # The first Tab reaches the skip link; it leads to the action panel.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "action-panel"
    # The focus ring is clearly visible: a 3-px outline.
    tab_to(page, "#route-list summary")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineWidth")
    assert float(ring.rstrip("px")) >= 2
    page.keyboard.press("Enter")  # opens the list of routes to claim
    tab_to(page, "#route-list a[href$='/route/atlanta-nashville/']")
    page.keyboard.press("Enter")
    panel = page.locator("#action-panel")
    expect(panel).to_contain_text("Claim Atlanta – Nashville")
    # The focus went to the ways to pay, not to the page.
    page.wait_for_function("() => document.activeElement.name === 'cards'")
    page.keyboard.press("ArrowDown")  # the next way to pay
    tab_to(page, "#action-panel button[type=submit]")
    page.keyboard.press("Enter")
    expect(page.locator(".turn")).to_contain_text("It is bob's turn", use_inner_text=True)
    assert page.evaluate("document.activeElement !== document.body")
    game.refresh_from_db()
    assert game.state["claims"]["atlanta-nashville"] == seats["ann"].player_id


# What Bob does on his turn after Ann's, on each map: Ann's next look shows it.
BOB_MOVES = {
    "usa": {"type": "claim_route", "route": "dallas-little_rock", "cards": {"yellow": 2}},
    "europe": {"type": "build_station", "city": "wien", "cards": {"yellow": 1}},
}


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_what_the_others_did_since_your_last_turn_is_listed_and_marked_on_the_board(
    chromium, live_server, map_id
):
    game, seats = turn_position(map_id, claims=CLAIMS[map_id])
    for user, action in [
        ("ann", {"type": "draw_card", "from": "deck"}),
        ("ann", {"type": "draw_card", "from": "deck"}),
        ("bob", BOB_MOVES[map_id]),
    ]:
        game.refresh_from_db()
        game_play(
            game_id=game.pk, user=seats[user].user, action=action, expected_version=game.version
        )
    for size in SIZES:
        page = open_table(chromium, live_server, game, size)
        page.wait_for_timeout(150)
        since = page.locator(".since")
        if map_id == "usa":
            assert "bob claimed Dallas–Little Rock (2)" in since.inner_text()
            ring = page.locator("#board .nw[data-route='dallas-little_rock'] .nw-edge")
        else:
            assert "bob built a station in Wien" in since.inner_text()
            ring = page.locator("#board .nw-ring[data-city='wien']")
        assert ring.count() == 1 and ring.bounding_box()["width"] > 0
        assert page.locator("#board .nw, #board .nw-ring").count() == 1
        screenshot(page, f"table-{map_id}-{size}-since-last-turn")
        since.evaluate("e => e.scrollIntoView({block: 'start'})")
        screenshot(page, f"table-{map_id}-{size}-since-last-turn-list")
        page.context.close()


def test_a_tunnels_turned_up_cards_are_shown_to_the_other_player(chromium, live_server):
    game, seats = turn_position("europe", claims=CLAIMS["europe"])
    for user, action in [
        ("ann", {"type": "draw_card", "from": "deck"}),
        ("ann", {"type": "draw_card", "from": "deck"}),
        ("bob", {"type": "claim_route", "route": "munchen-zurich", "cards": {"yellow": 2}}),
    ]:
        game.refresh_from_db()
        game_play(
            game_id=game.pk, user=seats[user].user, action=action, expected_version=game.version
        )
    for size in SIZES:
        page = open_table(chromium, live_server, game, size)
        entry = page.locator(".log-lines li", has_text="bob's tunnel München–Zürich turned up")
        # Three cards named in the sentence, and three chips of their colours beside it.
        assert entry.inner_text().count(" card") + entry.inner_text().count("locomotive") >= 3
        assert entry.locator(".turned-up .chip").count() == 3
        assert page.locator(".since .turned-up .chip").count() == 3
        entry.evaluate("e => e.scrollIntoView({block: 'center'})")
        screenshot(page, f"table-europe-{size}-tunnel-in-log")
        page.context.close()


def test_the_replay_steps_by_turn_with_the_slider_the_arrow_keys_and_autoplay(
    chromium, live_server
):
    game, _ = ann_and_bob_at_a_game("usa")  # played from the deal, as the replay replays it
    rng = random.Random(3)
    while len(turns_of(move_list(game=game), player_names(game=game), game.map_id)) < 6:
        game.refresh_from_db()
        play_one(game, rng)
    count = len(turns_of(move_list(game=game), player_names(game=game), game.map_id))
    for size in SIZES:
        page = log_in(chromium, live_server, "ann", context=SIZES[size])
        page.goto(f"{live_server.url}/games/{game.pk}/replay/?turn=0")
        at = page.locator("#replay-at")
        expect(at).to_contain_text(f"The deal (turn 0 of {count})")
        page.keyboard.press("ArrowRight")
        expect(at).to_contain_text(f"After turn 1 of {count}")
        page.keyboard.press("ArrowRight")
        expect(at).to_contain_text(f"After turn 2 of {count}")
        assert page.locator("#replay-move li").count() >= 1
        page.keyboard.press("ArrowLeft")
        expect(at).to_contain_text(f"After turn 1 of {count}")
        page.locator("#replay-turn").fill(str(count - 1))
        expect(at).to_contain_text(f"After turn {count - 1} of {count}")
        screenshot(page, f"replay-usa-{size}")
        # Play steps on by itself; Pause stops it.
        page.locator("#replay-play").click()
        expect(at).to_contain_text(f"After turn {count} of {count}", timeout=6000)
        page.locator("#replay-turn").fill("1")
        expect(at).to_contain_text(f"After turn 1 of {count}")
        page.locator("#replay-play").click()
        expect(at).to_contain_text(f"After turn 2 of {count}", timeout=6000)
        page.locator("#replay-play").click()  # pause
        page.wait_for_timeout(2500)
        expect(at).to_contain_text(f"After turn 2 of {count}")
        page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_ticket_being_chosen_lights_its_cities_before_it_is_kept(chromium, live_server, size):
    game, _ = ann_and_bob_at_a_game("europe")  # in its opening: tickets to choose
    page = open_table(chromium, live_server, game, size)
    choices = page.locator(".ticket-choices .ticket-choice")
    assert choices.count() >= 3
    for index in range(choices.count()):
        choice = choices.nth(index)
        ticket = get_map("europe").tickets[choice.get_attribute("data-ticket")]
        if size == "desktop":
            choice.hover()
        else:
            choice.tap()  # no hover on a phone: the tap lights it (and ticks the box)
        lit = page.locator("#board .lit").evaluate_all("els => els.map(e => e.id).sort()")
        assert lit == sorted([f"city-{ticket.a}", f"city-{ticket.b}"])
    screenshot(page, f"table-europe-{size}-ticket-choice-lit")


def test_the_face_up_row_is_buttons_only_for_the_player_who_may_draw(chromium, live_server):
    """Every viewer gets the same row; the mover's page holds the forms its buttons submit.
    For the player who waits the cards are pictures: nothing to focus, click or read as a
    button. Screenshots of both rows at both sizes."""
    game, seats = turn_position(
        "usa", face_up=["red", "locomotive", "blue", "green", "white"], claims=CLAIMS["usa"]
    )
    for size in SIZES:
        ann = open_table(chromium, live_server, game, size)
        bob = open_table(chromium, live_server, game, size, user="bob")
        takeable = ann.locator(".face-up .card-button:enabled")
        expect(takeable).to_have_count(5)
        expect(takeable.first).to_be_visible()
        expect(takeable.first).to_have_accessible_name("Red card")
        expect(takeable.first).to_have_accessible_description("Take this card")
        expect(ann.locator(".deck .card-button")).to_have_accessible_description(
            "Draw from the deck"
        )
        # Bob sees the same five cards and the deck, as pictures.
        expect(bob.locator(".face-up svg[role=img]")).to_have_count(5)
        for card in bob.locator(".face-up svg[role=img], .deck svg[role=img]").all():
            expect(card).to_be_visible()
        for button in bob.locator(".face-up .card-button, .deck .card-button").all():
            expect(button).to_be_hidden()
            assert not button.evaluate("b => { b.focus(); return document.activeElement === b; }")
        assert bob.get_by_role("button", name="Red card").count() == 0
        assert bob.get_by_role("img", name="Red card").count() == 1
        for who, page in (("mover", ann), ("waiting", bob)):
            page.locator(".panel.draw").scroll_into_view_if_needed()
            screenshot(page, f"draw-row-{size}-{who}")
        if size == "phone":
            # The mover takes the locomotive (a whole turn, through htmx): Bob's turn comes,
            # and his page's row turns into buttons; Ann's into pictures.
            ann.locator(".face-up button[value='locomotive']").click()
            expect(ann.locator(".turn")).to_contain_text("It is bob's turn")
            expect(ann.locator(".face-up .card-button").first).to_be_hidden()
            expect(bob.locator(".face-up .card-button:enabled").first).to_be_visible(timeout=15_000)
        ann.context.close()
        bob.context.close()
