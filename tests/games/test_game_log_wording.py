"""The move log as a player reads it on the full log page: a turn's two card draws on one
line, a blind draw never naming its card, and a move's sentences joined so that each
reads on ("...; the game is over: ..."), never "; The"."""

import random
import re

import pytest
from django.urls import reverse
from game_steps import make_users, play_to_the_end, started_game, state_of, who_must_act
from rest_framework.test import APIClient

from games import engine
from games.services.play import game_play

pytestmark = pytest.mark.django_db


def act(game, seat, action: dict):
    game.refresh_from_db()
    return game_play(game_id=game.pk, user=seat.user, action=action, expected_version=game.version)


def in_play(*names):
    """Every player has kept their opening tickets; returns the game and the seat to move."""
    game = started_game(make_users(*names))
    for seat in who_must_act(game):
        keep = next(
            a
            for a in engine.legal_actions(state_of(game), seat.player_id)
            if a.to_dict()["type"] == "keep_tickets"
        )
        act(game, seat, keep.to_dict())
    (seat,) = who_must_act(game)
    return game, seat


def log_lines(client, game) -> list[str]:
    """The full log page's lines, newest first, as text ("12. ann drew 2 cards ..."): the turn's
    number and its sentences, without the time each line also shows."""
    html = client.get(reverse("game_log", args=[game.pk])).content.decode()
    html = re.sub(r'<time class="log-time"[^>]*>.*?</time>', "", html, flags=re.S)
    items = re.findall(r"<li>(.*?)</li>", html, flags=re.S)
    return [" ".join(re.sub(r"<[^>]+>", "", item).split()) for item in items]


def draw_sentence(line: str) -> str:
    """A line's first sentence: a draw may be followed by "; three face-up locomotives: ..."
    when the refilled row turns up a third locomotive."""
    return line.split("; ")[0].removesuffix(".")


def a_face_up_card(game) -> str:
    row = engine.player_view(state_of(game), None)["face_up"]
    return next(color for color in row if color != "locomotive")


def test_two_blind_draws_are_one_line_that_names_no_card(client):
    game, seat = in_play("ann", "bob")
    first = act(game, seat, {"type": "draw_card", "from": "deck"})
    second = act(game, seat, {"type": "draw_card", "from": "deck"})
    assert who_must_act(game)[0] != seat  # the turn is over

    lines = log_lines(client, game)
    # Numbered by turn: the newest line is the log's last turn, its two draws one line.
    assert lines[0] == f"{len(lines)}. {seat.user.username} drew 2 cards from the deck."
    assert first.move.number == second.move.number - 1
    assert not any("drew a card" in line for line in lines)


def test_a_blind_and_a_face_up_draw_name_only_the_face_up_card(client):
    game, seat = in_play("ann", "bob")
    act(game, seat, {"type": "draw_card", "from": "deck"})
    color = a_face_up_card(game)
    act(game, seat, {"type": "draw_card", "from": "face_up", "color": color})

    assert draw_sentence(log_lines(client, game)[0]).endswith(
        f"{seat.user.username} drew a card from the deck and took a face-up {color} card"
    )


def test_a_first_draw_alone_is_its_own_line_until_the_second(client):
    game, seat = in_play("ann", "bob")
    color = a_face_up_card(game)
    act(game, seat, {"type": "draw_card", "from": "face_up", "color": color})

    assert draw_sentence(log_lines(client, game)[0]).endswith(
        f"{seat.user.username} took a face-up {color} card"
    )

    act(game, seat, {"type": "draw_card", "from": "deck"})
    assert draw_sentence(log_lines(client, game)[0]).endswith(
        f"{seat.user.username} took a face-up {color} card and drew a card from the deck"
    )


@pytest.mark.slow  # a whole game or more: CI runs it, `make test-fast` does not
def test_the_game_over_sentence_continues_the_last_moves_line(client):
    game = started_game(make_users("ann", "bob", "cy"))
    play_to_the_end(game, random.Random(5))

    lines = log_lines(client, game)
    assert re.search(
        r"; the game is over: \w+ (wins|share the win) with -?\d+ points?\.$", lines[0]
    ), lines[0]
    assert not [line for line in lines if re.search(r"; [A-Z]", line)]
    for line in lines:  # no turn tells the same draw twice
        assert line.count("drew a card from the deck") <= 1, line


def test_the_api_logs_each_turn_in_the_page_s_line(client):
    game, seat = in_play("ann", "bob")
    first = act(game, seat, {"type": "draw_card", "from": "deck"})
    second = act(game, seat, {"type": "draw_card", "from": "deck"})
    api = APIClient()
    api.force_authenticate(seat.user)

    entries = api.get(f"/api/v1/games/{game.pk}/moves/", {"page_size": 100}).json()["results"]

    page = [line.split(". ", 1)[1] for line in log_lines(client, game)]
    assert [entry["line"] for entry in reversed(entries)] == page
    assert entries[-1]["moves"] == [first.move.number, second.move.number]
    assert entries[-1]["player"] == seat.user.username
    assert [event["source"] for event in entries[-1]["events"] if "source" in event] == [
        "deck",
        "deck",
    ]
