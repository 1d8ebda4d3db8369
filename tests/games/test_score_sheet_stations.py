"""The score sheet tells, for each station built, which rival route it borrowed at the end."""

import html as html_text
import re

from django.test import Client
from game_steps import draw_two_blind, make_users, started_game
from play_client import Browser, set_position


def test_the_score_sheet_names_the_route_each_station_borrowed_and_its_owner(db):
    game = started_game(make_users("alice", "bruno", "chiara"), map_id="europe")
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            # p0's Brest – Marseille runs through Paris: p0 owns Paris – Marseille, and the
            # station in Brest borrows p1's Brest – Paris. The one in Wien helps no ticket.
            "claims": {"brest-paris": "p1", "marseille-paris": "p0"},
            "stations": {"brest": "p0", "wien": "p0"},
            "tickets": {
                "p0": ["brest-marseille"],
                "p1": ["angora-kharkov"],
                "p2": ["kyiv-petrograd"],
            },
            "last_round_ends_after": "p0",
        },
    )
    draw_two_blind(game, players["p0"].user)
    page, _ = Browser(Client(), players["p2"].user, game).page()
    sheet = page[page.index("Score sheet") :]
    owner, other = players["p1"].user.username, players["p0"].user.username
    row = next(r for r in re.findall(r"<tr.*?</tr>", sheet, re.S) if f"</span>{other}" in r)
    cell = re.search(r'data-label="Stations">(.*?)</td>', row, re.S).group(1)
    told = html_text.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)))
    assert f"Brest: borrowed {owner}'s Brest – Paris" in told
    assert "Wien: borrowed no route" in told
    assert "1 unbuilt = 4" in told
    assert "✓ Brest – Marseille" in html_text.unescape(row)


def test_a_finished_games_replay_opens_at_the_deal(db):
    game = started_game(make_users("alice", "bruno"), map_id="europe")
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "tickets": {"p0": ["brest-marseille"], "p1": ["angora-kharkov"]},
            "last_round_ends_after": "p0",
        },
    )
    draw_two_blind(game, players["p0"].user)
    html, _ = Browser(Client(), players["p1"].user, game).page(f"/games/{game.pk}/replay/")
    assert "The deal (turn 0 of 1)" in html
    assert 'value="0"' in html[html.index('id="replay-turn"') :].split(">")[0]
