"""The game's address opened by a player invited to it who has not answered yet: the
invitation, with Accept and Decline, instead of the 404 everyone else not seated gets."""

from django.shortcuts import render

from games.models import Game
from games.selectors.access import game_with_seats
from games.selectors.invitations import invitation_to

from .lobby import _dress as dress_games


def invitation_page(request, game_id):
    """The page for a pending invitation to this game, or None when the user has none."""
    invitation = invitation_to(game_id=game_id, user=request.user)
    if invitation is None:
        return None
    game = game_with_seats(queryset=Game.objects.all()).get(pk=invitation.game_id)
    dress_games(request, [game])
    return render(request, "games/lobby/invited.html", {"invitation": invitation, "game": game})
