"""The score sheet's statistics: one row per figure, one column per player, as BGA shows them."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.selectors.statistics import game_statistics

from .table import Table


def statistics_sheet(table: Table, order: list[str]) -> dict | None:
    """Rows of figures for the players in `order` (the score sheet's), or None."""
    stats = game_statistics(game=table.game)
    if not stats:
        return None
    players = [stats[pid] for pid in order]
    has_stations = table.game_map.has_stations

    def row(label, value, *, total=False, sub=False):
        values = [value(s) for s in players]
        return {"label": label, "values": values, "total": total, "sub": sub}

    rows = [
        row(_("Turns"), lambda s: s["turns"]),
        row(
            _("Train cards face up / blind"), lambda s: f"{s['cards_face_up']} / {s['cards_blind']}"
        ),
        row(_("Locomotives taken face up"), lambda s: s["locomotives_face_up"]),
        row(_("Tickets drawn / kept"), lambda s: f"{s['tickets_drawn']} / {s['tickets_kept']}"),
        row(
            _("Tickets completed / failed"),
            lambda s: f"{s['tickets_completed']} / {s['tickets_failed']}",
        ),
        row(_("Routes claimed"), lambda s: s["routes"]),
    ]
    lengths = sorted({int(n) for s in players for n in s["routes_by_length"]})
    rows += [
        row(
            ngettext("Routes of %(n)d train", "Routes of %(n)d trains", n) % {"n": n},
            lambda s, n=n: s["routes_by_length"].get(n, 0),
            sub=True,
        )
        for n in lengths
    ]
    rows.append(row(_("Trains placed"), lambda s: s["trains_used"]))
    if has_stations:
        rows += [
            row(
                _("Tunnels claimed / declined"),
                lambda s: f"{s['tunnels_paid']} / {s['tunnels_declined']}",
            ),
            row(_("Extra cards paid for tunnels"), lambda s: s["tunnel_extra_cards"]),
            row(_("Stations built"), lambda s: s["stations"]),
        ]
    rows.append(row(_("Longest path (trains)"), lambda s: s["longest_path"]))
    points = [
        (_("Points from routes"), "routes"),
        (_("Points from completed tickets"), "tickets_completed"),
        (_("Points lost on failed tickets"), "tickets_failed"),
    ]
    if has_stations:
        points.append((_("Points for stations kept"), "stations"))
    points.append((_("Longest-path bonus"), "longest_bonus"))
    for label, key in points:
        rows.append(row(label, lambda s, key=key: (s["points"] or {}).get(key)))
    rows.append(row(_("Total"), lambda s: (s["points"] or {}).get("total"), total=True))
    return {"names": [table.names[pid] for pid in order], "rows": rows}
