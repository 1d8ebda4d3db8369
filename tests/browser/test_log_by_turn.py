"""The log in a browser, numbered by the engine's turns: the opening is one entry with each
player's choice, drawing tickets and keeping them one, and more time given is told in the
turn it was given in. Screenshots of the game page's log and the full log, both sizes."""

from browser_steps import BROWSER_TEST, ann_and_bob_at_a_game, log_in
from playwright.sync_api import expect
from table_views import PHONE, screenshot

from games import engine
from games.services.extra_time import game_give_time
from games.services.play import game_play

pytestmark = BROWSER_TEST


def _move(game, seat, action):
    game.refresh_from_db()
    game_play(game_id=game.pk, user=seat.user, action=action, expected_version=game.version)


def _options(game, seat, kind):
    game.refresh_from_db()
    return engine.legal_options(engine.State.from_dict(game.state), seat.player_id, kind)


def a_few_turns():
    """Ann and Bob keep their opening tickets, the first to move draws tickets and keeps
    them, the other gives the next player a day and that player draws two cards."""
    game, seats = ann_and_bob_at_a_game("usa")
    game.turn_seconds = 86400
    game.save(update_fields=["turn_seconds"])
    for seat in seats:
        _move(game, seat, _options(game, seat, "keep_tickets")[0].to_dict())
    game.refresh_from_db()
    by_player = {seat.player_id: seat for seat in seats}
    first = by_player[engine.State.from_dict(game.state).current_player]
    second = next(seat for seat in seats if seat != first)
    _move(game, first, {"type": "draw_tickets"})
    _move(game, first, _options(game, first, "keep_tickets")[-1].to_dict())
    game.refresh_from_db()
    game_give_time(game_id=game.pk, user=first.user, expected_version=game.version)
    for _ in range(2):
        _move(game, second, {"type": "draw_card", "from": "deck"})
    return game, first.user.username, second.user.username


def test_the_log_tells_a_turn_in_one_numbered_line(chromium, live_server):
    game, first, second = a_few_turns()
    for size, context in (
        ("desktop", {"viewport": {"width": 1280, "height": 800}}),
        ("phone", PHONE),
    ):
        page = log_in(chromium, live_server, "ann", context)
        page.goto(f"{live_server.url}/games/{game.pk}/log/")
        lines = page.locator(".log-lines li")
        expect(lines).to_have_count(3)
        expect(lines.nth(2).locator(".move-no")).to_have_text("1.")
        expect(lines.nth(0).locator(".move-no")).to_have_text("3.")
        expect(lines.nth(2)).to_contain_text("ann kept")
        expect(lines.nth(2)).to_contain_text("bob kept")
        expect(lines.nth(1)).to_contain_text(f"{first} drew 3 destination tickets")
        expect(lines.nth(1)).to_contain_text(f"{first} kept")
        expect(lines.nth(1).locator(".move-no")).to_have_text("2.")
        expect(lines.nth(0)).to_contain_text(f"{first} gave {second} one more day")
        expect(lines.nth(0)).to_contain_text(f"{second} drew 2 cards from the deck")
        screenshot(page, f"log-by-turn-full-{size}")
        page.goto(f"{live_server.url}/games/{game.pk}/")
        expect(page.locator(".log")).to_contain_text(f"{first} gave {second} one more day")
        page.locator(".log").scroll_into_view_if_needed()
        screenshot(page, f"log-by-turn-page-{size}")
        page.context.close()
