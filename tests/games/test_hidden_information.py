"""No page, fragment or endpoint shows a player anything the rules keep from them:
other players' hands, tickets or ticket offers, their private notes, the deck order, or
the game's seed."""

import json
import random
import re

import pytest
from django.test import Client
from game_steps import make_users, play_one, started_game, state_of, who_must_act

from games import engine
from games.models import GameStatus, Move
from games.services.notes import note_save
from games.services.play import game_play
from games.svg import hand_svg

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def game_in_progress(map_id: str, seed: int):
    """A public 3-player game some moves into play, with the current player holding a
    fresh ticket offer (secret until they choose)."""
    users = make_users("ann", "bob", "cy")
    game = started_game(users, map_id=map_id)
    rng = random.Random(seed)
    while game.status == GameStatus.CHOOSING or Move.objects.filter(game=game).count() < 25:
        play_one(game, rng)
        game.refresh_from_db()
    seat = who_must_act(game)[0]
    state = state_of(game)
    kinds = {a.type for a in engine.legal_actions(state, seat.player_id)}
    if "draw_tickets" in kinds:
        game_play(
            game_id=game.pk,
            user=seat.user,
            action={"type": "draw_tickets"},
            expected_version=game.version,
        )
        game.refresh_from_db()
    return game, users


def urls_for(game) -> list[tuple[str, str, dict]]:
    """(method, url, data) for every page, fragment and endpoint of the game."""
    state = state_of(game)
    public = engine.player_view(state, None)
    base = f"/games/{game.pk}/"
    last = Move.objects.filter(game=game).count()
    routes = set()
    for seat in game.seats.all():
        routes |= {
            a.route for a in engine.legal_actions(state, seat.player_id) if a.type == "claim_route"
        }
    routes = sorted(routes)[:5] + ["denver-omaha", "no-such-route"]
    urls = [
        ("GET", base, {}),
        ("GET", base + "log/", {}),
        ("GET", base + "chat/", {}),
        ("GET", base + "export/", {}),
        ("GET", base + "station/", {}),
        ("GET", base + "version/", {"v": "0"}),
        ("GET", base + "version/", {"v": str(game.version)}),
    ]
    urls += [("GET", base + f"route/{route}/", {}) for route in routes]
    urls += [
        ("GET", base + "replay/", {"move": str(n)})
        for n in sorted({0, 1, 2, last // 2, last - 1, last})
    ]
    urls += [
        ("POST", base + "move/", {"type": "draw_card", "from": "deck", "version": "0"}),
        (
            "POST",
            base + "move/",
            {"type": "claim_route", "route": "x", "cards": "red:1", "version": str(game.version)},
        ),
        ("POST", base + "move/", {"type": "keep_tickets", "version": str(game.version)}),
        ("POST", base + "move/", {"type": "bogus", "version": str(game.version)}),
    ]
    assert public["phase"] == "play"
    return urls


def fetch_all(client, game):
    for method, url, data in urls_for(game):
        for htmx in (False, True):
            headers = {"HX-Request": "true"} if htmx else {}
            if method == "GET":
                response = client.get(url, data, headers=headers)
            else:
                response = client.post(url, data, headers=headers)
            assert response.status_code < 500, url
            yield url, response.content.decode()


def mentions(html: str, ticket_id: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(ticket_id)}(?![\w-])", html) is not None


def secrets_of(game):
    """What nobody may see, per player: their hand's picture, tickets and offer."""
    raw = game.state
    state = state_of(game)
    per_player = {}
    for seat in game.seats.all():
        pid = seat.player_id
        mine = engine.player_view(state, pid)["players"][pid]
        note = f"secret plan of {pid}: block Denver"
        note_save(game_id=game.pk, user=seat.user, text=note)
        per_player[pid] = {
            "note": note,
            "hand_svg": hand_svg(mine["hand"]),
            "tickets": set(mine["tickets"]) | set(mine.get("offered") or []),
        }
    deck = raw["deck"]
    deck_runs = {sep.join(deck[:10]) for sep in (",", ", ", " ", "|", ";")}
    deck_runs.add(json.dumps(deck[:10]))
    return per_player, deck_runs, str(game.seed)


def assert_nothing_hidden(html, url, *, viewer, per_player, deck_runs, seed):
    if viewer is None:
        assert "Your cards" not in html, f"{url}: a spectator is shown a hand"
    for pid, secret in per_player.items():
        if pid == viewer:
            continue
        own = per_player[viewer]["hand_svg"] if viewer else None
        if secret["hand_svg"] != own:
            assert secret["hand_svg"] not in html, f"{url}: another player's hand"
        assert secret["note"] not in html, f"{url}: another player's private note"
        leaked = {t for t in secret["tickets"] if mentions(html, t)}
        visible_to_viewer = per_player[viewer]["tickets"] if viewer else set()
        assert not (leaked - visible_to_viewer), f"{url}: another player's tickets {leaked}"
    for run in deck_runs:
        assert run not in html, f"{url}: the deck order"
    assert seed not in html, f"{url}: the seed"


@pytest.mark.parametrize(("map_id", "seed"), [("usa", 21), ("europe", 22)])
def test_no_response_shows_another_players_hand_tickets_the_deck_order_or_the_seed(
    map_id,
    seed,
):
    game, users = game_in_progress(map_id, seed)
    per_player, deck_runs, game_seed = secrets_of(game)
    assert any(len(s["tickets"]) >= 2 for s in per_player.values())
    stranger = make_users("eve")[0]
    viewers = [(user, game.seats.get(user=user).player_id) for user in users]
    viewers += [(stranger, None), (None, None)]
    for user, pid in viewers:
        client = Client()
        if user is not None:
            client.force_login(user)
        pages = 0
        for url, html in fetch_all(client, game):
            assert_nothing_hidden(
                html, url, viewer=pid, per_player=per_player, deck_runs=deck_runs, seed=game_seed
            )
            pages += 1
        assert pages > 20
    # The test can fail: each player's own page does show their own tickets.
    for user, pid in viewers[:3]:
        client = Client()
        client.force_login(user)
        html = client.get(f"/games/{game.pk}/").content.decode()
        tickets = engine.player_view(state_of(game), pid)["players"][pid]["tickets"]
        assert all(mentions(html, t) for t in tickets)
        assert per_player[pid]["hand_svg"] in html
        assert per_player[pid]["note"] in html  # a player's own note is on their page
