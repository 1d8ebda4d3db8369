"""Table chat: players write, spectators of public games read, strangers to a private game
see nothing; text is escaped and links stay plain; new messages reach open pages through
the poll without making anyone's move stale; mute, report and hide; mails and digests."""

from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone
from game_steps import make_users, play_a_turn, seats_to_move
from table_steps import game_in_play, game_page, page_of

from games.heartbeat import sweeps
from games.mail import tasks as mail_tasks
from games.models import ChatMessage, Notification
from games.services.chat import chat_post

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def say(user, game, text, *, htmx=True):
    return page_of(user).post(
        f"/games/{game.pk}/chat/post/", {"text": text}, headers=HTMX if htmx else {}
    )


@pytest.mark.slow  # many page loads: CI runs it, `make test-fast` does not
def test_players_talk_at_the_table_and_spectators_read(client):
    ann, bob, eve = make_users("ann", "bob", "eve")
    game = game_in_play([ann, bob])
    answer = say(ann, game, "Nice <b>move</b>, see https://example.org/x")
    assert answer.status_code == 200
    fragment = answer.content.decode()
    assert "Nice &lt;b&gt;move&lt;/b&gt;, see https://example.org/x" in fragment
    assert 'href="https://example.org' not in fragment  # links are not made clickable
    assert say(bob, game, "thanks", htmx=False).status_code == 302

    for html in (game_page(game, bob), client.get(f"/games/{game.pk}/").content.decode()):
        assert "Nice &lt;b&gt;move&lt;/b&gt;" in html and "thanks" in html
    spectator = page_of(eve).get(f"/games/{game.pk}/").content.decode()
    assert "Only the players write here." in spectator and 'id="chat-form"' not in spectator
    assert say(eve, game, "let me in").status_code == 404
    assert say(ann, game, "x" * 501).status_code == 400
    assert say(ann, game, "   ").status_code == 400
    assert ChatMessage.objects.count() == 2


@pytest.mark.parametrize("text", ["   ", "\x85", "\ufeff\u3000"])
def test_a_message_with_nothing_to_read_is_refused_and_not_kept(text):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob])
    answer = say(ann, game, text)
    assert answer.status_code == 400 and "Write something first." in answer.content.decode()
    assert not ChatMessage.objects.exists()


def test_a_private_games_chat_is_not_found_for_a_stranger():
    ann, bob, eve = make_users("ann", "bob", "eve")
    game = game_in_play([ann, bob], is_private=True)
    say(ann, game, "between us")
    assert page_of(eve).get(f"/games/{game.pk}/chat/", headers=HTMX).status_code == 404
    assert Client().get(f"/games/{game.pk}/chat/", headers=HTMX).status_code == 404


def test_a_new_message_reaches_open_pages_without_making_a_move_stale():
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob])
    (mover,) = seats_to_move(game)
    poll = f"/games/{game.pk}/version/"
    seen = {"v": game.version, "c": game.chat_version}
    assert page_of(ann).get(poll, seen).status_code == 204
    say(bob, game, "hurry up")
    answer = page_of(ann).get(poll, seen)
    assert answer.status_code == 200 and answer["HX-Trigger"] == "chat-moved"
    fragment = page_of(ann).get(f"/games/{game.pk}/chat/", headers=HTMX).content.decode()
    assert "hurry up" in fragment and f"c={game.chat_version + 1}" in fragment  # the poller
    # The mover's page still holds the version it had: its move goes through.
    play_a_turn(game)
    assert game.version > seen["v"]


def test_a_player_who_mutes_the_chat_sees_none_and_hears_none_by_mail(settings, time_machine):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob])
    (mover,) = seats_to_move(game)
    other = next(u for u in (ann, bob) if u != mover.user)
    muting = page_of(other).post(f"/games/{game.pk}/chat/mute/", {"muted": "1"}, headers=HTMX)
    assert "You muted this game" in muting.content.decode()
    chat_post(game_id=game.pk, user=mover.user, text="can you see this?")
    assert "can you see this?" not in game_page(game, other)
    assert "can you see this?" in game_page(game, mover.user)
    play_a_turn(game)  # the other's turn: a your-turn mail, without the muted chat
    time_machine.move_to(timezone.now() + timedelta(minutes=5))
    for row in Notification.objects.filter(kind="your_turn", sent_at__isnull=True):
        mail_tasks.send_notification.apply((row.pk,))
    (message,) = [m for m in mail.outbox if m.to == [other.email]]
    assert "can you see this?" not in message.body


def test_the_your_turn_mail_and_the_digest_tell_what_the_others_wrote(
    settings, time_machine, django_capture_on_commit_callbacks
):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    time_machine.move_to("2030-03-04 09:00Z", tick=False)
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob])
    (mover,) = seats_to_move(game)
    other = next(u for u in (ann, bob) if u != mover.user)
    time_machine.move_to("2030-03-04 09:01Z", tick=False)  # after the other's last move
    chat_post(game_id=game.pk, user=mover.user, text="your move, friend")
    play_a_turn(game)
    time_machine.move_to(timezone.now() + timedelta(minutes=5), tick=False)
    for row in Notification.objects.filter(kind="your_turn", sent_at__isnull=True):
        mail_tasks.send_notification.apply((row.pk,))
    (message,) = [m for m in mail.outbox if m.to == [other.email]]
    assert f"{mover.user.username} wrote: your move, friend" in message.body
    assert f"{mover.user.username} wrote: your move, friend" in message.alternatives[0][0]

    mail.outbox.clear()
    profile = other.profile
    profile.daily_digest, profile.digest_hour = True, 10
    profile.save()
    time_machine.move_to("2030-03-04 10:00Z", tick=False)
    with django_capture_on_commit_callbacks(execute=True):
        sweeps.send_digests(timezone.now())
    (digest,) = [m for m in mail.outbox if m.to == [other.email]]
    assert f"{mover.user.username} wrote: your move, friend" in digest.body


def test_a_reported_message_is_listed_for_the_admin_who_can_hide_it(admin_client):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob])
    message = chat_post(game_id=game.pk, user=ann, text="something rude")
    answer = page_of(bob).post(f"/games/{game.pk}/chat/{message.pk}/report/", headers=HTMX)
    assert "Reported: a moderator will look at it." in answer.content.decode()
    own = page_of(ann).post(f"/games/{game.pk}/chat/{message.pk}/report/", headers=HTMX)
    assert own.status_code == 403

    reports = admin_client.get("/admin/games/chatreport/").content.decode()
    assert "something rude" in reports and "bob" in reports
    report_id = message.reports.get().pk
    done = admin_client.post(
        "/admin/games/chatreport/",
        {"action": "hide_reported", "_selected_action": [report_id]},
    )
    assert done.status_code == 302
    assert "something rude" not in game_page(game, bob)
    assert "something rude" not in game_page(game, ann)
