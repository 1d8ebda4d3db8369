"""`Authorization: Token <key>` checked against knox's stored digests.

knox decodes the key as UTF-8 and looks it up unguarded, so a key that is not UTF-8
(or holds a NUL byte, which PostgreSQL refuses in a query) would be a 500; here it is
the same 401 `bad_token` as any other wrong key.
"""

from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from knox.auth import TokenAuthentication
from knox.settings import knox_settings
from rest_framework.exceptions import AuthenticationFailed


class ApiTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, token: bytes):
        try:
            text = token.decode("utf-8")
        except UnicodeDecodeError:
            raise AuthenticationFailed(_("Invalid token.")) from None
        if "\x00" in text:
            raise AuthenticationFailed(_("Invalid token."))
        return super().authenticate_credentials(token)

    def _cleanup_token(self, auth_token) -> bool:
        """knox reads every other token of the user on every request to delete the expired
        ones; here tokens do not expire (TOKEN_TTL None), so a token without an expiry needs
        no such read."""
        if knox_settings.TOKEN_TTL is None and auth_token.expiry is None:
            return False
        return super()._cleanup_token(auth_token)


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """The schema's security scheme, under the name it had with DRF's own tokens."""

    target_class = ApiTokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(
            header_name="Authorization",
            token_prefix=self.target.authenticate_header(None),
        )
