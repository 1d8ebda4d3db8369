"""Every game mail, of every kind, reads in its recipient's language: no English left in
its subject, its text or its HTML, marked or not."""

import random
import re
from datetime import date

import pytest
from game_steps import keep_opening_tickets, make_user, play_a_turn, play_to_the_end, started_game
from i18n.english import english_left
from test_i18n_mails import NAMES, row, set_language, turn_row

from games.mail import keys
from games.mail.send import build
from games.models import GameStatus
from games.services.invitations import game_create_inviting

# Every page or mail in three languages: CI runs it, `make test-fast` does not.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

LANGUAGES = ["nl", "sv", "fr"]


def mover(game):
    game.refresh_from_db()
    return next(seat.user for seat in game.seats.select_related("user") if seat.to_move)


@pytest.fixture
def players():
    return [make_user(name) for name in NAMES]


def opening_mails(players):
    game = started_game(players, seed=3)
    ann = players[0]
    return {
        "your turn, the opening": turn_row("your_turn", game, ann),
        "reminder, the opening": turn_row("reminder", game, ann),
        "last warning, the opening": turn_row("last_warning", game, ann),
        "digest": row(ann, None, "digest", keys.digest_key(user_id=ann.pk, day=date.today())),
    }


def mid_game_mails(players):
    game = started_game(players, seed=3)
    keep_opening_tickets(game)
    play_a_turn(game)
    user = mover(game)
    bob_seat = game.seats.get(user=players[1])
    return {
        "your turn": turn_row("your_turn", game, user),
        "reminder": turn_row("reminder", game, user),
        "last warning": turn_row("last_warning", game, user),
        "forfeit, someone else": row(
            players[0],
            game,
            "forfeit",
            keys.forfeit_key(game_id=game.pk, seat_id=bob_seat.pk, user_id=players[0].pk),
        ),
        "forfeit, you": row(
            players[1],
            game,
            "forfeit",
            keys.forfeit_key(game_id=game.pk, seat_id=bob_seat.pk, user_id=players[1].pk),
        ),
    }


def end_mails(players):
    game = started_game(players, seed=3)
    play_to_the_end(game, random.Random(3))
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    return {
        "result": row(
            players[0], game, "result", keys.result_key(game_id=game.pk, user_id=players[0].pk)
        )
    }


def invitation_mails(players):
    game = game_create_inviting(creator=players[0], invite=["Bob"], map_id="europe")
    key = keys.invitation_key(game_id=game.pk, user_id=players[1].pk)
    return {"invitation": row(players[1], game, "invitation", key)}


def composed_in(notification, language):
    set_language(notification.user, language)
    mail_ = build(notification)
    assert mail_ is not None
    return mail_


def english_in(notification, language) -> dict[str, list[str]]:
    english = composed_in(notification, "en-gb")
    other = composed_in(notification, language)
    assert re.search(rf'<html lang="{language}"', other.html)
    return {
        part: english_left(
            getattr(other, part), language, english=getattr(english, part), allow=NAMES
        )
        for part in ("subject", "text", "html")
    }


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("story", [opening_mails, mid_game_mails, end_mails, invitation_mails])
def test_every_game_mail_is_in_the_recipients_language(players, story, language):
    found = {
        name: english_in(notification, language) for name, notification in story(players).items()
    }
    assert found == {name: {"subject": [], "text": [], "html": []} for name in found}
