"""The Content-Security-Policy every page is sent, and what it relies on: no template writes an
inline script, event handler or style attribute; every <style> a picture carries is one the
policy allows by hash; the API's documentation pages fetch nothing from other hosts.
(tests/browser/test_content_security_policy.py loads the pages in Chromium under it.)"""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from games.api.doc_pages import REDOC_POLICY, SWAGGER_POLICY
from games.engine import get_map
from games.svg import board_svg, card_svg, deck_svg, hand_svg, ticket_svg
from games.svg.heat_map import heat_map_svg
from games.svg.palette import PLAYER_COLORS
from ttr_site.csp import sha256_source

ROOT = Path(settings.BASE_DIR)
PAGE_TEMPLATES = [
    path
    for path in (ROOT / "templates").rglob("*.html")
    if "emails" not in path.parts  # mail is read in a mail client, not under the policy
]


def header(response) -> dict[str, list[str]]:
    policy = response.headers["Content-Security-Policy"]
    return {d.split()[0]: d.split()[1:] for d in policy.split("; ")}


@pytest.mark.django_db
def test_every_page_is_sent_a_policy_with_scripts_from_the_site_only():
    for path in ["/", "/accounts/login/", "/leaderboard/", "/games/no-such-page/"]:
        policy = header(Client().get(path))
        assert policy["default-src"] == ["'self'"], path
        assert policy["script-src"] == ["'self'"], path
        assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
        assert "'unsafe-inline'" not in policy["style-src"], path


@pytest.mark.parametrize("path", PAGE_TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_template_writes_inline_scripts_handlers_or_style_attributes(path):
    source = path.read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", source), "inline <script>"
    assert not re.search(r"\son[a-z]+\s*=", source), "inline event handler"
    assert not re.search(r"\sstyle\s*=", source), "style attribute"
    if path.name != "500.html":  # its one rule is allowed by hash: it links no file
        assert not re.search(r"<style[\s>]", source), "inline <style>"


def _styles(svg: str) -> list[str]:
    assert " style=" not in svg
    return re.findall(r"<style>(.*?)</style>", svg, flags=re.S)


def test_every_style_a_picture_carries_is_allowed_by_the_policy():
    europe = get_map("europe")
    view = {
        "claims": {"brest-dieppe": "p1"},
        "stations": {"paris": "p2"},
        "players_order": ["p1", "p2", "p3", "p4", "p5"],
    }
    pictures = [
        board_svg(europe, view),
        board_svg(europe, view, player_colors={"p1": "pink", "p2": "yellow"}),
        card_svg("locomotive"),
        card_svg("red", count=3),
        deck_svg(40),
        hand_svg({"red": 2, "locomotive": 1}),
        hand_svg({}),
        ticket_svg(europe, "brest-petrograd"),
        ticket_svg(europe, "angora-kharkov", done=True),
        heat_map_svg(europe, {"brest-dieppe": 3}, title="Claims", legend_label="", none_label=""),
    ]
    allowed = set(settings.SECURE_CSP["style-src"])
    for svg in pictures:
        styles = _styles(svg)
        assert styles
        assert {sha256_source(style) for style in styles} <= allowed


def test_the_board_of_a_colour_outside_the_palette_needs_a_style_of_its_own():
    # Seats always get palette colours; a literal one draws, but not under the site's policy.
    europe = get_map("europe")
    view = {"claims": {"brest-dieppe": "p1"}, "players_order": ["p1"]}
    styles = _styles(board_svg(europe, view, player_colors={"p1": "#123456"}))
    assert len(styles) == 2 and "#123456" in styles[1]
    assert sha256_source(styles[1]) not in settings.SECURE_CSP["style-src"]


def test_the_site_stylesheet_paints_every_seat_colour_as_the_board_does():
    css = (ROOT / "static/css/site.css").read_text()
    painted = dict(re.findall(r"\.pc-([a-z]+) \{ background: (#[0-9a-f]{6}); \}", css))
    assert painted == {pid: hex_ for pid, hex_, _ in PLAYER_COLORS} | {"other": "#777777"}


@pytest.mark.django_db
def test_the_api_docs_pages_load_their_scripts_from_the_site_and_nothing_from_elsewhere():
    client = Client()
    swagger = client.get("/api/docs/")
    html = swagger.content.decode()
    assert header(swagger)["script-src"] == ["'self'"]
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    start = re.search(r'<script src="([^"]*script=[^"]*)"', html).group(1)
    script = client.get(start.replace("&amp;", "&"))
    assert script["Content-Type"].startswith("application/javascript")
    assert b"SwaggerUIBundle" in script.content

    redoc = client.get("/api/redoc/")
    html = redoc.content.decode()
    assert header(redoc) == {k: list(v) for k, v in REDOC_POLICY.items()}
    assert header(swagger) == {k: list(v) for k, v in SWAGGER_POLICY.items()}
    assert "fonts.googleapis.com" not in html and "https://" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    bundle = client.get("/api/redoc/redoc.standalone.js").content
    assert b"Redoc" in bundle and b"cdn.redoc.ly" not in bundle
