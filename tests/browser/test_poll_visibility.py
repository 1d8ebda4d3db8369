"""The game page's poll says whether the page is on screen: a tab in the background keeps
polling (so it refreshes when shown again) but no longer counts as the player watching."""

from urllib.parse import parse_qs, urlparse

from browser_steps import BROWSER_TEST, log_in, started_game

pytestmark = BROWSER_TEST

# Hide the page the way a browser does when its tab goes to the background.
HIDE = """() => {
  Object.defineProperty(document, "visibilityState", {value: "hidden", configurable: true});
  Object.defineProperty(document, "hidden", {value: true, configurable: true});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_only_a_visible_page_says_it_is_seen(chromium, live_server):
    game, _seats = started_game()
    page = log_in(chromium, live_server, "ann")
    polls = []
    page.on(
        "request",
        lambda request: (
            "/version/" in request.url and polls.append(parse_qs(urlparse(request.url).query))
        ),
    )
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_timeout(3500)
    assert polls and all(poll.get("visible") == ["1"] for poll in polls), polls

    page.evaluate(HIDE)
    seen = len(polls)
    page.wait_for_timeout(3500)
    hidden = polls[seen:]
    assert hidden, "a hidden tab still polls"
    assert all("visible" not in poll for poll in hidden), hidden
