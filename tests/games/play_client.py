"""Playing through the game page as a browser without JavaScript would: read the rendered
forms and links, pick one, submit it. A button with a `form` attribute belongs to the form of
that id wherever it stands (the face-up row's), and to none when the page has no such form.

Used by the full-game, race and page tests; nothing here knows the engine's rules, it only
knows what the page offers.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Form:
    action: str
    method: str
    classes: str
    id: str | None = None
    hidden: dict[str, str] = field(default_factory=dict)
    radios: dict[str, list[str]] = field(default_factory=dict)
    checkboxes: dict[str, list[str]] = field(default_factory=dict)
    selects: dict[str, list[str]] = field(default_factory=dict)
    buttons: list[tuple[str | None, str | None, bool]] = field(default_factory=list)

    @property
    def kind(self) -> str | None:
        return self.hidden.get("type")

    def enabled_buttons(self) -> list[tuple[str | None, str | None]]:
        return [(name, value) for name, value, disabled in self.buttons if not disabled]

    def data(self, *, button=(None, None), radios=None, checked=None, selects=None) -> dict:
        """The POST body a browser sends for this form with these choices."""
        body: dict[str, object] = dict(self.hidden)
        for name, values in self.radios.items():
            body[name] = (radios or {}).get(name, values[0])
        for name, value in (selects or {}).items():
            body[name] = value
        for name, values in (checked or {}).items():
            body[name] = list(values)
        name, value = button
        if name:
            body[name] = value or ""
        return body


@dataclass
class Page:
    forms: list[Form]
    route_links: list[str]  # the board's selectable routes (links inside the SVG)
    links: list[tuple[str, str]]  # (href, text) of every other link

    def move_forms(self, kind: str | None = None) -> list[Form]:
        return [f for f in self.forms if "/move/" in f.action and (kind is None or f.kind == kind)]

    def link_to(self, fragment: str) -> str | None:
        return next((href for href, _ in self.links if fragment in href), None)


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.route_links: list[str] = []
        self.links: list[tuple[str, str]] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._button: list | None = None
        self._link: list | None = None
        self._in_board = 0
        self._owned: list[tuple[str, list]] = []  # (form id, button) of `form` attributes

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "div" and a.get("id") == "board":
            self._in_board = 1
        elif self._in_board and tag == "div":
            self._in_board += 1
        if tag == "form":
            self._form = Form(
                a.get("action", ""), a.get("method", "get").lower(), a.get("class", ""), a.get("id")
            )
            self.forms.append(self._form)
        elif tag == "button" and a.get("form"):
            self._owned.append((a["form"], [a.get("name"), a.get("value"), "disabled" in a]))
        elif tag == "a" and a.get("href"):
            if self._in_board and "pick" in a.get("class", ""):
                self.route_links.append(a["href"])
            else:
                self._link = [a["href"], ""]
        elif self._form is not None:
            self._field(tag, a)

    def _field(self, tag, a):
        form = self._form
        if tag == "input":
            kind, name, value = a.get("type", "text"), a.get("name"), a.get("value", "")
            if not name:
                return
            if kind == "hidden":
                form.hidden[name] = value
            elif kind == "radio":
                form.radios.setdefault(name, []).append(value)
            elif kind == "checkbox":
                form.checkboxes.setdefault(name, []).append(value)
        elif tag == "select":
            self._select = a.get("name")
            form.selects[self._select] = []
        elif tag == "option" and self._select and a.get("value"):
            form.selects[self._select].append(a["value"])
        elif tag == "button":
            self._button = [a.get("name"), a.get("value"), "disabled" in a]
            form.buttons.append(self._button)

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "a" and self._link is not None:
            self.links.append((self._link[0], self._link[1].strip()))
            self._link = None
        elif tag == "div" and self._in_board:
            self._in_board -= 1

    def handle_data(self, data):
        if self._link is not None:
            self._link[1] += data


def parse_page(html: str) -> Page:
    parser = _Parser()
    parser.feed(html)
    by_id = {form.id: form for form in parser.forms if form.id}
    for form_id, button in parser._owned:
        if form_id in by_id:
            by_id[form_id].buttons.append(button)
    return Page(parser.forms, parser.route_links, parser.links)


def keep_minimum(html: str) -> int:
    match = re.search(r"Keep at least (\d+)", html)
    assert match, "the ticket choice says how many to keep"
    return int(match.group(1))


def text_of(response) -> str:
    return response.content.decode()


def game_url(game) -> str:
    return f"/games/{game.pk}/"


class Browser:
    """One signed-in player's browser, posting the forms the page shows."""

    def __init__(self, client, user, game):
        self.client, self.user, self.game = client, user, game
        client.force_login(user)

    def page(self, url: str | None = None, *, htmx: bool = False) -> tuple[str, Page]:
        headers = {"HX-Request": "true"} if htmx else {}
        response = self.client.get(url or game_url(self.game), headers=headers)
        assert response.status_code == 200, response.status_code
        html = text_of(response)
        return html, parse_page(html)

    def submit(self, form: Form, data: dict, *, htmx: bool = False):
        headers = {"HX-Request": "true"} if htmx else {}
        return self.client.post(form.action, data, headers=headers)

    def random_move(self, rng: random.Random, *, htmx: bool = False):
        """Choose one of the moves the page offers, as a player clicking around would.

        Returns (kind, response), or None when the page offers nothing to do.
        """
        html, page = self.page()
        keep = page.move_forms("keep_tickets")
        if keep:
            form = keep[0]
            offered = form.checkboxes["tickets"]
            count = rng.randint(keep_minimum(html), len(offered))
            chosen = rng.sample(offered, count)
            return "keep_tickets", self.submit(
                form, form.data(checked={"tickets": chosen}), htmx=htmx
            )
        pay = page.move_forms("pay_tunnel")
        decline = page.move_forms("decline_tunnel")
        if pay or decline:
            if pay and (not decline or rng.random() < 0.7):
                form = pay[0]
                choice = rng.choice(form.radios["cards"])
                return "pay_tunnel", self.submit(
                    form, form.data(radios={"cards": choice}), htmx=htmx
                )
            return "decline_tunnel", self.submit(decline[0], decline[0].data(), htmx=htmx)
        options = []
        if page.route_links:
            options += [("claim", None)] * 6
        station = page.link_to("/station/")
        if station:
            options.append(("station", None))
        for form in page.move_forms():
            for button in form.enabled_buttons():
                weight = 1 if form.kind == "draw_tickets" else 3
                options += [(form, button)] * weight
        if not options:
            return None
        choice, button = rng.choice(options)
        if choice == "claim":
            return "claim_route", self.claim(rng.choice(page.route_links), rng, htmx=htmx)
        if choice == "station":
            return "build_station", self.build_station(station, rng, htmx=htmx)
        return choice.kind, self.submit(choice, choice.data(button=button), htmx=htmx)

    def claim(self, route_href: str, rng: random.Random, *, htmx: bool = False):
        _, panel = self.page(route_href, htmx=htmx)
        form = panel.move_forms("claim_route")[0]
        choice = rng.choice(form.radios["cards"])
        return self.submit(form, form.data(radios={"cards": choice}), htmx=htmx)

    def build_station(self, href: str, rng: random.Random, *, htmx: bool = False):
        _, panel = self.page(href, htmx=htmx)
        form = panel.move_forms("build_station")[0]
        data = form.data(
            radios={"cards": rng.choice(form.radios["cards"])},
            selects={"city": rng.choice(form.selects["city"])},
        )
        return self.submit(form, data, htmx=htmx)


def set_position(game, setup: dict, *, seed: int = 1):
    """Put a started game into the position of a scenario setup (docs/scenarios.md).

    `setup` names players "p0", "p1", ... in seat order; they become the seats' player ids.
    Returns {"p0": seat, ...}.
    """
    import json

    from games import engine
    from games.models import GameStatus

    seats = list(game.seats.select_related("user").order_by("order"))
    ids = {f"p{i}": seat.player_id for i, seat in enumerate(seats)}
    text = json.dumps(setup)
    for alias in sorted(ids, key=len, reverse=True):
        text = text.replace(f'"{alias}"', json.dumps(ids[alias]))
    state, _ = engine.load_scenario(
        {
            "map": game.map_id,
            "players": [s.player_id for s in seats],
            "seed": seed,
            "setup": json.loads(text),
        }
    )
    game.state = state.to_dict()
    phase = state.to_dict()["phase"]
    game.status = GameStatus.CHOOSING if phase == "initial_tickets" else GameStatus.PLAYING
    game.version += 1
    game.save(update_fields=["state", "status", "version"])
    return {alias: seats[i] for i, alias in enumerate(ids)}
