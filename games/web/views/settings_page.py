"""The signed-in player's own settings: language, time zone, notification preferences,
time away."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.email_status import has_confirmed_email
from accounts.forms import ProfileSettingsForm
from accounts.middleware import browser_language, remember_language, remember_timezone
from accounts.models import profile_for
from accounts.private_pages import private_to_viewer
from accounts.views.language import follow_language_setting
from games.mail.delivery import delivery_sentence
from games.mail.push import vapid_public_key
from games.selectors.reach import push_subscription_list, webhook_list
from games.services.calendar_token import calendar_token_get, calendar_token_renew
from games.services.vacation import (
    Ended,
    InvalidVacation,
    local_today,
    vacation_allowance,
    vacation_current_or_planned,
    vacation_end,
    vacation_set,
)
from games.web.settings_forms import VacationForm, WebhookForm


def with_delivery(targets) -> list:
    """Each device or webhook with its last delivery told in a sentence."""
    targets = list(targets)
    for target in targets:
        target.delivery_text = delivery_sentence(target)
    return targets


def render_settings(request, form=None, vacation_form=None, *, webhook_form=None, status=200):
    """The settings page; each form as posted where one was refused, else empty."""
    form = form or ProfileSettingsForm(instance=profile_for(request.user))
    vacation_form = vacation_form or VacationForm()
    now = timezone.now()
    today = local_today(user=request.user, now=now)
    context = {
        "form": form,
        "profile": profile_for(request.user),
        "email_confirmed": has_confirmed_email(request.user),
        "vacation_form": vacation_form,
        "vacation": vacation_current_or_planned(user=request.user, now=now),
        "allowance": vacation_allowance(user=request.user, year=today.year),
        "now": now,
        "devices": with_delivery(push_subscription_list(user=request.user)),
        "webhooks": with_delivery(webhook_list(user=request.user)),
        "webhook_form": webhook_form or WebhookForm(),
        "vapid_public_key": vapid_public_key(),
        "calendar_url": request.build_absolute_uri(
            reverse("calendar_feed", args=[calendar_token_get(user=request.user)])
        ),
    }
    context["paused"] = [t for t in context["devices"] + context["webhooks"] if t.paused_at]
    return render(request, "accounts/settings.html", context, status=status)


@private_to_viewer
@login_required
def settings_page(request):
    profile = profile_for(request.user)
    form = ProfileSettingsForm(request.POST or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        if profile.language:
            profile.last_language = profile.language
        form.save()
        remember_timezone(request, profile.timezone)
        remember_language(request, profile.language)
        with translation.override(profile.language or browser_language(request)):
            messages.success(request, _("Settings saved."))  # read on the page in the new one
        response = redirect("settings")
        follow_language_setting(response, profile.language)
        return response
    return render_settings(request, form, VacationForm())


@require_POST
@login_required
def vacation_set_view(request):
    vacation_form = VacationForm(request.POST)
    form = ProfileSettingsForm(instance=profile_for(request.user))
    if not vacation_form.is_valid():
        return render_settings(request, form, vacation_form, status=400)
    try:
        vacation_set(user=request.user, **vacation_form.cleaned_data)
    except InvalidVacation as exc:
        vacation_form.add_error(None, exc.message)
        return render_settings(request, form, vacation_form, status=400)
    messages.success(request, _("Time away saved: your clocks stop while you are away."))
    return redirect("settings")


@require_POST
@login_required
def vacation_end_view(request):
    if vacation_end(user=request.user) is Ended.BACK:
        messages.success(request, _("Welcome back: your clocks run again."))
    else:
        messages.success(request, _("No time away planned."))
    return redirect("settings")


@require_POST
@login_required
def calendar_renew_view(request):
    calendar_token_renew(user=request.user)
    messages.success(request, _("New calendar address made: the old one no longer works."))
    return redirect(reverse("settings") + "#calendar")
