"""Player views shaped as games/engine/README.md documents them, built by hand."""


def make_view(game_map, *, claims=None, stations=None, players=("p1", "p2", "p3"), viewer="p1"):
    """A player view shaped as games/engine/README.md documents it, built by hand."""
    players_view = {
        p: {
            "score": 0,
            "trains": 45,
            "stations_left": 3,
            "card_count": 4,
            "ticket_count": 2,
            "forfeited": False,
        }
        for p in players
    }
    if viewer:
        players_view[viewer] |= {"hand": {"red": 2}, "tickets": [], "offered": None}
    return {
        "map": game_map.id,
        "phase": "play",
        "players_order": list(players),
        "current": players[0],
        "viewer": viewer,
        "pending": None,
        "last_round_ends_after": None,
        "face_up": ["red", "blue", "locomotive", "white", "green"],
        "deck_count": 80,
        "discard_count": 0,
        "ticket_deck_count": 20,
        "claims": dict(claims or {}),
        "stations": dict(stations or {}),
        "players": players_view,
        "final": None,
    }
