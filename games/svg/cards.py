"""Train cards as SVG: one card, the deck's back, and a player's hand as a row of cards.
A locomotive names the rainbow of the document it is in (CARD_DEFS).

Each card carries its colour's name as well as its colour, and counts are drawn
large so they stay readable when the row is shrunk to a phone's width.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from django.utils.translation import get_language, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from games.engine.maps import CARD_KINDS, LOCOMOTIVE
from games.words.names import colour_name

from .markup import attr, num, text
from .palette import CARD_COLORS, CARD_LETTERS, ink_on
from .textwidth import FONT, text_width

CARD_W, CARD_H = 48, 72
NAME_SIZE = 9  # the card's name (.cn below), in card units
NAME_MARGIN = 6  # room left either side of it, both sides together
GAP = 5
# A card's short name as the card shows it ("Red", "Loco"; the rulebooks' "Locomotief", "Lok",
# "Locomotive").
CARD_NAMES = {LOCOMOTIVE: pgettext_lazy("the locomotive card, short", "Loco")}

_CAR = "M-13-8h26v12h-26zM-9 6a2.6 2.6 0 1 0 .1 0zM9 6a2.6 2.6 0 1 0 .1 0z"
_ENGINE = (
    "M-14 4v-9h9v-6h12v3h-3v3h9l3 9zM-9 6a2.6 2.6 0 1 0 .1 0zM1 6a2.6 2.6 0 1 0 .1 0z"
    "M10 6a2.6 2.6 0 1 0 .1 0z"
)
# The locomotive's rainbow, which every locomotive card names: defined once per document, in
# the page (card_defs_svg) or in the standalone picture that holds the cards (CARD_DEFS), so a
# page with many locomotives repeats no id.
CARD_DEFS = (
    '<defs><linearGradient id="ttr-rainbow" x1="0" y1="0" x2="1" y2="1">'
    + "".join(
        f'<stop offset="{k / 5:.1f}" stop-color="{CARD_COLORS[c]}"/>'
        for k, c in enumerate(("red", "orange", "yellow", "green", "blue", "purple"))
    )
    + "</linearGradient></defs>"
)
# The same text in every card picture: the site's Content-Security-Policy allows it by hash.
# Each picture is at most 1.6 times its viewBox wide and shrinks with a narrow column.
STYLE = (
    f".ttrc{{font-family:{FONT};max-width:100%;height:auto}}"
    ".ttrc .cb{stroke:#222;stroke-width:1.2}"
    f".ttrc .cn{{font-size:{NAME_SIZE}px;font-weight:700;text-anchor:middle}}"
    ".ttrc .cq{font-size:17px;font-weight:800;text-anchor:middle;fill:#111}"
    ".ttrc .bd{fill:#fff;stroke:#222;stroke-width:1.2}"
    ".ttrc .cl{font-size:10px;font-weight:800}"
)
_STYLE = f"<style>{STYLE}</style>"


# Each picture is a pure function of its card (or counts) and the language of its words: the
# pages redraw the same few pictures after every move, so each is drawn once per process.
_PICTURES_KEPT = 2048


def card_name(color: str) -> str:
    name = CARD_NAMES.get(color)
    return str(name) if name is not None else colour_name(color).capitalize()


def _fitted(name: str) -> str:
    """A name too long for the card ("Locomotief", "Locomotive") is drawn a little narrower to
    fit it, never cut: the attributes that say so, else nothing."""
    room = CARD_W - NAME_MARGIN
    if text_width(name, NAME_SIZE) <= room:
        return ""
    return f' textLength="{num(room)}" lengthAdjust="spacingAndGlyphs"'


def _check(color: str) -> None:
    if color not in CARD_KINDS:
        raise ValueError(f"unknown card {color!r}; choose one of {', '.join(CARD_KINDS)}")


def _card(color: str, x: float, count: int | None) -> str:
    fill = "url(#ttr-rainbow)" if color == LOCOMOTIVE else CARD_COLORS[color]
    ink = "#111" if color == LOCOMOTIVE else ink_on(color)
    icon = _ENGINE if color == LOCOMOTIVE else _CAR
    label = card_name(color) if count is None else f"{count} × {card_name(color)}"
    parts = [
        f'<g class="card" data-color={attr(color)} transform="translate({num(x)} 0)">',
        f"<title>{text(label)}</title>",
        f'<rect class="cb" x=".6" y=".6" width="{CARD_W - 1.2}" height="{CARD_H - 1.2}" rx="5"'
        f' fill="{fill}"/>',
        f'<path d="{icon}" fill="{ink}" opacity=".45"'
        f' transform="translate({CARD_W / 2} {CARD_H * 0.62})"/>',
        f'<text class="cn" x="{CARD_W / 2}" y="{CARD_H - 6}" fill="{ink}"'
        f' stroke="none"{_fitted(card_name(color))}>{text(card_name(color))}</text>',
        # The colour's letter, as on the board's routes: colour is never the only cue.
        f'<text class="cl" x="3" y="12" fill="{ink}">{text(str(CARD_LETTERS[color]))}</text>',
    ]
    if count is not None:
        parts.append(
            f'<circle class="bd" cx="{CARD_W / 2}" cy="19" r="12.5"/>'
            f'<text class="cq" x="{CARD_W / 2}" y="25">{text(count)}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


@lru_cache(maxsize=_PICTURES_KEPT)
def _kept_card(language: str | None, color: str, x: float, count: int | None) -> str:
    return _card(color, x, count)


def card_defs_svg() -> str:
    """CARD_DEFS for a page that shows card pictures, in a picture of no size that is not
    hidden (a gradient inside display:none paints nothing in some browsers)."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="svg-defs" width="0" height="0"'
        f' aria-hidden="true" focusable="false">{CARD_DEFS}</svg>'
    )


def _svg(width: float, label: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ttrc" viewBox="0 0 {num(width)} {CARD_H}"'
        f' width="{num(width * 1.6)}" role="img"'
        f" aria-label={attr(label)}>{_STYLE}{body}</svg>"
    )


def card_svg(color: str, *, count: int | None = None) -> str:
    """One card face (a face-up card, or a card with its count)."""
    _check(color)
    return _card_svg(get_language(), color, count)


@lru_cache(maxsize=_PICTURES_KEPT)
def _card_svg(language: str | None, color: str, count: int | None) -> str:
    label = (
        pgettext("a card's picture", "%(name)s card") % {"name": card_name(color)}
        if count is None
        else f"{count} × {card_name(color)}"
    )
    return _svg(CARD_W, label, _card(color, 0, count))


def deck_svg(count: int) -> str:
    """The back of the draw pile, with how many cards are left in it."""
    return _deck_svg(get_language(), count)


@lru_cache(maxsize=_PICTURES_KEPT)
def _deck_svg(language: str | None, count: int) -> str:
    body = (
        f'<g class="card deck"><title>{text(_draw_pile(count))}</title>'
        f'<rect class="cb" x=".6" y=".6" width="{CARD_W - 1.2}" height="{CARD_H - 1.2}" rx="5"'
        ' fill="#1f3a5f"/>'
        f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="3" fill="none"'
        ' stroke="#e8c872" stroke-width="1.2"/>'
        f'<path d="{_ENGINE}" fill="#e8c872" transform="translate({CARD_W / 2} {CARD_H * 0.62})"/>'
        f'<circle class="bd" cx="{CARD_W / 2}" cy="19" r="12.5"/>'
        f'<text class="cq" x="{CARD_W / 2}" y="25">{text(count)}</text></g>'
    )
    label = ngettext("Draw pile, %(count)d card", "Draw pile, %(count)d cards", count) % {
        "count": count
    }
    return _svg(CARD_W, label, body)


def _draw_pile(count: int) -> str:
    return ngettext("Draw pile: %(count)d card", "Draw pile: %(count)d cards", count) % {
        "count": count
    }


def hand_svg(hand: Mapping[str, int]) -> str:
    """A player's cards as a row, one card per colour held, each with its count."""
    held = tuple((color, int(hand.get(color, 0))) for color in CARD_KINDS if hand.get(color, 0) > 0)
    return _hand_svg(get_language(), held)


@lru_cache(maxsize=_PICTURES_KEPT)
def _hand_svg(language: str | None, held: tuple[tuple[str, int], ...]) -> str:
    if not held:
        none = _("No train cards")
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" class="ttrc" viewBox="0 0 150 30"'
            f' width="180" role="img" aria-label={attr(none)}>'
            f"{_STYLE}"
            '<rect x="1" y="1" width="18" height="28" rx="3" fill="none" stroke="#888"'
            ' stroke-dasharray="3 2"/>'
            f'<text x="26" y="20" font-size="13" fill="#555">{text(none)}</text></svg>'
        )
    body = "".join(
        _kept_card(language, color, i * (CARD_W + GAP), count)
        for i, (color, count) in enumerate(held)
    )
    width = len(held) * (CARD_W + GAP) - GAP
    cards = pgettext("between items of a list", ", ").join(
        f"{n} {card_name(k).lower()}" for k, n in held
    )
    label = _("Your cards: %(cards)s") % {"cards": cards}
    return _svg(width, label, body)
