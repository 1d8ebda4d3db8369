"""The analysis page of a finished game: ask for it, watch its progress, read its chart and
key moments. HTTP only: the services decide who may ask and when."""

from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.live.poll import poll_ticket, stream_url
from games.models import AnalysisStatus
from games.refusals.errors import GameServiceError
from games.selectors.access import game_access
from games.selectors.analysis import analysis_can_request, analysis_get
from games.selectors.log import player_names
from games.services.analysis import AnalysisWhilePlaying, analysis_request
from games.svg.analysis_chart import legend_key_svg, score_chart_svg
from games.svg.palette import player_css
from games.words.analysis import moment_sentence, move_phrase, sureness, turn_label
from games.words.names import map_name

PAGE = "games/play/analysis.html"
PROGRESS = "games/play/analysis_progress.html"


def _refused(request, game, exc: GameServiceError):
    return render(
        request,
        "games/play/analysis_refused.html",
        {"game": game, "message": exc.message},
        status=exc.status,
    )


def _result_context(game, analysis) -> dict:
    result = analysis.result
    names = player_names(game=game)
    seats = list(game.seats.all())
    colors = {seat.player_id: player_css(seat.color) for seat in seats}
    decisions = result["decisions"]
    replay = reverse("game_replay", args=[game.pk])
    moments = [
        {
            "turn": turn_label(decisions[i].get("turn") or 0),
            "href": f"{replay}?move={decisions[i]['move']}",
            "sentence": moment_sentence(decisions[i], names, game.map_id),
            "sureness": sureness(decisions[i]),
            "cost": decisions[i]["gain"] > 0,
        }
        for i in result["moments"]
    ]
    players = []
    for k, pid in enumerate(result["players"]):
        mine = [d for d in decisions if d["player"] == pid]
        differing = [d for d in mine if not d["same"]]
        players.append(
            {
                "name": names.get(pid, pid),
                "key": legend_key_svg(colour=colors.get(pid, "#777777"), index=k),
                "decisions": len(mine),
                "as_bot": len(mine) - len(differing),
                # the points the bot's choices would likely have added (sure differences only)
                "lost": round(sum(d["gain"] for d in mine if d["sure"] and d["gain"] > 0)),
                "final": (result.get("final") or {}).get(pid),
            }
        )
    return {
        "chart": score_chart_svg(
            players=result["players"],
            decisions=decisions,
            final=result.get("final"),
            colors=colors,
            names=names,
            title=_("Estimated final score of each player, turn by turn (%(map)s)")
            % {"map": map_name(game.map_id)},
        ),
        "moments": moments,
        "players": players,
        "decisions": [
            {
                "turn": d.get("turn"),
                "href": f"{replay}?move={d['move']}",
                "player": names.get(d["player"], d["player"]),
                "played": move_phrase(d["played"], game.map_id),
                "choice": None if d["same"] else move_phrase(d["choice"], game.map_id),
                "played_points": d["played_points"],
                "choice_points": d["choice_points"],
                "gain": d["gain"],
            }
            for d in decisions
        ],
    }


def _context(request, game) -> dict:
    analysis = analysis_get(game=game)
    context = {
        "game": game,
        "analysis": analysis,
        "can_request": analysis_can_request(game=game, user=request.user),
        "running": analysis is not None
        and analysis.status in (AnalysisStatus.QUEUED, AnalysisStatus.RUNNING),
        "failed": analysis is not None and analysis.status == AnalysisStatus.FAILED,
        # While it runs the page holds the game's stream: told each tenth and its end.
        "stream_url": stream_url(game.pk, poll_ticket(game.pk, request.user)),
    }
    if analysis is not None and analysis.is_done and analysis.result:
        context.update(_result_context(game, analysis))
    return context


@require_GET
def game_analysis(request, game_id: int):
    game = game_access(game_id=game_id, user=request.user)
    if not game.is_over or game.state is None:
        return _refused(request, game, AnalysisWhilePlaying())
    return render(request, PAGE, _context(request, game))


@require_GET
def game_analysis_progress(request, game_id: int):
    """The progress bar, asked for by htmx while the analysis runs (when the game's stream
    tells it moved on, else by a slow poll); once it is done the answer is the page's whole
    body (its chart and moments), put in place of the one shown."""
    game = game_access(game_id=game_id, user=request.user)
    if not game.is_over or game.state is None:
        return _refused(request, game, AnalysisWhilePlaying())
    context = _context(request, game)
    if context["running"] or not request.headers.get("HX-Request"):
        return render(request, PROGRESS, context)
    response = render(request, PAGE, context)
    response["HX-Retarget"] = "#analysis-body"
    response["HX-Reselect"] = "#analysis-body"
    response["HX-Reswap"] = "outerHTML"
    return response


@require_POST
def game_analysis_request(request, game_id: int):
    game = game_access(game_id=game_id, user=request.user)
    try:
        analysis_request(game=game, user=request.user)
    except GameServiceError as exc:
        return _refused(request, game, exc)
    return redirect(reverse("game_analysis", args=[game.pk]))
