"""allauth's account adapter, with the client address a request came from behind proxies."""

from allauth.account.adapter import DefaultAccountAdapter
from django.core.exceptions import ImproperlyConfigured


class AccountAdapter(DefaultAccountAdapter):
    def get_client_ip(self, request) -> str:
        """allauth's rule (the address TRUSTED_PROXY_COUNT proxies back in X-Forwarded-For),
        except that a request with fewer entries than trusted proxies did not come through
        them all: the address that connected is the only one to believe, not a 500."""
        try:
            return super().get_client_ip(request)
        except ImproperlyConfigured:
            return request.META["REMOTE_ADDR"]
