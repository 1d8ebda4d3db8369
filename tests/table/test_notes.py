"""Private notes: saved as the player types (htmx) or by the button, shown when they open the
game, never to anyone else and never in a mail."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone
from game_steps import make_users, play_a_turn
from table_steps import game_in_play, game_page, page_of

pytestmark = pytest.mark.django_db


@pytest.mark.slow  # many page loads: CI runs it, `make test-fast` does not
def test_a_note_is_saved_as_typed_and_shown_only_to_its_writer(
    settings, django_capture_on_commit_callbacks, time_machine
):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    ann, bob, eve = make_users("ann", "bob", "eve")
    game = game_in_play([ann, bob])
    html = game_page(game, ann)
    assert 'hx-trigger="input changed delay:800ms from:#note-text, submit"' in html
    note = "Bob hoards blue <b>cards</b>: take Denver–Omaha first"
    saved = page_of(ann).post(
        f"/games/{game.pk}/note/", {"text": note}, headers={"HX-Request": "true"}
    )
    assert saved.status_code == 200 and saved.content.decode().startswith("Saved at ")
    mine = game_page(game, ann)
    assert "Bob hoards blue &lt;b&gt;cards&lt;/b&gt;: take Denver–Omaha first" in mine
    assert "hoards" not in game_page(game, bob)
    assert "hoards" not in page_of(eve).get(f"/games/{game.pk}/").content.decode()
    assert page_of(eve).post(f"/games/{game.pk}/note/", {"text": "x"}).status_code == 404
    # Plain form, no JavaScript: saved, back to the game.
    assert page_of(bob).post(f"/games/{game.pk}/note/", {"text": "my own"}).status_code == 302
    assert "my own" in game_page(game, bob) and "my own" not in game_page(game, ann)

    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(3):
            play_a_turn(game)
    from games.heartbeat import tasks
    from games.mail import tasks as mail_tasks
    from games.models import Notification

    time_machine.move_to(timezone.now() + timedelta(hours=25))  # mails due, reminders too
    with django_capture_on_commit_callbacks(execute=True):
        tasks.send_due_reminders.delay()
    for row in Notification.objects.filter(sent_at__isnull=True, skipped=False):
        mail_tasks.send_notification.apply((row.pk,), kwargs={})
    bodies = " ".join(m.body + str(m.alternatives) for m in mail.outbox)
    assert len(mail.outbox) >= 2
    assert "hoards" not in bodies and "my own" not in bodies
