"""Whether a player's address is confirmed. Game mail goes to confirmed addresses only: who
signs up with someone else's address cannot make the site mail that person about games.

The site's banner asks for the confirmation. Once confirmed is remembered in the session,
so a confirmed player's pages read nothing more; an unconfirmed player's pages check again
each time (the link may be followed in another browser).
"""

from allauth.account.models import EmailAddress
from django.contrib.auth.signals import user_logged_in

SESSION_KEY = "email_confirmed"


def has_confirmed_email(user) -> bool:
    return bool(user.email) and (
        EmailAddress.objects.filter(user=user, email__iexact=user.email, verified=True).exists()
    )


def unconfirmed_email(request) -> str | None:
    """The signed-in user's address while it is unconfirmed, else None."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or request.session.get(SESSION_KEY):
        return None
    if has_confirmed_email(user):
        request.session[SESSION_KEY] = True
        return None
    return user.email


def remember_on_login(sender, request, user, **kwargs) -> None:
    # Read once at login, with the rest of the session, not by the first page after it.
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = has_confirmed_email(user)


user_logged_in.connect(remember_on_login, dispatch_uid="accounts.remember_email_confirmed")
