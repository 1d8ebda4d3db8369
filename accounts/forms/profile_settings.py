"""The settings page form: language, time zone and notification preferences."""

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

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


# The channels table of the settings page: one row per kind of message, one column per channel
# (mail, browser notifications, webhooks); None where a channel does not carry that kind.
CHANNEL_ROWS: list[tuple[Promise, list[str | None]]] = [
    (
        pgettext_lazy("kind of message", "Your turn"),
        ["email_your_turn", "push_your_turn", "webhook_your_turn"],
    ),
    (
        pgettext_lazy("kind of message", "Reminders and last warnings"),
        ["email_reminders", "push_reminders", "webhook_reminders"],
    ),
    (
        pgettext_lazy("kind of message", "Game over (results, players out)"),
        ["email_results", "push_results", "webhook_results"],
    ),
    (
        pgettext_lazy("kind of message", "Your standing order was played"),
        ["email_order_played", "push_order_played", "webhook_order_played"],
    ),
    (
        pgettext_lazy("kind of message", "Chat at your tables"),
        [None, "push_chat", "webhook_chat"],
    ),
    (
        pgettext_lazy("kind of message", "Invitations"),
        ["email_invitations", "push_invitations", "webhook_invitations"],
    ),
    (
        pgettext_lazy("kind of message", "Daily digest"),
        ["daily_digest", None, None],
    ),
    (
        pgettext_lazy("kind of message", "Pictures in mails"),
        ["email_pictures", None, None],
    ),
]
CHANNEL_FIELDS = [name for _label, names in CHANNEL_ROWS for name in names if name]


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
            *CHANNEL_FIELDS,
            "email_when_watching",
            "digest_hour",
        ]
        widgets = {"language": LanguageSelect}

    def channel_rows(self):
        """The table's rows: (kind, [bound field or None per channel])."""
        return [
            (label, [self[name] if name else None for name in names])
            for label, names in CHANNEL_ROWS
        ]

    def other_fields(self):
        return [field for field in self.visible_fields() if field.name not in CHANNEL_FIELDS]
