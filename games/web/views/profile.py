"""Public profile: who a player is and since when (ratings fill the profile_games block)."""

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, redirect, render

from games.selectors.bots import bot_level_of
from games.selectors.clubs import club_list_mine, follow_exists
from games.selectors.karma import karma_get
from games.selectors.leagues import season_list_of_player, season_standings


def profile(request, username):
    level = bot_level_of(username=username)
    if level is not None:
        # A bot's name links to its level's page, wherever a player's name is a link.
        return redirect("bot_level", level=level)
    user = get_object_or_404(get_user_model(), username__iexact=username, is_active=True)
    if user.username != username:
        # One address per player, whatever case the link was typed in.
        return redirect("profile", username=user.username, permanent=True)
    return render(
        request,
        "accounts/profile.html",
        {
            "profile_user": user,
            "karma": karma_get(user=user),
            "following": follow_exists(follower=request.user, followed=user),
            "season_lines": _season_lines(user, request.user),
        },
    )


def _season_lines(user, viewer) -> list[dict]:
    """The player's finished seasons and final places; an invite-only club's only for its
    members."""
    mine = {club.pk for club in club_list_mine(user=viewer)}
    lines = []
    for season in season_list_of_player(user=user):
        if season.club.invite_only and season.club_id not in mine:
            continue
        rows = season_standings(season=season)
        row = next((r for r in rows if r.user_id == user.pk), None)
        if row is not None:
            lines.append({"season": season, "position": row.position, "of": len(rows)})
    return lines
