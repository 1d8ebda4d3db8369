"""The game page: what each viewer sees, and every kind of move made through its forms."""

import html as html_text
import random
import re

import pytest
from django.test import Client
from game_steps import make_user, make_users, started_game, state_of, who_must_act
from play_client import Browser, parse_page, set_position, text_of

from games import engine
from games.models import GameStatus, Move
from games.selectors.log import move_list, player_names
from games.words.game_log import turns_of

pytestmark = pytest.mark.django_db


def browsers_for(game, users):
    return [Browser(Client(), user, game) for user in users]


def finish_opening(game, browsers, rng):
    by_user = {b.user.pk: b for b in browsers}
    while game.status == "choosing":
        seat = who_must_act(game)[0]
        kind, response = by_user[seat.user_id].random_move(rng)
        assert kind == "keep_tickets" and response.status_code == 302
        game.refresh_from_db()


@pytest.fixture
def two_player_game():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], map_id="usa", is_private=True)
    return game, ann, bob


def test_a_player_sees_the_board_their_hand_their_tickets_and_the_opening_choice(
    two_player_game,
):
    game, ann, bob = two_player_game
    html, page = Browser(Client(), ann, game).page()
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="ttrb"' in html
    assert "Choose your opening tickets" in html
    assert "Keep at least 2" in html
    offered = page.move_forms("keep_tickets")[0].checkboxes["tickets"]
    seat = game.seats.get(user=ann)
    assert (
        offered
        == engine.player_view(state_of(game), seat.player_id)["players"][seat.player_id]["offered"]
    )
    assert "Your cards" in html and "Players" in html


def test_a_stranger_gets_404_for_every_page_of_a_private_game(two_player_game):
    game, ann, bob = two_player_game
    stranger = Client()
    stranger.force_login(make_user("eve"))
    for url in ("", "route/denver-omaha/", "station/", "version/", "replay/", "log/"):
        assert stranger.get(f"/games/{game.pk}/{url}").status_code == 404, url
        assert Client().get(f"/games/{game.pk}/{url}").status_code == 404, url
    response = stranger.post(
        f"/games/{game.pk}/move/", {"type": "draw_card", "from": "deck", "version": game.version}
    )
    assert response.status_code == 404


def test_a_spectator_of_a_public_game_sees_the_board_but_no_hand_and_cannot_move():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], map_id="usa")
    html = text_of(Client().get(f"/games/{game.pk}/"))
    assert "You are watching this game" in html
    assert "Your cards" not in html
    response = Client().post(f"/games/{game.pk}/move/", {"type": "pass", "version": game.version})
    assert response.status_code == 404  # not a player of this game
    assert Move.objects.filter(game=game).count() == 0


def first_to_draw(game, ann, bob):
    """The first player to move, with empty hands and five colours face up; their browser."""
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "face_up": ["red", "blue", "green", "white", "black"],
            "hands": {"p0": {}, "p1": {}},
            "tickets": {"p0": ["boston-miami"], "p1": ["denver-el_paso"]},
        },
    )
    me = next(b for b in browsers_for(game, [ann, bob]) if b.user == players["p0"].user)
    return players, me


def test_drawing_a_face_up_card_offers_the_second_draw_in_the_same_turn(two_player_game):
    game, ann, bob = two_player_game
    players, me = first_to_draw(game, ann, bob)
    html, page = me.page()
    form = page.move_forms("draw_card")[0]
    assert [name for name, _ in form.enabled_buttons()] == ["color"] * 5
    response = me.submit(form, form.data(button=("color", "red")), htmx=True)
    assert response.status_code == 200
    html = text_of(response)
    assert "Draw your second card" in html
    # The parts the draw changed are swapped in; the board is kept (a draw changes nothing
    # on it) and the page is told to close the routes it offered.
    assert 'id="draw-part" hx-swap-oob="true"' in html and 'id="board"' not in html
    assert response["HX-Trigger-After-Swap"] == "board-routes-closed"
    state = state_of(game)
    assert engine.player_view(state, players["p0"].player_id)["players"][players["p0"].player_id][
        "hand"
    ] == {"red": 1}
    assert engine.player_view(state, None)["current"] == players["p0"].player_id


def test_clicking_a_route_lists_each_way_to_pay_and_spends_nothing_until_confirmed(
    two_player_game,
):
    game, ann, bob = two_player_game
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "hands": {"p0": {"red": 3, "blue": 3, "locomotive": 1}, "p1": {}},
            "tickets": {"p0": ["boston-miami"], "p1": ["denver-el_paso"]},
        },
    )
    me = Browser(Client(), players["p0"].user, game)
    html, page = me.page()
    route = f"/games/{game.pk}/route/atlanta-nashville/"
    assert route in page.route_links
    version = game.version

    html, panel = me.page(route)
    form = panel.move_forms("claim_route")[0]
    state = state_of(game)
    expected = {
        ",".join(f"{k}:{n}" for k, n in a.to_dict()["cards"].items())
        for a in engine.legal_actions(state, players["p0"].player_id)
        if a.type == "claim_route" and a.route == "atlanta-nashville"
    }
    assert set(form.radios["cards"]) == expected
    assert "blue:1" in expected and "red:1" in expected and "locomotive:1" in expected
    game.refresh_from_db()
    assert game.version == version  # opening the panel changed nothing

    response = me.submit(form, form.data(radios={"cards": "blue:1"}))
    assert response.status_code == 302
    state = engine.player_view(state_of(game), players["p0"].player_id)
    assert state["claims"]["atlanta-nashville"] == players["p0"].player_id
    assert state["players"][players["p0"].player_id]["hand"] == {
        "red": 3,
        "blue": 2,
        "locomotive": 1,
    }


def test_a_route_that_cannot_be_claimed_says_so_and_offers_no_payment(two_player_game):
    game, ann, bob = two_player_game
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "hands": {"p0": {}, "p1": {}},
            "tickets": {"p0": ["boston-miami"], "p1": ["denver-el_paso"]},
        },
    )
    me = Browser(Client(), players["p0"].user, game)
    html, page = me.page(f"/games/{game.pk}/route/miami-new_orleans/")
    # The engine's own reason follows: Ann holds no cards at all.
    assert "You cannot claim Miami – New Orleans now. You do not hold those cards." in html
    assert not page.move_forms("claim_route")


def test_keeping_too_few_tickets_shows_the_engines_message_and_changes_nothing(
    two_player_game,
):
    game, ann, bob = two_player_game
    me = Browser(Client(), ann, game)
    html, page = me.page()
    form = page.move_forms("keep_tickets")[0]
    before = (game.version, game.state)
    one = form.checkboxes["tickets"][:1]
    response = me.submit(form, form.data(checked={"tickets": one}), htmx=True)
    assert response.status_code == 422
    html = text_of(response)
    assert 'role="alert"' in html and "at least 2" in html
    game.refresh_from_db()
    assert (game.version, game.state) == before
    # Without JavaScript the same refusal comes as the whole page, with the choice still open.
    response = me.submit(form, form.data(checked={"tickets": one}))
    assert response.status_code == 422
    assert "Choose your opening tickets" in text_of(response)


def test_opening_tickets_kept_from_a_page_one_version_behind_are_accepted(two_player_game):
    """The opening is chosen side by side: Bob choosing first does not make Ann's page stale."""
    game, ann, bob = two_player_game
    ann_browser, bob_browser = browsers_for(game, [ann, bob])
    _, ann_page = ann_browser.page()
    _, bob_page = bob_browser.page()
    form = bob_page.move_forms("keep_tickets")[0]
    assert (
        bob_browser.submit(
            form, form.data(checked={"tickets": form.checkboxes["tickets"]})
        ).status_code
        == 302
    )
    behind = ann_page.move_forms("keep_tickets")[0]
    response = ann_browser.submit(
        behind, behind.data(checked={"tickets": behind.checkboxes["tickets"]}), htmx=True
    )
    assert response.status_code == 200
    assert "The game has moved on" not in text_of(response)
    game.refresh_from_db()
    assert game.status == GameStatus.PLAYING


def test_two_tabs_posting_the_same_move_apply_it_once_and_the_second_is_told_it_moved_on(
    two_player_game,
):
    game, ann, bob = two_player_game
    rng = random.Random(4)
    finish_opening(game, browsers_for(game, [ann, bob]), rng)
    seat = who_must_act(game)[0]
    tab1, tab2 = Browser(Client(), seat.user, game), Browser(Client(), seat.user, game)
    _, page1 = tab1.page()
    _, page2 = tab2.page()
    deck1, deck2 = page1.move_forms("draw_card")[1], page2.move_forms("draw_card")[1]
    assert deck1.hidden["from"] == "deck" and deck1.hidden == deck2.hidden | {
        "csrfmiddlewaretoken": deck1.hidden["csrfmiddlewaretoken"]
    }
    moves_before = Move.objects.filter(game=game).count()

    first = tab1.submit(deck1, deck1.data())
    second = tab2.submit(deck2, deck2.data(), htmx=True)

    assert first.status_code == 302
    assert second.status_code == 409
    assert "The game has moved on" in text_of(second)
    game.refresh_from_db()
    # The refusal shows the current position, with forms made against the new version.
    assert f'name="version" value="{game.version}"' in text_of(second)
    assert Move.objects.filter(game=game).count() == moves_before + 1


def test_a_malformed_post_is_refused_with_400_and_changes_nothing(two_player_game):
    game, ann, bob = two_player_game
    client = Client()
    client.force_login(ann)
    before = game.version
    for data in (
        {"type": "fly", "version": before},
        {"type": "claim_route", "route": "denver-omaha", "cards": "gold:9", "version": before},
        {"type": "draw_card", "from": "deck"},
    ):
        response = client.post(f"/games/{game.pk}/move/", data)
        assert response.status_code == 400, data
    game.refresh_from_db()
    assert game.version == before


def test_the_tunnel_page_shows_the_three_cards_and_the_extra_cost_then_pay_claims_it():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], map_id="europe")
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "train_deck": ["purple", "locomotive", "green"],
            "face_up": ["red", "red", "blue", "green", "white"],
            "hands": {"p0": {"purple": 4, "locomotive": 1}, "p1": {}},
            "tickets": {"p0": ["amsterdam-pamplona"], "p1": ["angora-kharkov"]},
        },
    )
    me = Browser(Client(), players["p0"].user, game)
    _, panel = me.page(f"/games/{game.pk}/route/marseille-zurich/")
    form = panel.move_forms("claim_route")[0]
    response = me.submit(form, form.data(radios={"cards": "purple:2"}))
    assert response.status_code == 302

    html, page = me.page()
    assert "Tunnel: Marseille – Zürich" in html
    assert "Extra cost: 2 cards." in html
    revealed = html[html.index('class="revealed"') : html.index("Extra cost")]
    assert revealed.count("<svg") == 3
    pay = page.move_forms("pay_tunnel")[0]
    assert set(pay.radios["cards"]) == {"purple:2", "purple:1,locomotive:1"}
    assert page.move_forms("decline_tunnel")
    assert not page.move_forms("draw_tickets"), "nothing else is offered meanwhile"
    assert not page.route_links

    response = me.submit(pay, pay.data(radios={"cards": "purple:1,locomotive:1"}))
    assert response.status_code == 302
    view = engine.player_view(state_of(game), players["p0"].player_id)
    assert view["claims"]["marseille-zurich"] == players["p0"].player_id
    assert view["players"][players["p0"].player_id]["hand"] == {"purple": 1}


def test_declining_a_tunnel_takes_the_cards_back_and_ends_the_turn():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], map_id="europe")
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "train_deck": ["purple", "purple", "purple"],
            "face_up": ["red", "red", "blue", "green", "white"],
            "hands": {"p0": {"purple": 2}, "p1": {}},
            "tickets": {"p0": ["amsterdam-pamplona"], "p1": ["angora-kharkov"]},
        },
    )
    me = Browser(Client(), players["p0"].user, game)
    _, panel = me.page(f"/games/{game.pk}/route/marseille-zurich/")
    form = panel.move_forms("claim_route")[0]
    me.submit(form, form.data(radios={"cards": "purple:2"}))
    html, page = me.page()
    assert "Extra cost: 3 cards." in html
    assert "You do not hold the cards to pay the extra cost." in html
    decline = page.move_forms("decline_tunnel")[0]
    assert me.submit(decline, decline.data()).status_code == 302
    view = engine.player_view(state_of(game), players["p0"].player_id)
    assert "marseille-zurich" not in view["claims"]
    assert view["players"][players["p0"].player_id]["hand"] == {"purple": 2}
    assert view["current"] == players["p1"].player_id


def test_building_a_station_lets_the_player_choose_the_city_and_the_payment():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], map_id="europe")
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "hands": {"p0": {"red": 1, "blue": 1}, "p1": {}},
            "stations": {"berlin": "p1"},
            "tickets": {"p0": ["amsterdam-pamplona"], "p1": ["angora-kharkov"]},
        },
    )
    me = Browser(Client(), players["p0"].user, game)
    html, page = me.page()
    station_link = page.link_to("/station/")
    assert station_link
    html, panel = me.page(station_link)
    assert "Build a station" in html
    form = panel.move_forms("build_station")[0]
    assert "wien" in form.selects["city"] and "berlin" not in form.selects["city"]
    assert set(form.radios["cards"]) == {"red:1", "blue:1"}
    response = me.submit(form, form.data(radios={"cards": "blue:1"}, selects={"city": "wien"}))
    assert response.status_code == 302
    view = engine.player_view(state_of(game), players["p0"].player_id)
    assert view["stations"]["wien"] == players["p0"].player_id
    assert view["players"][players["p0"].player_id]["hand"] == {"red": 1}
    html, _ = me.page()
    assert "Station of" in html  # drawn on the board


def test_the_last_round_is_announced_to_every_player():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], map_id="usa")
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "hands": {"p0": {"red": 2}, "p1": {}},
            "trains": {"p0": 3},
            "tickets": {"p0": ["boston-miami"], "p1": ["denver-el_paso"]},
        },
    )
    me = Browser(Client(), players["p0"].user, game)
    other = Browser(Client(), players["p1"].user, game)
    html, _ = other.page()
    assert "Last round" not in html
    _, panel = me.page(f"/games/{game.pk}/route/atlanta-nashville/")
    form = panel.move_forms("claim_route")[0]
    assert me.submit(form, form.data(radios={"cards": "red:1"})).status_code == 302
    for browser in (me, other):
        html, _ = browser.page()
        assert "Last round!" in html
        assert f"The game ends after {players['p0'].user.username}" in html


def test_the_deadline_is_shown_in_the_viewers_time_zone(two_player_game):
    import zoneinfo

    from django.utils import timezone

    from accounts.models import Profile

    game, ann, bob = two_player_game
    Profile.objects.update_or_create(user=ann, defaults={"timezone": "Asia/Tokyo"})
    html, _ = Browser(Client(), ann, game).page()
    local = timezone.localtime(game.deadline, zoneinfo.ZoneInfo("Asia/Tokyo"))
    assert local.strftime("%H:%M") + " JST" in html


def test_the_version_endpoint_answers_204_while_current_and_asks_for_a_refresh_after_a_move(
    two_player_game,
    django_assert_max_num_queries,
):
    game, ann, bob = two_player_game
    client = Client()
    client.force_login(bob)
    url = f"/games/{game.pk}/version/"
    with django_assert_max_num_queries(4):  # session, user, one for the game, one spare
        response = client.get(url, {"v": game.version})
    assert response.status_code == 204
    etag = response["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304

    me = Browser(Client(), ann, game)
    _, page = me.page()
    form = page.move_forms("keep_tickets")[0]
    me.submit(form, form.data(checked={"tickets": form.checkboxes["tickets"]}))

    response = client.get(url, {"v": game.version})
    assert response.status_code == 200
    assert response["HX-Trigger"] == "game-moved"
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 200
    # The page's refresh: htmx fetches the fragments, which carry the new version's forms.
    game.refresh_from_db()
    html = text_of(client.get(f"/games/{game.pk}/", headers={"HX-Request": "true"}))
    assert f"?v={game.version}" in html
    assert "<html" not in html


def test_the_game_page_varies_on_the_htmx_header(two_player_game):
    game, ann, bob = two_player_game
    client = Client()
    client.force_login(ann)
    response = client.get(f"/games/{game.pk}/")
    assert "HX-Request" in response["Vary"]


def test_the_replay_steps_through_the_turns_with_public_information_only(two_player_game):
    game, ann, bob = two_player_game
    rng = random.Random(8)
    browsers = browsers_for(game, [ann, bob])
    finish_opening(game, browsers, rng)
    by_user = {b.user.pk: b for b in browsers}
    for _ in range(6):
        seat = who_must_act(game)[0]
        by_user[seat.user_id].random_move(rng)
        game.refresh_from_db()
    moves = move_list(game=game)
    turns = turns_of(moves, player_names(game=game), game.map_id)
    client = by_user[ann.pk].client
    html = text_of(client.get(f"/games/{game.pk}/replay/", {"turn": 2}))
    assert f"After turn 2 of {len(turns)}" in html
    page = parse_page(html)
    assert page.link_to("?turn=1") and page.link_to("?turn=3")
    # No hand and no move to make: the only forms are the site's (log out, the language)
    # and the turn slider.
    assert "Your cards" not in html
    site_forms = ("replay-slider", "language-switch")
    assert not [f for f in page.forms[1:] if not any(c in f.classes for c in site_forms)]
    # The slider covers every turn, and the turn's own sentences are told.
    assert f'max="{len(turns)}" value="2"' in html
    assert all(sentence in html_text.unescape(html) for sentence in turns[1].sentences)
    # The board's legend gives each player the initial their cars carry.
    start = html.index('class="board-legend"')
    legend = html[start : html.index("</ul>", start)]
    marks = re.findall(r'class="car [^"]+" aria-hidden="true">(\w+)</span>', legend)
    assert sorted(marks) == ["A", "B"], legend
    html = text_of(client.get(f"/games/{game.pk}/replay/", {"turn": 0}))
    assert "The deal" in html
    # An old link to a move shows the turn that holds it; a game in play opens at its end.
    last_move = moves[-1].number
    html = text_of(client.get(f"/games/{game.pk}/replay/", {"move": last_move}))
    assert f"After turn {len(turns)} of {len(turns)}" in html
    html = text_of(client.get(f"/games/{game.pk}/replay/"))
    assert f"After turn {len(turns)} of {len(turns)}" in html


def test_the_log_numbers_its_entries_by_turn_with_each_turns_time(two_player_game):
    game, ann, bob = two_player_game
    rng = random.Random(8)
    browsers = browsers_for(game, [ann, bob])
    finish_opening(game, browsers, rng)
    by_user = {b.user.pk: b for b in browsers}
    for _ in range(8):
        seat = who_must_act(game)[0]
        by_user[seat.user_id].random_move(rng)
        game.refresh_from_db()
    turns = turns_of(move_list(game=game), player_names(game=game), game.map_id)
    html = text_of(by_user[ann.pk].client.get(f"/games/{game.pk}/log/"))
    numbers = [int(n) for n in re.findall(r'class="move-no"[^>]*>(\d+)\.</a>', html)]
    assert numbers == list(range(len(turns), 0, -1))
    times = re.findall(r'<time class="log-time" datetime="[^"]+">(\w{3} \d\d:\d\d)</time>', html)
    assert len(times) == len(turns)


def test_the_game_page_makes_as_many_queries_late_in_the_game_as_early(two_player_game):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from game_steps import play_one

    game, ann, bob = two_player_game
    client = Client()
    client.force_login(ann)
    rng = random.Random(9)

    def page_queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/games/{game.pk}/").status_code == 200
        return len(captured.captured_queries)

    for _ in range(10):
        play_one(game, rng)
    early = page_queries()
    for _ in range(50):
        play_one(game, rng)
        game.refresh_from_db()
    assert Move.objects.filter(game=game).count() == 60
    assert page_queries() == early
    # The table chat, the viewer's private note and who is away cost one query each.
    assert early <= 9


def test_a_seated_player_of_a_game_not_yet_started_sees_who_waits_and_can_start_it():
    from games.services.lobby import game_create, game_join

    ann, bob = make_users("ann", "bob")
    game = game_create(creator=ann, map_id="usa", max_players=3)
    game_join(game_id=game.pk, user=bob)
    html, page = Browser(Client(), ann, game).page()
    assert "Waiting for players" in html and "bob" in html
    start = next(f for f in page.forms if f.action.endswith("/start/"))
    assert Browser(Client(), ann, game).client.post(start.action).status_code == 302
    game.refresh_from_db()
    assert game.status == "choosing"
    html, _ = Browser(Client(), bob, game).page()
    assert "Choose your opening tickets" in html


def test_after_a_move_the_header_count_of_games_awaiting_me_follows_without_a_reload(
    two_player_game,
):
    game, ann, bob = two_player_game
    _, me = first_to_draw(game, ann, bob)
    html, page = me.page()
    assert 'title="Games awaiting your move">1</span>' in html

    form = page.move_forms("draw_card")[0]
    response = me.submit(form, form.data(button=("color", "red")), htmx=True)
    # A second card to draw: the count has not changed, so the header is left as it is.
    assert "Draw your second card" in text_of(response)
    assert 'id="my-games-link"' not in text_of(response)

    _, page = me.page()
    form = page.move_forms("draw_card")[0]
    response = me.submit(form, form.data(button=("color", "blue")), htmx=True)
    swapped = text_of(response)
    assert 'id="my-games-link" hx-swap-oob="true">My games</a>' in swapped  # nothing awaits
