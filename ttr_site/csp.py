"""The site's Content-Security-Policy (Django's own, SECURE_CSP and its middleware).

Scripts come from the site's static files only: no page has an inline script or an
inline event handler. Styles come from the static files too, plus the 500 page's and the one <style>
element each server-drawn picture (board, card, ticket, heat map) carries, allowed by
its hash: that text is the same in every picture (games/svg INLINE_STYLES).

The API's documentation pages are third-party bundles served from our static files:
Swagger UI draws small data: images, and Redoc writes its styles into <style> elements
at run time (styled-components, without a way to pass it a nonce) and searches in a
worker it starts from a blob: address. Those two pages widen this policy for styles,
images and workers (games/api/doc_pages.py); scripts stay 'self' only there too.
"""

import base64
import hashlib

from django.utils.csp import CSP

from games.svg import INLINE_STYLES

# The 500 page's own few rules: it links no static file, which may be what failed.
ERROR_PAGE_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;"
    "color:#222}"
)


def sha256_source(text: str) -> str:
    digest = hashlib.sha256(text.encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


POLICY: dict[str, list[str]] = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [
        CSP.SELF,
        *(sha256_source(style) for style in (*INLINE_STYLES, ERROR_PAGE_STYLE)),
    ],
    "img-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
