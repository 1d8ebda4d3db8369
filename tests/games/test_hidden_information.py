"""No page, fragment or endpoint shows a player anything the rules keep from them:
other players' hands, tickets or ticket offers, their private notes, the deck order, or
the game's seed.

Every address of the site is asked, for the game, its players and their settings, in the
HTML pages and the API, reads and refused or accepted actions alike (each request rolled
back after it, so a resignation or a note written never changes what the next one sees);
an address that shows nothing of any game is named in NOTHING_OF_A_GAME, and a test fails
when the site has an address in neither list."""

import json
import random
import re

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLResolver, get_resolver, resolve
from game_steps import make_users, play_one, started_game, state_of, who_must_act
from rest_framework.throttling import SimpleRateThrottle

from games import engine
from games.models import BotLevel, ChatMessage, GameStatus, Move
from games.services.calendar_token import calendar_token_get
from games.services.chat import chat_post
from games.services.notes import note_save
from games.services.orders import seat_orders_set
from games.services.play import game_play
from games.svg import hand_svg

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# Addresses that show nothing of any game (the entrance and account pages, the settings'
# own forms, the API's documentation, the site's plumbing); every other address is asked.
NOTHING_OF_A_GAME = {
    # Clubs and seasons list their games by number and players only, never a hand; what an
    # invite-only club describes to a stranger is asked by tests/clubs/test_clubs_hardening.py.
    "clubs",
    "club_new",
    "club_detail",
    "club_chat",
    "club_invite",
    "club_join",
    "club_link",
    "club_leave",
    "club_decline",
    "club_member",
    "club_link_renew",
    "club_invitation_withdraw",
    "season_new",
    "season_detail",
    "season_action",
    "follow",
    "unfollow",
    "api-clubs",
    "api-club",
    "api-club-join",
    "api-club-leave",
    "api-club-decline",
    "api-season",
    "admin/",  # the admin's index: staff only, and it sends everyone else to the login
    "index",
    "healthz",
    "favicon",
    "unsubscribe",
    "accounts/login/",
    "account_login",
    "account_logout",
    "account_inactive",
    "account_signup",
    "account_reauthenticate",
    "account_request_reauthentication_code",
    "account_confirm_reauthentication_code",
    "account_email",
    "account_email_verification_sent",
    "account_change_password",
    "account_set_password",
    "account_reset_password",
    "account_confirm_login_code",
    "account_confirm_email",
    "account_reset_password_from_key_done",
    "account_reset_password_from_key",
    "account_reset_password_done",
    "set_language",
    "vacation_set",
    "vacation_end",
    "calendar_renew",
    "api_token",
    "game_create",
    "game_against_bots",
    "game_first",
    "rules_index",  # how to play: the same for everyone
    "manifest",  # the installable app's manifest, its service worker and offline page
    "service_worker",
    "offline",
    "rules",
    "game_from_scenario",
    "api-game-from-scenario",
    "api-schema",
    "api-docs",
    "api-redoc",
    "api-redoc-script",
    "api/",
}


def game_in_progress(map_id: str, seed: int):
    """A public 3-player game some moves into play, with the current player holding a
    fresh ticket offer (secret until they choose)."""
    users = make_users("ann", "bob", "cy")
    game = started_game(users, map_id=map_id)
    rng = random.Random(seed)
    while game.status == GameStatus.CHOOSING or Move.objects.filter(game=game).count() < 25:
        play_one(game, rng)
        game.refresh_from_db()
    seat = who_must_act(game)[0]
    state = state_of(game)
    kinds = {a.type for a in engine.legal_actions(state, seat.player_id)}
    if "draw_tickets" in kinds:
        game_play(
            game_id=game.pk,
            user=seat.user,
            action={"type": "draw_tickets"},
            expected_version=game.version,
        )
        game.refresh_from_db()
    chat_post(game_id=game.pk, user=users[1], text="good luck")  # a message to report
    return game, users


def urls_for(game) -> list[tuple[str, str, dict]]:
    """(method, url, data) for every page, fragment and endpoint of the game, its players and
    their settings: HTML pages (GET), forms (POST), the API (GET, and POST or PUT with JSON)."""
    state = state_of(game)
    public = engine.player_view(state, None)
    base = f"/games/{game.pk}/"
    api = f"/api/v1/games/{game.pk}/"
    last = Move.objects.filter(game=game).count()
    version = str(game.version)
    message = ChatMessage.objects.filter(game=game).values_list("pk", flat=True).first()
    routes = set()
    for seat in game.seats.all():
        routes |= {
            a.route for a in engine.legal_actions(state, seat.player_id) if a.type == "claim_route"
        }
    routes = sorted(routes)[:5] + ["denver-omaha", "no-such-route"]
    urls = [
        ("GET", base, {}),
        ("GET", base + "log/", {}),
        ("GET", base + "chat/", {}),
        ("GET", base + "export/", {}),
        ("GET", base + "station/", {}),
        ("GET", base + "version/", {"v": "0"}),
        ("GET", base + "version/", {"v": version}),
        # The analysis is refused while the game runs: its answers must say nothing either.
        ("GET", base + "analysis/", {}),
        ("GET", base + "analysis/progress/", {}),
    ]
    urls += [("GET", base + f"route/{route}/", {}) for route in routes]
    urls += [
        ("GET", base + "replay/", {"move": str(n)})
        for n in sorted({0, 1, 2, last // 2, last - 1, last})
    ]
    urls += [
        ("POST", base + "move/", {"type": "draw_card", "from": "deck", "version": "0"}),
        (
            "POST",
            base + "move/",
            {"type": "claim_route", "route": "x", "cards": "red:1", "version": version},
        ),
        ("POST", base + "move/", {"type": "keep_tickets", "version": version}),
        ("POST", base + "move/", {"type": "bogus", "version": version}),
    ]
    # The table's other actions, each rolled back after it: the answers and their refusals.
    urls += [
        ("POST", base + "more-time/", {"version": version}),
        ("POST", base + "more-time/", {"version": "0"}),
        ("POST", base + "note/", {"text": "a note of mine"}),
        ("GET", base + "orders/", {}),
        ("GET", base + "orders/rows/", {}),
        ("POST", base + "orders/review/", {"kind-0": "draw_deck"}),
        ("POST", base + "orders/set/", {"orders": '[{"kind": "draw_deck"}]'}),
        ("POST", base + "orders/cancel/", {}),
        ("POST", base + "chat/post/", {"text": "hello"}),
        ("POST", base + "chat/mute/", {}),
        ("POST", base + f"chat/{message}/report/", {}),
        ("POST", base + "resign/", {}),
        ("POST", base + "rematch/", {}),
        ("POST", base + "new-from-here/", {"move": "3"}),
        ("POST", base + "add-bot/", {"level": BotLevel.CASUAL}),
        ("POST", base + "join/", {}),
        ("POST", base + "leave/", {}),
        ("POST", base + "start/", {}),
        ("POST", base + "invite-link/", {"from": "game"}),
        ("POST", "/games/invitations/0/accept/", {}),
        ("POST", base + "analysis/request/", {}),
    ]
    # The pages that list games and players: lobby, My games, profiles, leaderboards, heat
    # maps, a bot's record, the invitation link, the settings.
    players = [seat.user.username for seat in game.seats.select_related("user")]
    urls += [
        ("GET", "/", {}),
        ("GET", "/games/", {}),
        ("GET", "/games/mine/", {}),
        ("GET", f"/games/invite/{game.invite_token}/", {}),
        ("GET", "/settings/", {}),
        # The settings' devices and webhooks, refused or rolled back.
        ("POST", "/settings/push/", {"endpoint": "https://example.org/push"}),
        ("POST", "/settings/push/off/", {"id": "0"}),
        ("POST", "/settings/webhooks/", {"url": "http://127.0.0.1:1/hook", "kind": "json"}),
        ("POST", "/settings/webhooks/0/delete/", {}),
        ("POST", "/settings/webhooks/0/test/", {}),
        ("POST", "/settings/webhooks/0/resume/", {}),
        ("POST", "/settings/push/0/test/", {}),
        ("POST", "/settings/push/0/resume/", {}),
        ("GET", "/leaderboard/", {}),
        ("GET", f"/leaderboard/{game.map_id}/", {}),
        ("GET", f"/boards/{game.map_id}/", {}),
        ("GET", f"/bots/{BotLevel.CASUAL}/", {}),
    ]
    urls += [("GET", f"/u/{name}/", {}) for name in players]
    # The API: the game, its parts, its actions; the players; the caller's own.
    urls += [
        ("GET", api, {}),
        ("GET", api + "legal-actions/", {}),
        ("GET", api + "moves/", {"page_size": "100"}),
        ("GET", api + "claims/", {}),
        ("GET", api + "statistics/", {}),
        ("GET", api + "chat/", {}),
        ("GET", api + "note/", {}),
        ("GET", api + "orders/", {}),
        ("GET", api + "export/", {}),
        ("GET", api + "analysis/", {}),
        ("JSON POST", api + "analysis/", {}),
        ("GET", "/api/v1/games/", {}),
        ("GET", "/api/v1/me/", {}),
        ("GET", "/api/v1/me/vacation/", {}),
        ("GET", "/api/v1/invitations/", {}),
        ("GET", "/api/v1/leaderboards/overall/", {}),
        ("JSON POST", api + "actions/", {"version": 0, "action": {"type": "draw_tickets"}}),
        ("JSON POST", api + "actions/", {"version": game.version, "action": {"type": "bogus"}}),
        ("JSON POST", api + "more-time/", {"version": game.version}),
        ("JSON POST", api + "resign/", {}),
        ("JSON POST", api + "rematch/", {}),
        ("JSON POST", api + "new-from-here/", {"move": 3}),
        ("JSON POST", api + "chat/", {"text": "hello"}),
        ("JSON POST", api + "chat/mute/", {"muted": True}),
        ("JSON POST", api + f"chat/{message}/report/", {}),
        ("JSON POST", api + "join/", {}),
        ("JSON POST", api + "leave/", {}),
        ("JSON POST", api + "start/", {}),
        ("JSON POST", api + "invite-link/", {}),
        ("JSON POST", api + "bots/", {"level": BotLevel.CASUAL}),
        ("JSON POST", "/api/v1/invitations/0/", {"answer": "accept"}),
        ("JSON POST", "/api/v1/me/calendar-url/", {}),
        ("JSON PUT", api + "note/", {"text": "a note of mine"}),
        ("JSON PUT", api + "orders/", {"orders": [{"kind": "draw_deck"}]}),
        ("JSON DELETE", api + "orders/", {}),
    ]
    for name in players:
        urls += [
            ("GET", f"/api/v1/users/{name}/", {}),
            ("GET", f"/api/v1/users/{name}/statistics/", {}),
        ]
    assert public["phase"] == "play"
    return urls


def viewer_urls(user) -> list[tuple[str, str, dict]]:
    """The viewer's own calendar feed: the deadlines of their games."""
    if user is None:
        return []
    return [("GET", f"/calendar/{calendar_token_get(user=user)}.ics", {})]


def request_savepoint():
    """A savepoint the services' durable transactions may run inside, as in a test's own."""
    savepoint = transaction.atomic()
    savepoint._from_testcase = True
    return savepoint


def fetch_all(client, game, user=None):
    for method, url, data in urls_for(game) + viewer_urls(user):
        page = not url.startswith("/api/")
        for htmx in (False, True) if page else (False,):
            headers = {"HX-Request": "true"} if htmx else {}
            with request_savepoint():
                if method == "GET":
                    response = client.get(url, data, headers=headers)
                elif method == "POST":
                    response = client.post(url, data, headers=headers)
                else:
                    verb = method.split()[1]
                    body = json.dumps(data)
                    response = client.generic(verb, url, body, content_type="application/json")
                transaction.set_rollback(True)
            assert response.status_code < 500, url
            yield url, response.content.decode()


def mentions(html: str, ticket_id: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(ticket_id)}(?![\w-])", html) is not None


ORDER_COLOURS = [("orange", "purple"), ("white", "yellow"), ("black", "green")]


def secrets_of(game):
    """What nobody may see, per player: their hand's picture, tickets and offer."""
    raw = game.state
    state = state_of(game)
    per_player = {}
    for seat in game.seats.all():
        pid = seat.player_id
        mine = engine.player_view(state, pid)["players"][pid]
        note = f"secret plan of {pid}: block Denver"
        note_save(game_id=game.pk, user=seat.user, text=note)
        per_player[pid] = {
            "note": note,
            "hand_svg": hand_svg(mine["hand"]),
            "tickets": set(mine["tickets"]) | set(mine.get("offered") or []),
            "orders": [],
        }
        if not engine.must_act(state, pid):
            # standing orders, of a colour pair no other player's orders name
            first, then = ORDER_COLOURS[len(per_player) % len(ORDER_COLOURS)]
            order = {"kind": "draw_face_up", "color": first, "then": then}
            seat_orders_set(game_id=game.pk, user=seat.user, orders=[order])
            per_player[pid]["orders"] = [
                f"Take the face-up {first} card, then a face-up {then} card",
                f'"then": "{then}"',
                f'"then":"{then}"',
            ]
    deck = raw["deck"]
    deck_runs = {sep.join(deck[:10]) for sep in (",", ", ", " ", "|", ";")}
    deck_runs.add(json.dumps(deck[:10]))
    return per_player, deck_runs, str(game.seed)


def assert_nothing_hidden(html, url, *, viewer, per_player, deck_runs, seed):
    if viewer is None:
        assert "Your cards" not in html, f"{url}: a spectator is shown a hand"
    for pid, secret in per_player.items():
        if pid == viewer:
            continue
        own = per_player[viewer]["hand_svg"] if viewer else None
        if secret["hand_svg"] != own:
            assert secret["hand_svg"] not in html, f"{url}: another player's hand"
        assert secret["note"] not in html, f"{url}: another player's private note"
        for told in secret["orders"]:
            assert told not in html, f"{url}: another player's standing orders"
        leaked = {t for t in secret["tickets"] if mentions(html, t)}
        visible_to_viewer = per_player[viewer]["tickets"] if viewer else set()
        assert not (leaked - visible_to_viewer), f"{url}: another player's tickets {leaked}"
    for run in deck_runs:
        assert run not in html, f"{url}: the deck order"
    assert seed not in html, f"{url}: the seed"


def address_names(urls) -> set[str]:
    names = set()
    for _method, url, _data in urls:
        match = resolve(url.split("?")[0])
        names.add(match.url_name or match.route)
    return names


def every_address_name() -> set[str]:
    def walk(patterns, prefix=""):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, prefix + str(entry.pattern))
            elif not (prefix + str(entry.pattern)).startswith("admin/") or entry.name == "index":
                yield entry.name or prefix + str(entry.pattern)

    return set(walk(get_resolver().url_patterns))


@pytest.fixture
def generous_throttles(monkeypatch):
    """Thousands of requests within seconds reach the views rather than the API's limiter."""
    monkeypatch.setattr(
        SimpleRateThrottle, "THROTTLE_RATES", {"anon": "1000000/minute", "user": "1000000/minute"}
    )


def test_every_address_of_the_site_is_asked_or_shows_nothing_of_a_game():
    game, users = game_in_progress("usa", 23)
    asked = address_names(urls_for(game) + viewer_urls(users[0]))
    assert not asked & NOTHING_OF_A_GAME
    unasked = every_address_name() - asked - NOTHING_OF_A_GAME
    assert not unasked, f"addresses the hidden-information test does not ask: {unasked}"


@pytest.mark.parametrize(("map_id", "seed"), [("usa", 21), ("europe", 22)])
def test_no_response_shows_another_players_hand_tickets_the_deck_order_or_the_seed(
    map_id, seed, generous_throttles
):
    game, users = game_in_progress(map_id, seed)
    per_player, deck_runs, game_seed = secrets_of(game)
    assert any(len(s["tickets"]) >= 2 for s in per_player.values())
    stranger = make_users("eve")[0]
    viewers = [(user, game.seats.get(user=user).player_id) for user in users]
    viewers += [(stranger, None), (None, None)]
    for user, pid in viewers:
        client = Client()
        if user is not None:
            client.force_login(user)
        pages = 0
        for url, html in fetch_all(client, game, user):
            assert_nothing_hidden(
                html, url, viewer=pid, per_player=per_player, deck_runs=deck_runs, seed=game_seed
            )
            pages += 1
        assert pages > 100
    # The test can fail: each player's own page does show their own tickets.
    for user, pid in viewers[:3]:
        client = Client()
        client.force_login(user)
        html = client.get(f"/games/{game.pk}/").content.decode()
        tickets = engine.player_view(state_of(game), pid)["players"][pid]["tickets"]
        assert all(mentions(html, t) for t in tickets)
        assert per_player[pid]["hand_svg"] in html
        assert per_player[pid]["note"] in html  # a player's own note is on their page
        orders = client.get(f"/games/{game.pk}/orders/", headers={"HX-Request": "true"})
        own = per_player[pid]["orders"]
        assert not own or own[0] in orders.content.decode()  # and their own orders
