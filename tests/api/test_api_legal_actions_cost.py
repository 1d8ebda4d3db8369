"""The legal-actions answer reads what the rules need and no more: the game's state and
version and the caller's seat, in one query of the game (no seats, users, karma or notes)."""

import pytest
from api_steps import game_url, started_game, token_client
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db


def game_reads(client, game_id) -> tuple[dict, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(game_url(game_id, "legal-actions/"))
    assert answer.status_code == 200, answer.content
    return answer.json(), [q["sql"] for q in queries if '"games_' in q["sql"]]


def test_one_read_of_the_game_for_a_player_and_a_spectator():
    ann, bob, eve = (token_client(name) for name in ("ann", "bob", "eve"))
    game = started_game([ann, bob])
    answers = {}
    for name, client in (("ann", ann), ("bob", bob), ("eve", eve)):
        answers[name], reads = game_reads(client, game["id"])
        assert len(reads) == 1, reads
        assert '"games_privatenote"' not in reads[0] and "karma" not in reads[0]
    # The opening: both players choose their tickets; a spectator may do nothing.
    assert answers["ann"]["kinds"] == answers["bob"]["kinds"] == ["keep_tickets"]
    assert answers["ann"]["actions"] and answers["bob"]["actions"]
    assert answers["eve"] == {"version": game["version"], "kinds": [], "actions": []}
