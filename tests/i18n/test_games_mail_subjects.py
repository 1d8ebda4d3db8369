"""The subjects the games app writes for its mails, in the reader's language: each one a whole
sentence of the catalog with the game's number, board and deadline filled in."""

import pytest
from game_steps import make_user, started_game
from i18n.english import english_left

from accounts.models import profile_for
from games.mail import keys
from games.mail.send import build
from games.models import Notification
from games.words.names import ordinal

pytestmark = pytest.mark.django_db

# A started game opens with everyone choosing tickets: the turn mail says so.
OPENING = {
    "nl": "Spel #{n}, Europa, tegen Bob is begonnen — kies je bestemmingskaarten vóór ",
    "sv": "Spel #{n}, Europa, mot Bob har börjat — välj dina destinationsbiljetter senast ",
    "fr": "La partie n°{n}, Europe, contre Bob a commencé — choisissez vos cartes Destination "
    "avant ",
}


def reader(name: str, language: str):
    user = make_user(name)
    profile = profile_for(user)
    profile.language = language
    profile.save()
    return user


def your_turn_subject(game, user) -> str:
    key = keys.turn_key(
        "your_turn", game_id=game.pk, started_at=game.turn_started_at, user_id=user.pk
    )
    notification = Notification.objects.get_or_create(
        key=key, defaults={"user": user, "game": game, "kind": "your_turn"}
    )[0]
    return build(notification).subject


@pytest.mark.parametrize("language", ["nl", "sv", "fr"])
def test_the_turn_mail_s_subject_is_in_the_reader_s_language(language):
    players = [reader(name, language) for name in ("Ann", "Bob")]
    game = started_game(players, map_id="europe", seed=3)
    subject = your_turn_subject(game, players[0])
    assert subject.startswith(OPENING[language].format(n=game.pk)), subject
    assert english_left(subject, language, allow=["Ann", "Bob"]) == []


def test_a_place_is_written_as_each_language_writes_it():
    from django.utils import translation

    expected = {"en-gb": "2nd", "nl": "2e", "sv": "2:a", "fr": "2e"}
    for language, second in expected.items():
        with translation.override(language):
            assert ordinal(2) == second
    with translation.override("fr"):
        assert ordinal(1) == "1er"
    with translation.override("sv"):
        assert [ordinal(n) for n in (1, 3, 11, 21)] == ["1:a", "3:e", "11:e", "21:a"]
