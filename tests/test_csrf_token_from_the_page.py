"""The CSRF cookie is HttpOnly: no script can read it. Pages send the token they were given
instead (a form's csrfmiddlewaretoken field; htmx's X-CSRFToken header, from the page
body's hx-headers), so every form and every htmx action of the site still works with it.

Each page of a player (and of a visitor) is read, and every form that posts, and every
element that makes htmx post, is sent back as the browser would send it, by a client that
checks CSRF as the site does: with the page's token it is accepted, without it refused.
Each request runs in a savepoint rolled back after it, with the cookies as they were, so
one form (log out, resign) never changes what the next finds."""

import json
import logging
from datetime import timedelta
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.db import transaction
from django.test import Client
from django.urls import resolve
from django.utils import timezone
from game_steps import keep_opening_tickets, make_users, started_game

from games.services.chat import chat_post
from games.services.invitations import game_invite
from games.services.lobby import game_create, game_join
from games.services.resign import game_resign
from games.services.vacation import vacation_set

pytestmark = pytest.mark.django_db

HTMX_POSTS = ("hx-post", "hx-put", "hx-patch", "hx-delete")
# Every address a form or an htmx action of the site's own pages posts to (the API's are
# JSON, with a token or the session and the header; the admin's are Django's own). The
# unsubscribe page takes no token: a mail client's one-click post (RFC 8058) has no cookie.
EVERY_ACTION = {
    "accounts/login/",  # the site's login view, unnamed ahead of allauth's
    "account_signup",
    "account_reset_password",
    "account_logout",
    "account_email",
    "account_change_password",
    "set_language",
    "settings",
    "vacation_set",
    "vacation_end",
    "calendar_renew",
    "api_token",
    "game_create",
    "game_against_bots",
    "game_add_bot",
    "game_join",
    "game_leave",
    "game_start",
    "game_rematch",
    "invitation_answer",
    "game_move",
    "game_resign",
    "game_give_time",
    "game_note",
    "game_chat_post",
    "game_chat_mute",
    "game_chat_report",
    "game_new_from_here",
    "game_from_scenario",
}


class PageActions(HTMLParser):
    """The forms that post and the htmx actions of one page, with the fields each sends, and
    the header htmx adds to every request (the body's hx-headers)."""

    def __init__(self, url: str):
        super().__init__()
        self.url = url
        self.actions: list[dict] = []
        self.htmx_headers: dict[str, str] = {}
        self._form: dict | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = {name: value or "" for name, value in attrs}
        if tag == "body" and "hx-headers" in attrs:
            self.htmx_headers = json.loads(attrs["hx-headers"])
        htmx = next((attrs[name] for name in HTMX_POSTS if name in attrs), None)
        if tag == "form" and (attrs.get("method", "").lower() == "post" or htmx is not None):
            self._form = {
                "action": urljoin(self.url, attrs.get("action") or self.url),
                "htmx": urljoin(self.url, htmx) if htmx is not None else None,
                "fields": {},
                "submit": None,
            }
            self.actions.append(self._form)
        elif htmx is not None:  # an element of its own that posts through htmx
            self.actions.append({"action": None, "htmx": urljoin(self.url, htmx), "fields": {}})
        if self._form is None:
            return
        fields = self._form["fields"]
        name = attrs.get("name")
        if tag == "input" and name:
            kind = attrs.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in attrs or kind == "radio":
                    fields.setdefault(name, attrs.get("value", "on"))
            elif kind == "submit":
                self._form["submit"] = self._form["submit"] or (name, attrs.get("value", ""))
            else:
                fields.setdefault(name, attrs.get("value", ""))
        elif tag == "button" and attrs.get("type", "submit") == "submit":
            if name and self._form["submit"] is None:
                self._form["submit"] = (name, attrs.get("value", ""))
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select:
            if "selected" in attrs or self._select not in fields:
                fields[self._select] = attrs.get("value", "")
        elif tag == "textarea" and name:
            self._textarea = name
            fields.setdefault(name, "")

    def handle_data(self, data):
        if self._form is not None and self._textarea:
            self._form["fields"][self._textarea] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def actions_of(client, url) -> PageActions:
    response = client.get(url, follow=True)
    assert response.status_code == 200, url
    page = PageActions(response.wsgi_request.get_full_path())
    page.feed(response.content.decode())
    return page


def savepoint():
    """A savepoint the services' durable transactions may run inside (as in a test's own)."""
    atomic = transaction.atomic()
    atomic._from_testcase = True
    return atomic


def send(client, url, data, headers, caplog):
    """The request, rolled back with the client's cookies; whether CSRF refused it."""
    cookies = client.cookies
    client.cookies = type(cookies)(cookies)
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="django.security.csrf"), savepoint():
        response = client.post(url, data, headers=headers)
        transaction.set_rollback(True)
    client.cookies = cookies
    refused = any(record.name == "django.security.csrf" for record in caplog.records)
    assert response.status_code < 500, (url, response.status_code)
    if refused:
        assert response.status_code == 403
    return refused


def address_name(url: str) -> str:
    match = resolve(urlsplit(url).path)
    return match.url_name or match.route


def check_every_action(client, urls, caplog) -> set[str]:
    """Every form and htmx action on the pages, sent with the page's token and without it;
    the names of the addresses they post to."""
    reached = set()
    for url in urls:
        page = actions_of(client, url)
        assert page.htmx_headers.get("X-CSRFToken"), f"{url}: no token for htmx"
        for action in page.actions:
            data = dict(action["fields"])
            if action.get("submit"):
                data.setdefault(*action["submit"])
            bare = {k: v for k, v in data.items() if k != "csrfmiddlewaretoken"}
            if action["action"] is not None:  # submitted as a plain form, without JavaScript
                assert "csrfmiddlewaretoken" in data, f"{url}: a form without its token"
                target = action["action"]
                assert not send(client, target, data, {}, caplog), (url, target, data)
                assert send(client, target, bare, {}, caplog), (url, target)
                reached.add(address_name(target))
            if action["htmx"] is not None:  # as htmx sends it: the form's fields and the header
                target = action["htmx"]
                headers = {"HX-Request": "true", **page.htmx_headers}
                assert not send(client, target, bare, headers, caplog), (url, target)
                assert send(client, target, bare, {"HX-Request": "true"}, caplog), (url, target)
                reached.add(address_name(target))
    return reached


def strict_client(user=None) -> Client:
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user)
    return client


def test_the_csrf_cookie_is_http_only_and_every_form_and_htmx_action_works_with_it(caplog):
    ann, bob, cyd = make_users("ann", "bob", "cyd")
    # A game in play, with a message of each player's the other may report: the one to
    # move has the move forms, the other may give them more time.
    playing = started_game([ann, bob], max_players=2)
    keep_opening_tickets(playing)
    chat_post(game_id=playing.pk, user=bob, text="good luck")
    chat_post(game_id=playing.pk, user=ann, text="and to you")
    # Her own open game with Bob seated (start, add a bot, leave), Cyd's to join from the
    # lobby, an invitation to another of Cyd's, and a game she won when Bob resigned
    # (rematch, new game from here).
    own = game_create(creator=ann, map_id="usa", max_players=3)
    game_join(game_id=own.pk, user=bob, invite_token=own.invite_token)
    game_create(creator=cyd, map_id="europe", max_players=3)
    invited = game_create(creator=cyd, map_id="usa", max_players=3, is_private=True)
    game_invite(game_id=invited.pk, inviter=cyd, usernames=["ann"])
    finished = started_game([ann, bob], max_players=2)
    game_resign(game_id=finished.pk, user=bob)
    tomorrow = timezone.localdate() + timedelta(days=1)  # time away she may cancel
    vacation_set(user=ann, first_day=tomorrow, last_day=tomorrow)

    player = strict_client(ann)
    first = player.get("/games/")
    cookie = first.cookies["csrftoken"]
    assert cookie["httponly"] is True, "a script could read the CSRF cookie"

    pages = [
        "/",
        "/games/",
        "/games/new/",
        "/games/mine/",
        "/games/from-scenario/",
        f"/games/{playing.pk}/",
        f"/games/{own.pk}/",
        f"/games/{finished.pk}/",
        f"/games/{finished.pk}/replay/?move=1",
        "/settings/",
        "/settings/api-token/",
        "/accounts/email/",
        "/accounts/password/change/",
        "/accounts/logout/",
        "/u/ann/",
    ]
    reached = check_every_action(player, pages, caplog)
    reached |= check_every_action(strict_client(bob), [f"/games/{playing.pk}/"], caplog)

    visitor = strict_client()
    assert visitor.get("/accounts/login/").cookies["csrftoken"]["httponly"] is True
    reached |= check_every_action(
        visitor, ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"], caplog
    )
    assert reached >= EVERY_ACTION, EVERY_ACTION - reached
