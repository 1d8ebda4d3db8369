"""Train cards: a hand shows each colour held with its count; single cards and the deck."""

from __future__ import annotations

import pytest
from svg_reading import NS, classes, parse, tag

from games.svg import card_defs_svg, card_svg, deck_svg, hand_svg


def _cards(svg):
    root = parse(svg)
    out = []
    for group in root.iter(f"{NS}g"):
        if "card" in classes(group):
            count = [el.text for el in group if tag(el) == "text" and el.get("class") == "cq"]
            out.append((group.get("data-color"), count[0] if count else None))
    return root, out


def test_hand_shows_each_colour_held_with_its_count_in_card_order():
    root, cards = _cards(hand_svg({"locomotive": 2, "red": 3, "blue": 0, "white": 11}))
    assert cards == [("red", "3"), ("white", "11"), ("locomotive", "2")]
    assert root.get("aria-label") == "Your cards: 3 red, 11 white, 2 loco"


def test_every_colour_card_names_its_colour_for_colour_blind_players():
    hand = {k: 1 for k in ("red", "orange", "yellow", "green", "blue", "purple", "white", "black")}
    root = parse(hand_svg(hand | {"locomotive": 1}))
    names = [el.text for el in root.iter(f"{NS}text") if el.get("class") == "cn"]
    assert names == ["Red", "Orange", "Yellow", "Green", "Blue", "Purple", "White", "Black", "Loco"]


def test_empty_hand_says_so():
    root = parse(hand_svg({}))
    assert "No train cards" in "".join(root.itertext())


def test_single_card_has_no_count_unless_asked():
    _, cards = _cards(card_svg("green"))
    assert cards == [("green", None)]
    _, cards = _cards(card_svg("locomotive", count=4))
    assert cards == [("locomotive", "4")]


def test_locomotive_card_is_painted_in_the_rainbow_its_document_defines_once():
    root = parse(card_svg("locomotive"))
    assert root.find(f".//{NS}rect").get("fill") == "url(#ttr-rainbow)"
    # Defined by the page (or the standalone picture) that holds the cards, not by each card.
    assert root.find(f".//{NS}linearGradient") is None
    defs = parse(card_defs_svg())
    assert defs.find(f".//{NS}linearGradient").get("id") == "ttr-rainbow"
    assert defs.get("aria-hidden") == "true"


def test_unknown_card_colour_is_refused():
    with pytest.raises(ValueError, match="pink"):
        card_svg("pink")


def test_deck_shows_how_many_cards_are_left():
    root = parse(deck_svg(92))
    assert [el.text for el in root.iter(f"{NS}text")] == ["92"]
    assert root.get("aria-label") == "Draw pile, 92 cards"
