"""What a player reads: the your-turn mail's subject, body, link, time zone and headers."""

import email.policy
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from game_steps import started_game
from mail_steps import grace_passes, make_player, subjects_to

from games.heartbeat import tasks
from games.mail.compose import compose
from games.mail.keys import turn_key
from games.mail.send import SENT, deliver
from games.models import Game, GameStatus, Move, Notification, Seat

pytestmark = pytest.mark.django_db

DEADLINE = datetime(2024, 12, 3, 17, 0, tzinfo=UTC)  # Tue 3 Dec, 18:00 in Amsterdam


def europe_game_12(me, ann, bob):
    """Game #12 on the Europe board, as the rows the services leave: my turn, until DEADLINE."""
    game = Game.objects.create(
        pk=12,
        map_id="europe",
        status=GameStatus.PLAYING,
        creator=ann,
        turn_seconds=2 * 24 * 3600,
        turn_started_at=DEADLINE - timedelta(days=2),
        deadline=DEADLINE,
        version=7,
    )
    seats = {
        user: Seat.objects.create(
            game=game, user=user, order=order, color=color, to_move=user == me
        )
        for order, (user, color) in enumerate([(ann, "red"), (me, "blue"), (bob, "green")])
    }
    return game, seats


def your_turn_row(game, user):
    key = turn_key("your_turn", game_id=game.pk, started_at=game.turn_started_at, user_id=user.pk)
    return Notification.objects.create(user=user, game=game, kind="your_turn", key=key)


def test_the_subject_names_game_board_opponents_and_deadline_in_the_players_zone():
    me = make_player("Cleo", timezone="Europe/Amsterdam")
    ann, bob = make_player("Ann", timezone="America/New_York"), make_player("Bob")
    game, _ = europe_game_12(me, ann, bob)

    composed = compose(your_turn_row(game, me))

    assert composed.subject == (
        "It's your turn in game #12, Europe, against Ann and Bob — "
        "you have until Tue 3 Dec 18:00 (Europe/Amsterdam)"
    )
    assert "You have until Tue 3 Dec 18:00 (Europe/Amsterdam) to move." in composed.text


def test_the_same_deadline_reads_in_each_recipients_own_zone():
    me = make_player("Cleo", timezone="America/New_York")
    ann, bob = make_player("Ann"), make_player("Bob")
    game, _ = europe_game_12(me, ann, bob)

    composed = compose(your_turn_row(game, me))

    assert composed.subject.endswith("you have until Tue 3 Dec 12:00 (America/New_York)")


def test_the_mail_tells_what_happened_since_my_last_turn_in_sentences():
    me, ann, bob = make_player("Cleo"), make_player("Ann"), make_player("Bob")
    game, seats = europe_game_12(me, ann, bob)
    Move.objects.create(
        game=game,
        number=1,
        seat=seats[ann],
        action={"type": "draw_card"},
        events=[
            {"type": "card_drawn", "player": seats[ann].player_id, "source": "deck", "color": None}
        ],
    )
    Move.objects.create(
        game=game,
        number=2,
        seat=seats[me],
        action={"type": "pass"},
        events=[{"type": "passed", "player": seats[me].player_id}],
    )
    Move.objects.create(
        game=game,
        number=3,
        seat=seats[bob],
        action={"type": "claim_route"},
        events=[
            {
                "type": "route_claimed",
                "player": seats[bob].player_id,
                "route": "amsterdam-essen",
                "length": 3,
                "points": 4,
                "cards": {"red": 3},
            },
            {"type": "turn_passed", "player": seats[me].player_id},
        ],
    )

    composed = compose(your_turn_row(game, me))

    assert "Since your last turn:\n- Bob claimed Amsterdam–Essen (3) for 4 points\n" in (
        composed.text
    )
    assert "Ann drew a card" not in composed.text  # that was before my last move
    assert "<li>Bob claimed Amsterdam–Essen (3) for 4 points</li>" in composed.html


def test_the_mail_has_plain_text_and_html_a_game_link_and_one_click_unsubscribe_headers():
    me, ann, bob = make_player("Cleo"), make_player("Ann"), make_player("Bob")
    game, _ = europe_game_12(me, ann, bob)
    row = your_turn_row(game, me)

    assert deliver(row.pk, now=DEADLINE - timedelta(hours=3)) == SENT

    (message,) = mail.outbox
    assert message.to == ["Cleo@example.org"]
    link = "https://ttr.example/accounts/login/?next=%2Fgames%2F12%2F"
    assert f"Open the game: {link}" in message.body
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html"
    assert f'href="{link}"' in html
    unsubscribe = message.extra_headers["List-Unsubscribe"]
    assert unsubscribe.startswith("<https://ttr.example/unsubscribe/") and unsubscribe.endswith(">")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe[1:-1] in message.body and unsubscribe[1:-1] in html
    row.refresh_from_db()
    assert row.sent_at == DEADLINE - timedelta(hours=3) and row.attempts == 1


def test_the_sent_bytes_carry_list_unsubscribe_as_a_plain_url_for_one_click_clients():
    """Mail clients offer one-click unsubscribe only for a plain <https://...> header: not
    RFC 2047 encoded words, which Python's email policy makes of a line that is too long."""
    me, ann, bob = make_player("Cleo"), make_player("Ann"), make_player("Bob")
    game, _ = europe_game_12(me, ann, bob)
    assert deliver(your_turn_row(game, me).pk, now=DEADLINE - timedelta(hours=3)) == SENT
    (message,) = mail.outbox

    # What Django's SMTP backend hands to the server.
    sent = message.message(policy=email.policy.SMTP).as_bytes()

    headers = sent.split(b"\r\n\r\n", 1)[0].split(b"\r\n")
    (unsubscribe,) = [line for line in headers if line.startswith(b"List-Unsubscribe:")]
    assert re.fullmatch(
        rb"List-Unsubscribe: <https://ttr\.example/unsubscribe/[^\s<>]+/>", unsubscribe
    )
    assert b"List-Unsubscribe-Post: List-Unsubscribe=One-Click" in headers
    parsed = email.message_from_bytes(sent, policy=email.policy.default)
    assert parsed["List-Unsubscribe"] == unsubscribe.removeprefix(b"List-Unsubscribe: ").decode()


def test_the_game_link_opens_the_game_at_once_or_after_logging_in(client):
    me, ann, bob = make_player("cleo"), make_player("Ann"), make_player("Bob")
    game, _ = europe_game_12(me, ann, bob)
    link = compose(your_turn_row(game, me)).text.split("Open the game: ")[1].split()[0]
    path = link.removeprefix("https://ttr.example")

    signed_out = client.get(path)
    assert signed_out.status_code == 200 and 'name="password"' in signed_out.content.decode()
    logged_in = client.post(path, {"login": "cleo", "password": "pw"})
    assert logged_in.status_code == 302 and logged_in.headers["Location"] == "/games/12/"

    again = client.get(path)  # already signed in: straight on to the game
    assert again.status_code == 302 and again.headers["Location"] == "/games/12/"


def test_during_the_opening_reminders_ask_for_the_ticket_choice(time_machine, committed):
    time_machine.move_to("2030-05-01 08:00Z")
    ann, bob = make_player("ann"), make_player("bob")
    with committed():
        game = started_game([ann, bob], turn_seconds=24 * 3600)
    grace_passes(time_machine, committed)  # the opening mail
    for hours in (12, 23):
        time_machine.move_to(game.turn_started_at + timedelta(hours=hours))
        with committed():
            tasks.send_due_reminders.delay()

    assert subjects_to(ann)[1:] == [
        f"Reminder: choose your tickets in game #{game.pk}, USA — "
        "you have until Thu 2 May 08:00 (UTC)",
        f"Last warning: choose your tickets in game #{game.pk}, USA, by "
        "Thu 2 May 08:00 (UTC) or you are out of the game",
    ]
