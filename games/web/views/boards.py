"""/boards/<map>/: the heat map of every claimed route on one board, from the Claim rows."""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games import engine
from games.models import MapChoice
from games.selectors.player_statistics import route_counts
from games.svg.heat_map import legend_items
from games.web.templatetags.player_stats_tags import heat_map


@require_GET
def board_heat_map(request, map_id: str):
    if map_id not in MapChoice.values:
        raise Http404()
    counts, games = route_counts(map_id=map_id, viewer=request.user)
    name = dict(MapChoice.choices)[map_id]
    top = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:10]
    game_map = engine.get_map(map_id)
    return render(
        request,
        "games/boards/heat_map.html",
        {
            "map_id": map_id,
            "map_name": name,
            "games": games,
            "boards": list(MapChoice.choices),
            "legend": legend_items(counts, _("never")),
            "svg": heat_map(
                map_id, counts, _("Routes claimed on the %(map)s board") % {"map": name}
            ),
            "top": [
                (
                    f"{game_map.cities[game_map.routes[r].a].name} – "
                    f"{game_map.cities[game_map.routes[r].b].name}",
                    n,
                )
                for r, n in top
            ],
        },
    )
