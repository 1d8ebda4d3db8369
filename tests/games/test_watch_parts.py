"""The table's public parts sent down a watching page's stream (games.web.views.watch_parts):
drawn from what a spectator sees, so nothing hidden changes them."""

import pytest
from django.core.cache import cache
from game_steps import make_users, started_game, who_must_act

from games import engine
from games.models import Game
from games.services.orders import seat_orders_set
from games.services.play import game_play
from games.web.views.watch_parts import parts_asked, watch_parts

pytestmark = pytest.mark.django_db


def play_moves(game, count):
    for _ in range(count):
        seat = who_must_act(game)[0]
        state = engine.State.from_dict(game.state)
        action = engine.legal_actions(state, seat.player_id)[0]
        game_play(
            game_id=game.pk, user=seat.user, action=action.to_dict(), expected_version=game.version
        )
        game.refresh_from_db()


def hide_otherwise(state: dict) -> dict:
    """The same game for every spectator, other hidden cards: the deck reversed, a card of
    the first player's hand swapped with one of the deck, a ticket of theirs with one of the
    ticket deck's, another seed."""
    state = {**state, "deck": list(reversed(state["deck"])), "seed": state["seed"] + 1}
    first = state["players_order"][0]
    player = {**state["players"][first]}
    hand = dict(player["hand"])
    held = next(colour for colour, count in hand.items() if count)
    index = next(i for i, colour in enumerate(state["deck"]) if colour != held)
    swapped = state["deck"][index]
    hand[held] -= 1
    hand[swapped] = hand.get(swapped, 0) + 1
    state["deck"] = [*state["deck"][:index], held, *state["deck"][index + 1 :]]
    tickets, ticket_deck = list(player["tickets"]), list(state["ticket_deck"])
    tickets[0], ticket_deck[0] = ticket_deck[0], tickets[0]
    player.update(hand=hand, tickets=tickets)
    state["players"] = {**state["players"], first: player}
    state["ticket_deck"] = ticket_deck
    return state


def test_the_parts_do_not_change_with_the_hidden_cards_tickets_or_seed():
    game = started_game(make_users("ann", "bob", "cyd"))
    play_moves(game, 12)
    before = watch_parts(game.pk, "en", "UTC")
    # What the last move changed, for a page that shows the version before it.
    changed_before = watch_parts(game.pk, "en", "UTC", since=game.version - 1)
    assert changed_before["since"] == game.version - 1
    engine.State.from_dict(hide_otherwise(game.state))  # still a stored state
    Game.objects.filter(pk=game.pk).update(state=hide_otherwise(game.state))
    cache.clear()  # drawn again, not read from the cache
    after = watch_parts(game.pk, "en", "UTC")
    assert after["html"] == before["html"]
    changed_after = watch_parts(game.pk, "en", "UTC", since=game.version - 1)
    assert changed_after["html"] == changed_before["html"]
    assert after["movers"] == before["movers"] == [s.user_id for s in who_must_act(game)]


def test_the_parts_are_drawn_in_the_pages_language_and_kept_for_their_version():
    game = started_game(make_users("ann", "bob"))
    play_moves(game, 4)
    dutch = watch_parts(game.pk, "nl", "Europe/Amsterdam")
    assert "Logboek" in dutch["html"] and "Game log" not in dutch["html"]
    assert "Spelers" in dutch["html"]
    assert watch_parts(game.pk, "nl", "Europe/Amsterdam") == dutch
    play_moves(game, 1)
    assert watch_parts(game.pk, "nl", "Europe/Amsterdam")["v"] == dutch["v"] + 1


def test_a_finished_or_unknown_game_has_no_parts_and_only_the_sites_languages_are_asked():
    assert watch_parts(10**9, "en", "UTC") is None
    assert parts_asked("sv", "Europe/Stockholm")
    assert not parts_asked("xx", "UTC")
    assert not parts_asked("en", "Mars/Olympus")
    assert not parts_asked(None, None)


def test_the_parts_do_not_change_with_standing_orders():
    """Orders are hidden until played: leaving them changes no part, nor the version."""
    game = started_game(make_users("ann", "bob", "cyd"))
    play_moves(game, 12)
    version = game.version
    before = watch_parts(game.pk, "en", "UTC")
    acting = {seat.pk for seat in who_must_act(game)}
    waiting = next(seat for seat in game.seats.select_related("user") if seat.pk not in acting)
    order = {"kind": "draw_face_up", "color": "orange", "then": "purple"}
    seat_orders_set(game_id=game.pk, user=waiting.user, orders=[order])
    game.refresh_from_db()
    assert game.version == version
    cache.clear()
    after = watch_parts(game.pk, "en", "UTC")
    assert after["html"] == before["html"]
    assert "face-up orange card" not in after["html"]


def test_only_the_players_a_move_names_are_told_to_fetch_their_own_parts():
    """In the opening each player chooses their tickets beside the others: one's choice
    leaves the others' offers as they were, so their pages take the parts and fetch
    nothing; the last choice begins the first turn, whose player is told to act."""
    game = started_game(make_users("ann", "bob", "cyd"))
    choosing = who_must_act(game)
    assert len(choosing) == 3
    play_moves(game, 1)
    still = [seat.user_id for seat in who_must_act(game)]
    assert len(still) == 2
    assert watch_parts(game.pk, "en", "UTC", since=game.version - 1)["movers"] == []
    # A page further behind cannot know what changed for it: it is told to fetch.
    assert sorted(watch_parts(game.pk, "en", "UTC")["movers"]) == sorted(still)
    play_moves(game, 2)
    first = who_must_act(game)
    assert len(first) == 1
    told = watch_parts(game.pk, "en", "UTC", since=game.version - 1)
    assert told["movers"] == [first[0].user_id]
    # Their first card, not a locomotive: their turn goes on, and the draw names them.
    state = engine.State.from_dict(game.state)
    draw = next(
        action
        for action in engine.legal_actions(state, first[0].player_id)
        if action.to_dict()["type"] == engine.ActionType.DRAW_CARD
        and action.to_dict().get("color") != "locomotive"
    )
    game_play(
        game_id=game.pk, user=first[0].user, action=draw.to_dict(), expected_version=game.version
    )
    game.refresh_from_db()
    assert who_must_act(game) == first
    told = watch_parts(game.pk, "en", "UTC", since=game.version - 1)
    assert told["movers"] == [first[0].user_id]
