"""The bots' accounts as read: their names and their record against people. A seat played
by a bot from the start belongs to one of them (games.services.bot_accounts makes them).

Each level has a few accounts ("Casual bot", "Casual bot 2", ...), as a game seats a
user once and may seat the same level up to four times. They cannot log in (no
password, inactive), have no address (so no mail), and their name has a space, which no
sign-up accepts, so nobody can take it.
"""

from django.db.models import Avg, Count, Q

from games.engine import MAX_PLAYERS
from games.models import BotLevel, Game, GameStatus, Seat

# The English names are the accounts' usernames (stable in links and the API); pages show
# the level's translated label beside them where they name a bot.
USERNAME_BASE = {
    BotLevel.BEGINNER: "Beginner bot",
    BotLevel.CASUAL: "Casual bot",
    BotLevel.STRONG: "Strong bot",
}


def bot_username(*, level: str, index: int) -> str:
    base = USERNAME_BASE[BotLevel(level)]
    return base if index == 1 else f"{base} {index}"


BOT_USERNAMES = {
    bot_username(level=level, index=index): level
    for level in BotLevel.values
    for index in range(1, MAX_PLAYERS)
}


def bot_level_of(*, username: str) -> str | None:
    """The level a bot account plays at, or None for a person."""
    return BOT_USERNAMES.get(username)


def bot_record(*, level: str) -> dict:
    """The level's record against people: finished games with a bot of this level seated
    from the start and at least one person, its wins (a shared first place counts) and its
    mean score. A bot that took over a seat plays for someone else; it is not counted."""
    from_start = Seat.objects.filter(
        bot_level=level,
        forfeited_at__isnull=True,
        user__username__in=[name for name, lvl in BOT_USERNAMES.items() if lvl == level],
        game__status=GameStatus.FINISHED,
        game__seats__bot_level="",
    ).distinct()
    figures = from_start.aggregate(
        games=Count("pk", distinct=True),
        wins=Count("pk", filter=Q(place=1), distinct=True),
        mean_score=Avg("final_score"),
    )
    recent = (
        Game.objects.filter(pk__in=from_start.values("game_id"), is_private=False)
        .order_by("-finished_at")
        .prefetch_related("seats__user")[:10]
    )
    return {**figures, "recent": list(recent)}
