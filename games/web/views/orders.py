"""The standing orders' panel: /games/<id>/orders/ (the panel; a page of its own without
JavaScript), .../review/ (the summary to confirm), .../set/ and .../cancel/.

Deliberate by design: the orders are written in a panel of their own, never by a tap on
the board, and set only once their summary is confirmed."""

import hashlib
import json
from functools import partial

from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from games.engine.orders import MAX_ORDERS, MalformedOrder, orders_from_list
from games.refusals.errors import GameServiceError, NotAPlayer
from games.selectors.orders import orders_panel_get
from games.services.orders import seat_orders_cancel, seat_orders_set
from games.words.orders import malformed_order_sentence, order_sentence

ROWS = range(MAX_ORDERS)
# The form's fields per kind of instruction: (the instruction's key, the form's field).
FIELDS = {
    "claim_route": (("route", "route"), ("pay", "pay"), ("tunnel_extra", "extra")),
    "build_station": (("city", "city"), ("pay", "station_pay")),
    "draw_face_up": (("color", "color"), ("then", "then")),
    "draw_deck": (),
    "draw_tickets": (("keep", "keep"),),
}


def orders_from_form(data) -> list[dict]:
    """The rows of the form that name a kind, as the orders' JSON form (no checks yet)."""
    orders = []
    for row in ROWS:
        kind = data.get(f"kind-{row}", "")
        if kind not in FIELDS:
            continue
        order: dict = {"kind": kind}
        for key, field in FIELDS[kind]:
            value = data.get(f"{field}-{row}", "")
            if value == "":
                continue
            order[key] = int(value) if value.isdigit() else value
        orders.append(order)
    return orders


def _options(choices) -> str:
    return format_html_join("", '<option value="{}">{}</option>', choices)


def _panel_rows(panel: dict) -> str:
    # Each of the form's rows offers the same routes, cities and colours: their options are
    # written once here, not once a row (a hundred routes, five rows).
    colours = panel["colours"]
    options = {
        "routes": _options(panel["routes"]),
        "cities": _options(panel["cities"]),
        "colours": _options(colours),
        "then": _options((kind, name) for kind, name in colours if kind != "locomotive"),
    }
    return _rows(options, panel["has_stations"])


ROWS_FOR = 3600  # seconds: the same rows serve every waiting player until a claim or station


def _rows(options: dict, has_stations: bool) -> str:
    """The form's rows: the same for every player who may leave orders on the same open
    routes and cities, in one language (nothing of a seat's is in them), drawn once."""
    named = "|".join((get_language() or "", str(has_stations), *options.values()))
    key = "orders.rows." + hashlib.sha256(named.encode()).hexdigest()
    html = cache.get(key)
    if html is None:
        html = render_to_string(
            "games/play/orders_rows.html",
            {"rows": ROWS, "options": options, "has_stations": has_stations},
        )
        cache.set(key, html, ROWS_FOR)
    return mark_safe(html)  # drawn by the template above, its values escaped there


def _panel(request, game_id, **extra):
    panel = orders_panel_get(game_id=game_id, user=request.user)
    panel.update(rows=ROWS, **extra)
    if panel["can_set"]:
        panel["rows_html"] = _panel_rows(panel)
    template = "games/play/orders_panel.html" if request.htmx else "games/play/orders_page.html"
    return TemplateResponse(request, template, panel)


@require_GET
@vary_on_headers("HX-Request")
def game_orders(request, game_id: int):
    return _panel(request, game_id)


@require_GET
def game_orders_rows(request, game_id: int):
    """The form's rows, which the game page's panel fetches when it is opened: empty while
    orders may not be left (the player's turn, the game over)."""
    panel = orders_panel_get(game_id=game_id, user=request.user)
    if not panel["can_set"]:
        return HttpResponse("")
    return HttpResponse(_panel_rows(panel))


@require_POST
def game_orders_review(request, game_id: int):
    """The summary of the orders written in the form, to confirm (nothing is set yet)."""
    orders = orders_from_form(request.POST)
    panel = orders_panel_get(game_id=game_id, user=request.user)
    try:
        parsed = orders_from_list(panel["game"].map_id, orders)
    except MalformedOrder as exc:
        return _panel(request, game_id, error=malformed_order_sentence(exc))
    dicts = [order.to_dict() for order in parsed]
    return _panel(
        request,
        game_id,
        review=[order_sentence(order, panel["game"].map_id) for order in dicts],
        review_json=json.dumps(dicts),
    )


def _written(request, game_id: int, write):
    """The panel after `write(game_id=, user=)`: with the refusal's sentence when refused
    (one who is not a player of the game gets the site's answer for that); without htmx,
    back to the game page."""
    try:
        write(game_id=game_id, user=request.user)
    except NotAPlayer:
        raise
    except GameServiceError as exc:
        return _panel(request, game_id, error=exc.message)
    if not request.htmx:
        return redirect("game_detail", game_id=game_id)
    return _panel(request, game_id)


@require_POST
def game_orders_set(request, game_id: int):
    try:
        orders = json.loads(request.POST.get("orders", ""))
    except ValueError:
        orders = None
    return _written(request, game_id, partial(seat_orders_set, orders=orders))


@require_POST
def game_orders_cancel(request, game_id: int):
    return _written(request, game_id, seat_orders_cancel)
