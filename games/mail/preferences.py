"""Which messages a player has asked for, per kind and per channel (accounts' Profile holds
the switches): mail, browser notifications on their devices, their webhooks."""

from accounts.models import Profile, profile_for
from games.models import Channel, PushSubscription, Webhook
from games.models import NotificationKind as Kind

# The Profile switch that turns each kind off on each channel; unsubscribing clears it. A kind
# a channel has no switch for is never sent there (the digest is mail's; chat has no mail of
# its own: the your-turn mail and the digest carry what was written).
SWITCHES: dict[str, dict[str, str]] = {  # channel -> kind -> the profile's switch
    Channel.MAIL: {
        Kind.YOUR_TURN: "email_your_turn",
        Kind.REMINDER: "email_reminders",
        Kind.LAST_WARNING: "email_reminders",
        Kind.FORFEIT: "email_results",
        Kind.RESULT: "email_results",
        Kind.DIGEST: "daily_digest",
        Kind.INVITATION: "email_invitations",
        Kind.ORDER_PLAYED: "email_order_played",
    },
    Channel.PUSH: {
        Kind.YOUR_TURN: "push_your_turn",
        Kind.REMINDER: "push_reminders",
        Kind.LAST_WARNING: "push_reminders",
        Kind.FORFEIT: "push_results",
        Kind.RESULT: "push_results",
        Kind.CHAT: "push_chat",
        Kind.INVITATION: "push_invitations",
        Kind.ORDER_PLAYED: "push_order_played",
    },
    Channel.WEBHOOK: {
        Kind.YOUR_TURN: "webhook_your_turn",
        Kind.REMINDER: "webhook_reminders",
        Kind.LAST_WARNING: "webhook_reminders",
        Kind.FORFEIT: "webhook_results",
        Kind.RESULT: "webhook_results",
        Kind.CHAT: "webhook_chat",
        Kind.INVITATION: "webhook_invitations",
        Kind.ORDER_PLAYED: "webhook_order_played",
    },
}
# Mailed to a confirmed address whatever the switches: the player's own notifications broke.
ALWAYS_MAILED = {Kind.PAUSED}
SWITCH_FOR_KIND = SWITCHES[Channel.MAIL]
OTHER_CHANNELS = (Channel.PUSH, Channel.WEBHOOK)
KINDS = {kind for switches in SWITCHES.values() for kind in switches}

# With the daily digest on, the digest replaces these per-turn mails. The last
# warning still goes out: it is the one mail that saves a player from forfeiting.
REPLACED_BY_DIGEST = {Kind.YOUR_TURN, Kind.REMINDER}


def wants(profile: Profile, kind: str, channel: str = Channel.MAIL) -> bool:
    if channel == Channel.MAIL and kind in ALWAYS_MAILED:
        return True
    switch = SWITCHES[channel].get(kind)
    if switch is None or not getattr(profile, switch):
        return False
    return channel != Channel.MAIL or not (profile.daily_digest and kind in REPLACED_BY_DIGEST)


def wants_elsewhere(profile: Profile, kind: str) -> bool:
    """The player may get this kind by push or webhook (they have a device or webhook and
    the kind is on for one of those channels); which devices and webhooks is read at send
    time."""
    return profile.reaches_elsewhere and any(
        wants(profile, kind, channel) for channel in OTHER_CHANNELS
    )


def reaches_elsewhere_refresh(user) -> None:
    """Keep the profile's `reaches_elsewhere` true exactly while the player has a push device
    or a webhook (called wherever one is added or removed)."""
    profile = profile_for(user)
    profile.reaches_elsewhere = (
        PushSubscription.objects.filter(user=user).exists()
        or Webhook.objects.filter(user=user).exists()
    )
    profile.save(update_fields=["reaches_elsewhere"])
