"""Public profile: who a player is and since when (ratings fill the profile_games block)."""

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, redirect, render

from games.selectors.bots import bot_level_of


def profile(request, username):
    level = bot_level_of(username=username)
    if level is not None:
        # A bot's name links to its level's page, wherever a player's name is a link.
        return redirect("bot_level", level=level)
    user = get_object_or_404(get_user_model(), username__iexact=username, is_active=True)
    if user.username != username:
        # One address per player, whatever case the link was typed in.
        return redirect("profile", username=user.username, permanent=True)
    return render(request, "accounts/profile.html", {"profile_user": user})
