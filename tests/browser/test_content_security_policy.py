"""Every page loads under the site's Content-Security-Policy with no violation: the game page
in its phases (opening tickets, a turn, a tunnel, the score sheet), the log, the replay, the
lobby, the profile and its statistics, the leaderboard, the settings, the entrance pages, the
admin's login and the API's documentation pages. A violation counts whether the browser
reports it in the console or as a securitypolicyviolation event; a request to another host
counts too. htmx still works under the policy: a move made by clicking swaps the board."""

from urllib.parse import urlsplit

from browser_steps import BROWSER_TEST, DESKTOP, ann_and_bob_at_a_game, log_in, set_state
from game_steps import draw_two_blind

from games import engine
from games.models import GameStatus
from games.services.lobby import game_create
from games.services.play import game_play

pytestmark = BROWSER_TEST

LISTEN = """() => {
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", e => window.__cspViolations.push(
    `${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`
  ));
}"""


class Watch:
    """What the browser refused or fetched elsewhere, page by page."""

    def __init__(self, page, site):
        self.page, self.site, self.problems = page, urlsplit(site).netloc, {}
        self.current = "start"
        page.add_init_script(f"({LISTEN})()")
        page.on("console", self._console)
        page.on("request", self._request)

    def _note(self, text):
        self.problems.setdefault(self.current, []).append(text)

    def _console(self, message):
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self._note(message.text)

    def _request(self, request):
        where = urlsplit(request.url)
        if where.scheme in ("http", "https") and where.netloc != self.site:
            self._note(f"fetched from another host: {request.url}")

    def visit(self, name, url, ready=None):
        self.current = name
        response = self.page.goto(url)
        assert response.status < 400, (name, response.status)
        header = response.headers.get("content-security-policy", "")
        assert "default-src 'self'" in header, (name, header)
        if ready:
            self.page.locator(ready).first.wait_for()
        self.page.wait_for_load_state("networkidle")
        self.collect()

    def collect(self):
        for text in self.page.evaluate("window.__cspViolations || []"):
            self._note(text)
        self.page.evaluate("window.__cspViolations = []")


def europe_turn(game, seats, **setup):
    first, second = (seat.player_id for seat in seats)
    state, _ = engine.load_scenario(
        {
            "map": "europe",
            "players": [first, second],
            "seed": 5,
            "setup": {
                "phase": "play",
                "current": first,
                "face_up": ["red", "blue", "green", "white", "black"],
                "tickets": {first: ["brest-petrograd"], second: ["angora-kharkov"]},
                **setup,
            },
        }
    )
    set_state(game, state, status=GameStatus.PLAYING)


def test_every_page_loads_under_the_policy_without_a_violation(chromium, live_server):
    from playwright.sync_api import expect

    game, seats = ann_and_bob_at_a_game("europe")  # in its opening: tickets to choose
    ann = seats[0].user
    page = log_in(chromium, live_server, ann.username)
    watch = Watch(page, live_server.url)
    site = live_server.url

    watch.visit("game page, opening tickets", f"{site}/games/{game.pk}/", ".keep-form")
    first, second = (seat.player_id for seat in seats)

    # A turn: clicking the deck draws a card through htmx, which swaps the hand and board.
    europe_turn(
        game,
        seats,
        hands={first: {"yellow": 3, "purple": 1}, second: {"red": 2}},
        train_deck=["yellow", "red", "blue", "white", "green", "black", "orange", "red"],
    )
    # The log and the replay, while the game's moves still replay from its start.
    watch.visit("game log", f"{site}/games/{game.pk}/log/")
    watch.visit("replay", f"{site}/games/{game.pk}/replay/", "svg.ttrb")
    watch.visit("game page, a turn", f"{site}/games/{game.pk}/", "#board svg")
    watch.current = "game page, drawing a card through htmx"
    page.evaluate("window.__sameDocument = true")
    page.locator(".deck button[type=submit]").click()
    expect(page.locator("#action-panel")).to_contain_text("Draw your second card")
    assert page.evaluate("window.__sameDocument") is True  # swapped, not reloaded
    watch.collect()

    # A tunnel: Ann lays two yellow for München–Zürich; the three cards turned up ask more.
    europe_turn(
        game,
        seats,
        hands={first: {"yellow": 3, "purple": 1}, second: {"red": 2}},
        train_deck=["yellow", "red", "blue", "white", "green", "black", "orange", "red"],
    )
    game.refresh_from_db()
    game_play(
        game_id=game.pk,
        user=ann,
        action={"type": "claim_route", "route": "munchen-zurich", "cards": {"yellow": 2}},
        expected_version=game.version,
    )
    watch.visit("game page, a tunnel", f"{site}/games/{game.pk}/", "#action-panel .revealed")

    # The score sheet: the last round ends with Ann's turn.
    game.refresh_from_db()
    game_play(
        game_id=game.pk,
        user=ann,
        action={"type": "decline_tunnel"},
        expected_version=game.version,
    )
    game.refresh_from_db()
    game.state = {**game.state, "last_round_ends_after": seats[1].player_id}
    game.save(update_fields=["state"])
    draw_two_blind(game, seats[1].user)
    watch.visit("game page, score sheet", f"{site}/games/{game.pk}/", "#final .score-sheet")

    # The lobby with an open game of Ann's: its seats' colours and its invitation link.
    waiting = game_create(creator=ann, map_id="usa", max_players=3)
    watch.visit("lobby", f"{site}/games/", f"#game-{waiting.pk} .seat-dot")
    link = page.locator(f"#invite-{waiting.pk}")
    link.click()
    selected = link.evaluate("el => el.value.slice(el.selectionStart, el.selectionEnd)")
    assert selected == link.input_value()  # one click selects the whole address
    watch.collect()
    for name, path, ready in [
        ("home", "/", None),
        ("my games", "/games/mine/", None),
        ("profile", f"/u/{ann.username}/", None),
        ("board statistics", "/boards/europe/", "svg.ttrh"),
        ("how to play, Europe", "/rules/europe/", "svg.ttrr"),
        ("leaderboard", "/leaderboard/", None),
        ("settings", "/settings/", None),
        ("API token", "/settings/api-token/", None),
        ("API docs", "/api/docs/", ".swagger-ui .info"),
        ("API reference (Redoc)", "/api/redoc/", ".api-content"),
    ]:
        watch.visit(name, f"{site}{path}", ready)

    # The entrance pages and the admin's login, as someone not logged in.
    anonymous = chromium.new_context(**DESKTOP).new_page()
    outside = Watch(anonymous, site)
    for name, path in [
        ("login", "/accounts/login/"),
        ("signup", "/accounts/signup/"),
        ("password reset", "/accounts/password/reset/"),
        ("admin login", "/admin/login/"),
        ("a page not found", "/games/invite/no-such-invitation/"),
    ]:
        outside.current = name
        response = anonymous.goto(f"{site}{path}")
        assert "default-src 'self'" in response.headers.get("content-security-policy", "")
        anonymous.wait_for_load_state("networkidle")
        outside.collect()
    # The sign-up page's script (a static file now) still fills in the time zone.
    anonymous.goto(f"{site}/accounts/signup/")
    assert anonymous.input_value("#id_timezone")  # a hidden field, filled by the script

    assert {**watch.problems, **outside.problems} == {}
