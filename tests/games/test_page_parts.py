"""The game page's named parts (games.web.views.parts): a move's events say which parts it
can have changed, and only those are drawn again, in the mover's htmx answer and in what a
watching page one version behind is sent down its stream."""

import pytest
from django.core.cache import cache
from django.test import Client
from game_steps import keep_opening_tickets, make_users, started_game
from play_client import set_position

from games import engine
from games.services.play import game_play
from games.web.views.action_form import form_data
from games.web.views.parts import (
    BY_NAME,
    PARTS,
    PUBLIC_PARTS,
    TURN_ENDS,
    Audience,
    changed_parts,
    changes_of,
)
from games.web.views.watch_parts import watch_parts

pytestmark = pytest.mark.django_db

DRAW = {"type": "draw_card", "from": "deck"}
CLAIM = {"type": "claim_route", "route": "bruxelles-paris-1", "cards": {"red": 2}}


@pytest.fixture
def game():
    users = make_users("alice", "bruno", "chiara")
    game = started_game(users, map_id="europe")
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "train_deck": ["purple", "locomotive", "green", "white", "black", "orange"],
            "face_up": ["red", "red", "blue", "green", "white"],
            "hands": {"p0": {"red": 3}, "p1": {"blue": 4}, "p2": {"blue": 4}},
        },
    )
    game.refresh_from_db()
    game.alice = players["p0"].user
    game.players = players
    return game


def play(game, action):
    result = game_play(
        game_id=game.pk, user=game.alice, action=action, expected_version=game.version
    )
    game.refresh_from_db()
    return result


def names(parts) -> set[str]:
    return {part.name for part in parts}


def test_each_part_names_its_element_template_audience_and_changes():
    assert len({part.element for part in PARTS}) == len(PARTS)
    assert names(PUBLIC_PARTS) == {"final", "board", "legend", "turn", "draw", "players", "log"}
    assert BY_NAME["hand"].audience == Audience.VIEWER
    assert not BY_NAME["note"].altered_by  # nobody else changes the viewer's note
    assert all(part.template.endswith(".html") for part in PARTS)


def test_a_card_draws_changes_leave_the_board_out_and_a_claims_bring_it(game):
    drawn = play(game, DRAW)
    changes = changes_of(drawn.events, viewer=drawn.seat.player_id)
    assert "card_drawn" in changes and "own.card_drawn" in changes
    changed = names(changed_parts(changes))
    assert "board" not in changed and "tickets" not in changed and "note" not in changed
    assert {"draw", "hand", "log", "players", "turn"} <= changed


def test_a_claims_changes_bring_the_board_the_hand_the_tickets_and_the_head(game):
    claimed = play(game, CLAIM)
    changes = changes_of(
        claimed.events,
        viewer=claimed.seat.player_id,
        was_to_move=claimed.seat_was_to_move,
        to_move=False,
    )
    assert "route_claimed" in changes and TURN_ENDS in changes
    assert {"board", "hand", "tickets", "head"} <= names(changed_parts(changes))


def test_unknown_changes_draw_every_part_that_can_change():
    unknown = names(changed_parts(None))
    assert unknown == names(PARTS) - {"note", "legend"}


def test_a_watching_page_one_version_behind_is_sent_no_board_after_a_draw(game):
    cache.clear()
    before = game.version
    play(game, DRAW)
    changed = watch_parts(game.pk, "en", "UTC", since=before)
    every = watch_parts(game.pk, "en", "UTC")
    assert changed["since"] == before and every["since"] is None
    assert 'id="board"' not in changed["html"] and 'id="board"' in every["html"]
    for element in ("draw-part", "players-part", "log-part", "turn-part"):
        assert f'id="{element}" hx-swap-oob="true"' in changed["html"]
    # Two versions behind, or told nothing: every public part.
    assert watch_parts(game.pk, "en", "UTC", since=before - 1)["html"] == every["html"]


def test_a_watching_page_one_version_behind_is_sent_the_board_after_a_claim(game):
    before = game.version
    play(game, CLAIM)
    changed = watch_parts(game.pk, "en", "UTC", since=before)
    assert changed["since"] == before
    board = changed["html"][changed["html"].index('id="board"') :]
    assert 'id="route-bruxelles-paris-1" class="r k-' in board


def test_the_openings_last_choice_sends_its_maker_the_board_when_the_first_turn_is_theirs():
    users = make_users("ann", "bob")
    game = started_game(users)
    first = engine.player_view(engine.State.from_dict(game.state), None)["current"]
    seat = next(s for s in game.seats.select_related("user") if s.player_id == first)
    keep_opening_tickets(game, except_user=seat.user)
    client = Client()
    client.force_login(seat.user)
    options = engine.legal_actions(engine.State.from_dict(game.state), first)
    action = next(option for option in options if option.type == "keep_tickets").to_dict()
    body = form_data(action, game.version)
    html = client.post(f"/games/{game.pk}/move/", body, headers={"HX-Request": "true"})
    html = html.content.decode()
    assert 'data-panel="turn"' in html  # the first turn is theirs: its panel, its board's links
    assert 'id="board" hx-swap-oob="innerHTML"' in html and 'class="pick"' in html


def refresh(game, user, shown) -> str:
    client = Client()
    client.force_login(user)
    answer = client.get(f"/games/{game.pk}/", {"shown": shown}, headers={"HX-Request": "true"})
    return answer.content.decode()


def test_a_page_one_version_behind_is_refreshed_with_what_the_move_changed(game):
    play(game, DRAW)
    before = game.version
    play(game, DRAW)  # the turn passes
    nxt = engine.player_view(engine.State.from_dict(game.state), None)["current"]
    mover = next(seat for seat in game.players.values() if seat.player_id == nxt)
    other = next(
        seat for seat in game.players.values() if seat.player_id != nxt and seat.user != game.alice
    )
    waiting = refresh(game, other.user, before)
    assert 'id="board"' not in waiting and 'id="hand-part"' not in waiting
    assert 'id="log-part"' in waiting and 'id="draw-part"' in waiting
    assert 'id="my-games-link"' in waiting
    # The player whose turn it is now gets their board, with the routes they may claim.
    to_move = refresh(game, mover.user, before)
    assert 'id="board" hx-swap-oob="innerHTML"' in to_move and 'class="pick"' in to_move
    assert 'data-panel="turn"' in to_move
    # Further behind, or saying nothing: every part.
    assert 'id="board"' in refresh(game, other.user, before - 1)
    assert 'id="hand-part"' in refresh(game, other.user, "")


# What the stream brings every page.
STREAMED = ("turn-part", "players-part", "log-part", "draw-part")


def test_a_page_whose_stream_brings_the_tables_parts_is_answered_with_its_own_alone(game):
    """The mover's page and the page whose turn begins say which version of the table's
    public parts they show (`public`, while their stream is held): their answers leave out
    what the stream brings every page, and keep the board, their own while they may claim.
    Without it, or with a version that is no version, every part comes."""
    client = Client()
    client.force_login(game.alice)
    shown = game.version
    body = {**form_data(DRAW, game.version), "public": str(shown)}
    answer = client.post(f"/games/{game.pk}/move/", body, headers={"HX-Request": "true"})
    html = answer.content.decode()
    assert answer.status_code == 200
    assert not [part for part in STREAMED if f'id="{part}"' in html]
    assert 'id="hand-part"' in html and 'id="draw-forms-part"' in html  # a card to take
    assert f'data-public="{shown}"' in html  # the page still shows the table of that version
    game.refresh_from_db()
    assert f"?v={game.version}&amp;" in html
    # The turn passes: the page whose turn begins asks for its own parts only.
    play(game, DRAW)
    nxt = engine.player_view(engine.State.from_dict(game.state), None)["current"]
    mover = next(seat for seat in game.players.values() if seat.player_id == nxt)
    client.force_login(mover.user)
    page = f"/games/{game.pk}/"
    own = client.get(
        page, {"shown": game.version - 1, "public": game.version}, headers={"HX-Request": "true"}
    ).content.decode()
    assert not [part for part in STREAMED if f'id="{part}"' in own]
    assert 'data-panel="turn"' in own and 'class="pick"' in own  # their panel, their board
    for public in ("", "x", "-1", str(game.version + 1), "9" * 40):
        whole = client.get(
            page, {"shown": game.version - 1, "public": public}, headers={"HX-Request": "true"}
        )
        assert whole.status_code == 200
        assert all(f'id="{part}"' in whole.content.decode() for part in STREAMED), public


def test_the_standing_orders_panel_comes_again_only_when_the_turn_changes_hands(game):
    """A mover's first card leaves what the orders' panel offers as it was (still their
    turn), and its answer leaves the panel out; the card that ends the turn brings it
    (orders may be left now), and so does the answer of the page whose turn begins (the
    panel says it is their turn)."""
    client = Client()
    client.force_login(game.alice)
    slot = 'id="orders-part"'
    first = client.post(
        f"/games/{game.pk}/move/", form_data(DRAW, game.version), headers={"HX-Request": "true"}
    ).content.decode()
    assert 'id="hand-part"' in first and slot not in first
    game.refresh_from_db()
    second = client.post(
        f"/games/{game.pk}/move/", form_data(DRAW, game.version), headers={"HX-Request": "true"}
    ).content.decode()
    # The panel itself, its form's rows fetched only when the player opens it.
    assert slot in second and "Plan your next turn" in second
    assert f'hx-get="/games/{game.pk}/orders/rows/"' in second
    game.refresh_from_db()
    nxt = engine.player_view(engine.State.from_dict(game.state), None)["current"]
    mover = next(seat for seat in game.players.values() if seat.player_id == nxt)
    assert "It is your turn: play it yourself." in refresh(game, mover.user, game.version - 1)
