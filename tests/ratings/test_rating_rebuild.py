"""The rebuild command replays every rated game and must reproduce the stored history exactly."""

import pytest
from django.core.management import CommandError, call_command
from game_steps import make_users
from rating_games import finished_game

from games.models import Rating, RatingChange
from games.ratings.record import record_game_ratings

pytestmark = pytest.mark.django_db

HISTORY_FIELDS = (
    "user_id",
    "game_id",
    "seat_id",
    "board",
    "place",
    "mu_before",
    "sigma_before",
    "shown_before",
    "mu_after",
    "sigma_after",
    "shown_after",
    "created_at",
)
RATING_FIELDS = ("user_id", "board", "mu", "sigma", "shown", "games")


def history():
    return list(RatingChange.objects.order_by("pk").values_list(*HISTORY_FIELDS))


def ratings():
    return list(Rating.objects.order_by("user_id", "board").values_list(*RATING_FIELDS))


@pytest.fixture
def season():
    """Several games between overlapping groups, both maps, ties, a forfeit and an unrated game."""
    ann, bob, cy, dan, eve = make_users("ann", "bob", "cy", "dan", "eve")
    games = [
        finished_game({ann: 1, bob: 2, cy: 3}, map_id="usa", day=1),
        finished_game({bob: 1, dan: 2, eve: 2, ann: 4}, map_id="europe", day=2),
        finished_game({cy: 1, ann: 2}, map_id="usa", day=3, rated=False),
        finished_game(
            {eve: 1, cy: 2, dan: 3, bob: 4, ann: 5}, map_id="usa", day=4, forfeited=(bob, ann)
        ),
        finished_game({dan: 1, ann: 2}, map_id="europe", day=5),
        finished_game({ann: 1, bob: 1, cy: 3, eve: 4}, map_id="europe", day=6),
    ]
    for game in games:
        record_game_ratings(game)
    return games


def run(*args):
    out = []

    class Sink:
        def write(self, text):
            out.append(text)

        def flush(self):
            pass

    call_command("rebuild_ratings", *args, stdout=Sink())
    return "".join(out)


def test_check_finds_the_recorded_history_reproduced_exactly(season):
    assert RatingChange.objects.count() == 2 * (3 + 4 + 5 + 2 + 4)

    assert "match exactly" in run("--check")


def test_rebuilding_from_scratch_reproduces_every_stored_float(season):
    stored_history, stored_ratings = history(), ratings()
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()

    run()

    assert history() == stored_history
    assert ratings() == stored_ratings


def test_check_reports_a_tampered_change_and_exits_non_zero(season):
    row = RatingChange.objects.order_by("pk")[3]
    RatingChange.objects.filter(pk=row.pk).update(mu_after=row.mu_after + 1e-12)

    with pytest.raises(CommandError) as failure:
        run("--check")

    assert "differences" in str(failure.value)


def test_check_reports_a_rating_that_drifted_from_its_history(season):
    Rating.objects.filter(board="overall").update(games=99)

    with pytest.raises(CommandError):
        run("--check")


def test_rebuild_restores_drifted_ratings_without_touching_history(season):
    stored_history, stored_ratings = history(), ratings()
    Rating.objects.update(mu=1.0, games=0)

    run()

    assert ratings() == stored_ratings
    assert history() == stored_history


def test_rebuild_leaves_differing_history_alone_unless_forced(season):
    stored_history = history()
    row = RatingChange.objects.order_by("pk")[0]
    RatingChange.objects.filter(pk=row.pk).update(place=5)

    with pytest.raises(CommandError, match="--force"):
        run()
    assert RatingChange.objects.get(pk=row.pk).place == 5

    run("--force")
    assert history() == stored_history


def test_the_replay_follows_finished_time_not_creation_order(caplog):
    ann, bob = make_users("ann", "bob")
    later = finished_game({ann: 1, bob: 2}, day=5)
    earlier = finished_game({bob: 1, ann: 2}, day=1)
    record_game_ratings(earlier)
    record_game_ratings(later)

    assert "match exactly" in run("--check")
    assert "rated after" not in caplog.text


def test_a_game_rated_after_a_later_one_is_flagged_and_the_check_fails(caplog):
    ann, bob = make_users("ann", "bob")
    earlier = finished_game({bob: 1, ann: 2}, day=1)
    later = finished_game({ann: 1, bob: 2}, day=5)
    record_game_ratings(later)

    record_game_ratings(earlier)

    assert f"game #{earlier.pk} is rated after a game that finished later" in caplog.text
    with pytest.raises(CommandError):
        run("--check")
