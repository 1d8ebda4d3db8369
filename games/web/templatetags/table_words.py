"""The game's own words that Python already translates, for the table's templates."""

from django import template

from games.words.names import colour_name

register = template.Library()


@register.filter
def card_name(color: str) -> str:
    """A card's or a coloured route's colour in the viewer's language ("red", "locomotive")."""
    return colour_name(color)
