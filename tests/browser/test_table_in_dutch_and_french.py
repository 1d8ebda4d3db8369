"""The table in Dutch and French, whose words run longer than English, in Debian's Chromium at
1280×800 and 390×844: the lobby, a turn, choosing tickets, a tunnel to pay and the score sheet
still fit (no page wider than the screen, no button's words cut off, a turn's parts on screen
without scrolling). Screenshots of each are kept under SCREENSHOTS for a person to look at."""

import pytest
from browser_steps import BROWSER_TEST, PASSWORD, ann_and_bob_at_a_game, set_state
from table_views import SIZES, screenshot, turn_position, uncovered

from games import engine
from games.models import GameStatus
from games.services.lobby import game_create
from games.services.play import game_play

pytestmark = BROWSER_TEST

LANGUAGES = {"nl": "nl-NL", "fr": "fr-FR"}
TURN_PARTS = {
    "board": "#board-box",
    "action panel": "#action-panel",
    "face-up row and deck": ".panel.draw",
    "hand": ".panel.hand",
    "tickets": ".panel.tickets",
}

# Whatever is wider than the screen, every button whose words run out of it (a long word
# sticks out even where the button does not clip it), and every button out of its box.
OVERFLOWS = """() => {
  const shown = [...document.querySelectorAll('button, a.button, .chip')]
    .filter(e => e.offsetParent !== null);
  const cut = shown.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim());
  const sticking = shown.filter(e => {
      const r = e.getBoundingClientRect(), p = e.parentElement.getBoundingClientRect();
      return r.right > Math.min(p.right, innerWidth) + 1; })
    .map(e => e.textContent.trim());
  return {wide: document.scrollingElement.scrollWidth > innerWidth + 1, cut, sticking};
}"""


def open_page(browser, live_server, url, language, size, user="ann"):
    context = browser.new_context(locale=LANGUAGES[language], **SIZES[size])
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=login]", user)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(lambda address: "/accounts/login/" not in address)
    page.goto(f"{live_server.url}{url}")
    assert page.locator("html").get_attribute("lang") == language
    return page


def assert_it_fits(page, what):
    found = page.evaluate(OVERFLOWS)
    assert found == {"wide": False, "cut": [], "sticking": []}, what


def europe_turn():
    game, _ = turn_position(
        "europe", claims={"brest-dieppe": "bob", "munchen-wien": "bob", "frankfurt-paris-1": "ann"}
    )
    return game


def in_seat_order(seats):
    return [seat.player_id for seat in sorted(seats, key=lambda seat: seat.order)]


def a_tunnel_to_pay():
    game, seats = ann_and_bob_at_a_game("europe")
    seats = sorted(seats, key=lambda seat: seat.user.username)  # ann first, wherever she sits
    ann, bob = (seat.player_id for seat in seats)
    setup = {
        "phase": "play",
        "current": ann,
        "train_deck": ["purple", "locomotive", "green"],
        "face_up": ["red", "red", "blue", "green", "white"],
        "hands": {ann: {"purple": 3, "orange": 1, "locomotive": 1}, bob: {"yellow": 2}},
        "tickets": {ann: ["amsterdam-pamplona", "zurich-budapest"], bob: ["angora-kharkov"]},
    }
    state, _ = engine.load_scenario(
        {"map": "europe", "players": in_seat_order(seats), "seed": 5, "setup": setup}
    )
    set_state(game, state, status=GameStatus.PLAYING)
    game_play(
        game_id=game.pk,
        user=seats[0].user,
        action={"type": "claim_route", "route": "marseille-zurich", "cards": {"purple": 2}},
        expected_version=game.version,
    )
    return game


def a_finished_game():
    game, seats = ann_and_bob_at_a_game("europe")
    seats = sorted(seats, key=lambda seat: seat.user.username)  # ann first, wherever she sits
    ann, bob = (seat.player_id for seat in seats)
    setup = {
        "phase": "play",
        "current": ann,
        "claims": {"brest-dieppe": bob, "dieppe-paris": bob, "munchen-wien": ann},
        "stations": {"zurich": ann, "wien": bob},
        "tickets": {ann: ["amsterdam-pamplona", "zurich-budapest"], bob: ["brest-marseille"]},
        "last_round_ends_after": ann,
    }
    state, _ = engine.load_scenario(
        {"map": "europe", "players": in_seat_order(seats), "seed": 5, "setup": setup}
    )
    set_state(game, state, status=GameStatus.PLAYING)
    for _ in range(2):
        game.refresh_from_db()
        game_play(
            game_id=game.pk,
            user=seats[0].user,
            action={"type": "draw_card", "from": "deck"},
            expected_version=game.version,
        )
    return game


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lobby_fits_in_dutch_and_french(chromium, live_server, language):
    game, seats = ann_and_bob_at_a_game("usa")
    game_create(creator=seats[0].user, map_id="europe", max_players=4)
    for size in SIZES:
        page = open_page(chromium, live_server, "/games/", language, size)
        assert_it_fits(page, (language, size))
        screenshot(page, f"lobby-{language}-{size}")
        page.screenshot(path=str(screenshot_path(f"lobby-{language}-{size}-whole")), full_page=True)
        page.context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_turn_in_dutch_and_french_needs_no_scrolling_and_fits(chromium, live_server, language):
    game = europe_turn()
    for size in SIZES:
        page = open_page(chromium, live_server, f"/games/{game.pk}/", language, size)
        page.locator(".zoom-bar").wait_for()
        page.wait_for_timeout(150)  # the phone's opening zoom
        screenshot(page, f"table-europe-{language}-{size}")
        for part, selector in TURN_PARTS.items():
            seen = uncovered(page, selector)
            assert seen.get("inside") and seen["scrolled"] == 0, (size, part, seen)
            assert seen["covered"] is None, (size, part, seen)
        assert_it_fits(page, (language, size))
        page.context.close()


def choosing_tickets():
    game, _ = ann_and_bob_at_a_game("europe")
    return game


# Each: the position, and what must be on the page once it has loaded.
PHASES = {
    "tickets": (choosing_tickets, ".keep-form button[type=submit]"),
    "tunnel": (a_tunnel_to_pay, ".pay-form button[type=submit]"),
    "score-sheet": (a_finished_game, "#final .score-sheet"),
}


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_choosing_tickets_a_tunnel_and_the_score_sheet_fit_in_dutch_and_french(
    chromium, live_server, language, phase
):
    position, selector = PHASES[phase]
    game = position()
    for size in SIZES:
        page = open_page(chromium, live_server, f"/games/{game.pk}/", language, size)
        page.locator(selector).first.wait_for()
        page.wait_for_timeout(150)
        page.locator(selector).first.scroll_into_view_if_needed()
        screenshot(page, f"table-europe-{language}-{size}-{phase}")
        assert_it_fits(page, (phase, language, size))
        page.context.close()


def screenshot_path(name):
    from table_views import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / f"{name}.png"
