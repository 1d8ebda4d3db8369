"""Every kind of change of a game reaches a watcher's open page by its event stream: no poll,
no reload. The change is made by the services as the other player's request, a bot's task
or the sweep makes it; the page shows it (the stream's parts, or its own fragments when
told of a version it does not show: its turn, or the game over)."""

from datetime import timedelta

import pytest
from browser_steps import BROWSER_TEST, confirmed_user, draw_from_the_deck, log_in
from django.utils import timezone
from game_steps import keep_opening_tickets, started_game, who_must_act

from games.botplay.turns import PLAYED, play_bot_turn
from games.models import AnalysisStatus, GameAnalysis
from games.services.analysis import analysis_finish
from games.services.bots import game_against_bots
from games.services.chat import chat_post
from games.services.extra_time import game_give_time
from games.services.forfeit import game_forfeit
from games.services.resign import game_resign
from games.services.vacation import local_today, vacation_end, vacation_set

pytestmark = BROWSER_TEST


def players(count: int, **settings):
    users = [confirmed_user(name) for name in ("ann", "bob", "cyd")[:count]]
    game = started_game(users, max_players=count, turn_seconds=86400, **settings)
    keep_opening_tickets(game)
    game.refresh_from_db()
    return game


def against_a_bot():
    ann = confirmed_user("ann")
    game = game_against_bots(creator=ann, map_id="usa", bots=1, level="beginner")
    game.refresh_from_db()
    while who_must_act(game):
        seat = who_must_act(game)[0]
        if not seat.bot_level:
            keep_opening_tickets(game) if game.status == "choosing" else draw_from_the_deck(game)
        elif game.status == "playing":
            break  # the bot's turn in play: the change to come
        else:
            assert play_bot_turn(game.pk, seat.pk, game.version) == PLAYED
        game.refresh_from_db()
    return game


def to_move(game):
    return who_must_act(game)[0]


def away(game):
    user = to_move(game).user
    today = local_today(user=user, now=timezone.now())
    vacation_set(user=user, first_day=today, last_day=today + timedelta(days=3))


def bot_moves(game):
    """The bot's whole turn: a first card drawn (not a locomotive face up) is one move of it,
    and the turn passes with the second."""
    seat = to_move(game)
    while seat.bot_level:
        assert play_bot_turn(game.pk, seat.pk, game.version) == PLAYED
        game.refresh_from_db()
        seat = to_move(game)


def forfeit(game):
    late = to_move(game)
    moment = late.deadline + timedelta(seconds=1)
    assert game_forfeit(game_id=game.pk, seat_id=late.pk, reason="test", now=moment)


def analysis_running(game):
    game_resign(game_id=game.pk, user=to_move(game).user)  # over: it may be analysed
    GameAnalysis.objects.create(
        game=game, requested_by=game.seats.first().user, status=AnalysisStatus.RUNNING
    )


def analysis_done(game):
    seats = [seat.player_id for seat in game.seats.all()]
    result = {"players": seats, "decisions": [], "moments": [], "final": {}}
    analysis_finish(analysis_id=GameAnalysis.objects.get(game=game).pk, result=result)


def more_time(game, watcher):
    game_give_time(game_id=game.pk, user=watcher.user, expected_version=game.version)


# kind: (the game, what is done before the page opens, the change, what the page then shows:
# a CSS selector and a text in it, or None: what it selects is gone)
KINDS = {
    "a move": (lambda: players(2), None, draw_from_the_deck, ("#log-part", "drew")),
    "a bot's move": (against_a_bot, None, bot_moves, ("#turn-part .yours:visible", "Your turn.")),
    "a resignation": (
        lambda: players(3),
        None,
        lambda game: game_resign(game_id=game.pk, user=to_move(game).user),
        ("#players-part tr.forfeited", "out"),
    ),
    "a forfeit by the sweep": (lambda: players(3), None, forfeit, ("#players-part", "out")),
    "a bot taking over": (
        lambda: players(3, bot_takeover=True),
        None,
        lambda game: game_resign(game_id=game.pk, user=to_move(game).user),
        ("#players-part", "Casual bot plays on"),
    ),
    "time away beginning": (lambda: players(2), None, away, ("#players-part .away", "is away")),
    "time away ending": (
        lambda: players(2),
        away,
        lambda game: vacation_end(user=to_move(game).user),
        ("#players-part .away", None),  # gone
    ),
    "more time given": (lambda: players(2), None, more_time, ("#players-part .extra", "given")),
    "a chat message": (
        lambda: players(2),
        None,
        lambda game: chat_post(game_id=game.pk, user=to_move(game).user, text="Nice route!"),
        ("#chat", "Nice route!"),
    ),
    "an analysis finished": (
        lambda: players(2),
        analysis_running,
        analysis_done,
        ("#analysis-body", "No move made much difference"),
    ),
    "the end of the game": (
        lambda: players(2),
        None,
        lambda game: game_resign(game_id=game.pk, user=to_move(game).user),
        ("#game-head .status", "Finished"),
    ),
}


# The analysis page's progress part, put back without its slow poll every 30 s (htmx stops
# polling an element that left the page): only the stream can tell it the analysis is done.
WITHOUT_THE_BARS_POLL = """() => {
  const shown = document.getElementById("analysis-progress");
  const part = shown.cloneNode(true);
  part.setAttribute("hx-trigger", "analysis-told");
  shown.replaceWith(part);
  window.htmx.process(part);
}"""


@pytest.mark.parametrize("kind", KINDS)
def test_a_watchers_page_shows_each_change_without_polling_or_reloading(
    kind,
    chromium,
    live_server,
    streamed_site,
):
    set_up, before, change, (where, text) = KINDS[kind]
    game = set_up()
    if before:
        before(game)
    game.refresh_from_db()
    if game.is_over:  # the analysis page, which only the stream may tell (its bar's poll off)
        path = f"/games/{game.pk}/analysis/"
        watcher = game.seats.select_related("user").first()
        page = log_in(chromium, live_server, watcher.user.username)
    else:
        path = f"/games/{game.pk}/"
        mover = to_move(game)
        watcher = next(s for s in game.seats.select_related("user") if s.pk != mover.pk)
        page = log_in(chromium, live_server, watcher.user.username)
    assert not watcher.bot_level
    with page.expect_response(lambda response: "/stream/" in response.url) as opened:
        page.goto(f"{live_server.url}{path}")
    assert opened.value.status == 200
    page.evaluate("() => { window.stayed = true; }")  # gone if the page reloads
    if game.is_over:
        page.evaluate(WITHOUT_THE_BARS_POLL)
    polls = []
    page.on("request", lambda request: "/version/" in request.url and polls.append(request.url))
    shown = page.locator(where, has_text=text) if text else page.locator(where)
    assert shown.count() == (0 if text else 1)

    if change is more_time:
        more_time(game, watcher)
    else:
        change(game)
    shown.first.wait_for(state="visible" if text else "detached", timeout=10_000)
    if kind == "the end of the game":
        assert "The game is over." in page.locator("#turn-part").inner_text()
        assert page.locator("#final").is_visible()  # the score sheet, not a live panel
        assert not page.locator("#tray form").count()
    assert page.evaluate("() => window.stayed === true")
    assert polls == []
    if kind == "an analysis finished":
        assert page.locator("#analysis-progress").count() == 0
