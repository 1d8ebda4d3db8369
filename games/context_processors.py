from functools import cache

from games.selectors import awaiting_count


def awaiting_games(request):
    """How many games wait for the signed-in user's move (shown in the header).

    Lazy: the count query runs only when a template shows it, and at most once per request.
    """
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"awaiting_count": 0}
    return {"awaiting_count": cache(lambda: awaiting_count(user))}
