def awaiting_games(request):
    """How many games wait for the signed-in user's move (shown in the header)."""
    return {"awaiting_count": 0}
