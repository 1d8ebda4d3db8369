from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from accounts.views.login import login
from games.api.token_page import api_token_page
from games.web.views.app import manifest, offline, service_worker
from games.web.views.calendar import calendar_feed
from games.web.views.unsubscribe import unsubscribe
from ttr_site.health import healthz


class FaviconRedirect(RedirectView):
    """The icon's static URL is looked up per request, not at import: with the manifest
    storage that needs collectstatic, and management commands must run before it."""

    permanent = True

    def get_redirect_url(self, *args, **kwargs):
        return static("favicon.svg")


# The admin signs in through the site's login and its failed-login limit (allauth's way:
# the one admin site's login replaced on the instance, which mypy flags on principle).
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # Clients that ask for /favicon.ico without reading the page's <link rel="icon">.
    path("favicon.ico", FaviconRedirect.as_view(), name="favicon"),
    # The app on the home screen: the worker at the root, so that its scope is the site.
    path("manifest.webmanifest", manifest, name="manifest"),
    path("sw.js", service_worker, name="service_worker"),
    path("offline/", offline, name="offline"),
    path("unsubscribe/<str:token>/", unsubscribe, name="unsubscribe"),
    path("calendar/<str:token>.ics", calendar_feed, name="calendar_feed"),
    # Ahead of allauth's own view at the same address (its name, account_login, stays).
    path("accounts/login/", login),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("api/", include("games.api.urls")),
    path("settings/api-token/", api_token_page, name="api_token"),
]

handler400 = "ttr_site.errors.bad_request"
handler404 = "ttr_site.errors.not_found"
handler403 = "ttr_site.errors.forbidden"
handler500 = "ttr_site.errors.server_error"
