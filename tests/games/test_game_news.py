"""Every change of a game is told to its open pages once, after it commits: the services
move a game on through one function (games.services.events.game_version_bump), which
publishes the game's id on the news channel (games.live.news) when the transaction commits,
once however many parts of it changed the game; nothing is published before."""

import re
import secrets
from datetime import timedelta
from functools import partial
from pathlib import Path

import pytest
import redis
from django.utils import timezone
from game_steps import keep_opening_tickets, make_users, started_game, who_must_act

from games import engine
from games.botplay.turns import PLAYED, play_bot_turn
from games.heartbeat import sweeps
from games.models import AnalysisStatus, GameAnalysis
from games.services.analysis import (
    analysis_fail,
    analysis_finish,
    analysis_progress,
    analysis_start,
)
from games.services.bots import game_against_bots
from games.services.chat import chat_post
from games.services.extra_time import game_give_time
from games.services.forfeit import game_forfeit
from games.services.play import game_play
from games.services.resign import game_resign
from games.services.vacation import local_today, vacation_end, vacation_set

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
END = "end of the news"


@pytest.fixture
def news(settings):
    """The news channel of this test alone, read as a stream server reads it."""
    settings.LIVE_CHANNEL = f"ttr:test:{secrets.token_hex(6)}"
    client = redis.Redis.from_url(settings.REDIS_URL)
    listener = client.pubsub(ignore_subscribe_messages=True)
    listener.subscribe(settings.LIVE_CHANNEL)
    assert listener.get_message(timeout=5) is None  # the subscription is confirmed

    def told() -> list[str]:
        """The game ids published since the last call (up to a mark of the test's own)."""
        client.publish(settings.LIVE_CHANNEL, END)
        heard = []
        while True:
            message = listener.get_message(timeout=5)
            assert message is not None, heard
            data = message["data"].decode()
            if data == END:
                return heard
            heard.append(data)

    yield told
    listener.close()
    client.close()


def in_play(users, **settings):
    game = started_game(users, turn_seconds=86400, **settings)
    keep_opening_tickets(game)
    game.refresh_from_db()
    return game


def a_move(game):
    seat = who_must_act(game)[0]
    action = engine.legal_actions(engine.State.from_dict(game.state), seat.player_id)[0]
    game_play(
        game_id=game.pk, user=seat.user, action=action.to_dict(), expected_version=game.version
    )


def bot_move(game):
    (seat,) = who_must_act(game)
    assert seat.bot_level
    assert play_bot_turn(game.pk, seat.pk, game.version) == PLAYED


def resignation(game):
    game_resign(game_id=game.pk, user=who_must_act(game)[0].user)


def forfeit_by_the_sweep(game):
    late = who_must_act(game)[0]
    moment = late.deadline + timedelta(seconds=1)
    assert game_forfeit(game_id=game.pk, seat_id=late.pk, reason="test", now=moment)


def time_away_begins(game):
    away = who_must_act(game)[0].user
    today = local_today(user=away, now=timezone.now())
    vacation_set(user=away, first_day=today, last_day=today + timedelta(days=3))


def time_away_ends(game):
    away = who_must_act(game)[0].user
    today = local_today(user=away, now=timezone.now())
    vacation_set(user=away, first_day=today, last_day=today + timedelta(days=3))
    return lambda: vacation_end(user=away)


def time_away_set_ahead(game):
    """Time away set from tomorrow: it begins at midnight, and the minute sweep tells it."""
    away = who_must_act(game)[0].user
    today = local_today(user=away, now=timezone.now())
    vacation_set(user=away, first_day=today + timedelta(days=1), last_day=today + timedelta(days=2))
    return lambda: sweeps.tell_time_away(timezone.now() + timedelta(days=2))


def more_time(game):
    to_move = who_must_act(game)[0]
    giver = next(s for s in game.seats.select_related("user") if s.pk != to_move.pk)
    game_give_time(game_id=game.pk, user=giver.user, expected_version=game.version)


def chat_message(game):
    chat_post(game_id=game.pk, user=who_must_act(game)[0].user, text="hello")


def an_analysis(game, status=AnalysisStatus.RUNNING, done=0) -> GameAnalysis:
    game_resign(game_id=game.pk, user=who_must_act(game)[0].user)  # over: it may be analysed
    return GameAnalysis.objects.create(
        game=game,
        requested_by=game.seats.first().user,
        status=status,
        decisions_total=40,
        decisions_done=done,
    )


def analysis_started(game):
    analysis = an_analysis(game, status=AnalysisStatus.QUEUED)
    return lambda: analysis_start(analysis_id=analysis.pk, total=40)


def analysis_a_tenth_further(game):
    analysis = an_analysis(game, done=3)
    return lambda: analysis_progress(analysis_id=analysis.pk, done=4)


def analysis_done(game):
    analysis = an_analysis(game)
    return lambda: analysis_finish(analysis_id=analysis.pk, result={"decisions": []})


def analysis_failed(game):
    analysis = an_analysis(game)
    return lambda: analysis_fail(analysis_id=analysis.pk)


def two_players():
    return in_play(make_users("ann", "bob"), max_players=2)


def three_players_a_bot_takes_over():
    return in_play(make_users("ann", "bob", "cyd"), max_players=3, bot_takeover=True)


def against_a_bot():
    (ann,) = make_users("ann")
    game = game_against_bots(creator=ann, map_id="usa", bots=1, level="beginner")
    keep_opening_tickets(game)
    game.refresh_from_db()
    # Ann's first move: now it is the bot's turn.
    while not who_must_act(game)[0].bot_level:
        a_move(game)
        game.refresh_from_db()
    return game


class AfterItsSetUp:
    """A change whose set-up is itself a change: that made first, then the one tested."""

    def __init__(self, set_up):
        self.set_up = set_up


KINDS = {
    "a move": (two_players, a_move),
    "a bot's move": (against_a_bot, bot_move),
    "a resignation that ends the game": (two_players, resignation),
    "a resignation in a game that goes on": (
        lambda: in_play(make_users("a", "b", "c")),
        resignation,
    ),
    "a forfeit by the sweep": (two_players, forfeit_by_the_sweep),
    "a bot taking over the seat": (three_players_a_bot_takes_over, resignation),
    "time away beginning": (two_players, time_away_begins),
    "time away ending": (two_players, AfterItsSetUp(time_away_ends)),
    "time away set ahead beginning, told by the sweep": (
        two_players,
        AfterItsSetUp(time_away_set_ahead),
    ),
    "more time given": (two_players, more_time),
    "a chat message": (two_players, chat_message),
    "an analysis started": (two_players, AfterItsSetUp(analysis_started)),
    "an analysis a tenth further on": (two_players, AfterItsSetUp(analysis_a_tenth_further)),
    "an analysis finished": (two_players, AfterItsSetUp(analysis_done)),
    "an analysis failed": (two_players, AfterItsSetUp(analysis_failed)),
}


@pytest.mark.parametrize("kind", KINDS)
def test_each_change_is_published_once_after_it_commits(
    kind, news, django_capture_on_commit_callbacks
):
    set_up, change = KINDS[kind]
    game = set_up()
    game.refresh_from_db()
    if isinstance(change, AfterItsSetUp):
        change = change.set_up(game)
        game.refresh_from_db()
    else:
        change = partial(change, game)
    news()  # what the set-up told
    before = (game.version, game.chat_version)
    with django_capture_on_commit_callbacks() as callbacks:
        change()
        assert news() == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert news() == [str(game.pk)]
    game.refresh_from_db()
    assert (game.version, game.chat_version) != before


def test_an_analysis_tells_its_progress_at_each_tenth_only(
    news, django_capture_on_commit_callbacks
):
    """Each decision of an analysis takes the bot seconds: the open pages are told ten times
    on the way, not hundreds."""
    game = two_players()
    analysis = an_analysis(game)
    game.refresh_from_db()
    news()
    told_at = []
    for done in range(1, 40):
        with django_capture_on_commit_callbacks(execute=True):
            analysis_progress(analysis_id=analysis.pk, done=done)
        if news():
            told_at.append(done)
    assert told_at == [4, 8, 12, 16, 20, 24, 28, 32, 36]  # the 40th: the finish tells
    analysis.refresh_from_db()
    assert analysis.decisions_done == 39


def test_a_game_moves_on_only_through_the_one_function():
    """No service bumps a version or tells the pages on its own: a change cannot forget to."""
    services = ROOT / "games" / "services"
    by_hand = re.compile(
        r"version \+= 1|Game\.objects.*version=F\(|forget_versions_on_commit|news_publish"
    )
    found = [
        f"{path.name}: {line.strip()}"
        for path in sorted(services.glob("*.py"))
        if path.name != "events.py"
        for line in path.read_text().splitlines()
        if by_hand.search(line)
    ]
    assert found == []
