from functools import cache

from .email_status import unconfirmed_email


def email_banner(request):
    """The address the banner asks to confirm; checked only when a template shows it."""
    return {"unconfirmed_email": cache(lambda: unconfirmed_email(request))}
