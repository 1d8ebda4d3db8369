"""Which mails a player has asked for, per kind (accounts' Profile holds the switches)."""

from accounts.models import Profile
from games.models import NotificationKind as Kind

# The Profile switch that turns each kind of mail off; unsubscribing clears it.
SWITCH_FOR_KIND = {
    Kind.YOUR_TURN: "email_your_turn",
    Kind.REMINDER: "email_reminders",
    Kind.LAST_WARNING: "email_reminders",
    Kind.FORFEIT: "email_results",
    Kind.RESULT: "email_results",
    Kind.DIGEST: "daily_digest",
    # An invitation needs an answer, as a turn does.
    Kind.INVITATION: "email_your_turn",
}

# With the daily digest on, the digest replaces these per-turn mails. The last
# warning still goes out: it is the one mail that saves a player from forfeiting.
REPLACED_BY_DIGEST = {Kind.YOUR_TURN, Kind.REMINDER}


def wants(profile: Profile, kind: str) -> bool:
    if not getattr(profile, SWITCH_FOR_KIND[kind]):
        return False
    return not (profile.daily_digest and kind in REPLACED_BY_DIGEST)
