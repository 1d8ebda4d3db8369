"""The game page's panels say what is true for the viewer now: the tunnel being paid for, the
routes they can claim, and once the game is over only what still matters."""

import re

from django.test import Client
from game_steps import draw_two_blind, make_users, started_game
from play_client import Browser, set_position

TICKETS = {"p0": ["amsterdam-pamplona"], "p1": ["angora-kharkov"], "p2": ["brest-petrograd"]}


def europe_for_three():
    users = make_users("alice", "bruno", "chiara")
    return started_game(users, map_id="europe")


def section(html: str, marker: str) -> str:
    """The <section> that holds `marker`."""
    at = html.index(marker)
    start = html.rindex("<section", 0, at)
    return html[start : html.index("</section>", at)]


def test_a_pending_tunnel_shows_the_cards_the_player_laid_next_to_those_turned_up(db):
    game = europe_for_three()
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "train_deck": ["purple", "locomotive", "green"],
            "face_up": ["red", "red", "blue", "green", "white"],
            "hands": {"p0": {"purple": 2, "orange": 1}, "p1": {}, "p2": {}},
            "tickets": TICKETS,
        },
    )
    me = Browser(Client(), players["p0"].user, game)
    _, panel = me.page(f"/games/{game.pk}/route/marseille-zurich/")
    form = panel.move_forms("claim_route")[0]
    assert me.submit(form, form.data(radios={"cards": "purple:2"})).status_code == 302

    html, _ = me.page()
    tunnel = section(html, "Tunnel: Marseille – Zürich")
    assert "You do not hold the cards to pay the extra cost." in tunnel
    laid = tunnel[tunnel.index("You laid") : tunnel.index("The three cards turned up")]
    assert re.sub(r"<[^>]+>", "", laid).startswith("You laid 2 purple")
    assert laid.count("<svg") == 1 and 'aria-label="2 × Purple"' in laid
    # Out of the hand while they lie on the table: the hand holds only the orange card.
    hand = section(html, "Your cards")
    assert "Orange" in hand and "Purple" not in hand


def test_the_turn_panel_describes_claimable_routes_as_the_board_draws_them(db):
    game = europe_for_three()
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "hands": {"p0": {"red": 3}, "p1": {}, "p2": {}},
            "tickets": TICKETS,
        },
    )
    html, page = Browser(Client(), players["p0"].user, game).page()
    move = section(html, "Your move")
    assert page.route_links
    assert "dashed" not in move
    assert "glow" in move


def finished_game():
    """p0 ends the last round with two blind draws; p1's routes earn points."""
    game = europe_for_three()
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "claims": {"brest-dieppe": "p1", "dieppe-paris": "p1"},
            "tickets": TICKETS,
            "last_round_ends_after": "p0",
        },
    )
    draw_two_blind(game, players["p0"].user)
    game.refresh_from_db()
    assert game.is_over
    return game, players


def player_rows(html: str) -> dict[str, list[str]]:
    table = section(html, 'id="players-title"')
    head = re.findall(r"<th[^>]*>(.*?)</th>", table[: table.index("</thead>")])
    rows = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table[table.index("<tbody>") :], re.S):
        cells = [
            re.sub(r"<[^>]+>", "", c).strip()
            for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        rows[cells[0].replace("▶", "").split()[0]] = cells
    rows["head"] = [re.sub(r"<[^>]+>", "", h) for h in head]
    return rows


def test_after_the_game_the_players_table_shows_the_final_totals_of_the_score_sheet(db):
    game, players = finished_game()
    html, _ = Browser(Client(), players["p0"].user, game).page()
    rows = player_rows(html)
    assert rows["head"][1] == "Total"
    totals = dict(
        re.findall(
            r'<th scope="row"><span class="swatch [^"]*"></span>(\w+).*?'
            r'<td class="total" data-label="Total"><strong>(-?\d+)</strong>',
            html,
            re.S,
        )
    )
    assert set(totals) == {"alice", "bruno", "chiara"}
    for name, total in totals.items():
        assert rows[name][1] == total, (name, rows[name])
    # p1's two routes score 2 + 1, yet the ticket fails: the table shows the total, not 3.
    assert rows[players["p1"].user.username][1] != "3"


def test_while_playing_the_players_table_shows_the_running_score(db):
    game = europe_for_three()
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "claims": {"brest-dieppe": "p1", "dieppe-paris": "p1"},
            "tickets": TICKETS,
        },
    )
    rows = player_rows(Browser(Client(), players["p0"].user, game).page()[0])
    assert rows["head"][1] == "Pts" and rows[players["p1"].user.username][1] == "3"


def test_after_the_game_the_live_play_panels_are_gone_and_the_score_sheet_stays(db):
    game, players = finished_game()
    html, page = Browser(Client(), players["p0"].user, game).page()
    assert "Score sheet" in html
    for gone in ("On the table", "Your cards", "Your tickets", "not yet"):
        assert gone not in html, gone
    assert not page.move_forms()
    assert "Players" in html and "Game log" in html


def test_the_list_of_routes_to_claim_counts_the_ways_to_pay_past_three_in_the_readers_words(
    db,
):
    game = europe_for_three()
    hand = {"red": 2, "blue": 2, "green": 2, "yellow": 2, "black": 2}
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "hands": {"p0": hand, "p1": {}, "p2": {}},
            "tickets": TICKETS,
        },
    )
    user = players["p0"].user
    english, _ = Browser(Client(HTTP_ACCEPT_LANGUAGE="en-gb"), user, game).page()
    dutch, _ = Browser(Client(HTTP_ACCEPT_LANGUAGE="nl"), user, game).page()
    # A gray route of two can be paid with any of the five pairs: three are worded.
    assert re.search(r"\(and 2 more\)", english)
    assert re.search(r"\(en nog 2\)", dutch) and "more)" not in dutch
