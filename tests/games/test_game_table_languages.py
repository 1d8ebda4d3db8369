"""The game table in Dutch, Swedish and French: the pages and htmx fragments of the lobby,
the game in each phase, its log and replay, the boards, the positions and the profile's
statistics show the table's own words in the reader's language, none left in English."""

import functools
import random
import re

import pytest
from django.test import Client
from django.utils import translation
from game_steps import make_users, play_one, started_game
from i18n.english import ROOT, english_left, parse_po, read
from play_client import Browser, set_position

from games.services.chat import chat_post
from games.services.invitations import game_invite
from games.services.lobby import game_create
from games.services.play import game_play

# Every page or mail in three languages: CI runs it, `make test-fast` does not.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

LANGUAGES = ["nl", "sv", "fr"]
NAMES = ("alice", "bruno", "chiara", "dora")
MARKS = ("A", "B", "C", "D")  # their initials on their cars and in the legend
TICKETS = {"p0": ["amsterdam-pamplona"], "p1": ["angora-kharkov"], "p2": ["brest-petrograd"]}
MAIN = re.compile(r'<main id="main"[^>]*>(.*)</main>', re.S)


STATISTICS = re.compile(r'<section class="card player-statistics".*?</section>', re.S)


def table_part(html: str) -> str:
    """What the table's templates render: the statistics section of a profile, the page's
    <main> (the site's header and footer are the site's own), or a whole htmx fragment."""
    statistics = STATISTICS.search(html)
    if statistics:
        return statistics.group(0)
    main = MAIN.search(html)
    return main.group(1) if main else html


@functools.cache
def table_catalog(language: str) -> set[str]:
    """The table's messages that the language's catalog translates."""
    path = ROOT / "templates/games/locale" / language / "LC_MESSAGES/django.po"
    return {entry["msgid"] for entry in parse_po(path) if any(entry["msgstr"])}


def words(text: str) -> re.Pattern:
    return re.compile(r"(?<!\w)" + re.escape(text) + r"(?!\w)")


def shown_in(client: Client, url: str, language: str, messages, *, htmx=False) -> list[str]:
    """Of the table's `messages`, those the page in `language` still shows in English (a
    text or attribute of its own) or does not show in the language."""
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, **headers)
    assert response.status_code == 200, (url, response.status_code)
    text, fragments = read(table_part(response.content.decode()), language)
    page = "\n".join([text, *fragments])
    pieces = {fragment.strip(" ·()") for fragment in fragments}
    left = []
    with translation.override(language):
        for message in messages:
            translated = translation.gettext(message)
            # "Routes" is Dutch and French too: the same word, as long as the catalog says so.
            same = translated == message and message in table_catalog(language)
            english = message in pieces and not same
            if english or not words(translated).search(page):
                left.append(message)
    return left


def english_on(client: Client, url: str, language: str, *, htmx=False) -> list[str]:
    """Any English left in what the table renders of the page in `language`: the catalogs'
    English, and text the English page shows the same that holds English words."""
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    pages = {}
    for lang in ("en-gb", language):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang, **headers)
        assert response.status_code == 200, (url, response.status_code)
        pages[lang] = table_part(response.content.decode())
    return english_left(pages[language], language, english=pages["en-gb"], allow=NAMES + MARKS)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def europe(players=3):
    return started_game(make_users(*NAMES[:players]), map_id="europe", seed=3)


def in_play(**setup):
    game = europe()
    seats = set_position(
        game, {"phase": "play", "current": "p0", "tickets": TICKETS, **setup}, seed=2
    )
    return game, seats


def pending_tunnel():
    game, seats = in_play(
        train_deck=["purple", "locomotive", "green"],
        face_up=["red", "red", "blue", "green", "white"],
        hands={"p0": {"purple": 3, "orange": 1, "locomotive": 1}, "p1": {}, "p2": {}},
    )
    me = Browser(Client(), seats["p0"].user, game)
    _, panel = me.page(f"/games/{game.pk}/route/marseille-zurich/")
    form = panel.move_forms("claim_route")[0]
    assert me.submit(form, form.data(radios={"cards": "purple:2"})).status_code == 302
    return game, seats


def finished():
    game, seats = in_play(
        claims={"brest-dieppe": "p1", "dieppe-paris": "p1"},
        stations={"zurich": "p0"},
        last_round_ends_after="p0",
    )
    for _ in range(2):
        game.refresh_from_db()
        game_play(
            game_id=game.pk,
            user=seats["p0"].user,
            action={"type": "draw_card", "from": "deck"},
            expected_version=game.version,
        )
    game.refresh_from_db()
    assert game.is_over
    return game, seats


def played_a_while():
    game = europe()
    rng = random.Random(4)
    for _ in range(12):
        play_one(game, rng)
        game.refresh_from_db()
    chat_post(game_id=game.pk, user=game.creator, text="hallo")
    return game


# Each case sets up a game and names the pages to fetch: (viewer, url, htmx, messages the
# page must show in the reader's language, as the table's templates write them in English).
def lobby_pages():
    users = make_users(*NAMES[:3])
    open_game = game_create(creator=users[0], map_id="usa", max_players=4)
    game_invite(game_id=open_game.pk, inviter=users[0], usernames=[users[1].username])
    return [
        (
            users[0],
            "/games/",
            False,
            [
                "Your games waiting for players",
                "Open games",
                "New game",
                "Create game",
                "Invitation link to send to friends",
                "Open the game page",
                "Start now",
                "Wait for at least one more player",
            ],
        ),
        (users[2], "/games/", False, ["Join", "Or start from a position: upload a scenario file"]),
        (users[1], "/games/mine/", False, ["Invitations", "Accept", "Decline", "rated"]),
        (
            users[0],
            f"/games/{open_game.pk}/",
            False,
            ["Waiting for players", "Copy the link", "Back to the lobby"],
        ),
        (users[2], f"/games/invite/{open_game.invite_token}/", False, ["Join"]),
        (
            users[0],
            "/games/from-scenario/",
            False,
            ["Start a game from a position", "Upload a scenario file", "Start the game"],
        ),
        (
            users[0],
            "/boards/europe/",
            False,
            ["Private games count only for their players.", "Times claimed:"],
        ),
    ]


def choosing_tickets():
    game = europe()
    user = game.seats.order_by("order").first().user
    messages = [
        "Choose your opening tickets",
        "Keep the chosen tickets",
        "Your tickets",
        "Table chat",
        "My notes",
        "Game log",
        "No moves yet.",
        "Players",
    ]
    return [
        (user, f"/games/{game.pk}/", False, messages),
        (user, f"/games/{game.pk}/", True, messages[:2]),
    ]


def own_and_others_turn():
    game, seats = in_play(
        hands={"p0": {"red": 3, "blue": 2, "locomotive": 2}, "p1": {"green": 1}, "p2": {}},
        stations={"wien": "p1"},
    )
    me, other = seats["p0"].user, seats["p1"].user
    turn = [
        "Your move",
        "Your turn.",
        "Draw two train cards: click a face-up card or the deck below.",
        "Claim a route: tap or click a route with a blue glow on the board.",
        "Draw tickets",
        "Build a station",
        "On the table",
        "Draw from the deck",
        "Zoom in",
        "Points so far (routes)",
        "Trains left",
        "Destination tickets",
    ]
    return [
        (me, f"/games/{game.pk}/", False, turn),
        (me, f"/games/{game.pk}/", True, turn[:5]),
        (
            me,
            Browser(Client(), me, game).page()[1].route_links[0],
            True,
            ["Claim the route", "Pay with", "Cancel"],
        ),
        (
            me,
            f"/games/{game.pk}/station/",
            True,
            [
                "Build the station",
                "Choose a city…",
                "Tap or click a city on the board, or choose it here.",
            ],
        ),
        (me, "/games/mine/", False, ["Your move", "your move"]),
        (other, f"/games/{game.pk}/", False, ["To move", "Table chat", "Game log"]),
    ]


def tunnel():
    game, seats = pending_tunnel()
    return [
        (
            seats["p0"].user,
            f"/games/{game.pk}/",
            False,
            [
                "Pay it to claim the tunnel, or take your cards back and end your turn.",
                "Pay and claim",
                "Decline: take my cards back",
                "Pay with",
            ],
        ),
        (seats["p1"].user, f"/games/{game.pk}/", False, ["Cards turned up"]),
    ]


def last_round():
    game, seats = in_play(last_round_ends_after="p1")
    return [(seats["p2"].user, f"/games/{game.pk}/", False, ["Your tickets", "Table chat"])]


def score_sheet():
    game, seats = finished()
    me = seats["p0"].user
    sheet = [
        "Score sheet",
        "Place",
        "Routes",
        "Longest path",
        "Total",
        "Stations",
        "The longest-path bonus routes are marked on the board with a gold band.",
        "Download the game (JSON)",
        "Replay it, or start a new game from any move",
        "The game is over.",
        "See the score sheet.",
        "Rematch",
        "Statistics",
        "Final score, as on the score sheet",
    ]
    return [
        (me, f"/games/{game.pk}/", False, sheet),
        (me, f"/games/{game.pk}/log/", False, ["Back to the game", "The board after this turn"]),
        (me, "/games/mine/", False, ["Finished"]),
        (
            me,
            f"/u/{me.username}/",
            False,
            [
                "Statistics",
                "Most claimed routes",
                "Favourite colours",
                "Tickets: success per ticket",
            ],
        ),
    ]


def log_and_replay():
    game = played_a_while()
    me = game.creator
    replay = [
        "Previous",
        "Deal",
        "Show",
        "The arrow keys step turn by turn.",
        "Face-up cards",
        "Back to the game",
    ]
    return [
        (me, f"/games/{game.pk}/log/", False, ["Back to the game", "Replay"]),
        (me, f"/games/{game.pk}/replay/", False, replay),
        (me, f"/games/{game.pk}/replay/?turn=0", False, ["Next", "Last", "Turn"]),
        (
            me,
            f"/games/{game.pk}/chat/",
            True,
            ["Table chat", "Mute", "Send", "Message to the table"],
        ),
    ]


CASES = {
    "lobby": lobby_pages,
    "choosing tickets": choosing_tickets,
    "own and others' turn": own_and_others_turn,
    "tunnel": tunnel,
    "last round": last_round,
    "score sheet": score_sheet,
    "log and replay": log_and_replay,
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_tables_own_words_are_in_the_readers_language(case, language):
    left = {}
    for user, url, htmx, messages in CASES[case]():
        found = shown_in(signed_in(user), url, language, messages, htmx=htmx)
        if found:
            left[f"{url}{' (htmx)' if htmx else ''}"] = found
    assert left == {}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_is_left_on_the_tables_pages(case, language):
    left = {}
    for user, url, htmx, _messages in CASES[case]():
        found = english_on(signed_in(user), url, language, htmx=htmx)
        if found:
            left[f"{url}{' (htmx)' if htmx else ''}"] = found
    assert left == {}, "\n".join(f"{url}: {found}" for url, found in left.items())
