"""States the pages say in words: whether the account's address is confirmed, that the clock of
a player away stands still and until when, and who resigned from a game it ended, with the
final scores rather than a winner "with -18 points"."""

import re
from datetime import timedelta

from allauth.account.models import EmailAddress
from browser_steps import BROWSER_TEST, ann_and_bob_at_a_game, log_in, set_state
from django.utils import timezone
from game_steps import keep_opening_tickets, seats_to_move
from playwright.sync_api import expect
from table_views import SIZES, screenshot

from games import engine
from games.models import GameStatus, Vacation
from games.services.vacation import local_today, vacation_set

pytestmark = BROWSER_TEST


def bobs_turn(game, seats):
    """Bob to move (the seats come in their order, which the deal chose)."""
    bob = next(seat for seat in seats if seat.user.username == "bob")
    state, _ = engine.load_scenario(
        {
            "map": "usa",
            "players": [seat.player_id for seat in seats],
            "seed": 5,
            "setup": {"phase": "play", "current": bob.player_id},
        }
    )
    set_state(game, state, status=GameStatus.PLAYING)
    return bob.user


def test_the_settings_say_whether_the_address_is_confirmed(chromium, live_server):
    ann_and_bob_at_a_game()
    EmailAddress.objects.filter(user__username="bob").update(verified=False)
    for size, context in SIZES.items():
        page = log_in(chromium, live_server, "ann", context=context)
        page.goto(f"{live_server.url}/settings/")
        expect(page.locator(".email-state")).to_have_text("✓ confirmed")
        page.context.close()
        page = log_in(chromium, live_server, "bob", context=context)
        page.goto(f"{live_server.url}/settings/")
        state = page.locator(".email-state")
        expect(state).to_have_text("not confirmed yet")
        account = page.locator("section.card", has=page.get_by_role("heading", name="Account"))
        expect(account.get_by_role("button", name="Send the link again")).to_be_visible()
        state.scroll_into_view_if_needed()
        screenshot(page, f"settings-email-unconfirmed-{size}")
        page.context.close()


def test_the_turn_line_says_the_clock_of_a_player_away_is_stopped_and_until_when(
    chromium, live_server
):
    game, _ = ann_and_bob_at_a_game()
    keep_opening_tickets(game)
    (away,) = seats_to_move(game)
    names = {"me": away.user.username}
    names["other"] = next(n for n in ("ann", "bob") if n != names["me"])
    today = local_today(user=away.user, now=timezone.now())
    vacation_set(user=away.user, first_day=today, last_day=today + timedelta(days=6))
    back = Vacation.objects.get(user=away.user).ends_at
    game.refresh_from_db()
    assert game.deadline > back  # the vacation moved the deadline past it

    for size, context in SIZES.items():
        for viewer, words in (
            (names["other"], f"{names['me']} is away: their clock is stopped until"),
            (names["me"], "You are away: your clock is stopped until"),
        ):
            page = log_in(chromium, live_server, viewer, context=context)
            page.goto(f"{live_server.url}/games/{game.pk}/")
            line = page.locator(".turn .clock-stopped")
            expect(line).to_be_visible()
            # Both ways of saying it are in the line every viewer shares: the page shows one.
            expect(line).to_contain_text(words, use_inner_text=True)
            said = line.inner_text()
            assert ("You are away" in said) != ("is away: their" in said), said
            # The day and time the clock runs again, named and machine-readable.
            moment = line.locator("time:visible")  # the line as this viewer reads it
            assert moment.get_attribute("datetime") == back.isoformat()
            expect(moment).to_have_text(re.compile(rf"^\w{{3}} {back.day} \w{{3}}, 00:00 UTC$"))
            if viewer == names["other"]:
                screenshot(page, f"clock-stopped-{size}")
            page.context.close()


def test_a_game_ended_by_a_resignation_says_who_resigned_and_the_final_scores(
    chromium, live_server
):
    game, seats = ann_and_bob_at_a_game()
    bobs_turn(game, seats)
    bob = log_in(chromium, live_server, "bob", context=SIZES["desktop"])
    bob.goto(f"{live_server.url}/games/{game.pk}/")
    bob.get_by_text("Resign…").click()
    bob.get_by_role("button", name="Yes, resign").click()
    game.refresh_from_db()
    assert game.is_over
    totals = {seat.user.username: seat.final_score for seat in game.seats.select_related("user")}

    for size, context in SIZES.items():
        ann = log_in(chromium, live_server, "ann", context=context)
        ann.goto(f"{live_server.url}/games/{game.pk}/")
        log = ann.locator(".log")
        expect(log).to_contain_text(
            "bob resigned; the game is over: ann wins as the last player left "
            f"(final scores: ann {totals['ann']}, bob {totals['bob']})"
        )
        expect(log).not_to_contain_text("wins with")
        expect(ann.locator("#final .score-sheet")).to_contain_text("bob resigned")
        log.scroll_into_view_if_needed()
        screenshot(ann, f"resigned-log-{size}")
        ann.context.close()
