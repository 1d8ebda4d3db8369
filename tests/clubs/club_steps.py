"""Clubs, seasons and bots playing members' seats, for the tests of clubs and leagues."""

from django.utils import timezone
from game_steps import make_users

from games import bots, engine
from games.models import Game, GameStatus
from games.models.game import ACTIVE_STATUSES
from games.services.clubs import club_create, club_join
from games.services.leagues import season_create, season_enter, season_start
from games.services.play import game_play


def club_of(owner, *others, invite_only=False, **settings):
    club = club_create(creator=owner, name=f"{owner.username}'s club", invite_only=invite_only)
    for user in others:
        club_join(club_id=club.pk, user=user, token=club.invite_token)
    return club


def season_begun(club, owner, *entrants, name: str, rounds: int = 1):
    """A season of 2-player USA tables that the owner created and began with these entrants."""
    season = season_create(
        club_id=club.pk,
        user=owner,
        name=name,
        maps=["usa"],
        table_size=2,
        turn_seconds=86400,
        rounds=rounds,
        starts_at=timezone.now(),
    )
    for user in entrants:
        season_enter(season_id=season.pk, user=user)
    season_start(season_id=season.pk, user=owner)
    return season


def members(*names):
    return make_users(*names)


def bot_plays_to_the_end(game: Game, *, level: str = "beginner", limit: int = 2000) -> None:
    """The cheapest bot decides for every member at the table, through the game service."""
    bot = bots.make_bot(level)
    seats = list(game.seats.select_related("user"))
    for move in range(limit):
        game.refresh_from_db()
        if game.status not in ACTIVE_STATUSES:
            return
        state = engine.State.from_dict(game.state)
        seat = next(s for s in seats if not s.forfeited and engine.must_act(state, s.player_id))
        rng = bots.bot_rng(f"test:{game.pk}", seat.player_id, move)
        view = bots.seat_for(state, seat.player_id, (), rng)
        action = bot.decide(view)
        game_play(
            game_id=game.pk,
            user=seat.user,
            action=action.to_dict(),
            expected_version=game.version,
        )
    raise AssertionError(f"game #{game.pk} did not end within {limit} moves")


def active_season_games(season):
    return list(Game.objects.filter(season=season, status__in=ACTIVE_STATUSES).order_by("pk"))


def now():
    return timezone.now()


__all__ = [
    "GameStatus",
    "active_season_games",
    "bot_plays_to_the_end",
    "club_of",
    "members",
    "season_begun",
]
