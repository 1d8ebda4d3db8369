"""The table's standing orders panel: written in a panel of its own, set only once its summary
is confirmed, shown to its owner under the hand while it stands, cancelled with one click;
nobody else's page ever shows it; once played, its owner reads what was played and why the
earlier instructions were skipped."""

import json

import pytest
from django.test import Client
from game_steps import (
    draw_two_blind,
    keep_opening_tickets,
    make_users,
    seats_to_move,
    started_game,
)

from games.models import Move, StandingOrders
from games.services.orders import seat_orders_play

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def table():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], seed=7)
    keep_opening_tickets(game)
    (mover,) = seats_to_move(game)
    waiter = next(s for s in game.seats.select_related("user") if s.pk != mover.pk)
    clients = {}
    for seat in (mover, waiter):
        clients[seat.pk] = Client()
        clients[seat.pk].force_login(seat.user)
    return game, mover, waiter, clients


def test_orders_are_reviewed_then_confirmed_shown_and_cancelled_with_one_click(table):
    game, mover, waiter, clients = table
    page = clients[waiter.pk]
    base = f"/games/{game.pk}/orders/"
    html = page.get(f"/games/{game.pk}/").content.decode()
    # The page holds the panel; its form's rows come when it is opened.
    assert 'id="orders-panel"' in html and "Plan your next turn" in html
    assert f'hx-get="{base}rows/"' in html and "Claim a route" not in html
    rows = page.get(base + "rows/", headers=HTMX).content.decode()
    assert 'name="kind-0"' in rows and "Claim a route" in rows
    panel = page.get(base, headers=HTMX).content.decode()
    assert "Plan your next turn" in panel and "Claim a route" in panel
    data = {
        "kind-0": "claim_route",
        "route-0": "denver-omaha",
        "pay-0": "keep_locomotives",
        "extra-0": "",
        "kind-1": "draw_deck",
        "kind-2": "",
    }
    review = page.post(base + "review/", data, headers=HTMX).content.decode()
    assert "Claim Denver–Omaha, keeping my locomotives" in review
    assert "Draw two train cards from the deck" in review
    assert "Confirm the orders" in review
    assert not StandingOrders.objects.exists()  # nothing is set before it is confirmed
    orders = json.dumps(
        [
            {"kind": "claim_route", "route": "denver-omaha", "pay": "keep_locomotives"},
            {"kind": "draw_deck"},
        ]
    )
    standing = page.post(base + "set/", {"orders": orders}, headers=HTMX).content.decode()
    assert "Cancel the orders" in standing
    assert "Claim Denver–Omaha, keeping my locomotives" in standing
    # the other player's page and panel never show them
    other = clients[mover.pk]
    for url in (f"/games/{game.pk}/", base):
        for headers in ({}, HTMX):
            assert "Denver–Omaha, keeping" not in other.get(url, headers=headers).content.decode()
    # one click cancels them
    cancelled = page.post(base + "cancel/", {}, headers=HTMX).content.decode()
    assert "Plan your next turn" in cancelled
    assert not StandingOrders.objects.exists()


def test_bad_rows_are_refused_with_a_sentence_and_the_mover_cannot_set_orders(table):
    game, mover, waiter, clients = table
    base = f"/games/{game.pk}/orders/"
    empty = clients[waiter.pk].post(base + "review/", {"kind-0": ""}, headers=HTMX)
    assert empty.status_code == 200 and "Give one to five instructions." in empty.content.decode()
    bad = clients[waiter.pk].post(base + "set/", {"orders": "not json"}, headers=HTMX)
    assert bad.status_code == 200 and "Give one to five instructions." in bad.content.decode()
    mover_panel = clients[mover.pk].get(base, headers=HTMX).content.decode()
    assert "It is your turn: play it yourself." in mover_panel
    refused = clients[mover.pk].post(
        base + "set/", {"orders": '[{"kind": "draw_deck"}]'}, headers=HTMX
    )
    assert "It is your turn: play it yourself." in refused.content.decode()
    assert not StandingOrders.objects.exists()
    stranger = Client()
    stranger.force_login(make_users("eve")[0])
    assert stranger.get(base, headers=HTMX).status_code == 404


def test_the_owner_reads_what_was_played_and_why_earlier_ones_were_skipped(table):
    game, mover, waiter, clients = table
    base = f"/games/{game.pk}/orders/"
    orders = json.dumps(
        [
            {"kind": "claim_route", "route": "seattle-vancouver-1", "pay": "white"},
            {"kind": "draw_deck"},
        ]
    )
    clients[waiter.pk].post(base + "set/", {"orders": orders}, headers=HTMX)
    draw_two_blind(game, mover.user)
    game.refresh_from_db()
    assert seat_orders_play(game_id=game.pk, seat_id=waiter.pk, version=game.version) == "played"
    panel = clients[waiter.pk].get(base, headers=HTMX).content.decode()
    assert "Your order was played:" in panel and "Draw two train cards from the deck" in panel
    assert "Skipped: Claim Seattle–Vancouver with white cards (" in panel
    assert "Plan your next turn" in panel  # and the next orders can be written
    log = clients[mover.pk].get(f"/games/{game.pk}/log/").content.decode()
    assert "played by standing order" in log
    assert "Skipped" not in clients[mover.pk].get(base, headers=HTMX).content.decode()
    assert Move.objects.filter(game=game, by_order=True).count() == 2
