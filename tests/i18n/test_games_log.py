"""The game log in Dutch, Swedish and French, told from the engine's events with plural forms;
in English word for word what the engine says."""

import random

import pytest
from django.test import Client
from django.utils import translation
from game_steps import make_users, play_one, started_game
from i18n.english import english_left

from games import engine
from games.engine import EventType
from games.selectors.log import move_list
from games.words.game_log import turns_of
from games.words.log_sentences import continued, describe, describe_card_draws

LANGUAGES = ("nl", "sv", "fr")
NAMES = {"p1": "ann", "p2": "bob"}


def events_of_a_whole_game(map_id: str, seed: int) -> list[dict]:
    rng = random.Random(seed)
    state = engine.new_game(map_id, ["p1", "p2", "p3"], seed=seed)
    events: list[dict] = []
    for _ in range(2000):
        movers = engine.players_to_act(state)
        if not movers:
            break
        player = rng.choice(movers)
        state, new = engine.play(state, player, rng.choice(engine.legal_actions(state, player)))
        events += new
    assert state.phase == engine.Phase.GAME_OVER
    return events


@pytest.fixture(scope="module")
def whole_games() -> list[tuple[str, list[dict]]]:
    return [(m, events_of_a_whole_game(m, seed)) for m, seed in (("usa", 4), ("europe", 7))]


def test_in_english_every_event_of_two_whole_games_reads_as_the_engine_tells_it(whole_games):
    kinds = set()
    with translation.override("en-gb"):
        for map_id, events in whole_games:
            for event in events:
                kinds.add(event["type"])
                assert describe(event, NAMES, map_id) == engine.describe(event, NAMES, map_id)
    assert {EventType.TUNNEL_REVEALED, EventType.STATION_BUILT, EventType.GAME_OVER} <= kinds


def test_in_english_a_turn_s_two_draws_read_as_the_engine_tells_them():
    from games.engine.describe import describe_card_draws as engine_draws

    deck = {"type": "card_drawn", "player": "p1", "source": "deck", "color": None}
    red = {"type": "card_drawn", "player": "p1", "source": "face_up", "color": "red"}
    blue = {**red, "color": "blue"}
    with translation.override("en-gb"):
        for pair in ([deck, deck], [deck, red], [red, deck], [red, red], [red, blue], [red]):
            assert describe_card_draws(pair, NAMES) == engine_draws(pair, NAMES)


@pytest.mark.slow  # two whole games in three languages: CI runs it, `make test-fast` does not
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_event_of_two_whole_games_is_told_in_english(whole_games, language):
    with translation.override(language):
        page = "".join(
            f"<p>{describe(event, NAMES, map_id)}</p>"
            for map_id, events in whole_games
            for event in events
        )
    assert english_left(f"<html><body>{page}</body></html>", language, allow=["ann", "bob"]) == []


TICKETS = {"type": "tickets_drawn", "player": "p1", "count": 1}
DECK = {"type": "card_drawn", "player": "p1", "source": "deck", "color": None}


@pytest.mark.parametrize(
    ("language", "one", "three"),
    [
        ("nl", "ann trok 1 bestemmingskaart", "ann trok 3 bestemmingskaarten"),
        ("sv", "ann drog 1 destinationsbiljett", "ann drog 3 destinationsbiljetter"),
        ("fr", "ann a pioché 1 carte Destination", "ann a pioché 3 cartes Destination"),
    ],
)
def test_a_count_of_tickets_takes_the_singular_or_the_plural(language, one, three):
    with translation.override(language):
        assert describe(TICKETS, NAMES) == one
        assert describe({**TICKETS, "count": 3}, NAMES) == three


@pytest.mark.parametrize(
    ("language", "one_card", "two_cards"),
    [
        ("nl", "ann trok een kaart van de trekstapel", "ann trok 2 kaarten van de trekstapel"),
        ("sv", "ann drog ett kort från draghögen", "ann drog 2 kort från draghögen"),
        ("fr", "ann a pioché une carte", "ann a pioché 2 cartes"),
    ],
)
def test_one_and_two_blind_draws(language, one_card, two_cards):
    with translation.override(language):
        assert describe_card_draws([DECK], NAMES) == one_card
        assert describe_card_draws([DECK, DECK], NAMES) == two_cards


@pytest.mark.parametrize(
    ("language", "one_point", "four_points"),
    [
        ("nl", "ann claimde München–Wien (1) voor 1 punt", "voor 4 punten"),
        ("sv", "ann byggde München–Wien (1) för 1 poäng", "för 4 poäng"),
        ("fr", "ann a pris possession de München–Wien (1) pour 1 point", "pour 4 points"),
    ],
)
def test_a_claim_s_points_and_the_city_names_as_the_board_prints_them(
    language, one_point, four_points
):
    claim = {"type": "route_claimed", "player": "p1", "route": "munchen-wien", "length": 1}
    with translation.override(language):
        assert describe({**claim, "points": 1}, NAMES, "europe") == one_point
        assert describe({**claim, "points": 4}, NAMES, "europe").endswith(four_points)


def test_a_face_up_card_and_a_tunnel_in_dutch():
    face_up = {"type": "card_drawn", "player": "p1", "source": "face_up", "color": "green"}
    tunnel = {
        "type": "tunnel_revealed",
        "player": "p1",
        "route": "munchen-zurich",
        "revealed": ["red", "locomotive", "blue"],
        "extra": 2,
    }
    with translation.override("nl"):
        assert describe(face_up, NAMES) == "ann pakte een open treinkaart in de kleur groen"
        assert describe(tunnel, NAMES, "europe") == (
            "De tunnel München–Zürich van ann draaide een rode kaart, een locomotief en een "
            "blauwe kaart om: 2 extra kaarten, betalen of afslaan"
        )


def test_the_game_s_end_shares_the_win_with_the_plural_of_the_points():
    over = {"type": "game_over", "ranking": [["p1", "p2"]], "totals": {"p1": 1, "p2": 1}}
    with translation.override("fr"):
        assert describe(over, NAMES) == (
            "La partie est terminée : ann et bob se partagent la victoire avec 1 point"
        )
    with translation.override("sv"):
        over["totals"] = {"p1": 28, "p2": 28}
        assert describe(over, NAMES) == "Spelet är slut: ann och bob delar på segern med 28 poäng"


def test_within_a_line_a_sentence_that_opens_with_a_word_goes_on_in_lower_case():
    tunnel = {"type": "tunnel_paid", "player": "p1", "route": "munchen-zurich", "extra": 1}
    with translation.override("nl"):
        told = describe(tunnel, NAMES, "europe")
        assert told.startswith("De tunnel")
        assert continued(tunnel, told, NAMES).startswith("de tunnel München–Zürich van ann")
    with translation.override("en-gb"):
        told = describe(tunnel, NAMES, "europe")
        assert continued(tunnel, told, NAMES) == told  # it opens with ann's name


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "kept"),
    [("nl", "bestemmingskaarten"), ("sv", "destinationsbiljetter"), ("fr", "cartes Destination")],
)
def test_the_game_page_s_log_is_in_the_reader_s_language(language, kept):
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], map_id="europe", seed=5)
    rng = random.Random(2)
    for _ in range(8):
        play_one(game, rng)
        game.refresh_from_db()
    names = {seat.player_id: seat.user.username for seat in game.seats.select_related("user")}
    with translation.override(language):
        lines = [
            s for turn in turns_of(move_list(game=game), names, game.map_id) for s in turn.line
        ]
    client = Client()
    client.force_login(ann)
    html = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert kept in html
    shown = [line for line in lines if line in html]
    assert shown, lines
    log = "".join(f"<p>{line}</p>" for line in lines)
    assert english_left(f"<html><body>{log}</body></html>", language, allow=["ann", "bob"]) == []
