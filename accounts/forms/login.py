"""allauth's log-in form, with a label that says what may be typed."""

from allauth.account.forms import LoginForm as AllauthLoginForm
from django.utils.translation import gettext_lazy as _


class LoginForm(AllauthLoginForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["login"].label = _("Username or email")
