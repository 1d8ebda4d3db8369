"""Every mail the site sends is in its recipient's language (their setting, else the
language they last used the site in, else English), whoever's move or request caused it."""

import pytest
from django.core import mail
from django.utils import translation
from game_steps import make_user, started_game
from i18n.english import english_left

from accounts.models import profile_for
from games.mail import keys
from games.mail.send import build
from games.models import Notification

pytestmark = pytest.mark.django_db

LANGUAGES = ["nl", "sv", "fr"]
NAMES = ["Ann", "Bob", "Cy"]


def set_language(user, language: str, *, last: str = "") -> None:
    profile = profile_for(user)
    profile.language, profile.last_language = language, last
    profile.save()


def row(user, game, kind: str, key: str) -> Notification:
    return Notification.objects.get_or_create(
        key=key, defaults={"user": user, "game": game, "kind": kind}
    )[0]


def turn_row(kind, game, user):
    key = keys.turn_key(kind, game_id=game.pk, started_at=game.turn_started_at, user_id=user.pk)
    return row(user, game, kind, key)


@pytest.fixture
def players():
    return [make_user(name) for name in NAMES]


def test_a_mail_is_in_its_readers_language_not_in_the_language_of_whoever_caused_it(players):
    ann, bob, _ = players
    set_language(bob, "sv")
    game = started_game(players, seed=3)
    notification = turn_row("your_turn", game, bob)
    with translation.override("fr"):  # the request of the player whose move caused the mail
        composed = build(notification)
    assert '<html lang="sv">' in composed.html
    assert "Öppna partiet" in composed.html


def test_a_player_who_follows_the_browser_gets_mail_in_the_language_they_last_used(client):
    ann = make_user("Ann")
    client.post("/accounts/login/", {"login": "Ann", "password": "pw"}, HTTP_ACCEPT_LANGUAGE="nl")
    assert profile_for(ann).language == ""
    bob, cy = make_user("Bob"), make_user("Cy")
    game = started_game([bob, ann, cy], seed=3)
    composed = build(turn_row("your_turn", game, ann))
    assert '<html lang="nl">' in composed.html and "Open het spel" in composed.html


def test_a_player_never_seen_gets_mail_in_english(players):
    game = started_game(players, seed=3)
    composed = build(turn_row("your_turn", game, players[2]))
    assert '<html lang="en-gb">' in composed.html and "Open the game" in composed.html


# --- allauth's mails --------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_account_mails_are_in_the_language_of_the_page_they_were_asked_on(client, language):
    bodies = {}
    for lang in ("en-gb", language):
        mail.outbox.clear()
        client.post(
            "/accounts/signup/",
            {
                "username": f"Dee{lang[:2]}",
                "email": f"dee-{lang}@example.org",
                "password1": "narrow-gauge-Pullman-42",
                "password2": "narrow-gauge-Pullman-42",
            },
            HTTP_ACCEPT_LANGUAGE=lang,
        )
        client.logout()
        client.post(
            "/accounts/password/reset/",
            {"email": f"dee-{lang}@example.org"},
            HTTP_ACCEPT_LANGUAGE=lang,
        )
        client.post(
            "/accounts/password/reset/", {"email": "nobody@example.org"}, HTTP_ACCEPT_LANGUAGE=lang
        )
        bodies[lang] = [(m.subject, m.body) for m in mail.outbox]
    assert len(bodies[language]) == 3  # confirm the address, reset, no such account
    for (en_subject, en_body), (subject, body) in zip(
        bodies["en-gb"], bodies[language], strict=True
    ):
        names = ["Deeen", f"Dee{language}", "example.com"]
        assert english_left(subject, language, english=en_subject, allow=names) == []
        assert english_left(body, language, english=en_body, allow=names) == []


def test_an_account_mail_follows_the_players_setting_over_the_page(client):
    dee = make_user("dee")
    set_language(dee, "sv")
    client.post("/accounts/password/reset/", {"email": dee.email}, HTTP_ACCEPT_LANGUAGE="fr")
    (message,) = mail.outbox
    assert message.subject.endswith("Återställ ditt lösenord")
