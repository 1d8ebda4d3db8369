"""Seat colours: each seat its own, none a card colour, and seats coloured before the palette
changed keep a colour of their own."""

from games.svg.palette import CARD_COLORS, player_css
from games.words.seat_colors import COLOR_IDS, color_name, first_free_color


def test_seats_take_the_colours_in_order():
    assert first_free_color(set()) == "teal"
    assert first_free_color({"teal", "brown"}) == "magenta"


def test_an_old_colour_id_counts_as_the_colour_that_took_its_place():
    assert first_free_color({"blue"}) == "brown"
    assert color_name("vermilion") == "Brown"
    assert player_css("blue") == player_css("teal")


def test_no_seat_colour_is_drawn_as_a_card_colour():
    cards = {css.lower() for css in CARD_COLORS.values()}
    assert len(COLOR_IDS) == 5
    assert not cards & {player_css(color).lower() for color in COLOR_IDS}
