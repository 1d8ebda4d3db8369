from django.db import migrations, models
from django.utils import timezone


def failed_rows_count_as_tried_now(apps, schema_editor):
    """Mails that failed before this field existed are taken up by the resend sweep as if
    last tried at the upgrade (their true last attempt was not recorded)."""
    Notification = apps.get_model("games", "Notification")
    Notification.objects.filter(
        sent_at__isnull=True, skipped=False, attempts__gt=0
    ).update(last_attempt_at=timezone.now())


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0002_seat_to_move"),
    ]

    operations = [
        migrations.AddField(
            model_name="notification",
            name="last_attempt_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(failed_rows_count_as_tried_now, migrations.RunPython.noop),
    ]
