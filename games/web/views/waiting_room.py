"""What the page of a game waiting for players shows its seated players: the game's facts,
the seats, who was invited and what they answered, the link to share and the creator's
buttons (start, a bot for an empty seat)."""

from games.models import BotLevel
from games.services.invitations import invitations_of

from .lobby import _dress as dress_games


def waiting_room(request, table) -> dict:
    dress_games(request, [table.game])
    return {
        "invited": invitations_of(table.game) if table.me else [],
        "bot_levels": BotLevel.choices,
    }
