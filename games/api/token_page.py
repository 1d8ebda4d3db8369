"""/settings/api-token/: create (or replace) and revoke your personal API token."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from .tokens import current_token, issue_token, revoke_token


@never_cache
@login_required
def api_token_page(request):
    new_key = None
    if request.method == "POST":
        if request.POST.get("do") == "revoke":
            if revoke_token(request.user):
                messages.success(request, _("Your API token is revoked: it no longer works."))
            return redirect("api_token")
        # Rendered, not redirected: the key appears in this one response only.
        _token, new_key = issue_token(request.user)
    return render(
        request,
        "api/token_page.html",
        {"token": current_token(request.user), "new_key": new_key},
    )
