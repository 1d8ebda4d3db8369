# Time away moved here from the accounts app: the state takes over the table accounts'
# 0003 made (no rows touched), then the table takes the games app's name.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0023_delivery_records'),
        ('accounts', '0011_vacation_moves_to_games'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Vacation',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('first_day', models.DateField()),
                        ('last_day', models.DateField()),
                        ('starts_at', models.DateTimeField()),
                        ('ends_at', models.DateTimeField(db_index=True)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='vacations', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'ordering': ['starts_at'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('last_day__gte', models.F('first_day'))), name='vacation_days_in_order')],
                        'db_table': 'accounts_vacation',
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.AlterModelTable(name='vacation', table=None),
    ]
