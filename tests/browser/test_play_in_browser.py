"""Two players in two real browsers play the opening and a few turns by clicking; each sees the
other's move appear without reloading the page."""

import re

from browser_steps import BROWSER_TEST, ann_and_bob_at_a_game, log_in, set_state

from games import engine

# The pages poll every 3 s; allow a few polls on a busy machine.
SEE_WITHIN_MS = 15_000

pytestmark = BROWSER_TEST


def started_position(map_id="usa"):
    """A two-player game in its opening, with hands that let the first player claim a route."""
    game, seats = ann_and_bob_at_a_game(map_id)
    first, second = (seat.player_id for seat in seats)
    state, _ = engine.load_scenario(
        {
            "map": map_id,
            "players": [first, second],
            "seed": 5,
            "setup": {
                "phase": "initial_tickets",
                "face_up": ["red", "blue", "green", "white", "black"],
                "hands": {first: {"red": 2, "blue": 1, "green": 1}, second: {"yellow": 2}},
                "offered": {
                    first: ["boston-miami", "calgary-phoenix", "chicago-new_orleans"],
                    second: ["denver-el_paso", "duluth-houston", "helena-los_angeles"],
                },
            },
        }
    )
    set_state(game, state)
    return game, seats[0].user, seats[1].user


def open_game(page, live_server, game):
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # A marker that a reload would wipe: the moves below must appear without one.
    page.evaluate("window.__sameDocument = true")


def keep_all_offered_tickets(page):
    for box in page.locator(".keep-form input[name=tickets]").all():
        box.check()
    page.click(".keep-form button[type=submit]")


def test_two_players_play_the_opening_and_turns_and_see_each_others_moves_live(
    chromium,
    live_server,
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
    expect(second.locator(".turn")).to_contain_text(
        f"It is {one.username}'s turn", use_inner_text=True
    )
    # The first player's page learns by itself that the opening is over.
    expect(first.locator(".turn")).to_contain_text(
        "Your turn.", use_inner_text=True, timeout=SEE_WITHIN_MS
    )
    expect(first.locator("#tickets-title")).to_contain_text("(3)")

    # The first player clicks a route on the board, sees the ways to pay, and confirms one.
    first.locator("#board a[data-route='atlanta-nashville']").click()
    panel = first.locator("#action-panel")
    expect(panel).to_contain_text("Claim Atlanta – Nashville")
    expect(panel.locator("input[name=cards]")).to_have_count(3)  # red, blue or green
    panel.locator("input[name=cards][value='blue:1']").check()
    panel.locator("button", has_text="Claim the route").click()
    expect(first.locator(".turn")).to_contain_text(
        f"It is {two.username}'s turn", use_inner_text=True
    )

    # The second player sees the claim on his board and his turn, without reloading.
    expect(second.locator(".turn")).to_contain_text(
        "Your turn.", use_inner_text=True, timeout=SEE_WITHIN_MS
    )
    expect(second.locator("#route-atlanta-nashville")).to_have_class(re.compile(r"\bown\b"))
    expect(second.locator(".log")).to_contain_text(f"{one.username} claimed Atlanta–Nashville")

    # The second player draws two cards: a face-up red one, then blind from the deck.
    second.locator(".face-up button[value='red']").click()
    expect(second.locator("#action-panel")).to_contain_text("Draw your second card")
    second.locator(".deck button").click()
    expect(second.locator(".turn")).to_contain_text(
        f"It is {one.username}'s turn", use_inner_text=True
    )
    expect(second.locator("#hand-title")).to_contain_text("(4)")

    # The first player sees those draws in her log and takes her turn: two blind draws.
    expect(first.locator(".log")).to_contain_text(
        f"{two.username} took a face-up red card and drew a card from the deck",
        timeout=SEE_WITHIN_MS,
    )
    expect(first.locator(".turn")).to_contain_text("Your turn.", use_inner_text=True)
    assert first.locator("#board a.pick").count() > 0  # routes she could claim instead
    first.locator(".deck button").click()
    expect(first.locator("#action-panel")).to_contain_text("Draw your second card")
    # The draw's answer keeps the board as it is and closes the routes claimable a moment ago;
    # it keeps her tickets too, and the tab still says it is her move.
    expect(first.locator("#board a.pick")).to_have_count(0)
    expect(first.locator("#route-atlanta-nashville")).to_have_class(re.compile(r"\bown\b"))
    expect(first.locator(".ticket-list .ticket")).to_have_count(3)
    expect(first).to_have_title(re.compile(r"^\(Your turn\) "))
    first.locator(".deck button").click()
    expect(second.locator(".log")).to_contain_text(
        f"{one.username} drew 2 cards from the deck", timeout=SEE_WITHIN_MS
    )
    expect(first).not_to_have_title(re.compile("Your turn"))
    expect(first.locator(".ticket-list .ticket")).to_have_count(3)
    expect(second.locator(".turn")).to_contain_text("Your turn.", use_inner_text=True)

    assert first.evaluate("window.__sameDocument") is True
    assert second.evaluate("window.__sameDocument") is True
    game.refresh_from_db()
    assert game.moves.count() == 7  # two keeps, a claim, four draws
