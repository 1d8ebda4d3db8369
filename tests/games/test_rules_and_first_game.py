"""The rules in the site and a newcomer's first game: a "how to play" page per board in each
language with the site's drawings; the table's "?" beside each action opens its rule; a player
who has not finished a game is offered a first game against the Beginner bot, whose table
alone gives hints, from the player's own view only."""

import json
import re

import pytest
from django.test import Client
from game_steps import make_users, started_game
from i18n.english import english_left_at
from play_client import Browser, set_position

from games import engine
from games.models import Game, GameStatus, Seat
from games.refusals.errors import NotAllowed
from games.services.bots import game_against_bots, game_first
from games.services.play import game_play
from games.svg import INLINE_STYLES
from games.web.views.hints import first_game_hints

pytestmark = pytest.mark.django_db

SECTIONS = {
    "usa": ["goal", "setup", "turn", "draw-cards", "claim", "double-routes", "tickets"],
    "europe": ["goal", "setup", "turn", "draw-cards", "claim", "double-routes", "tunnels"]
    + ["ferries", "tickets", "stations"],
}
LATER = ["end", "scoring", "longest-path"]

# Each language's rulebook words (locale/GLOSSARY.md) that the page must use.
TERMS = {
    "en-gb": ("destination tickets", "locomotive", "Double routes"),
    "nl": ("bestemmingskaarten", "locomotief", "Dubbele routes", "trekstapel"),
    "sv": ("destinationsbiljetter", "lokkort", "Dubbelspår", "draghögen"),
    "fr": ("cartes Destination", "locomotive", "Routes doubles", "pioche"),
}
EUROPE_TERMS = {
    "en-gb": ("Ferries", "Building a station", "European Express"),
    "nl": ("Veerboten", "Een station bouwen", "Europese Express Bonus"),
    "sv": ("Färjor", "Tunnlar", "Bygga en tågstation", "European Express"),
    "fr": ("Ferries", "Construire une gare", "European Express"),
}
USA_BONUS = {
    "en-gb": "Longest Continuous Path bonus",
    "nl": "Langste Rit-bonuskaart",
    "sv": "bonuskortet för längsta spår",
    "fr": "carte Bonus du plus long parcours continu",
}


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def section(html: str, marker: str) -> str:
    at = html.index(marker)
    start = html.rindex("<section", 0, at)
    return html[start : html.index("</section>", at)]


@pytest.mark.parametrize("language", list(TERMS))
@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_the_rules_page_of_each_board_in_each_language(map_id, language):
    client = Client()
    response = client.get(f"/rules/{map_id}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    words = text(html)
    europe = map_id == "europe"
    assert re.findall(r'<section id="([a-z-]+)"', html) == SECTIONS[map_id] + LATER
    for term in (*TERMS[language], *(EUROPE_TERMS[language] if europe else ())):
        assert term in words, term
    assert (USA_BONUS[language] in words) is not europe
    # The drawings: a claim, a double route, the longest path, and on Europe a tunnel, a
    # ferry and a station; each one an image with a name, its style allowed by its hash.
    figures = re.findall(
        r'<svg[^>]*class="ttrr rule-figure" role="img"[^>]*aria-label="([^"]+)"', html
    )
    assert len(figures) == (6 if europe else 3)
    styles = set(re.findall(r"<style>(.*?)</style>", html))
    assert styles and styles <= set(INLINE_STYLES)
    assert 'style="' not in html and "<script>" not in html
    assert english_left_at(client, f"/rules/{map_id}/", language) == []


def test_an_unknown_board_has_no_rules_page_and_rules_leads_to_the_first_board():
    client = Client()
    assert client.get("/rules/mars/").status_code == 404
    response = client.get("/rules/")
    assert response.status_code == 302 and response["Location"] == "/rules/usa/"


def rule_links(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="rule-help" href="([^"]+)"[^>]*aria-label="([^"]+)"', html)


def test_each_action_on_the_table_has_a_question_mark_that_opens_its_rule():
    users = make_users("ann", "bob")
    game = started_game(users, map_id="europe")
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "hands": {"p0": {"red": 3, "locomotive": 2}, "p1": {}},
            "tickets": {"p0": ["amsterdam-pamplona"], "p1": ["angora-kharkov"]},
        },
    )
    me = Browser(Client(), players["p0"].user, game)
    html, _ = me.page()
    links = rule_links(html)
    anchors = {href.split("#")[1] for href, _ in links}
    assert {"draw-cards", "claim", "tickets", "stations"} <= anchors
    rules_page = Client().get("/rules/europe/").content.decode()
    for href, label in links:
        path, anchor = href.split("#")
        assert path == "/rules/europe/"
        assert f'<section id="{anchor}"' in rules_page
        assert label.startswith("The rule: ") and label.endswith("(opens in a new tab)")
    assert all(
        'target="_blank" rel="noopener"' in tag
        for tag in re.findall(r'<a class="rule-help"[^>]*>', html)
    )
    # A route's own panel: a tunnel's "?" opens the tunnels, a ferry's the ferries.
    html, _ = me.page(f"/games/{game.pk}/route/marseille-zurich/")
    assert ("/rules/europe/#tunnels", "The rule: Tunnels (opens in a new tab)") in rule_links(html)
    # In Dutch, the same links, their labels in the rulebook's words.
    dutch = Browser(Client(HTTP_ACCEPT_LANGUAGE="nl"), players["p0"].user, game).page()[0]
    assert (
        "/rules/europe/#draw-cards",
        "De regel: Treinkaarten trekken (opent in een nieuw tabblad)",
    ) in rule_links(dutch)


def test_the_first_game_is_offered_only_to_a_player_who_has_not_finished_a_game():
    ann, bob, cy = make_users("ann", "bob", "cy")
    finished = started_game([bob, cy], map_id="usa")
    Game.objects.filter(pk=finished.pk).update(status=GameStatus.FINISHED)
    newcomer, player = Client(), Client()
    newcomer.force_login(ann)
    player.force_login(bob)
    for url in ("/games/", "/games/mine/"):
        assert 'id="first-game"' in newcomer.get(url).content.decode()
        assert 'id="first-game"' not in player.get(url).content.decode()
    assert 'id="first-game"' not in Client().get("/games/").content.decode()

    # Bob's request is refused and changes nothing; a bad map is refused too.
    games = Game.objects.count()
    with pytest.raises(NotAllowed):
        game_first(creator=bob, map_id="usa")
    response = player.post("/games/first/", {"map_id": "usa"}, follow=True)
    assert (
        "A first game with hints is for players who have not finished a game yet."
        in response.content.decode()
    )
    response = newcomer.post("/games/first/", {"map_id": "mars"}, follow=True)
    assert "Choose one of the maps on offer." in response.content.decode()
    assert Game.objects.count() == games

    # Ann's: a private, unrated game against one Beginner bot, started, with hints.
    response = newcomer.post("/games/first/", {"map_id": "europe"})
    game = Game.objects.get(creator=ann)
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.first_game and not game.rated and game.is_private and game.map_id == "europe"
    assert sorted(s.bot_level for s in game.seats.all()) == ["", "beginner"]
    assert game.status == GameStatus.CHOOSING
    # The offer now leads back to it, rather than to a second one.
    lobby = newcomer.get("/games/").content.decode()
    assert f'href="/games/{game.pk}/"' in section(lobby, "New to Ticket to Ride?")
    assert "/games/first/" not in lobby


def as_seated(game, position: dict) -> dict:
    """The position with "me" and "bot" in the seats the game gave them (seat order is drawn
    at the start)."""
    seats = list(game.seats.order_by("order"))
    alias = {
        "me": f"p{next(i for i, s in enumerate(seats) if not s.bot_level)}",
        "bot": f"p{next(i for i, s in enumerate(seats) if s.bot_level)}",
    }
    text = json.dumps(position)
    for name, seat in alias.items():
        text = text.replace(f'"{name}"', f'"{seat}"')
    return json.loads(text)


def seated(game, position: dict, *, seed: int = 1) -> tuple[Seat, Seat]:
    """Put the game in the position; returns (the person's seat, the bot's seat)."""
    set_position(game, as_seated(game, position), seed=seed)
    game.refresh_from_db()
    seats = list(game.seats.select_related("user"))
    return next(s for s in seats if not s.bot_level), next(s for s in seats if s.bot_level)


def first_game_at(position: dict, *, map_id="usa", name="ann"):
    (newcomer,) = make_users(name)
    game = game_first(creator=newcomer, map_id=map_id)
    me, bot = seated(game, position)
    return game, {"p0": me, "p1": bot}


USA_PLAY = {
    "phase": "play",
    "current": "me",
    "hands": {"me": {"locomotive": 6, "red": 1}, "bot": {"blue": 4}},
    "tickets": {"me": ["new_york-atlanta", "montreal-new_orleans"], "bot": ["seattle-los_angeles"]},
}


def test_a_first_game_gives_hints_at_each_turn_and_another_game_gives_none():
    game, players = first_game_at(USA_PLAY)
    me = Browser(Client(), players["p0"].user, game)
    html, _ = me.page()
    hints = section(html, "Hints for your first game")
    words = text(hints)
    for move in ("Draw train cards", "Claim a route", "Draw destination tickets"):
        assert move in words
    assert "New York – Atlanta" in words and "Montréal – New Orleans" in words
    assert "You can claim now, for your tickets:" in words
    # Each route it says can be claimed now is one the player can claim now, on the way of
    # one of their tickets.
    view = engine.player_view(engine.State.from_dict(game.state), players["p0"].player_id)
    mine = view["players"][players["p0"].player_id]
    claim_now = text(hints).split("You can claim now, for your tickets:")[1].split(".")[0]
    named = {r.strip() for r in claim_now.split(",")}
    routes = engine.get_map("usa").routes
    cities = engine.get_map("usa").cities
    by_name = {}  # a double route's two tracks share a name
    for r in routes.values():
        by_name.setdefault(f"{cities[r.a].name} – {cities[r.b].name}", set()).add(r.id)
    needed = {r for links in mine["ticket_missing"].values() for r in links}
    assert named and all(by_name[n] & set(mine["choices"]["claims"]) & needed for n in named)
    # In Swedish, the hints speak the rulebook's words.
    swedish = Browser(Client(HTTP_ACCEPT_LANGUAGE="sv"), players["p0"].user, game).page()[0]
    assert "Tips för ditt första parti" in swedish and "Dra destinationsbiljetter" in swedish

    # The same position in an ordinary game against the Beginner bot: no hints.
    (bea,) = make_users("bea")
    other = game_against_bots(creator=bea, map_id="usa", bots=1, level="beginner")
    mine, _bot = seated(other, USA_PLAY)
    html, _ = Browser(Client(), mine.user, other).page()
    assert 'id="hints"' not in html and "Hints for your first game" not in html


def test_a_first_game_hints_at_the_opening_tickets_and_at_the_second_card():
    game, players = first_game_at(
        {
            "phase": "initial_tickets",
            "offered": {"me": ["denver-el_paso", "boston-miami", "seattle-new_york"]},
        }
    )
    me = Browser(Client(), players["p0"].user, game)
    hints = text(section(me.page()[0], "Hints for your first game"))
    assert "A ticket you keep adds its points" in hints
    assert "Denver – El Paso" in hints and "Boston – Miami" in hints and "trains to claim" in hints

    game, players = first_game_at(USA_PLAY, name="bea")
    game_play(
        game_id=game.pk,
        user=players["p0"].user,
        action={"type": "draw_card", "from": "deck"},
        expected_version=game.version,
    )
    hints = text(
        section(Browser(Client(), players["p0"].user, game).page()[0], "Hints for your first game")
    )
    assert "Take your second card" in hints


def test_the_hints_tell_nothing_the_player_may_not_see():
    """Two positions that differ only in what the player may not see (the bot's hand and
    tickets, the deck's order) give the very same hints; the bot's ticket is never named."""
    game, players = first_game_at(USA_PLAY)
    me = players["p0"].player_id
    other = {
        **USA_PLAY,
        "hands": {"me": USA_PLAY["hands"]["me"], "bot": {"green": 2, "locomotive": 3}},
        "tickets": {"me": USA_PLAY["tickets"]["me"], "bot": ["boston-miami"]},
        "train_deck": ["locomotive", "locomotive", "blue", "red"],
    }
    first = first_game_hints(
        engine.player_view(engine.State.from_dict(game.state), me), me, engine.get_map("usa")
    )
    seated(game, other, seed=7)
    second = first_game_hints(
        engine.player_view(engine.State.from_dict(game.state), me), me, engine.get_map("usa")
    )
    assert first == second and first["tickets"]
    html, _ = Browser(Client(), players["p0"].user, game).page()
    hints = text(section(html, "Hints for your first game"))
    assert "Boston – Miami" not in hints and "Seattle – Los Angeles" not in hints
    # The bot's seat never gets hints (it is not the viewer), and a spectator sees none.
    bot = players["p1"]
    assert (
        first_game_hints(
            engine.player_view(engine.State.from_dict(game.state), None),
            bot.player_id,
            engine.get_map("usa"),
        )
        is None
    )
    assert 'id="hints"' not in Client().get(f"/games/{game.pk}/").content.decode()


def test_the_offer_links_the_rules_of_both_boards():
    (ann,) = make_users("ann")
    client = Client()
    client.force_login(ann)
    offer = section(client.get("/games/").content.decode(), "New to Ticket to Ride?")
    links = set(re.findall(r'href="([^"]+)"', offer))
    assert {"/rules/usa/", "/rules/europe/"} <= links


def test_the_hints_name_both_colours_of_a_double_route_still_open():
    position = {
        **USA_PLAY,
        "hands": {"me": {"green": 1}, "bot": {"blue": 4}},
        "tickets": {"me": ["boston-miami", "new_york-atlanta"], "bot": ["seattle-los_angeles"]},
    }
    game, players = first_game_at(position)
    hints = first_game_hints(
        engine.player_view(engine.State.from_dict(game.state), players["p0"].player_id),
        players["p0"].player_id,
        engine.get_map("usa"),
    )
    usa = engine.get_map("usa")
    doubles = [
        route
        for ticket in hints["tickets"]
        for route in ticket["routes"]
        if usa.routes[route["id"]].double_of
        and usa.routes[usa.routes[route["id"]].double_of].color != route["color"]
    ]
    assert doubles  # these tickets' ways run over double routes of two colours
    for route in doubles:
        twin = usa.routes[usa.routes[route["id"]].double_of]
        assert route["twin_color"] == twin.color
        assert {route["color"], twin.color} <= set(hints["colours"])
    words = text(section(Browser(Client(), players["p0"].user, game).page()[0], "Hints"))
    route = doubles[0]
    assert f"{route['name']} ({route['color']} or {route['twin_color']}, " in words


def test_a_europe_table_always_links_tunnels_ferries_and_stations_and_a_refusal_its_rule():
    users = make_users("ann", "bob")
    game = started_game(users, map_id="europe")
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "hands": {"p0": {"red": 2}, "p1": {}},
            "tickets": {"p0": ["amsterdam-pamplona"], "p1": ["angora-kharkov"]},
        },
    )
    me = Browser(Client(), players["p0"].user, game)
    html, _ = me.page()
    anchors = {href.split("#")[1] for href, _ in rule_links(html)}
    assert {"tunnels", "ferries", "stations"} <= anchors  # no hand here claims one of them
    # A ferry paid without its locomotive: the refusal links the ferry rule.
    game.refresh_from_db()
    refused = Client()
    refused.force_login(players["p0"].user)
    refused = refused.post(
        f"/games/{game.pk}/move/",
        {
            "type": "claim_route",
            "route": "athina-smyrna",
            "cards": "red:2",
            "version": game.version,
        },
    )
    body = refused.content.decode()
    assert "This ferry needs at least 1 locomotive." in body, body[:3000]
    flash = body.split('class="flash error"')[1].split("</p>")[0]
    assert "/rules/europe/#ferries" in flash
