"""Standing orders in a browser, at both sizes: the waiting player opens the panel under the
hand, writes two instructions, reviews the summary, confirms, sees them stand and cancels
them with one click; the other player's page never shows them. Screenshots of each step."""

import pytest
from browser_steps import BROWSER_TEST, ann_and_bob_at_a_game, log_in
from game_steps import draw_two_blind
from playwright.sync_api import expect
from table_views import SIZES, screenshot

from games import engine
from games.models import StandingOrders
from games.services.orders import seat_orders_play, seat_orders_set
from games.services.play import game_play

pytestmark = BROWSER_TEST


def in_play():
    game, seats = ann_and_bob_at_a_game("usa")
    for seat in seats:
        game.refresh_from_db()
        keep = engine.legal_options(
            engine.State.from_dict(game.state), seat.player_id, "keep_tickets"
        )
        game_play(
            game_id=game.pk, user=seat.user, action=keep[0].to_dict(), expected_version=game.version
        )
    game.refresh_from_db()
    current = engine.State.from_dict(game.state).current_player
    waiter = next(seat for seat in seats if seat.player_id != current)
    mover = next(seat for seat in seats if seat.player_id == current)
    return game, waiter.user.username, mover.user.username


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_orders_are_written_reviewed_confirmed_and_cancelled(chromium, live_server, size):
    game, waiter, mover = in_play()
    page = log_in(chromium, live_server, waiter, SIZES[size])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    panel = page.locator("#orders-panel")
    summary = panel.locator("summary", has_text="Plan your next turn")
    expect(summary).to_be_visible()
    summary.click()
    first = panel.locator(".order-row").nth(0)
    first.locator("select[name=kind-0]").select_option("claim_route")
    expect(first.locator("select[name=route-0]")).to_be_visible()
    expect(first.locator("select[name=color-0]")).to_be_hidden()  # only the kind's fields
    first.locator("select[name=route-0]").select_option("denver-omaha")
    first.locator("select[name=pay-0]").select_option("keep_locomotives")
    panel.locator("select[name=kind-1]").select_option("draw_deck")
    screenshot(page, f"orders-form-{size}")
    panel.get_by_role("button", name="Review").click()
    confirm = page.locator("#orders-panel").get_by_role("button", name="Confirm the orders")
    expect(confirm).to_be_visible()
    expect(page.locator("#orders-panel")).to_contain_text(
        "Claim Denver–Omaha, keeping my locomotives"
    )
    screenshot(page, f"orders-review-{size}")
    assert not StandingOrders.objects.exists()
    confirm.click()
    cancel = page.locator("#orders-panel").get_by_role("button", name="Cancel the orders")
    expect(cancel).to_be_visible()
    page.locator("#orders-panel").scroll_into_view_if_needed()
    screenshot(page, f"orders-standing-{size}")
    other = log_in(chromium, live_server, mover, SIZES[size])
    other.goto(f"{live_server.url}/games/{game.pk}/")
    expect(other.locator("#orders-panel")).to_contain_text("It is your turn")
    expect(other.locator("body")).not_to_contain_text("Denver–Omaha, keeping")
    other.context.close()
    cancel.click()
    expect(page.locator("#orders-panel summary")).to_have_text("Plan your next turn")
    assert not StandingOrders.objects.exists()
    # orders left again, played when the turn comes: their owner reads what and why
    waiter_seat = game.seats.get(user__username=waiter)
    mover_seat = game.seats.select_related("user").get(user__username=mover)
    taken = {"kind": "draw_face_up", "color": "locomotive"}
    seat_orders_set(game_id=game.pk, user=waiter_seat.user, orders=[taken, {"kind": "draw_deck"}])
    draw_two_blind(game, mover_seat.user)
    game.refresh_from_db()
    seat_orders_play(game_id=game.pk, seat_id=waiter_seat.pk, version=game.version)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#orders-panel")).to_contain_text("Your order was played:")
    page.locator("#orders-panel").scroll_into_view_if_needed()
    screenshot(page, f"orders-played-{size}")
    page.context.close()
