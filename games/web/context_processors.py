from functools import cache

from games.selectors.access import seat_count_awaiting
from games.selectors.invitations import invitation_counts_pending

# A view that has read the count already (the game page: selectors.game_access) leaves it
# on the request under this name.
KNOWN_AWAITING = "known_awaiting_count"


def awaiting_games(request):
    """How many games wait for the signed-in user's move (shown in the header).

    Lazy: the count query runs only when a template shows it, and at most once per request.
    """
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"awaiting_count": 0, "game_invitation_count": 0, "club_invitation_count": 0}
    # Invitations still to answer: beside "My games" (games) and "Clubs" (clubs).
    pending = cache(lambda: invitation_counts_pending(user=user))
    counts = {
        "game_invitation_count": lambda: pending()["game"],
        "club_invitation_count": lambda: pending()["club"],
    }
    known = getattr(request, KNOWN_AWAITING, None)
    if known is not None:
        return {"awaiting_count": known, **counts}
    return {"awaiting_count": cache(lambda: seat_count_awaiting(user=user)), **counts}
