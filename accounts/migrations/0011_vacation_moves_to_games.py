# Time away moved to the games app (games.Vacation): the table stays, only the accounts
# app's state forgets it; games' 0024 takes it over and renames it.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0010_email_pictures'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='Vacation')],
            database_operations=[],
        ),
    ]
