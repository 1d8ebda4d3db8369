"""Lobby pages: HTTP only. Parse the form, call a service, redirect or render."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_GET, require_POST

from games.forms import GameCreateForm, turn_time_label
from games.models import Game, GameStatus, Seat
from games.selectors import my_games, open_games, seat_for
from games.services.colors import color_css, color_name
from games.services.errors import GameServiceError, NotAPlayer
from games.services.lobby import game_create, game_join, game_leave, game_start


def game_url(game: Game) -> str:
    try:
        return reverse("game_detail", args=[game.pk])
    except NoReverseMatch:  # the game page is not mounted (yet)
        return f"/games/{game.pk}/"


def _dress(games):
    """Add what the lobby templates show: links, labels, seat colours as CSS."""
    for game in games:
        game.href = game_url(game)
        game.turn_label = turn_time_label(game.turn_seconds)
        invite_path = reverse("game_invite", args=[game.invite_token])
        game.invite_url = settings.SITE_URL + invite_path
        for seat in game.seats.all():
            seat.css = color_css(seat.color)
            seat.color_name = color_name(seat.color)
    return games


def _lobby_page(request, form, status=200):
    mine = my_games(request.user).waiting
    mine_ids = {game.pk for game in mine}
    others = [game for game in open_games() if game.pk not in mine_ids]
    return render(
        request, "games/lobby/lobby.html",
        {"form": form, "open_games": _dress(others),
         "my_open_games": _dress(mine)},
        status=status,
    )


@require_GET
def lobby(request):
    return _lobby_page(request, GameCreateForm())


@require_POST
@login_required
def create(request):
    form = GameCreateForm(request.POST)
    if not form.is_valid():
        return _lobby_page(request, form, status=400)
    try:
        game = game_create(creator=request.user, **form.cleaned_data)
    except GameServiceError as exc:
        form.add_error(None, exc.message)
        return _lobby_page(request, form, status=exc.status)
    messages.success(request, "Game created. Share it, or wait for players to join.")
    return redirect(reverse("lobby") + f"#game-{game.pk}")


def _game_or_404(game_id) -> Game:
    return get_object_or_404(Game, pk=game_id)


@require_POST
@login_required
def join(request, game_id):
    game = _game_or_404(game_id)
    try:
        game_join(game=game, user=request.user, invite_token=request.POST.get("invite_token"))
    except NotAPlayer:
        raise Http404 from None
    except GameServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby")
    if game.status != GameStatus.OPEN:
        messages.success(request, "The game is full and has started: choose your tickets.")
        return redirect(game_url(game))
    messages.success(
        request, "You have a seat. The game starts when it is full or the creator starts it."
    )
    return redirect("lobby")


@require_POST
@login_required
def leave(request, game_id):
    game = _game_or_404(game_id)
    try:
        game_leave(game=game, user=request.user)
    except NotAPlayer:
        raise Http404 from None
    except GameServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby")
    messages.success(request, "You left the game.")
    return redirect("lobby")


@require_POST
@login_required
def start(request, game_id):
    game = _game_or_404(game_id)
    try:
        game_start(game=game, user=request.user)
    except NotAPlayer:
        raise Http404 from None
    except GameServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby")
    return redirect(game_url(game))


@require_GET
@login_required
def invite(request, token):
    game = get_object_or_404(_invite_games(), invite_token=token)
    if seat_for(game, request.user) is not None and game.status != GameStatus.OPEN:
        return redirect(game_url(game))
    _dress([game])
    return render(
        request, "games/lobby/invite.html",
        {"game": game, "seated": seat_for(game, request.user) is not None},
    )


def _invite_games():
    return Game.objects.select_related("creator").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("order"))
    )


@require_GET
@login_required
def mine(request):
    games = my_games(request.user)
    for game in _dress(list(games)):
        game.opponents = [
            seat.user.username for seat in game.seats.all() if seat.user_id != request.user.pk
        ]
    return render(request, "games/lobby/my_games.html", {"games": games})
