"""allauth's account adapter: the client address a request came from behind proxies, and
each mail in its recipient's language."""

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.utils import translation

from accounts.mail_language import chosen_language


class AccountAdapter(DefaultAccountAdapter):
    def get_client_ip(self, request) -> str:
        """allauth's rule (the address TRUSTED_PROXY_COUNT proxies back in X-Forwarded-For),
        except that a request with fewer entries than trusted proxies did not come through
        them all: the address that connected is the only one to believe, not a 500."""
        try:
            return super().get_client_ip(request)
        except ImproperlyConfigured:
            return request.META["REMOTE_ADDR"]

    def send_mail(self, template_prefix, email, context):
        """The account's mails are asked for by their reader (sign-up, a reset, a change of
        address): in the player's own setting, else the language of the page they asked on."""
        user = context.get("user") or get_user_model().objects.filter(email__iexact=email).first()
        language = chosen_language(user) or translation.get_language()
        with translation.override(language):
            super().send_mail(template_prefix, email, context)
