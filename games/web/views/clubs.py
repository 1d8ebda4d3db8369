"""Club and season pages: HTTP only. Parse the form, call a service, redirect or render."""

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.private_pages import private_to_viewer
from games.models import ClubRole, MapChoice, SeasonStatus
from games.ratings.boards import board_label
from games.ratings.club_boards import club_leaderboards
from games.refusals.errors import ClubNotFound, GameServiceError
from games.selectors.clubs import (
    club_game_lists,
    club_get_by_token,
    club_get_visible,
    club_invitation_list_open,
    club_invitation_list_pending,
    club_list_visible,
    club_member_list,
    club_membership_get,
    club_message_list,
)
from games.selectors.karma import karma_list
from games.selectors.leagues import (
    StandingRow,
    season_get,
    season_list,
    season_rounds,
    season_standings,
)
from games.services.clubs import (
    club_chat_post,
    club_create,
    club_invitation_decline,
    club_invitation_withdraw,
    club_invite,
    club_join,
    club_leave,
    club_link_renew,
    club_member_remove,
    club_member_set_role,
    follow_add,
    follow_remove,
)
from games.services.invitations import parse_usernames
from games.services.leagues import season_create, season_enter, season_start, season_withdraw
from games.web.club_forms import ClubCreateForm, SeasonCreateForm

from .lobby import _dress


def _club_path(club) -> str:
    return reverse("club_detail", args=[club.pk])


def _run(request, service, **details) -> bool:
    """Run a club service; a refusal is flashed. A club the user may not see is 404."""
    try:
        service(**details)
    except ClubNotFound:
        raise
    except GameServiceError as exc:
        messages.error(request, exc.message)
        return False
    return True


@require_GET
def clubs(request):
    return _clubs_page(request)


def _clubs_page(request, form=None, status=200):
    return render(
        request,
        "clubs/club_list.html",
        {
            "clubs": club_list_visible(user=request.user),
            "invitations": club_invitation_list_pending(user=request.user),
            "form": form or ClubCreateForm(initial={"language": request.LANGUAGE_CODE}),
        },
        status=status,
    )


@require_POST
@login_required
def club_new(request):
    form = ClubCreateForm(request.POST)
    if not form.is_valid():
        return _clubs_page(request, form, 400)
    try:
        club = club_create(creator=request.user, **form.cleaned_data)
    except GameServiceError as exc:
        form.add_error(None, exc.message)
        return _clubs_page(request, form, exc.status)
    messages.success(request, _("Club created. Invite players by name or send them its link."))
    return redirect(_club_path(club))


def _club_context(request, club, token=None) -> dict:
    me = club_membership_get(club=club, user=request.user)
    members = club_member_list(club=club)
    karma = karma_list(user_ids=[m.user_id for m in members])
    for member in members:
        member.karma = karma[member.user_id].percent
    games = club_game_lists(club=club)
    for listed in games.values():
        _dress(request, listed)
    boards = [
        {"board": board, "label": board_label(board), "rows": rows}
        for board, rows in club_leaderboards(club=club).items()
    ]
    return {
        "club": club,
        "me": me,
        "manages": bool(me and me.manages),
        "owner": bool(me and me.role == ClubRole.OWNER),
        "members": members,
        "games": games,
        "boards": boards,
        "chat": club_message_list(club=club) if me else [],
        "seasons": season_list(club=club),
        "season_form": SeasonCreateForm(),
        "token": token,
        "invite_url": request.build_absolute_uri(reverse("club_link", args=[club.invite_token]))
        if me and me.manages
        else "",
        "open_invitations": club_invitation_list_open(club=club) if me and me.manages else [],
        "roles": ClubRole,
    }


@private_to_viewer
@require_GET
def club_detail(request, club_id):
    club = club_get_visible(club_id=club_id, user=request.user)
    return render(request, "clubs/club.html", _club_context(request, club))


@private_to_viewer
@require_GET
def club_link(request, token):
    """The club's invitation link: its page, with a Join button for whoever holds it."""
    club = club_get_by_token(token=token)
    return render(request, "clubs/club.html", _club_context(request, club, token=token))


@require_POST
@login_required
def club_join_view(request, club_id):
    token = request.POST.get("token") or None
    if _run(request, club_join, club_id=club_id, user=request.user, token=token):
        messages.success(request, _("Welcome to the club."))
    return redirect(reverse("club_detail", args=[club_id]))


@require_POST
@login_required
def club_leave_view(request, club_id):
    if _run(request, club_leave, club_id=club_id, user=request.user):
        messages.success(request, _("You left the club."))
        return redirect("clubs")
    return redirect(reverse("club_detail", args=[club_id]))


@require_POST
@login_required
def club_decline_view(request, club_id):
    _run(request, club_invitation_decline, club_id=club_id, user=request.user)
    return redirect("clubs")


@require_POST
@login_required
def club_invite_view(request, club_id):
    names = parse_usernames(text=request.POST.get("usernames", ""))
    if not names:
        messages.error(request, _("Write the names of the players to invite."))
    elif _run(request, club_invite, club_id=club_id, inviter=request.user, usernames=names):
        messages.success(request, _("Invited: %(names)s.") % {"names": ", ".join(names)})
    return redirect(reverse("club_detail", args=[club_id]))


@require_POST
@login_required
def club_link_renew_view(request, club_id):
    if _run(request, club_link_renew, club_id=club_id, user=request.user):
        messages.success(request, _("The club has a new link: the old one no longer works."))
    return redirect(reverse("club_detail", args=[club_id]) + "#members")


@require_POST
@login_required
def club_invitation_withdraw_view(request, club_id):
    username = request.POST.get("username", "")
    if _run(
        request, club_invitation_withdraw, club_id=club_id, user=request.user, username=username
    ):
        messages.success(request, _("Invitation withdrawn."))
    return redirect(reverse("club_detail", args=[club_id]) + "#members")


@require_POST
@login_required
def club_member_view(request, club_id):
    username = request.POST.get("username", "")
    action = request.POST.get("action", "")
    if action == "remove":
        done = _run(
            request, club_member_remove, club_id=club_id, user=request.user, username=username
        )
    elif action in (ClubRole.ADMIN, ClubRole.MEMBER):
        done = _run(
            request,
            club_member_set_role,
            club_id=club_id,
            user=request.user,
            username=username,
            role=action,
        )
    else:
        messages.error(request, _("That is not something a club's members can be asked."))
        done = False
    if done:
        messages.success(request, _("Done."))
    return redirect(reverse("club_detail", args=[club_id]) + "#members")


@require_POST
@login_required
def club_chat_view(request, club_id):
    _run(request, club_chat_post, club_id=club_id, user=request.user, text=request.POST.get("text"))
    return redirect(reverse("club_detail", args=[club_id]) + "#chat")


@require_POST
@login_required
def season_new(request, club_id):
    club = club_get_visible(club_id=club_id, user=request.user)
    form = SeasonCreateForm(request.POST)
    if not form.is_valid():
        context = _club_context(request, club)
        context["season_form"] = form
        return render(request, "clubs/club.html", context, status=400)
    try:
        season = season_create(club_id=club.pk, user=request.user, **form.cleaned_data)
    except ClubNotFound:
        raise
    except GameServiceError as exc:
        form.add_error(None, exc.message)
        context = _club_context(request, club)
        context["season_form"] = form
        return render(request, "clubs/club.html", context, status=exc.status)
    messages.success(request, _("Season created: members can enter it until it begins."))
    return redirect(reverse("season_detail", args=[club.pk, season.pk]))


def _season_or_404(request, club_id, season_id):
    club = club_get_visible(club_id=club_id, user=request.user)
    season = season_get(club=club, season_id=season_id)
    if season is None:
        raise ClubNotFound()
    return club, season


@dataclass
class _StandingLine:
    """A standings row as the season page shows it: with the player's karma and the points
    of each round (None: not played yet)."""

    row: StandingRow
    karma: int | None
    round_points: list[int | None]


@require_GET
def season_detail(request, club_id, season_id):
    club, season = _season_or_404(request, club_id, season_id)
    me = club_membership_get(club=club, user=request.user)
    standings = season_standings(season=season)
    karma = karma_list(user_ids=[row.user_id for row in standings])
    lines = [
        _StandingLine(
            row=row,
            karma=karma[row.user_id].percent,
            round_points=[row.rounds.get(n) for n in range(1, season.rounds + 1)],
        )
        for row in standings
    ]
    return render(
        request,
        "clubs/season.html",
        {
            "club": club,
            "season": season,
            "me": me,
            "manages": bool(me and me.manages),
            "entered": any(row.user_id == request.user.pk for row in standings),
            "standings": lines,
            "rounds": season_rounds(season=season),
            "round_numbers": range(1, season.rounds + 1),
            "statuses": SeasonStatus,
            "map_names": [str(dict(MapChoice.choices)[m]) for m in season.maps],
            "bye_points": season.table_size - 1,
            "winner_points": 2 * (season.table_size - 1),
        },
    )


@require_POST
@login_required
def season_action(request, club_id, season_id, action):
    club, season = _season_or_404(request, club_id, season_id)
    service = {"enter": season_enter, "withdraw": season_withdraw, "start": season_start}.get(
        action
    )
    if service is None:
        raise ClubNotFound()
    if _run(request, service, season_id=season.pk, user=request.user):
        messages.success(request, _("Done."))
    return redirect(reverse("season_detail", args=[club.pk, season.pk]))


@require_POST
@login_required
def follow_view(request, username, action):
    if action == "follow":
        if _run(request, follow_add, follower=request.user, username=username):
            messages.success(
                request,
                _("You follow %(name)s: their games show in your lobby.") % {"name": username},
            )
    elif action == "unfollow":
        follow_remove(follower=request.user, username=username)
        messages.success(request, _("You no longer follow %(name)s.") % {"name": username})
    else:
        raise ClubNotFound()
    return redirect("profile", username=username)
