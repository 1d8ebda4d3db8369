"""Game services: the only code that writes games, seats and moves.

from games.services.lobby import game_create, game_join, game_leave, game_start
from games.services.play import game_play, PlayResult
from games.services.forfeit import game_forfeit
from games.selectors.replay import game_state_rebuilt, game_state_at
from games.refusals.errors import GameMovedOn, BadAction, NotAPlayer, ...
"""
