"""Generated requests to every address of the site never get a server error and never change
a game: bodies and paths made of strange numbers (superscript and Arabic digits, thousands of
digits, signs, exponents), NUL bytes, unicode, broken or wrongly typed JSON, undecodable bytes
and wrong or broken content types, sent with every method to every pattern the URL resolver
knows (HTML pages, forms and the API alike), as a player of the game, as a stranger to it and
anonymously.

The addresses come from the resolver and the field names from the site's own pages and the
API's schema, so a new page or field is covered without editing this test. Each request runs
in a savepoint rolled back after it: one request's effect never hides another's crash.

The default run tries a few hundred cases for the daily loop; the slow one 4,000 in CI, and
it checks that every address was among them. Both print how many cases they tried.
"""

import json
import re
from urllib.parse import quote, urlencode

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from django.db.models import Count
from django.test import Client
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart
from django.urls import URLResolver, get_resolver
from django.urls.resolvers import RegexPattern
from game_steps import make_users, started_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.throttling import SimpleRateThrottle

from games.engine import get_map
from games.models import BotLevel, Game, Move
from games.services.calendar_token import calendar_token_get
from games.services.chat import chat_post
from games.services.invitations import game_invite
from games.services.lobby import game_create

pytestmark = pytest.mark.django_db

ROLES = ("player", "stranger", "anonymous")
METHODS = ("GET", "POST", "POST", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD")
# Requests that act with no input at all: a player's resign is honoured whatever the body
# (the page asks first), and so is the creator's new game link (the old one stops working).
# Strangers and anonymous visitors still send them.
ACT_WITHOUT_INPUT = {
    "game_resign",
    "api-game-resign",
    "game_invite_link_renew",
    "api-game-invite-link",
}
# The player's session must outlive the run; logging out is sent by the others.
ENDS_THE_SESSION = {"account_logout"}

NUMBERS = [
    "²", "³²", "١", "٣٤", "१२", "①", "Ⅻ", "９", "9" * 5000, "-1", "-0", "+1", " 1", "1 ",
    "0", "00", "01", "1.5", "1e9", "1e309", "NaN", "inf", "-inf", "0x1f", "1_000", "½",
    str(2**63), str(-(2**63) - 1), str(10**18), str(10**19), "", "\x00", "1\x00", "0\x001",
]  # fmt: skip
BROKEN_JSON = [
    b"{", b"[", b'{"a":', b"{'a': 1}", b'{"version": 01}', b"NaN", b'{"a": NaN}', b"\x00",
    b'{"a": "\\ud800"}', b"\xff\xfe{\x00}\x00", b'{"version": 1e999}', b"[" * 5000,
    b'{"a": 1}{"b": 2}', b"\xef\xbb\xbf{}", b"null", b"true", b'"text"', b"[]", b"12",
]  # fmt: skip
CONTENT_TYPES = [
    "application/json",
    "application/json; charset=utf-42",
    "application/json; charset=latin-1",
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded; charset=utf-42",
    "multipart/form-data",
    "multipart/form-data; boundary=",
    "multipart/form-data; boundary=nothing-like-the-body",
    "text/plain",
    "text/html",
    "application/xml",
    "application/octet-stream",
    "*/*",
    "",
    "\x00",
]
HEADERS = [
    {},
    {"HTTP_HX_REQUEST": "true"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "board"},
    {"HTTP_ACCEPT": "application/json"},
    {"HTTP_ACCEPT": "text/html; q=\x00"},
    {"HTTP_AUTHORIZATION": "Token \x00"},
    {"HTTP_AUTHORIZATION": "Token " + "a" * 300},
    {"HTTP_AUTHORIZATION": "Bearer ²"},
    {"HTTP_X_FORWARDED_FOR": "², 1.2.3.4"},
    {"HTTP_ACCEPT_LANGUAGE": "xx-\x00"},
]


def request_savepoint():
    """A savepoint the services' durable transactions may run inside, as they may inside a
    test's own transaction: Django marks the test case's atomic blocks the same way."""
    savepoint = transaction.atomic()
    savepoint._from_testcase = True
    return savepoint


def address_patterns():
    """(name, route text or compiled regex) for every pattern the resolver knows, except the
    admin's own pages (its login is among the site's)."""

    def walk(patterns, prefix):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, prefix + [entry.pattern])
            else:
                yield entry.name, [*prefix, entry.pattern]

    found = []
    for name, parts in walk(get_resolver().url_patterns, []):
        text = "".join(str(part) for part in parts)
        if text.startswith("admin/") and text != "admin/":
            continue
        found.append((name or text, parts))
    return found


def path_strategy(parts, known):
    """A path for one pattern: each parameter a real value (this game, a known name) or a
    strange one; a regex part any text it matches, and more."""
    pieces = []
    for part in parts:
        if isinstance(part, RegexPattern):
            regex = part.regex.pattern.lstrip("^").rstrip("$")
            pieces.append(st.from_regex(regex, fullmatch=bool(regex)).map(quote))
            continue
        for literal, converter, _name in re.findall(r"([^<]*)(?:<(\w+):(\w+)>)?", str(part)):
            pieces.append(st.just(literal))
            if converter == "id":
                pieces.append(
                    st.one_of(
                        st.sampled_from(known["ids"]).map(str),
                        st.sampled_from(NUMBERS).map(lambda s: quote(s, safe="")),
                        st.integers(min_value=0, max_value=10**40).map(str),
                    )
                )
            elif converter:
                pieces.append(
                    st.one_of(
                        st.sampled_from(known["words"]),
                        st.sampled_from(NUMBERS),
                        st.text(max_size=40),
                    ).map(lambda s: quote(s, safe="") or "x")
                )
    return st.tuples(*pieces).map(lambda bits: "/" + "".join(bits))


def value_strategy(known):
    return st.one_of(
        st.sampled_from(NUMBERS),
        st.sampled_from(known["words"]),
        st.sampled_from(known["stale_versions"]),
        st.integers(min_value=-(10**30), max_value=10**30).map(str),
        st.text(max_size=30),
        st.builds(
            lambda c, n: f"{c}:{n}", st.sampled_from(known["words"]), st.sampled_from(NUMBERS)
        ),
    )


def json_strategy(known):
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.floats(),
        st.sampled_from(NUMBERS),
        st.sampled_from(known["words"]),
        st.sampled_from(known["stale_versions"]).map(int),
        st.text(max_size=20),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(st.sampled_from(known["fields"]), inner, max_size=5),
        ),
        max_leaves=12,
    )


def request_strategy(known):
    values = value_strategy(known)
    fields = st.dictionaries(
        st.one_of(st.sampled_from(known["fields"]), st.text(max_size=10)), values, max_size=6
    )
    form = fields.map(
        lambda d: (
            urlencode(d).encode("utf-8", "surrogatepass"),
            "application/x-www-form-urlencoded",
        )
    )
    multipart = fields.map(
        lambda d: (
            encode_multipart(BOUNDARY, {k: v for k, v in d.items() if "\x00" not in k}),
            MULTIPART_CONTENT,
        )
    )
    as_json = st.one_of(
        st.dictionaries(st.sampled_from(known["fields"]), json_strategy(known), max_size=6),
        json_strategy(known),
    ).map(lambda v: (json.dumps(v).encode("utf-8", "surrogatepass"), "application/json"))
    raw = st.tuples(
        st.one_of(st.sampled_from(BROKEN_JSON), st.binary(max_size=200), form.map(lambda f: f[0])),
        st.sampled_from(CONTENT_TYPES),
    )
    body = st.one_of(st.just((b"", "")), form, multipart, as_json, raw)
    query = st.one_of(st.just({}), fields)
    return st.tuples(
        st.sampled_from(ROLES),
        st.sampled_from(known["patterns"]).flatmap(
            lambda p: st.tuples(st.just(p[0]), path_strategy(p[1], known))
        ),
        st.sampled_from(METHODS),
        query,
        body,
        st.sampled_from(HEADERS),
    )


def page_field_names(client, paths) -> set[str]:
    names = set()
    for path in paths:
        names |= set(re.findall(r'name="([^"]+)"', client.get(path).text))
    return names


def schema_field_names(client) -> set[str]:
    schema = client.get("/api/schema/?format=json").json()
    names = set()
    for component in schema["components"]["schemas"].values():
        names |= set(component.get("properties", {}))
    for operations in schema["paths"].values():
        for operation in operations.values():
            names |= {p["name"] for p in operation.get("parameters", [])}
    return names


@pytest.fixture
def table(monkeypatch):
    """Ann and Bob in a started game with a message of Bob's, Cyd a stranger to it, an open
    game of Bob's that Ann is invited to; throttles set high, so that generated requests
    reach the views rather than the limiter."""
    monkeypatch.setattr(
        SimpleRateThrottle, "THROTTLE_RATES", {"anon": "1000000/minute", "user": "1000000/minute"}
    )
    ann, bob, cyd = make_users("ann", "bob", "cyd")
    game = started_game([ann, bob], map_id="europe")
    open_game = game_create(creator=bob, map_id="usa", max_players=3)
    chat_post(game_id=game.pk, user=bob, text="good luck")
    game_invite(game_id=open_game.pk, inviter=bob, usernames=["ann"])
    clients = {"player": Client(), "stranger": Client(), "anonymous": Client()}
    clients["player"].force_login(ann)
    clients["stranger"].force_login(cyd)
    return game, open_game, clients


def run(table, examples: int) -> int:
    game, open_game, clients = table
    europe = get_map("europe")
    patterns = address_patterns()
    plain = [str(p[1][0]) for p in patterns if len(p[1]) == 1 and "<" not in str(p[1][0])]
    game_pages = [f"/games/{game.pk}/", f"/games/{game.pk}/replay/"]
    creator = Client()  # the open game's page, with its add-bot and start forms
    creator.force_login(open_game.creator)
    fields = (
        page_field_names(
            clients["player"], ["/" + p for p in plain if not p.startswith("api")] + game_pages
        )
        | page_field_names(creator, [f"/games/{open_game.pk}/"])
        | schema_field_names(clients["player"])
    )
    message_ids = list(game.chat.values_list("pk", flat=True))
    invitation_ids = list(open_game.invitations.values_list("pk", flat=True))
    known = {
        "patterns": patterns,
        "ids": [game.pk, open_game.pk, *message_ids, *invitation_ids, 0, 1, 2],
        "words": sorted(
            {"ann", "bob", "cyd", "europe", "usa", "rating", "overall", "accept", "decline"}
            | {game.invite_token, open_game.invite_token}
            | set(list(europe.routes)[:20])
            | set(list(europe.cities)[:10])
            | {"red", "locomotive", "deck", "face_up", "pass", "draw_card", "claim_route"}
            | {"keep_tickets", "build_station", "pay_tunnel", "decline_tunnel", "draw_tickets"}
            | set(BotLevel.values)
            | {code for code, _name in django_settings.LANGUAGES}
            | {calendar_token_get(user=game.creator)}  # Ann's calendar feed
        ),
        # Never the game's own version: a generated move is never a move the player means.
        "stale_versions": [str(v) for v in (0, game.version - 1, game.version + 1, 10**6)],
        "fields": sorted(fields),
    }

    def snapshot():
        # Services are the only writers, and every change to a game moves its version on.
        return (
            Game.objects.filter(pk=game.pk)
            .annotate(move_count=Count("moves"))
            .values_list("version", "status", "move_count")[0]
        )

    def whole_game():
        fresh = Game.objects.get(pk=game.pk)
        return (
            fresh.version,
            fresh.status,
            fresh.state,
            list(Move.objects.filter(game=game).values()),
        )

    before, whole_before = snapshot(), whole_game()
    tried = []

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=request_strategy(known))
    def check(case):
        role, (name, path), method, query, (body, content_type), headers = case
        if role == "player" and name in ACT_WITHOUT_INPUT | ENDS_THE_SESSION:
            role = "stranger" if name in ACT_WITHOUT_INPUT else "anonymous"
        if role == "stranger" and name in ENDS_THE_SESSION:
            role = "anonymous"
        address = path + ("?" + urlencode(query) if query else "")
        tried.append(name)
        with request_savepoint():
            response = clients[role].generic(
                method, address, data=body, content_type=content_type, **headers
            )
            assert response.status_code < 500, (role, method, address, body[:300])
            assert snapshot() == before, (role, method, address, body[:300])
            transaction.set_rollback(True)

    check()
    assert whole_game() == whole_before
    return tried, {name for name, _parts in patterns}


def report(capsys, tried: int):
    with capsys.disabled():
        print(f"\n  generated requests tried: {tried}; server errors: 0; games changed: 0")


def test_generated_requests_to_every_address_never_crash_nor_change_a_game(table, capsys):
    # A sample for the daily loop; the slow test below sends 4,000 in CI.
    tried, _ = run(table, examples=600)
    report(capsys, len(tried))
    assert len(tried) == 600


@pytest.mark.slow
def test_many_more_generated_requests_never_crash_nor_change_a_game(table, capsys):
    tried, every_address = run(table, examples=4000)
    report(capsys, len(tried))
    assert len(tried) == 4000
    # Each address of the site had its share, those added since this test was written too.
    assert set(tried) == every_address, every_address - set(tried)
