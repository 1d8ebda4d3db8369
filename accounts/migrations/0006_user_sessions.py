import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.utils import timezone


def copy_sessions(apps, schema_editor):
    """Sessions open before the change go on: each copied with the user its data names."""
    from django.contrib.auth import SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    Session = apps.get_model("sessions", "Session")
    UserSession = apps.get_model("accounts", "UserSession")
    decode = SessionStore().decode  # the salt names the store's class: Django's is ours
    rows = []
    for old in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        try:
            user_id = int(decode(old.session_data).get(SESSION_KEY))
        except (TypeError, ValueError):
            user_id = None
        rows.append(
            UserSession(
                session_key=old.session_key,
                session_data=old.session_data,
                expire_date=old.expire_date,
                user_id=user_id,
            )
        )
    UserSession.objects.bulk_create(rows, batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_language"),
        ("sessions", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="UserSession",
            fields=[
                (
                    "session_key",
                    models.CharField(
                        max_length=40, primary_key=True, serialize=False, verbose_name="session key"
                    ),
                ),
                ("session_data", models.TextField(verbose_name="session data")),
                ("expire_date", models.DateTimeField(db_index=True, verbose_name="expire date")),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "session",
                "verbose_name_plural": "sessions",
                "abstract": False,
            },
        ),
        migrations.RunPython(copy_sessions, migrations.RunPython.noop),
    ]
