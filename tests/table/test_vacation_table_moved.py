"""Time away moved from the accounts app to the games app: a vacation stored before the move
is still there after it (same row, same clocks stopped), and the move goes back as well."""

from datetime import UTC, date, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("accounts", "0010_email_pictures"), ("games", "0023_delivery_records")]
AFTER = [("accounts", "0011_vacation_moves_to_games"), ("games", "0024_vacation_from_accounts")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_a_vacation_set_before_the_move_still_stops_the_clocks_after_it():
    old = migrate(BEFORE)
    user = old.get_model("auth", "User").objects.create(username="away")
    old.get_model("accounts", "Vacation").objects.create(
        user_id=user.pk,
        first_day=date(2030, 3, 4),
        last_day=date(2030, 3, 6),
        starts_at=datetime(2030, 3, 4, tzinfo=UTC),
        ends_at=datetime(2030, 3, 7, tzinfo=UTC),
    )

    new = migrate(AFTER)
    moved = new.get_model("games", "Vacation").objects.get(user_id=user.pk)
    assert (moved.first_day, moved.last_day) == (date(2030, 3, 4), date(2030, 3, 6))
    assert "games_vacation" in connection.introspection.table_names()

    back = migrate(BEFORE)
    assert back.get_model("accounts", "Vacation").objects.filter(user_id=user.pk).count() == 1
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
