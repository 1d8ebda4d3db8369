"""A bot level's own page: what it is and its record against people."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.models import BotLevel
from games.models.seat import bot_label
from games.selectors.bots import bot_record


@require_GET
def bot_level(request, level: str):
    if level not in BotLevel.values:
        raise Http404()
    record = bot_record(level=level)
    games = record["games"]
    return render(
        request,
        "games/bots/level.html",
        {
            "level": level,
            "name": bot_label(level),
            "record": record,
            "win_share": round(100 * record["wins"] / games) if games else None,
            "mean_score": round(record["mean_score"], 1) if games else None,
        },
    )
