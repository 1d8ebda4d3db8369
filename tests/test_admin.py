"""The admin is where a failed mail is looked into: every page of it opens."""

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from games.models import Notification


@pytest.fixture
def staff_client(client):
    boss = get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-boss-123")
    client.force_login(boss)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize(
    "model", list(admin.site._registry), ids=lambda m: f"{m._meta.app_label}.{m._meta.model_name}"
)
def test_every_admin_list_opens(staff_client, model):
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
    assert staff_client.get(url).status_code == 200


@pytest.mark.django_db
def test_a_mail_that_failed_shows_its_error_and_is_listed_among_the_unsent(staff_client):
    user = get_user_model().objects.create_user("ann", "ann@example.com", "pw-ann-123")
    failed = Notification.objects.create(
        user=user,
        kind="result",
        key="result:1:ann",
        attempts=3,
        last_error="SMTPServerDisconnected: Connection unexpectedly closed",
    )
    Notification.objects.create(user=user, kind="result", key="result:2:ann")
    Notification.objects.create(
        user=user, kind="result", key="result:3:ann", attempts=1, sent_at=timezone.now()
    )
    unsent = staff_client.get(
        reverse("admin:games_notification_changelist"), {"sent_at__isnull": "True"}
    )
    assert unsent.status_code == 200
    assert unsent.context["cl"].result_count == 2
    page = staff_client.get(reverse("admin:games_notification_change", args=[failed.pk]))
    assert "Connection unexpectedly closed" in page.content.decode()
