"""The table at 1280×800 in the positions that crowd it most: a hand of all nine kinds with a dozen
routes or more to claim, a first game's hints, a tunnel being paid, a gray route with two dozen
ways to pay. The player's cards and tickets stay on screen without scrolling; screenshots of each
are kept for a person."""

import pytest
from browser_steps import BROWSER_TEST, log_in
from playwright.sync_api import expect
from table_views import DESKTOP, screenshot, turn_position, uncovered

from games.models import Game
from games.services.play import game_play

pytestmark = BROWSER_TEST

# Every kind of card, enough of each for most short routes.
NINE_KINDS = {
    "red": 4, "orange": 3, "yellow": 4, "green": 3, "blue": 3,
    "purple": 3, "white": 3, "black": 3, "locomotive": 3,
}  # fmt: skip
# München – Zürich, a yellow tunnel of two: the three cards turned up ask three more.
FACE_UP = ["red", "blue", "green", "white", "black"]
TUNNEL_DECK = ["yellow", "locomotive", "yellow"]


def crowded(case):
    """Ann to move at Europe holding NINE_KINDS, in the case's position."""
    setup = {"face_up": FACE_UP, "train_deck": TUNNEL_DECK} if case == "tunnel" else {}
    game, seats = turn_position("europe", hand=NINE_KINDS, **setup)
    if case == "tunnel":
        game_play(
            game_id=game.pk,
            user=seats["ann"].user,
            action={"type": "claim_route", "route": "munchen-zurich", "cards": {"yellow": 2}},
            expected_version=game.version,
        )
    if case in ("first game", "tunnel"):  # a newcomer's: the hints show
        Game.objects.filter(pk=game.pk).update(first_game=True)
    return game


@pytest.mark.parametrize("case", ["nine kinds", "first game", "tunnel", "gray route"])
def test_the_hand_and_the_tickets_are_in_view_however_crowded_the_turn(chromium, live_server, case):
    game = crowded(case)
    page = log_in(chromium, live_server, "ann", context=DESKTOP)
    # Marseille – Paris, gray and four long: 26 ways to pay with this hand.
    route = "route/marseille-paris/" if case == "gray route" else ""
    page.goto(f"{live_server.url}/games/{game.pk}/{route}")
    page.locator(".zoom-bar").wait_for()
    if case == "gray route":
        expect(page.locator(".claim-form .payment")).to_have_count(26)
        assert uncovered(page, "#action-panel .claim-form button[type=submit]").get("inside")
    if case == "tunnel":
        assert page.locator("#action-panel .pay-form").is_visible()
    else:
        assert page.locator("#board a.pick").count() >= 12
        if case == "first game":
            assert page.locator("#hints").is_visible()
    hand = page.locator(".hand-cards svg").get_attribute("aria-label")
    assert len(hand.split(", ")) == len(NINE_KINDS), hand  # a card of each kind
    screenshot(page, f"table-crowded-{case.replace(' ', '-')}-desktop")
    for part in (".panel.hand", ".panel.tickets"):
        seen = uncovered(page, part)
        assert seen.get("inside") and seen["scrolled"] == 0, (case, part, seen)
        assert seen["covered"] is None, (case, part, seen)
    if case == "tunnel":  # the answer beside "Pay and claim" declines: the cards come back
        page.locator("#action-panel button", has_text="Decline: take my cards back").click()
        expect(page.locator(".turn")).to_contain_text("It is bob's turn", use_inner_text=True)
        expect(page.locator("#hand-title")).to_contain_text("(29)")
