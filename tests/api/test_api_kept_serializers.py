"""The API's hot answers (the game after a move, its legal actions) are written by one kept
serializer instance per class (games.api.serializers.shown): the same JSON, to the byte, as
a serializer built for the answer, for a game in its opening, in play and over, and for a
player, a spectator and a stranger to the seats."""

import random

import pytest
from django.test import RequestFactory
from game_steps import make_users, play_one, play_to_the_end, started_game

from games.api.presenting import detail_of
from games.api.serializers.actions import LegalActionsSerializer
from games.api.serializers.games import GameDetail
from games.api.serializers.shown import shown
from games.api.views.play import legal_for
from games.selectors.access import game_rules_read, game_visible

pytestmark = pytest.mark.django_db


def _answers(game, user):
    request = RequestFactory().get("/")
    request.user = user
    detail = detail_of(request, game_visible(game_id=game.pk, user=user))
    read, player_id = game_rules_read(game_id=game.pk, user=user)
    types, actions = legal_for(read, player_id, None)
    legal = {"version": read.version, "kinds": types, "actions": actions}
    return (
        (shown(GameDetail, detail), GameDetail(detail).data),
        (shown(LegalActionsSerializer, legal), LegalActionsSerializer(legal).data),
    )


def test_the_kept_serializers_write_what_a_fresh_one_writes():
    ann, bob, cat = make_users("ann", "bob", "cat")
    game = started_game([ann, bob], map_id="europe", seed=3)
    rng = random.Random(4)
    seen_actions = 0
    for stage in ("opening", "play", "over"):
        if stage == "play":
            for _ in range(12):
                play_one(game, rng)
        if stage == "over":
            play_to_the_end(game, rng)
        for user in (ann, bob, cat):
            for kept, fresh in _answers(game, user):
                assert kept == dict(fresh), (stage, user.username)
                seen_actions += len(kept.get("actions", ()))
    game.refresh_from_db()
    assert game.is_over
    assert seen_actions > 0  # the legal actions compared were not all empty lists
