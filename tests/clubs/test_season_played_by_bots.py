"""A season of 8 members at tables of 3 over 3 rounds, every game played to its end by the
cheapest bot deciding for the members: the site pairs each round once the last game of
the one before has ended, the byes rotate, nobody meets anyone twice while it can be
avoided, the players are mailed when their games start, and the season finishes with
its final standings."""

from datetime import timedelta
from itertools import combinations

import pytest
from club_steps import active_season_games, bot_plays_to_the_end, club_of, members
from django.utils import timezone

from games.heartbeat import sweeps
from games.models import Game, Notification, SeasonBye, SeasonStatus, Seat
from games.selectors.leagues import season_standings
from games.services.leagues import season_create, season_enter

pytestmark = pytest.mark.django_db


def test_a_season_of_eight_over_three_rounds_played_to_its_end(
    django_capture_on_commit_callbacks,
):
    people = members(*(f"p{n}" for n in range(8)))
    club = club_of(*people)
    start = timezone.now() + timedelta(days=1)
    season = season_create(
        club_id=club.pk,
        user=people[0],
        name="Autumn",
        maps=["usa"],
        table_size=3,
        turn_seconds=86400,
        rounds=3,
        starts_at=start,
    )
    for person in people:
        season_enter(season_id=season.pk, user=person)
    assert sweeps.advance_seasons(timezone.now()) == 0  # not yet its day
    assert sweeps.advance_seasons(start) == 1  # the heartbeat begins it
    season.refresh_from_db()
    assert season.status == SeasonStatus.RUNNING and season.current_round == 1
    tables_of_round = {}
    for number in (1, 2, 3):
        games = active_season_games(season)
        assert [g.season_round for g in games] == [number, number]  # 2 tables of 3, 2 byes
        tables_of_round[number] = [{s.user_id for s in g.seats.all()} for g in games]
        # every player of a new game is told it has begun
        told = Notification.objects.filter(game__in=games).values_list("user_id", flat=True)
        assert set(told) == set().union(*tables_of_round[number])
        with django_capture_on_commit_callbacks(execute=True):
            for game in games:
                bot_plays_to_the_end(game)
        season.refresh_from_db()
        # the last game's end paired the next round (or finished the season)
        assert season.current_round == min(number + 1, 3)
    assert season.status == SeasonStatus.FINISHED
    assert Game.objects.filter(season=season).count() == 6
    # each member once per round: at a table or sitting out
    byes = {
        n: set(SeasonBye.objects.filter(season=season, round=n).values_list("user_id", flat=True))
        for n in (1, 2, 3)
    }
    for number in (1, 2, 3):
        seated = [u for t in tables_of_round[number] for u in t]
        assert len(seated) == 6 and len(byes[number]) == 2
        assert sorted(seated + list(byes[number])) == sorted(p.pk for p in people)
    # six different players sat out, one round each
    assert len(set().union(*byes.values())) == 6
    # no pair met twice (8 players at tables of 3 over 3 rounds can avoid it)
    pairs = [
        frozenset(pair)
        for n in (1, 2, 3)
        for table in tables_of_round[n]
        for pair in combinations(table, 2)
    ]
    assert len(pairs) == len(set(pairs))
    rows = season_standings(season=season)
    assert [r.position for r in rows] == list(range(1, 9))
    assert sum(r.played for r in rows) == 18 and sum(r.byes for r in rows) == 6
    assert rows[0].points >= rows[-1].points
    # each member's points: 2 x (3 - place) at each table, 2 for each bye
    for row in rows:
        seats = Seat.objects.filter(game__season=season, user_id=row.user_id)
        assert row.points == sum(2 * (3 - s.place) for s in seats) + 2 * row.byes
