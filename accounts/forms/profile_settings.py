"""The settings page form: time zone and notification preferences."""

from django import forms

from accounts.models import Profile
from accounts.timezones import timezone_names

DIGEST_HOUR_CHOICES = [(hour, f"{hour:02d}:00") for hour in range(24)]


class ProfileSettingsForm(forms.ModelForm):
    timezone = forms.ChoiceField(
        label="Time zone",
        choices=lambda: [(name, name.replace("_", " ")) for name in timezone_names()],
        help_text="Times on the site are shown in this zone; the digest follows its clock.",
    )
    digest_hour = forms.TypedChoiceField(
        label="Send the digest at",
        choices=DIGEST_HOUR_CHOICES,
        coerce=int,
        help_text="Your local time.",
    )

    class Meta:
        model = Profile
        fields = [
            "timezone",
            "email_your_turn",
            "email_when_watching",
            "email_reminders",
            "email_results",
            "daily_digest",
            "digest_hour",
        ]
