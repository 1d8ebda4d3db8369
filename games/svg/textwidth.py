"""Estimated width of a line of text, so labels can be placed without a font engine.

Widths are Arial's advance widths (per 1000 units of the em), raised by a
safety factor because the fallback sans-serif fonts (DejaVu, Roboto) run wider.
"""

from __future__ import annotations

import unicodedata

_WIDTHS = {
    **dict(
        zip(
            "abcdefghijklmnopqrstuvwxyz",
            (
                556,
                556,
                500,
                556,
                556,
                278,
                556,
                556,
                222,
                222,
                500,
                222,
                833,
                556,
                556,
                556,
                556,
                333,
                500,
                278,
                556,
                500,
                722,
                500,
                500,
                500,
            ),
            strict=True,
        )
    ),
    **dict(
        zip(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            (
                667,
                667,
                722,
                722,
                667,
                611,
                778,
                722,
                278,
                500,
                667,
                556,
                833,
                722,
                778,
                667,
                778,
                722,
                667,
                611,
                722,
                667,
                944,
                667,
                667,
                611,
            ),
            strict=True,
        )
    ),
    " ": 278,
    ".": 278,
    "-": 333,
    "'": 191,
    "–": 556,
    "·": 278,
}
# Text is set in Arial or a font with Arial's metrics (Liberation Sans, Arimo), so the
# estimates below hold in browsers; other sans-serif fonts are only a last resort.
FONT = "Arial,Helvetica,'Liberation Sans',Arimo,sans-serif"
_DIGIT = 556
_OTHER = 700
SAFETY = 1.15  # bold text, and fallback fonts a little wider than Arial


def _base(ch: str) -> str:
    """The unaccented letter: "é" is as wide as "e" to within our margin."""
    return unicodedata.normalize("NFKD", ch)[0] if ch else ch


def text_width(value: str, font_size: float) -> float:
    total = 0
    for ch in value:
        base = _base(ch)
        total += _DIGIT if base.isdigit() else _WIDTHS.get(base, _OTHER)
    return total / 1000 * font_size * SAFETY
