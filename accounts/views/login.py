"""allauth's login page, answering 429 Too Many Requests while failed logins are blocked."""

from allauth.account.views import LoginView
from django.core.exceptions import NON_FIELD_ERRORS

BLOCKED = "too_many_login_attempts"  # allauth's error code for the failed-login limit


class ThrottledLoginView(LoginView):
    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.has_error(NON_FIELD_ERRORS, code=BLOCKED):
            response.status_code = 429  # the form and its reason are still shown
        return response


login = ThrottledLoginView.as_view()
