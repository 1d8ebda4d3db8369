"""Extra sign-up step: every new player gets a profile, in the browser's time zone if known."""

from django import forms

from accounts.middleware import browser_language
from accounts.models import profile_for
from accounts.timezones import DEFAULT_TIMEZONE, timezone_names


class SignupExtras(forms.Form):
    """Mixed into allauth's sign-up form (ACCOUNT_SIGNUP_FORM_CLASS)."""

    # Filled by a line of JavaScript on the sign-up page; an unknown value falls back to UTC.
    timezone = forms.CharField(required=False, widget=forms.HiddenInput, max_length=64)

    def clean_timezone(self):
        name = self.cleaned_data.get("timezone") or ""
        return name if name in timezone_names() else DEFAULT_TIMEZONE

    def signup(self, request, user):
        profile = profile_for(user)
        profile.timezone = self.cleaned_data.get("timezone") or DEFAULT_TIMEZONE
        profile.last_language = browser_language(request)  # their mails' language, for now
        profile.save(update_fields=["timezone", "last_language"])
