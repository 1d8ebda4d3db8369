"""/rules/<map>/: how to play on one board, in the rulebooks' words, with the site's drawings.

The page's sections have fixed anchors (RULE_ANCHORS) so the table's "?" beside each action
opens its rule (games.web.templatetags.rules_tags)."""

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games import engine
from games.models import MapChoice
from games.svg import rules_figures as fig
from games.web.views.score_sheet import tie_break_sentence


def _figures(map_id: str) -> dict[str, str]:
    """The page's drawings, on the board's own cities (their names are never translated)."""
    game_map = engine.get_map(map_id)

    def name(city_id: str) -> str:
        return game_map.cities[city_id].name

    if map_id == "usa":
        claim = (name("montreal"), name("new_york"))
        double = (name("denver"), name("salt_lake_city"), "yellow")
    else:
        claim = (name("sofia"), name("constantinople"))
        double = (name("berlin"), name("frankfurt"), "red")
    figures = {
        "claim": fig.claim_figure(*claim, _("Claiming a route of 3 spaces")),
        "double": fig.double_route_figure(*double, _("A double route with 2 or 3 players")),
        "longest": fig.longest_path_figure(_("The longest continuous path")),
    }
    if game_map.has_stations:
        figures["tunnel"] = fig.tunnel_figure(
            name("venezia"), name("zurich"), "green", _("Claiming a tunnel")
        )
        figures["ferry"] = fig.ferry_figure(name("athina"), name("smyrna"), _("Claiming a ferry"))
        figures["station"] = fig.station_figure(
            name("paris"), name("frankfurt"), name("berlin"), _("A station borrows a route")
        )
    return figures


@require_GET
def rules_index(request):
    return redirect("rules", map_id=MapChoice.USA)


@require_GET
def rules(request, map_id: str):
    if map_id not in MapChoice.values:
        raise Http404()
    game_map = engine.get_map(map_id)
    return render(
        request,
        "games/rules/rules.html",
        {
            "map_id": map_id,
            "map_name": dict(MapChoice.choices)[map_id],
            "boards": list(MapChoice.choices),
            "europe": game_map.has_stations,
            "points": sorted(game_map.scoring.items()),
            "station_points": game_map.station_points,
            "tickets": len(game_map.tickets),
            "figures": _figures(map_id),
            "tie_breaks": tie_break_sentence(game_map),
        },
    )
