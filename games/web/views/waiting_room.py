"""What the page of a game waiting for players shows its seated players: the game's facts,
the seats, who was invited and what they answered, the link to share and the creator's
buttons (start, a bot for an empty seat)."""

from games.models import BotLevel
from games.selectors.invitations import invitation_list

from .lobby import _dress as dress_games


def waiting_room(request, table) -> dict:
    dress_games(request, [table.game])
    return {
        "invited": invitation_list(game=table.game) if table.me else [],
        "bot_levels": BotLevel.choices,
    }
