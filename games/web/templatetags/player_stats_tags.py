"""The statistics part of a player's profile: {% player_statistics profile_user %}."""

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import engine
from games.models import MapChoice
from games.selectors.player_statistics import player_statistics
from games.svg.heat_map import heat_map_svg, legend_items

register = template.Library()


def claims_word(n: int) -> str:
    return ngettext("%(n)d claim", "%(n)d claims", n) % {"n": n}


def heat_map(map_id: str, counts: dict[str, int], title: str) -> str:
    return mark_safe(  # noqa: S308 - heat_map.py escapes every text it writes
        heat_map_svg(
            engine.get_map(map_id),
            counts,
            title=title,
            legend_label=_("Times claimed"),
            none_label=_("never"),
            claim_word=claims_word,
        )
    )


@register.inclusion_tag("games/profile_statistics.html", takes_context=True)
def player_statistics_section(context, profile_user):
    request = context.get("request")
    viewer = getattr(request, "user", None)
    stats = player_statistics(user=profile_user, viewer=viewer)
    maps = [
        {
            "id": map_id,
            "name": dict(MapChoice.choices)[map_id],
            "legend": legend_items(counts, _("never")),
            "svg": heat_map(
                map_id,
                counts,
                _("Routes %(user)s claimed on the %(map)s board")
                % {"user": profile_user.username, "map": dict(MapChoice.choices)[map_id]},
            ),
        }
        for map_id, counts in sorted(stats.route_counts.items())
    ]
    return {"profile_user": profile_user, "stats": stats, "heat_maps": maps}
