"""What the game's pages hold once for all their card pictures (games/play/layout.html)."""

from django import template
from django.utils.safestring import mark_safe

from games.svg import card_defs_svg

register = template.Library()


@register.simple_tag
def card_defs() -> str:
    return mark_safe(card_defs_svg())  # drawn from constants: no input in it
