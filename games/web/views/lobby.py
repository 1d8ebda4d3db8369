"""Lobby pages: HTTP only. Parse the form, call a service, redirect or render."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.private_pages import private_to_viewer
from games.models import BotLevel, Game, GameStatus, MapChoice
from games.models.seat import bot_label
from games.refusals.errors import GameServiceError, NotAPlayer
from games.selectors.access import game_with_seats, seat_get
from games.selectors.clubs import club_list_mine, club_list_visible
from games.selectors.invitations import invitation_list_pending
from games.selectors.karma import seat_karma
from games.selectors.lobby import (
    LobbyFilters,
    game_first_running,
    game_list_followed,
    game_list_mine,
    game_list_open_filtered,
    user_is_newcomer,
)
from games.selectors.vacations import vacation_away_until
from games.services.bots import game_add_bot, game_against_bots, game_first
from games.services.invitations import (
    game_create_inviting,
    game_rematch,
    invitation_accept,
    invitation_decline,
    invitation_withdraw,
    parse_usernames,
)
from games.services.lobby import (
    enough_to_start,
    game_invite_link_renew,
    game_join,
    game_leave,
    game_start,
)
from games.svg.palette import colour_class, player_css
from games.web.forms import (
    AddBotForm,
    GameCreateForm,
    LobbyFilterForm,
    PlayBotsForm,
    takeover_choice,
    turn_time_label,
)
from games.words.clock_text import duration_text
from games.words.seat_colors import color_name


def game_page_path(game: Game) -> str:
    return reverse("game_detail", args=[game.pk])


def _dress(request, games):
    """Add what the lobby templates show: links, labels, seat colours as CSS, karma."""
    for game in games:
        game.href = game_page_path(game)
        game.turn_label = turn_time_label(game.turn_seconds)
        game.bank_label = duration_text(game.bank_seconds) if game.bank_seconds else ""
        game.can_start = enough_to_start(seat_count=len(game.seats.all()))
        game.free_seats = game.max_players - len(game.seats.all())
        # The address the player is using, as on the waiting game page.
        game.invite_url = request.build_absolute_uri(
            reverse("game_invite", args=[game.invite_token])
        )
        for seat in game.seats.all():
            seat.css = player_css(seat.color)
            seat.colour_class = colour_class(seat.color)
            seat.color_name = color_name(seat.color)
            karma = seat_karma(seat=seat)
            seat.karma = karma.percent if karma else None
            seat.shows_karma = karma is not None
    return games


def _first_game_offer(request) -> dict:
    """What the lobby and "My games" show a newcomer: the offer of a first game with hints,
    or the way back to the one they are playing."""
    if not user_is_newcomer(user=request.user):
        return {"newcomer": False}
    return {
        "newcomer": True,
        "first_running": game_first_running(user=request.user),
        "boards": list(MapChoice.choices),
    }


def _filters(request) -> tuple[LobbyFilterForm, LobbyFilters]:
    form = LobbyFilterForm(request.GET or None, clubs=list(club_list_visible(user=request.user)))
    if not request.GET or not form.is_valid():
        return form, LobbyFilters()
    data = form.cleaned_data
    return form, LobbyFilters(
        map_id=data["map_id"] or None,
        seats=data["seats"],
        turn_seconds=data["turn_seconds"],
        language=data["language"] or None,
        rating=data["rating"],
        karma=data["karma"],
        club_id=data["club"],
    )


def _lobby_page(request, form, status=200, bots_form=None):
    mine = game_list_mine(user=request.user).waiting
    mine_ids = {game.pk for game in mine}
    filter_form, filters = _filters(request)
    listed = game_list_open_filtered(filters=filters)
    others = [game for game in listed if game.pk not in mine_ids]
    followed = [g for g in game_list_followed(user=request.user) if g.pk not in mine_ids]
    return render(
        request,
        "games/lobby/lobby.html",
        {
            "form": form,
            "bots_form": bots_form or PlayBotsForm(),
            "bot_levels": BotLevel.choices,
            "bot_names": [(level, bot_label(level)) for level in BotLevel.values],
            "open_games": _dress(request, others),
            "filter_form": filter_form,
            "filtered": filters != LobbyFilters(),
            "followed_games": _dress(request, followed),
            "my_open_games": _dress(request, mine),
            **_first_game_offer(request),
        },
        status=status,
    )


def _game_form(request, data=None):
    clubs = list(club_list_mine(user=request.user))
    form = GameCreateForm(data, clubs=clubs)
    club = request.GET.get("club")
    if data is None and club and club.isdigit() and int(club) in form.clubs:
        form.initial["club"] = int(club)
    return form


@require_GET
def lobby(request):
    return _lobby_page(request, _game_form(request))


@require_http_methods(["GET", "POST"])
@login_required
def create(request):
    if request.method == "GET":  # a bookmark or a typed address: the lobby's form
        return redirect(reverse("lobby") + "#new-game")
    form = _game_form(request, request.POST)
    if not form.is_valid():
        return _lobby_page(request, form, status=400)
    settings = dict(form.cleaned_data)
    invite = parse_usernames(text=settings.pop("invite", ""))
    settings["bot_takeover"] = takeover_choice(settings.pop("takeover"), settings["max_players"])
    try:
        game = game_create_inviting(creator=request.user, invite=invite, **settings)
    except GameServiceError as exc:
        form.add_error(None, exc.message)
        return _lobby_page(request, form, status=exc.status)
    messages.success(
        request,
        _("Game created. Send its invitation link to friends, or wait for players to join."),
    )
    return redirect(game_page_path(game))  # where its link is shared and it is started


@require_POST
@login_required
def play_bots(request):
    """Play against bots: the game starts at once, and the player goes to its page."""
    form = PlayBotsForm(request.POST)
    if not form.is_valid():
        return _lobby_page(request, _game_form(request), status=400, bots_form=form)
    try:
        game = game_against_bots(creator=request.user, **form.cleaned_data)
    except GameServiceError as exc:
        form.add_error(None, exc.message)
        return _lobby_page(request, _game_form(request), status=exc.status, bots_form=form)
    return redirect(game_page_path(game))


@require_POST
@login_required
def first_game(request):
    """A newcomer's first game against the Beginner bot, with hints: it starts at once."""
    map_id = request.POST.get("map_id", "")
    if map_id not in MapChoice.values:
        messages.error(request, _("Choose one of the maps on offer."))
        return redirect(reverse("lobby") + "#first-game")
    try:
        game = game_first(creator=request.user, map_id=map_id)
    except GameServiceError as exc:
        messages.error(request, exc.message)
        return redirect(reverse("lobby"))
    return redirect(game_page_path(game))


@require_POST
@login_required
def add_bot(request, game_id):
    form = AddBotForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the bots' levels on offer."))
        return redirect("lobby")
    seat, done = _lobby_move(
        request, game_add_bot, game_id=game_id, level=form.cleaned_data["level"]
    )
    if done and seat.game.status != GameStatus.OPEN:
        messages.success(request, _("The game is full and has started: choose your tickets."))
        return redirect(game_page_path(seat.game))
    if done:
        messages.success(request, _("%(bot)s has a seat.") % {"bot": seat.bot_label})
    return redirect(reverse("lobby") + f"#game-{game_id}")


def _lobby_move(request, service, **details):
    """Run a lobby service (a seat, an invitation, a rematch); its answer and True, or None
    and False with the refusal flashed (the caller says where to go back to). A game the user
    may not see is 404 (NotAPlayer is an Http404)."""
    try:
        return service(user=request.user, **details), True
    except NotAPlayer:
        raise
    except GameServiceError as exc:
        messages.error(request, exc.message)
        return None, False


@require_POST
@login_required
def join(request, game_id):
    seat, done = _lobby_move(
        request, game_join, game_id=game_id, invite_token=request.POST.get("invite_token")
    )
    if not done:
        return redirect("lobby")
    if seat.game.status != GameStatus.OPEN:
        messages.success(request, _("The game is full and has started: choose your tickets."))
        return redirect(game_page_path(seat.game))
    messages.success(
        request, _("You have a seat. The game starts when it is full or the creator starts it.")
    )
    return redirect("lobby")


@require_POST
@login_required
def invite_link_renew(request, game_id):
    """The creator's New link, from the lobby or the waiting game page; back to where it was."""
    _game, done = _lobby_move(request, game_invite_link_renew, game_id=game_id)
    if done:
        messages.success(
            request, _("The game has a new invitation link: the old one no longer works.")
        )
    if request.POST.get("from") == "lobby":
        return redirect(reverse("lobby") + f"#game-{game_id}")
    return redirect(reverse("game_detail", args=[game_id]))


@require_POST
@login_required
def leave(request, game_id):
    _game, done = _lobby_move(request, game_leave, game_id=game_id)
    if done:
        messages.success(request, _("You left the game."))
    return redirect("lobby")


@require_POST
@login_required
def start(request, game_id):
    game, done = _lobby_move(request, game_start, game_id=game_id)
    return redirect(game_page_path(game) if done else "lobby")


@private_to_viewer
@require_GET
@login_required
def invite(request, token):
    game = get_object_or_404(game_with_seats(queryset=Game.objects.all()), invite_token=token)
    seated = seat_get(game=game, user=request.user) is not None
    if seated and game.status != GameStatus.OPEN:
        return redirect(game_page_path(game))
    _dress(request, [game])
    return render(request, "games/lobby/invite.html", {"game": game, "seated": seated})


@private_to_viewer
@require_GET
@login_required
def mine(request):
    games = game_list_mine(user=request.user)
    listed = _dress(request, list(games))
    others = {s.user_id for g in listed if g.is_active for s in g.seats.all()} - {request.user.pk}
    away = vacation_away_until(user_ids=others, now=timezone.now())
    for game in listed:
        game.opponents = [
            seat.user.username for seat in game.seats.all() if seat.user_id != request.user.pk
        ]
        game.away = [
            {"name": seat.user.username, "until": away[seat.user_id]}
            for seat in game.seats.all()
            if seat.user_id in away
            and game.is_active
            and game.allow_vacations
            and not seat.forfeited
        ]
    invitations = list(invitation_list_pending(user=request.user))
    for invitation in invitations:
        _dress(request, [invitation.game])
    return render(
        request,
        "games/lobby/my_games.html",
        {"games": games, "invitations": invitations, **_first_game_offer(request)},
    )


@require_POST
@login_required
def answer_invitation(request, invitation_id, answer):
    if answer == "withdraw":
        return _withdraw_invitation(request, invitation_id)
    if answer not in ("accept", "decline"):
        raise Http404()
    service = invitation_accept if answer == "accept" else invitation_decline
    invitation, done = _lobby_move(request, service, invitation_id=invitation_id)
    if not done:
        return redirect("my_games")
    if answer != "accept":
        messages.success(request, _("Invitation declined."))
        return redirect("my_games")
    game = invitation.game  # as the accepted invitation's join left it
    if game.status == GameStatus.OPEN:
        messages.success(
            request, _("You have a seat. The game starts when it is full or the creator starts it.")
        )
    return redirect(game_page_path(game))


def _withdraw_invitation(request, invitation_id):
    """The creator's Withdraw beside an invitee on the waiting game page."""
    game_id, done = _lobby_move(request, invitation_withdraw, invitation_id=invitation_id)
    if not done:
        return redirect("my_games")
    messages.success(request, _("Invitation withdrawn."))
    return redirect(reverse("game_detail", args=[game_id]))


@require_POST
@login_required
def rematch(request, game_id):
    game, done = _lobby_move(request, game_rematch, game_id=game_id)
    if not done:
        return redirect("game_detail", game_id=game_id)
    if game.creator_id == request.user.pk:
        messages.success(request, _("Rematch created: the others are invited."))
        return redirect(game_page_path(game))
    messages.info(request, _("The rematch is waiting for you in My games."))
    return redirect("my_games")
