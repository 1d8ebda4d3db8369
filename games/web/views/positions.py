"""Games as files: download one (JSON), start a game from a scenario file or from a
finished game's replay. HTTP only: the services decide what is allowed."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.private_pages import private_to_viewer
from games.models import GameStatus
from games.refusals.errors import GameServiceError
from games.selectors.access import game_access, seat_get
from games.selectors.export import export_document
from games.services.scenario_start import (
    MAX_SCENARIO_BYTES,
    ScenarioRefused,
    game_new_from_replay,
    game_start_from_scenario,
    parse_scenario_file,
)
from games.web.forms import ScenarioStartForm


@private_to_viewer
@require_GET
def game_export(request, game_id: int):
    game = game_access(game_id=game_id, user=request.user)
    try:
        document = export_document(game=game, user=request.user)
    except GameServiceError as exc:
        return render(
            request,
            "games/positions/refused.html",
            {"game": game, "message": exc.message},
            status=exc.status,
        )
    response = JsonResponse(document, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="ttr-game-{game.pk}.json"'
    return response


@require_http_methods(["GET", "POST"])
@login_required
def start_from_scenario(request):
    form = ScenarioStartForm(
        request.POST or None, request.FILES or None, staff=request.user.is_staff
    )
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            upload = form.cleaned_data["scenario"]
            try:
                if upload.size > MAX_SCENARIO_BYTES:
                    raise ScenarioRefused(
                        _("The file is too large; a scenario is at most %(kb)d KB.")
                        % {"kb": MAX_SCENARIO_BYTES // 1024}
                    )
                document = parse_scenario_file(raw=upload.read(MAX_SCENARIO_BYTES + 1))
                if document.get("format") == "ttr-game-export":
                    document = document.get("scenario") or {}
                game = game_start_from_scenario(
                    creator=request.user,
                    document=document,
                    usernames=form.usernames(),
                    turn_seconds=form.cleaned_data["turn_seconds"],
                    seat_at_once=form.cleaned_data.get("seat_at_once", False),
                )
            except GameServiceError as exc:
                form.add_error(None, exc.message)
                status = exc.status
            else:
                if game.status == GameStatus.OPEN:
                    messages.success(
                        request,
                        _(
                            "The other players are invited; the game starts in the file's "
                            "position when all have accepted."
                        ),
                    )
                else:
                    messages.success(request, _("The game has started from the file's position."))
                if seat_get(game=game, user=request.user) is None:
                    # Staff started it for others: the admin shows it to them.
                    return redirect(reverse("admin:games_game_change", args=[game.pk]))
                return redirect(reverse("game_detail", args=[game.pk]))
    return render(request, "games/positions/start.html", {"form": form}, status=status)


@private_to_viewer
@require_POST
@login_required
def new_from_replay(request, game_id: int):
    game_access(game_id=game_id, user=request.user)
    try:
        game, used = game_new_from_replay(
            game_id=game_id, user=request.user, move_number=request.POST.get("move")
        )
    except GameServiceError as exc:
        messages.error(request, exc.message)
        return redirect(
            reverse("game_replay", args=[game_id]) + f"?move={request.POST.get('move', '')}"
        )
    if game.status == GameStatus.OPEN:
        started = _(
            "A new unrated game from game #%(game)d after move %(move)d waits for the other "
            "players: they are invited, and it starts when all have accepted."
        )
    else:
        started = _("A new unrated game has started from game #%(game)d after move %(move)d.")
    messages.success(request, started % {"game": game_id, "move": used})
    return redirect(reverse("game_detail", args=[game.pk]))
