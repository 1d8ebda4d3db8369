"""The settings page form: language, time zone and notification preferences."""

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile
from accounts.timezones import timezone_names

DIGEST_HOUR_CHOICES = [(hour, f"{hour:02d}:00") for hour in range(24)]


class LanguageSelect(forms.Select):
    """Each language's name is written in that language, and says so (lang), so a reader
    of any page and a screen reader both read "Svenska" as Swedish."""

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if value:
            option["attrs"]["lang"] = value
        return option


class ProfileSettingsForm(forms.ModelForm):
    timezone = forms.ChoiceField(
        label=_("Time zone"),
        choices=lambda: [(name, name.replace("_", " ")) for name in timezone_names()],
        help_text=_("Times on the site are shown in this zone; the digest follows its clock."),
    )
    digest_hour = forms.TypedChoiceField(
        label=_("Send the digest at"),
        choices=DIGEST_HOUR_CHOICES,
        coerce=int,
        help_text=_("Your local time."),
    )

    class Meta:
        model = Profile
        fields = [
            "language",
            "timezone",
            "email_your_turn",
            "email_when_watching",
            "email_reminders",
            "email_results",
            "daily_digest",
            "digest_hour",
        ]
        widgets = {"language": LanguageSelect}
