"""The signed-in player's own settings: time zone and notification preferences."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from accounts.forms import ProfileSettingsForm
from accounts.middleware import remember_timezone
from accounts.models import profile_for


@login_required
def settings_page(request):
    profile = profile_for(request.user)
    form = ProfileSettingsForm(request.POST or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        form.save()
        remember_timezone(request, profile.timezone)
        messages.success(request, "Settings saved.")
        return redirect("settings")
    return render(request, "accounts/settings.html", {"form": form, "profile": profile})
