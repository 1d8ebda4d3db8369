"""Public profile: who a player is and since when."""

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, redirect, render

# Later work adds games and ratings by providing the first template; until then, the second.
PROFILE_GAMES_TEMPLATES = ["games/profile_games.html", "accounts/_profile_games_empty.html"]


def profile(request, username):
    user = get_object_or_404(get_user_model(), username__iexact=username, is_active=True)
    if user.username != username:
        # One address per player, whatever case the link was typed in.
        return redirect("profile", username=user.username, permanent=True)
    return render(
        request,
        "accounts/profile.html",
        {"profile_user": user, "profile_games_templates": PROFILE_GAMES_TEMPLATES},
    )
