"""No response shows another player's hand, tickets or ticket offer, the deck order or the
seed: checked as each seat, as a spectator, anonymously, and as a stranger to a private game."""

import json
import random

import pytest
from api_steps import GAMES, game_url, one_random_move, play, started_game, token_client
from rest_framework.test import APIClient

from games.models import Game

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.usefixtures("generous_throttles"),
    pytest.mark.slow,  # 40 random moves a game: CI runs them, `make test-fast` does not
]

SECRET_KEYS = {"seed", "deck", "ticket_deck", "discard", "state", "shuffles"}
# The viewer's own: cards, tickets, offer, progress, tickets' paths and missing links, what
# they may do now.
PRIVATE_ENTRY_KEYS = {
    "hand",
    "tickets",
    "offered",
    "ticket_progress",
    "ticket_paths",
    "ticket_missing",
    "choices",
}


def everything_seen_by(client, game_id: int) -> list:
    """Every GET response about the game (and the caller's lists) this client can obtain."""
    responses = [client.get(game_url(game_id)), client.get(game_url(game_id, "legal-actions/"))]
    responses.append(client.get(GAMES, {"filter": "open"}))
    page = 1
    while True:
        moves = client.get(game_url(game_id, "moves/"), {"page": page, "page_size": 100})
        responses.append(moves)
        if not moves.json().get("next"):
            break
        page += 1
    responses += [client.get(game_url(game_id, tail)) for tail in ("statistics/", "claims/")]
    export = client.get(game_url(game_id, "export/"))  # players only while the game is played
    if export.status_code != 403:
        responses.append(export)
    if client.get("/api/v1/me/").status_code == 200:
        responses += [client.get(GAMES, {"filter": "mine"}), client.get("/api/v1/me/")]
    assert all(r.status_code == 200 for r in responses), [r.status_code for r in responses]
    return [r.json() for r in responses]


def keys_in(data) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for value in data.values() for k in keys_in(value)}
    if isinstance(data, list):
        return {k for value in data for k in keys_in(value)}
    return set()


def a_game_mid_play_with_an_open_ticket_offer(**settings):
    """Three token players, 40 random moves in, then the player to move draws tickets, so one
    player holds an offer (offered tickets) while everyone looks."""
    clients = {name: token_client(name) for name in ("ada", "bob", "cyd")}
    game = started_game(list(clients.values()), map="usa", max_players=3, **settings)
    rng = random.Random(7)
    for number in range(1000):
        mover = next(seat["username"] for seat in game["seats"] if seat["to_move"])
        legal = clients[mover].get(game_url(game["id"], "legal-actions/"), {"type": "draw_tickets"})
        if number >= 40 and legal.json()["actions"]:
            break
        game = one_random_move(clients, game, rng)
    response = play(clients[mover], game["id"], legal.json()["version"], legal.json()["actions"][0])
    assert response.status_code == 200, response.content
    return clients, response.json()


def secrets_of(game_id: int):
    state = Game.objects.get(pk=game_id).state
    return state, {
        player: set(entry["tickets"]) | set(entry["offered"] or ())
        for player, entry in state["players"].items()
    }


def test_each_seat_sees_its_own_tickets_and_offer_and_nothing_of_the_others():
    clients, game = a_game_mid_play_with_an_open_ticket_offer()
    notes = {name: f"{name}'s secret plan: the east coast" for name in clients}
    for name, client in clients.items():
        response = client.put(game_url(game["id"], "note/"), {"text": notes[name]}, format="json")
        assert response.status_code == 200, response.content
    state, tickets = secrets_of(game["id"])
    assert any(entry["offered"] for entry in state["players"].values())
    all_ticket_ids = set().union(*tickets.values()) | set(state["ticket_deck"])
    seats = {seat["username"]: seat["player"] for seat in game["seats"]}
    for name, client in clients.items():
        me = seats[name]
        seen = everything_seen_by(client, game["id"])
        text = json.dumps(seen)
        assert not [note for note in notes.values() if note in text], f"{name} sees a note"
        own = client.get(game_url(game["id"], "note/")).json()
        assert own == {"text": notes[name]}
        shown = {ticket for ticket in all_ticket_ids if f'"{ticket}"' in text}
        assert shown == tickets[me], f"{name} sees tickets {shown - tickets[me]} not theirs"
        assert str(state["seed"]) not in text
        assert not keys_in(seen) & SECRET_KEYS
        view = seen[0]["view"]
        assert view["players"][me]["hand"] == state["players"][me]["hand"]
        # What the seat may do now is told to that seat alone, as its legal actions say.
        assert (view["players"][me]["choices"] or {}).get("kinds", []) == seen[1]["kinds"]
        assert set(view["players"][me]["ticket_paths"]) == tickets[me]
        for other, entry in view["players"].items():
            if other != me:
                assert not set(entry) & PRIVATE_ENTRY_KEYS, f"{name} sees {other}'s {set(entry)}"
    # The creator's renewed invitation link comes with the game as the creator sees it.
    renewed = clients["ada"].post(game_url(game["id"], "invite-link/"))
    assert renewed.status_code == 200, renewed.content
    text = renewed.content.decode()
    assert {ticket for ticket in all_ticket_ids if f'"{ticket}"' in text} == tickets[seats["ada"]]
    assert str(state["seed"]) not in text and not keys_in(renewed.json()) & SECRET_KEYS


def test_spectators_and_anonymous_visitors_see_no_hand_and_no_ticket():
    _, game = a_game_mid_play_with_an_open_ticket_offer()
    state, tickets = secrets_of(game["id"])
    all_ticket_ids = set().union(*tickets.values()) | set(state["ticket_deck"])
    for client in (token_client("eve"), APIClient()):
        seen = everything_seen_by(client, game["id"])
        text = json.dumps(seen)
        assert not [ticket for ticket in all_ticket_ids if f'"{ticket}"' in text]
        assert not keys_in(seen) & (SECRET_KEYS | PRIVATE_ENTRY_KEYS)
        assert seen[0]["you"] is None and seen[0]["view"]["viewer"] is None
        assert seen[1] == {"version": game["version"], "kinds": [], "actions": []}
        assert client.get(game_url(game["id"], "note/")).status_code in (401, 404)


def test_the_move_log_never_names_a_blind_drawn_card():
    clients, game = a_game_mid_play_with_an_open_ticket_offer()
    entries = clients["ada"].get(game_url(game["id"], "moves/"), {"page_size": 100}).json()
    draws = [
        event
        for entry in entries["results"]
        for event in entry["events"]
        if event["type"] == "card_drawn"
    ]
    assert any(event["source"] == "deck" for event in draws)
    assert all(event["color"] is None for event in draws if event["source"] == "deck")


def test_a_private_game_is_not_found_for_a_stranger_on_every_endpoint():
    clients, game = a_game_mid_play_with_an_open_ticket_offer(is_private=True)
    said = clients["ada"].post(game_url(game["id"], "chat/"), {"text": "private words"})
    assert said.status_code == 201
    message = said.json()["messages"][-1]["id"]
    stranger = token_client("eve")
    for tail in ("", "legal-actions/", "moves/", "chat/", "note/"):
        response = stranger.get(game_url(game["id"], tail))
        assert response.status_code == 404
        assert response.json()["error"] == "not_found"
    assert APIClient().get(game_url(game["id"])).status_code == 404
    posted = play(stranger, game["id"], game["version"], {"type": "draw_tickets"})
    assert posted.status_code == 404
    for tail, body in (
        ("chat/", {"text": "hi"}),
        (f"chat/{message}/report/", {}),
        ("invite-link/", {}),
    ):
        assert stranger.post(game_url(game["id"], tail), body).status_code == 404
    assert "private words" not in stranger.get(GAMES, {"filter": "open"}).content.decode()
    assert game["id"] not in [
        g["id"] for g in stranger.get(GAMES, {"filter": "open"}).json()["results"]
    ]
