"""The drawn pictures' titles and labels in the reader's language: the board, the cards and
the tickets. City names stay as the board prints them."""

import re

import pytest
from django.utils import translation
from i18n.english import english_left

from games import engine
from games.svg import board_svg, card_svg, deck_svg, hand_svg, ticket_svg

EUROPE = engine.get_map("europe")
VIEW = {
    "claims": {"amsterdam-london": "p1", "angora-constantinople": "p2"},
    "stations": {"wien": "p1"},
    "players_order": ["p1", "p2"],
}
NAMES = {"p1": "ann", "p2": "bob"}


def titles(svg: str) -> list[str]:
    return re.findall(r"<title>([^<]*)</title>", svg)


def board(language: str) -> str:
    with translation.override(language):
        return board_svg(EUROPE, VIEW, player_names=NAMES)


def test_the_board_s_titles_in_dutch():
    found = titles(board("nl"))
    assert found[0] == "Europa"
    assert "Amsterdam – London · 2 · grijs · veerboot, 2 locomotieven · geclaimd door ann" in found
    assert "Angora – Constantinople · 2 · grijs · tunnel · geclaimd door bob" in found
    assert "Station van ann in Wien" in found


def test_the_board_s_titles_in_english_are_unchanged():
    found = titles(board("en-gb"))
    assert found[0] == "Europe"
    assert "Amsterdam – London · 2 · gray · ferry, 2 locomotives · claimed by ann" in found
    assert "Station of ann in Wien" in found


@pytest.mark.parametrize("language", ["nl", "sv", "fr"])
def test_no_title_of_the_board_is_left_in_english(language):
    svg = board(language)
    page = "".join(f"<p>{title}</p>" for title in titles(svg))
    assert english_left(f"<html><body>{page}</body></html>", language, allow=NAMES.values()) == []


def test_cards_and_the_draw_pile_in_dutch_with_their_plural():
    with translation.override("nl"):
        assert "<title>Trekstapel: 1 kaart</title>" in deck_svg(1)
        assert "<title>Trekstapel: 5 kaarten</title>" in deck_svg(5)
        assert 'aria-label="Trekstapel, 5 kaarten"' in deck_svg(5)
        assert 'aria-label="Geen treinkaarten"' in hand_svg({})
        hand = hand_svg({"red": 2, "locomotive": 1})
        assert 'aria-label="Jouw kaarten: 2 rood, 1 locomotief"' in hand
        assert 'aria-label="Treinkaart Groen"' in card_svg("green")


def test_a_long_ticket_in_swedish_and_in_french():
    with translation.override("sv"):
        svg = ticket_svg(EUROPE, "brest-petrograd", done=False)
        label = "Biljett Brest – Petrograd, 20 poäng, lång rutt, ännu inte avklarad"
        assert f'aria-label="{label}"' in svg
        assert ">LÅNG RUTT</text>" in svg
    with translation.override("fr"):
        svg = ticket_svg(EUROPE, "brest-petrograd", done=True)
        assert "Carte Destination Brest – Petrograd, 20 points, grand parcours, réussie" in svg
