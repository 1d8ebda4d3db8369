"""Two players in two real browsers play the opening and a few turns by clicking; each sees the
other's move appear without reloading the page."""

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from games import engine
from games.models import GameStatus
from games.services.lobby import game_create, game_join, game_start

# Playwright's sync API runs an event loop in this thread; Django's ORM calls made by the
# test itself (set-up, checks) are still plain synchronous calls.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
PASSWORD = "a-long-browser-password"
# The pages poll every 3 s; allow a few polls on a busy machine.
SEE_WITHIN_MS = 15_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="Debian's chromium is not installed at /usr/bin/chromium "
        "(scripts/ensure_chromium.sh installs it)",
    ),
]


def started_position(map_id="usa"):
    """A two-player game in its opening, with hands that let the first player claim a route."""
    users = [
        get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)
        for name in ("ann", "bob")
    ]
    game = game_create(creator=users[0], map_id=map_id, max_players=2)
    game_join(game=game, user=users[1])
    game.refresh_from_db()
    if game.status == GameStatus.OPEN:
        game_start(game=game, user=users[0])
        game.refresh_from_db()
    seats = list(game.seats.select_related("user").order_by("order"))
    first, second = (seat.player_id for seat in seats)
    state, _ = engine.load_scenario({
        "map": map_id, "players": [first, second], "seed": 5,
        "setup": {
            "phase": "initial_tickets",
            "face_up": ["red", "blue", "green", "white", "black"],
            "hands": {first: {"red": 2, "blue": 1, "green": 1}, second: {"yellow": 2}},
            "offered": {
                first: ["boston-miami", "calgary-phoenix", "chicago-new_orleans"],
                second: ["denver-el_paso", "duluth-houston", "helena-los_angeles"],
            },
        },
    })
    game.state = state.to_dict()
    game.version += 1
    game.save(update_fields=["state", "version"])
    return game, seats[0].user, seats[1].user


def log_in(browser, live_server, username):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    return page


def open_game(page, live_server, game):
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # A marker that a reload would wipe: the moves below must appear without one.
    page.evaluate("window.__sameDocument = true")


def keep_all_offered_tickets(page):
    for box in page.locator(".keep-form input[name=tickets]").all():
        box.check()
    page.click(".keep-form button[type=submit]")


@pytest.fixture
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def test_two_players_play_the_opening_and_turns_and_see_each_others_moves_live(
    chromium, live_server,
):
    from playwright.sync_api import expect

    game, one, two = started_position()  # `one` moves first
    first = log_in(chromium, live_server, one.username)
    second = log_in(chromium, live_server, two.username)
    open_game(first, live_server, game)
    open_game(second, live_server, game)
    expect(first.locator("#action-panel")).to_contain_text("Choose your opening tickets")

    # The opening: both choose; the first to choose waits for the other.
    keep_all_offered_tickets(first)
    expect(first.locator("#action-panel")).to_contain_text("Tickets kept")
    # The second player's page shows by itself that only they are left to choose.
    expect(second.locator(".turn")).to_contain_text(
        f"waiting for {two.username}.", timeout=SEE_WITHIN_MS
    )
    keep_all_offered_tickets(second)
    expect(second.locator(".turn")).to_contain_text(f"It is {one.username}'s turn")
    # The first player's page learns by itself that the opening is over.
    expect(first.locator(".turn")).to_contain_text("Your turn.", timeout=SEE_WITHIN_MS)
    expect(first.locator("#tickets-title")).to_contain_text("(3)")

    # The first player clicks a route on the board, sees the ways to pay, and confirms one.
    first.locator("#board a[data-route='atlanta-nashville']").click()
    panel = first.locator("#action-panel")
    expect(panel).to_contain_text("Claim Atlanta – Nashville")
    expect(panel.locator("input[name=cards]")).to_have_count(3)  # red, blue or green
    panel.locator("input[name=cards][value='blue:1']").check()
    panel.locator("button", has_text="Claim the route").click()
    expect(first.locator(".turn")).to_contain_text(f"It is {two.username}'s turn")

    # The second player sees the claim on his board and his turn, without reloading.
    expect(second.locator(".turn")).to_contain_text("Your turn.", timeout=SEE_WITHIN_MS)
    expect(second.locator("#route-atlanta-nashville")).to_have_class(re.compile(r"\bown\b"))
    expect(second.locator(".log")).to_contain_text(f"{one.username} claimed Atlanta–Nashville")

    # The second player draws two cards: a face-up red one, then blind from the deck.
    second.locator(".face-up button[value='red']").click()
    expect(second.locator("#action-panel")).to_contain_text("Draw your second card")
    second.locator(".deck button").click()
    expect(second.locator(".turn")).to_contain_text(f"It is {one.username}'s turn")
    expect(second.locator("#hand-title")).to_contain_text("(4)")

    # The first player sees those draws in her log and takes her turn: two blind draws.
    expect(first.locator(".log")).to_contain_text(f"{two.username} took a face-up red card",
                                                  timeout=SEE_WITHIN_MS)
    expect(first.locator(".turn")).to_contain_text("Your turn.")
    first.locator(".deck button").click()
    expect(first.locator("#action-panel")).to_contain_text("Draw your second card")
    first.locator(".deck button").click()
    expect(second.locator(".log")).to_contain_text(f"{one.username} drew a card from the deck",
                                                   timeout=SEE_WITHIN_MS)
    expect(second.locator(".turn")).to_contain_text("Your turn.")

    assert first.evaluate("window.__sameDocument") is True
    assert second.evaluate("window.__sameDocument") is True
    game.refresh_from_db()
    assert game.moves.count() == 7  # two keeps, a claim, four draws
