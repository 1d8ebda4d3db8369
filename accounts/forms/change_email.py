"""Changing the account's email address (allauth's form, one rule added)."""

from allauth.account.forms import AddEmailForm
from allauth.account.models import EmailAddress
from allauth.account.utils import filter_users_by_email
from django.utils.translation import gettext_lazy as _


class ChangeEmailForm(AddEmailForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].label = _("New email address")

    def save(self, request):
        address = super().save(request)
        # Until some address is confirmed, the newest one is the account's address: a player who
        # mistyped the first one fixes it without being left with no address at all. An address
        # another account uses waits for confirmation like any other (which can never come).
        if address.pk and not self._has_confirmed_address() and not self._taken(address.email):
            address.set_as_primary()
        return address

    def _has_confirmed_address(self) -> bool:
        return EmailAddress.objects.filter(user=self.user, verified=True).exists()

    def _taken(self, email: str) -> bool:
        return any(user.pk != self.user.pk for user in filter_users_by_email(email))
