"""The API's documentation pages, /api/docs/ (Swagger UI) and /api/redoc/, under the
site's Content-Security-Policy and loading nothing from other hosts.

Both bundles come from drf-spectacular-sidecar, served as our static files. Swagger UI's
start-up script is fetched from the page's own address (drf-spectacular's split view)
rather than written inline. Redoc's bundle shows a logo fetched from Redocly's CDN in
its side menu: the copy we serve has that address replaced by a blank image.
"""

from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.utils.csp import CSP
from django.views.decorators.cache import cache_control
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_safe
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView

# The site's policy (settings.SECURE_CSP, ttr_site/csp.py), widened for the two bundles.
SWAGGER_POLICY: dict[str, list[str]] = {**settings.SECURE_CSP, "img-src": [CSP.SELF, "data:"]}
REDOC_POLICY: dict[str, list[str]] = {
    **settings.SECURE_CSP,
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "worker-src": [CSP.SELF, "blob:"],
}

REDOC_BUNDLE = "drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"
REDOCLY_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
BLANK_IMAGE = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="


# Pages to read: GET and HEAD only. (OPTIONS would render the page's template around the
# view's metadata instead, which the Swagger page cannot: a 500.)
class SwaggerPage(SpectacularSwaggerSplitView):
    template_name = "api/swagger_ui.html"
    http_method_names = ["get", "head"]


class RedocPage(SpectacularRedocView):
    template_name = "api/redoc.html"
    http_method_names = ["get", "head"]


@cache
def redoc_bundle() -> bytes:
    path = finders.find(REDOC_BUNDLE)
    if path is None:
        raise LookupError(f"{REDOC_BUNDLE} is not among the static files")
    with open(path, encoding="utf-8") as bundle:
        return bundle.read().replace(REDOCLY_LOGO, BLANK_IMAGE).encode()


@require_safe
@cache_control(public=True, max_age=24 * 60 * 60)
def redoc_script(request):
    return HttpResponse(redoc_bundle(), content_type="text/javascript; charset=utf-8")


def swagger_page(url_name: str):
    return csp_override(SWAGGER_POLICY)(SwaggerPage.as_view(url_name=url_name))


def redoc_page(url_name: str):
    return csp_override(REDOC_POLICY)(RedocPage.as_view(url_name=url_name))
