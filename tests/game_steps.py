"""Players, started games and random legal play through the game services, for every test
folder (tests/ is on the import path of them all)."""

import random

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model

from games import engine
from games.models import Game, GameStatus, Invitation
from games.services.invitations import invitation_accept
from games.services.lobby import game_create, game_join, game_start
from games.services.play import game_play


def make_user(username: str, password: str = "pw"):
    """A player whose address is confirmed (game mail goes to confirmed addresses only)."""
    user = get_user_model().objects.create_user(username, f"{username}@example.org", password)
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
    return user


def make_users(*names: str):
    return [make_user(name) for name in names]


def started_game(users, *, map_id="usa", seed=None, max_players=5, **settings) -> Game:
    """A game created by users[0], joined by the rest and started by the creator (unless the
    last to join filled it, which starts it).

    `seed` fixes the deal and the seating (otherwise random, as on the site)."""
    game = game_create(creator=users[0], map_id=map_id, max_players=max_players, **settings)
    if seed is not None:
        Game.objects.filter(pk=game.pk).update(seed=seed)
        game.refresh_from_db()
    for user in users[1:]:
        game = game_join(game_id=game.pk, user=user, invite_token=game.invite_token).game
    if game.status == GameStatus.OPEN:
        game_start(game_id=game.pk, user=users[0])
    game.refresh_from_db()  # the stored values, as the next request reads them
    return game


def position_game(creator, document: dict, players: list) -> Game:
    """A game from a scenario for `players` (users, in the scenario's order), started once
    every one invited has accepted."""
    from games.services.scenario_start import game_start_from_scenario

    game = game_start_from_scenario(
        creator=creator, document=document, usernames=[user.username for user in players]
    )
    for invitation in Invitation.objects.filter(game=game):
        invitation_accept(invitation_id=invitation.pk, user=invitation.invitee)
    game.refresh_from_db()
    return game


def state_of(game: Game):
    game.refresh_from_db()
    return engine.State.from_dict(game.state)


def who_must_act(game: Game) -> list:
    """The seats that may act now: everyone still choosing in the opening, else the current."""
    state = state_of(game)
    public = engine.player_view(state, None)
    seats = [seat for seat in game.seats.select_related("user") if not seat.forfeited]
    if public["phase"] == "initial_tickets":
        return [
            seat
            for seat in seats
            if engine.player_view(state, seat.player_id)["players"][seat.player_id]["offered"]
        ]
    if public["phase"] == "play":
        return [seat for seat in seats if seat.player_id == public["current"]]
    return []


def seat_to_move(game: Game):
    return who_must_act(game)[0]


def a_legal_action(game: Game, seat, rng: random.Random) -> dict:
    options = engine.legal_actions(state_of(game), seat.player_id)
    return rng.choice(options).to_dict()


def play_one(game: Game, rng: random.Random):
    """One random legal move by someone who must act, through the service."""
    seat = rng.choice(who_must_act(game))
    action = a_legal_action(game, seat, rng)
    return game_play(game_id=game.pk, user=seat.user, action=action, expected_version=game.version)


def play_to_the_end(game: Game, rng: random.Random, *, limit: int = 3000) -> int:
    """Random legal moves until the game is over; returns how many were played."""
    for played in range(limit):
        game.refresh_from_db()
        if game.is_over:
            return played
        play_one(game, rng)
    raise AssertionError(f"the game did not end within {limit} moves")


def an_illegal_action(game: Game, seat) -> dict:
    """A well-formed claim the engine must refuse: a route with no cards to pay for it."""
    state = state_of(game)
    route = next(iter(engine.get_map(game.map_id).routes))
    route_id = getattr(route, "id", route)
    assert engine.player_view(state, None)["phase"] in ("play", "initial_tickets")
    return {"type": "claim_route", "route": route_id, "cards": {}}


def seats_to_move(game: Game):
    game.refresh_from_db()
    return [s for s in game.seats.select_related("user") if s.to_move and not s.forfeited]


def seat_plays(game: Game, seat, action: dict):
    """The seat makes this move, in the game's current version, through the service."""
    version = Game.objects.values_list("version", flat=True).get(pk=game.pk)
    return game_play(game_id=game.pk, user=seat.user, action=action, expected_version=version)


def tunnel_turned_up(game: Game, seats: dict) -> None:
    """On a Europe table set up with purple cards in p1's hand: p0 draws two cards blind, then
    p1 claims the tunnel Marseille – Zürich with 2 purple, and the deck turns up its extra."""
    seat_plays(game, seats["p0"], {"type": "draw_card", "from": "deck"})
    seat_plays(game, seats["p0"], {"type": "draw_card", "from": "deck"})
    seat_plays(
        game,
        seats["p1"],
        {"type": "claim_route", "route": "marseille-zurich", "cards": {"purple": 2}},
    )


def act(game: Game, seat, prefer: tuple[str, ...]):
    """The seat plays its first legal action of the preferred types (a blind draw for a card)."""
    game.refresh_from_db()
    state = engine.State.from_dict(game.state)
    options = [a.to_dict() for a in engine.legal_actions(state, seat.player_id)]
    action = next((a for kind in prefer for a in options if a["type"] == kind), options[0])
    if action["type"] == "draw_card":
        action = next((a for a in options if a.get("from") == "deck"), action)
    return game_play(game_id=game.pk, user=seat.user, action=action, expected_version=game.version)


def keep_opening_tickets(game: Game, *, except_user=None) -> None:
    """Every player (but one, if named) keeps their opening tickets."""
    for seat in seats_to_move(game):
        if seat.user != except_user:
            act(game, seat, ("keep_tickets",))
    game.refresh_from_db()


def play_a_turn(game: Game):
    """The player to move draws two cards from the deck: a whole turn. Returns the seat."""
    (seat,) = seats_to_move(game)
    while seat.pk in {s.pk for s in seats_to_move(game)}:
        act(game, seat, ("draw_card",))
    game.refresh_from_db()
    return seat


def draw_two_blind(game: Game, user) -> None:
    """The user's whole turn of two blind draws (the last turn of a last round ends the game)."""
    for _ in range(2):
        game.refresh_from_db()
        game_play(
            game_id=game.pk,
            user=user,
            action={"type": "draw_card", "from": "deck"},
            expected_version=game.version,
        )
