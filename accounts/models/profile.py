"""A player's profile: language, time zone and how they want to hear about their games."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.timezones import DEFAULT_TIMEZONE, validate_timezone

BROWSER_LANGUAGE = ""  # the language setting that follows the browser's Accept-Language


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    language = models.CharField(
        _("Language"),
        max_length=8,
        blank=True,
        default=BROWSER_LANGUAGE,
        choices=[(BROWSER_LANGUAGE, _("The browser's language")), *settings.LANGUAGES],
        help_text=_("The site and its mails speak this language."),
    )
    # The language the player last used the site in (their browser's, or the footer's
    # choice), recorded at login: their mails' language while `language` follows the browser.
    last_language = models.CharField(max_length=8, blank=True, editable=False)
    timezone = models.CharField(
        _("Time zone"),
        max_length=64,
        default=DEFAULT_TIMEZONE,
        validators=[validate_timezone],
        help_text=_("Times are shown in this zone; the daily digest is sent by its clock."),
    )
    email_your_turn = models.BooleanField(_("Email me when it is my turn"), default=True)
    email_reminders = models.BooleanField(
        _("Email me a reminder when a turn has waited long"), default=True
    )
    email_results = models.BooleanField(_("Email me when a game ends"), default=True)
    email_invitations = models.BooleanField(_("Email me when I am invited to a game"), default=True)
    email_order_played = models.BooleanField(
        _("Email me when my standing order was played"), default=True
    )
    # The same kinds by browser notification (on the devices that turned it on) and webhook.
    push_your_turn = models.BooleanField(_("Notify my devices when it is my turn"), default=True)
    push_reminders = models.BooleanField(
        _("Notify my devices when a turn has waited long"), default=True
    )
    push_results = models.BooleanField(_("Notify my devices when a game ends"), default=True)
    push_chat = models.BooleanField(
        _("Notify my devices when someone writes at my table"), default=True
    )
    push_invitations = models.BooleanField(
        _("Notify my devices when I am invited to a game"), default=True
    )
    push_order_played = models.BooleanField(
        _("Notify my devices when my standing order was played"), default=True
    )
    webhook_your_turn = models.BooleanField(_("Tell my webhooks when it is my turn"), default=True)
    webhook_reminders = models.BooleanField(
        _("Tell my webhooks when a turn has waited long"), default=True
    )
    webhook_results = models.BooleanField(_("Tell my webhooks when a game ends"), default=True)
    webhook_chat = models.BooleanField(
        _("Tell my webhooks when someone writes at my table"), default=True
    )
    webhook_invitations = models.BooleanField(
        _("Tell my webhooks when I am invited to a game"), default=True
    )
    webhook_order_played = models.BooleanField(
        _("Tell my webhooks when my standing order was played"), default=True
    )
    # Whether the player has a push device or a webhook at all (kept by games.services.reach),
    # so that the move path decides without reading them whether a mail's row may be skipped.
    reaches_elsewhere = models.BooleanField(default=False, editable=False)
    email_when_watching = models.BooleanField(
        _("Always email me, even when I have the game open"),
        default=False,
        help_text=_("Otherwise no your-turn mail is sent while the game is on your screen."),
    )
    email_pictures = models.BooleanField(_("Show the table as a picture in my mails"), default=True)
    daily_digest = models.BooleanField(
        _("One digest mail a day instead of a mail per move"),
        default=False,
    )
    digest_hour = models.PositiveSmallIntegerField(
        _("Digest hour"),
        default=8,
        validators=[MinValueValidator(0), MaxValueValidator(23)],
        help_text=_("Hour of the day (0–23) in your time zone at which the digest is sent."),
    )

    # The secret in the path of the player's calendar feed; empty until first asked for, and
    # replaced by "new URL" (the old address then shows nothing).
    calendar_token = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["calendar_token"],
                condition=~models.Q(calendar_token=""),
                name="profile_calendar_token_unique",
            ),
            models.CheckConstraint(
                condition=models.Q(digest_hour__lte=23), name="profile_digest_hour_0_23"
            ),
        ]

    def __str__(self) -> str:
        return f"Profile of {self.user}"


def profile_for(user) -> Profile:
    """The user's profile, created with defaults on first use (users made outside sign-up)."""
    try:
        return user.profile
    except Profile.DoesNotExist:
        profile, _ = Profile.objects.get_or_create(user=user)
        user.profile = profile
        return profile
