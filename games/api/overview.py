"""The introduction at the top of the API documentation: everything a client needs to play."""

DESCRIPTION = """
Play Ticket to Ride by turns: find or create games, take a seat, and play whole
games move by move. The web pages and this API call the same game services, so
they accept and refuse exactly the same moves.

## Authentication

Create a personal token on the site's **Settings → API token** page
(`/settings/api-token/`; it is shown once) and send it with every request:

    Authorization: Token 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef

A token does not expire; it works until you replace or revoke it on that page. The
site stores only a digest of it, so a lost token cannot be shown again: make a new one.
Tokens made before keys were 64 characters long keep working as they are.

A signed-in browser session works too (with its CSRF token for writes). Reading
public things (open games, public games in play, profiles, leaderboards) needs no
authentication; every write does (401 otherwise).

## Playing a game

1. `POST /api/v1/games/` creates a game (you take the first seat); others
   `POST /api/v1/games/{id}/join/`. The join that fills the game starts it, or the
   creator `POST`s `.../start/` with at least two players seated.
2. `GET /api/v1/games/{id}/` shows the game as your seat sees it: `seats` (usernames,
   colours, public counts, who must act: `to_move`) and `view`, the position with
   your own hand and tickets (never anyone else's). Player ids in `view` are the
   `player` values of `seats`.
3. `GET /api/v1/games/{id}/legal-actions/` lists every action you may take now, and
   the `version` they were computed for.
4. `POST /api/v1/games/{id}/actions/` with `{"version": <that version>, "action":
   <one of them>}`. The answer (200) is the game after your move. Repeat while
   `status` is `choosing` (everyone keeps opening tickets, in any order) or
   `playing`; at the end `status` is `finished` and `ranking` lists usernames by place.

Every accepted move bumps the game's `version`. A move posted against an older
version is refused with **409 `moved_on`** and changes nothing: fetch the game
and choose again. That makes double posts harmless. The one exception: opening
tickets are chosen side by side, so another player's choice does not make yours
stale while your offer is open.

## Errors

Every refusal has the same body: `{"error": "<code>", "message": "<sentence>"}`.

- **400** broken JSON (`malformed_json`), a missing or mistyped field (`invalid`,
  with `fields`), a body that is not an action (`bad_action`)
- **401** no or bad credentials (`not_authenticated`, `bad_token`)
- **403** not allowed, e.g. starting someone else's game (`not_allowed`)
- **404** no such game, or not yours to see: the two are indistinguishable (`not_found`)
- **409** stale version (`moved_on`); the game has not started, is over, is full or
  has already started (`game_not_active`, `game_full`)
- **422** the rules forbid the move now: the engine's code, e.g. `not_your_turn`,
  `route_taken`, `wrong_cards`, `not_offered`
- **429** too many requests: wait `retry_after` seconds (`throttled`)

## Lists and limits

Lists are paginated (`count`, `next`, `previous`, `results`; `?page=`, and
`?page_size=` up to 100). Requests are throttled per client: anonymous clients
and each signed-in user have their own budget per minute (429 with Retry-After).
"""

TAGS = [
    {"name": "games", "description": "Find, create and look at games."},
    {
        "name": "lobby",
        "description": "Join, leave and start games before they begin, and seat bots.",
    },
    {"name": "play", "description": "Legal actions, moves and the move log."},
    {"name": "chat", "description": "The table chat of a game."},
    {"name": "users", "description": "You and other players' public profiles."},
    {"name": "ratings", "description": "Leaderboards per board."},
    {"name": "clubs", "description": "Clubs, their leaderboards, seasons and standings."},
]
