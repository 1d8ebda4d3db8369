"""The table as one picture for a mail: a line of text, the board, the cards face up, the
scores, and the reader's own hand and tickets.

Made of the very drawings the game page shows (board_svg, card_svg, hand_svg, ticket_svg),
each placed in one SVG; nothing is drawn a second way. Like the board, a pure function of
what it is handed: the caller hands it the reader's own hand and tickets and nobody else's.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .board import board_svg
from .cards import CARD_DEFS, card_svg, hand_svg
from .markup import attr, num, text
from .palette import player_css
from .textwidth import FONT
from .tickets import TICKET_H, TICKET_W, ticket_svg

WIDTH = 512  # the picture's width in CSS pixels: the mail's column on a wide screen
PAD = 8
CARD_SCALE = 0.7
TICKET_SCALE = 0.5
TICKETS_PER_ROW = 5
# The page's stylesheet gives the longest path its band (static/css/game.css); the picture has
# no page around it, so it carries the same rules itself.
STYLE = (
    f".ttrm{{font-family:{FONT}}}"
    ".ttrm .bg{fill:#fffdf7}"
    ".ttrm .hd{font-size:15px;font-weight:700;fill:#1e1e1e}"
    ".ttrm .lb{font-size:12px;font-weight:700;fill:#5a4a35}"
    ".ttrm .sc{font-size:12px;fill:#1e1e1e}"
    ".ttrm .sc .me{font-weight:700}"
    ".ttrb .hl path{fill:none;stroke-linecap:round}"
    ".ttrb .hl .hl-edge{stroke:#2b2100;stroke-width:26;opacity:.8}"
    ".ttrb .hl .hl-core{stroke:#ffd21a;stroke-width:21}"
)
_ROOT = re.compile(r"<svg\b[^>]*>")
_VIEWBOX = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')
_WIDTH = re.compile(r'\swidth="[^"]*"')


@dataclass
class Score:
    name: str
    colour: str  # a palette id or #hex, as the board takes it
    points: int
    trains: int | None = None  # None once the game is over (the totals are shown alone)
    me: bool = False


@dataclass
class TablePicture:
    """What one reader may see, gathered by the caller from their own view of the game."""

    game_map: object
    view: Mapping  # board_svg reads only claims, stations and players_order of it
    heading: str
    scores: Sequence[Score]
    face_up: Sequence[str] = ()
    hand: Mapping[str, int] | None = None  # the reader's own cards; None: not shown
    tickets: Sequence[str] = ()  # the reader's own tickets
    ticket_progress: Mapping[str, bool] = field(default_factory=dict)
    offered: Sequence[str] = ()  # tickets the reader must choose from now
    new_routes: Collection[str] = ()
    new_stations: Collection[str] = ()
    highlight_routes: Collection[str] = ()
    player_colors: Mapping[str, str] = field(default_factory=dict)
    player_names: Mapping[str, str] = field(default_factory=dict)
    board_title: str | None = None


def _found(match: re.Match[str] | None) -> re.Match[str]:
    """The drawings placed here are the site's own: each has its root and viewBox."""
    if match is None:
        raise ValueError("a drawing without its <svg viewBox> root")
    return match


def placed(svg: str, x: float, y: float, width: float) -> tuple[str, float]:
    """A drawing of its own placed at (x, y) and `width` wide inside another; and its height."""
    root = _found(_ROOT.match(svg))
    vw, vh = (float(v) for v in _found(_VIEWBOX.search(root.group(0))).groups())
    height = width * vh / vw
    tag = _WIDTH.sub("", root.group(0), count=1)
    # Not clipped to its box: a clip costs the rasteriser a mask of the whole picture, and
    # nothing of these drawings lies outside their box but half an edge's stroke.
    tag = (
        tag[:-1] + f' x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}"'
        ' overflow="visible">'
    )
    return tag + svg[root.end() :], height


def _label(x: float, y: float, words: str) -> str:
    return f'<text class="lb" x="{num(x)}" y="{num(y)}">{text(words)}</text>'


def _score_rows(scores: Sequence[Score], x: float, y: float) -> tuple[list[str], float]:
    out = ['<g class="sc">']
    for k, score in enumerate(scores):
        row_y = y + k * 18
        points = ngettext("%(count)d point", "%(count)d points", score.points) % {
            "count": score.points
        }
        words = f"{score.name}: {points}"
        if score.trains is not None:
            trains = ngettext("%(count)d train", "%(count)d trains", score.trains) % {
                "count": score.trains
            }
            words = f"{words}, {trains}"
        out.append(
            f'<rect x="{num(x)}" y="{num(row_y - 10)}" width="12" height="12" rx="2"'
            f' fill="{player_css(score.colour)}" stroke="#333"/>'
            f'<text x="{num(x + 18)}" y="{num(row_y)}"{' class="me"' if score.me else ""}>'
            f"{text(words)}</text>"
        )
    out.append("</g>")
    return out, len(scores) * 18


def table_picture_svg(table: TablePicture, *, width: float = WIDTH) -> str:
    """The picture, `width` CSS pixels wide; its height follows from what it shows."""
    inner = width - 2 * PAD
    body: list[str] = [f'<text class="hd" x="{PAD}" y="20">{text(table.heading)}</text>']
    y = 30.0
    board, height = placed(
        board_svg(
            table.game_map,
            table.view,
            highlight_routes=table.highlight_routes,
            new_routes=table.new_routes,
            new_stations=table.new_stations,
            player_colors=table.player_colors,
            player_names=table.player_names,
            title=table.board_title,
        ),
        PAD,
        y,
        inner,
    )
    body.append(board)
    y += height + 10
    row_top = y
    left_bottom = y
    if table.face_up:
        body.append(_label(PAD, y + 10, _("Cards face up")))
        x: float = PAD
        for colour in table.face_up:
            card, card_h = placed(card_svg(colour), x, y + 16, 48 * CARD_SCALE)
            body.append(card)
            x += (48 + 5) * CARD_SCALE
        left_bottom = y + 16 + card_h
    score_x = PAD + (inner / 2 if table.face_up else 0)
    body.append(_label(score_x, row_top + 10, _("Scores")))
    rows, rows_h = _score_rows(table.scores, score_x, row_top + 30)
    body += rows
    y = max(left_bottom, row_top + 16 + rows_h) + 12
    if table.hand is not None:
        body.append(_label(PAD, y + 10, _("Your cards")))
        hand = hand_svg(table.hand)
        vw = float(_found(_VIEWBOX.search(hand)).group(1))
        drawn, hand_h = placed(hand, PAD, y + 16, min(inner, vw * CARD_SCALE))
        body.append(drawn)
        y += 16 + hand_h + 12
    for heading, tickets, progress in (
        (_("Tickets to choose from"), table.offered, {}),
        (_("Your tickets"), table.tickets, table.ticket_progress),
    ):
        if not tickets:
            continue
        body.append(_label(PAD, y + 10, heading))
        y += 16
        step_x = TICKET_W * TICKET_SCALE + 4
        step_y = TICKET_H * TICKET_SCALE + 4
        for k, ticket in enumerate(tickets):
            col, row = k % TICKETS_PER_ROW, k // TICKETS_PER_ROW
            drawn, _h = placed(
                ticket_svg(table.game_map, ticket, done=progress.get(ticket)),
                PAD + col * step_x,
                y + row * step_y,
                TICKET_W * TICKET_SCALE,
            )
            body.append(drawn)
        ticket_rows = (len(tickets) + TICKETS_PER_ROW - 1) // TICKETS_PER_ROW
        y += ticket_rows * step_y + 8
    total = y + PAD - 8
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ttrm" viewBox="0 0 {num(width)}'
        f' {num(total)}" width="{num(width)}" height="{num(total)}" role="img"'
        f" aria-label={attr(table.heading)}>"
        f"<style>{STYLE}</style>{CARD_DEFS}"
        f'<rect class="bg" width="{num(width)}" height="{num(total)}"/>' + "".join(body) + "</svg>"
    )


def board_picture_svg(
    game_map,
    view: Mapping,
    *,
    width: float,
    new_routes: Collection[str] = (),
    new_stations: Collection[str] = (),
    player_colors: Mapping[str, str] | None = None,
    player_names: Mapping[str, str] | None = None,
    title: str | None = None,
) -> str:
    """The board alone, `width` CSS pixels wide (the digest's small board)."""
    board, height = placed(
        board_svg(
            game_map,
            view,
            new_routes=new_routes,
            new_stations=new_stations,
            player_colors=player_colors,
            player_names=player_names,
            title=title,
        ),
        0,
        0,
        width,
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(width)} {num(height)}"'
        f' width="{num(width)}" height="{num(height)}">{board}</svg>'
    )
