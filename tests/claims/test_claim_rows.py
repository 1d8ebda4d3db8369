"""Claim rows: written with every move, equal to the engine state's claims, rebuilt from the log."""

import random
from datetime import timedelta
from io import StringIO
from unittest import mock

import pytest
from django.core.management import CommandError, call_command
from game_steps import make_users, play_one, started_game, state_of, who_must_act

from games import engine
from games.models import Claim, Move
from games.services.play import game_play

pytestmark = pytest.mark.django_db


def rows_as_state_claims(game):
    """The Claim rows in the engine state's shapes: route -> player, city -> player."""
    routes, stations = {}, {}
    for claim in Claim.objects.filter(game=game):
        if claim.is_station:
            stations[claim.city] = str(claim.seat_id)
        else:
            routes[claim.route_id] = str(claim.seat_id)
    return routes, stations


def forfeit_now(game, seat):
    from games.services.forfeit import game_forfeit

    game.refresh_from_db()
    return game_forfeit(
        game_id=game.pk, seat_id=seat.pk, reason="test", now=game.deadline + timedelta(seconds=1)
    )


@pytest.mark.slow  # a whole game or more: CI runs it, `make test-fast` does not
@pytest.mark.parametrize(
    ("map_id", "players", "seed", "forfeit_at"),
    [("europe", 3, 8, 120), ("usa", 2, 9, 100)],  # a forfeit in each; USA's ends the game
)
def test_claim_rows_equal_the_engine_state_after_every_move(map_id, players, seed, forfeit_at):
    users = make_users(*["ann", "bob", "cy"][:players])
    game = started_game(users, map_id=map_id, seed=seed)
    rng = random.Random(seed)
    tunnels = stations = forfeits = 0
    with mock.patch("games.services.finish.record_game_ratings"):
        for number in range(1, 3000):
            game.refresh_from_db()
            if game.is_over:
                break
            if number == forfeit_at:
                assert forfeit_now(game, rng.choice(who_must_act(game))) is not None
                forfeits += 1
            else:
                play_one(game, rng)
            state = state_of(game)
            assert rows_as_state_claims(game) == (dict(state.claims), dict(state.stations))
    game.refresh_from_db()
    assert game.is_over
    claims = list(Claim.objects.filter(game=game).select_related("move"))
    assert claims, "a whole random game claims routes"
    for claim in claims:
        event = next(
            e
            for e in claim.move.events
            if e["type"] in ("route_claimed", "station_built")
            and (e.get("route") or e.get("city")) in (claim.route_id, claim.city)
        )
        assert claim.cards == event["cards"] and claim.created_at == claim.move.created_at
        assert claim.map_id == map_id
        tunnels += claim.tunnel_extra is not None
        stations += claim.is_station
    if map_id == "europe":
        assert tunnels and stations, "the Europe game had tunnels and stations to check"
    assert forfeits == (forfeit_at is not None)


@pytest.mark.slow  # plays until a tunnel is paid: CI runs it, `make test-fast` does not
def test_a_paid_tunnel_records_every_card_and_the_extra():
    users = make_users("ann", "bob")
    game = started_game(users, map_id="europe", seed=5)
    rng = random.Random(5)
    with mock.patch("games.services.finish.record_game_ratings"):
        while not Claim.objects.filter(game=game, tunnel_extra__gt=0).exists():
            game.refresh_from_db()
            assert not game.is_over, "no tunnel with an extra was paid in this game"
            seat = rng.choice(who_must_act(game))
            options = engine.legal_actions(state_of(game), seat.player_id)
            pay = [o for o in options if isinstance(o, engine.PayTunnel)]
            game_play(
                game_id=game.pk,
                user=seat.user,
                action=(pay or [rng.choice(options)])[0].to_dict(),
                expected_version=game.version,
            )
    claim = Claim.objects.get(game=game, tunnel_extra__gt=0)
    paid = next(e for e in claim.move.events if e["type"] == "tunnel_paid")
    laid = Move.objects.get(game=game, number=claim.move.number - 1).action["cards"]
    assert claim.tunnel_extra == paid["extra"]
    total = dict(laid)
    for colour, count in paid["cards"].items():
        total[colour] = total.get(colour, 0) + count
    assert claim.cards == total


def test_the_rebuild_command_reproduces_the_rows_and_check_reports_differences():
    users = make_users("ann", "bob")
    game = started_game(users, map_id="europe", seed=4)
    rng = random.Random(4)
    while Claim.objects.filter(game=game).count() < 6:
        play_one(game, rng)
    before = sorted(
        Claim.objects.filter(game=game).values_list(
            "move_id", "seat_id", "route_id", "city", "length", "cards", "tunnel_extra"
        ),
        key=repr,
    )
    out = StringIO()
    call_command("rebuild_claims", "--check", stdout=out)
    assert "match the move log exactly" in out.getvalue()

    lost = Claim.objects.filter(game=game).first()
    lost.delete()
    changed = Claim.objects.filter(game=game).last()
    changed.cards = {"red": 99}
    changed.save()
    out = StringIO()
    with pytest.raises(CommandError, match="1 games differ"):
        call_command("rebuild_claims", "--check", stdout=out)
    text = out.getvalue()
    assert f"game {game.pk}: missing" in text and "not in the move log" in text
    assert Claim.objects.filter(game=game).count() == len(before) - 1  # --check changed nothing

    call_command("rebuild_claims", stdout=StringIO())
    after = sorted(
        Claim.objects.filter(game=game).values_list(
            "move_id", "seat_id", "route_id", "city", "length", "cards", "tunnel_extra"
        ),
        key=repr,
    )
    assert after == before
    call_command("rebuild_claims", "--check", stdout=StringIO())
