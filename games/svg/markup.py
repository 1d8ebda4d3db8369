"""Small helpers for writing SVG text by hand: escaping and compact numbers."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr


def text(value: object) -> str:
    """Character data, escaped."""
    return escape(str(value))


def attr(value: object) -> str:
    """An attribute value with its quotes, escaped."""
    return quoteattr(str(value))


def num(value: float) -> str:
    """Round to one decimal and drop a useless ".0" to keep the SVG small."""
    rounded = round(value, 1)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.1f}"
