"""The game page's poll says whether the page is on screen: a tab in the background polls
slowly and no longer counts as the player watching, and asks at once when shown again."""

from urllib.parse import parse_qs, urlparse

from browser_steps import BROWSER_TEST, ann_and_bob_at_a_game, log_in

pytestmark = BROWSER_TEST

# Hide the page the way a browser does when its tab goes to the background.
HIDE = """() => {
  Object.defineProperty(document, "visibilityState", {value: "hidden", configurable: true});
  Object.defineProperty(document, "hidden", {value: true, configurable: true});
  document.dispatchEvent(new Event("visibilitychange"));
}"""
SHOW = HIDE.replace('"hidden"', '"visible"').replace("value: true", "value: false")


def test_only_a_visible_page_says_it_is_seen(chromium, live_server):
    game, _seats = ann_and_bob_at_a_game()
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

    # A hidden page polls every 30 s; here every 7 s, so the test need not wait that long.
    page.evaluate("() => { document.getElementById('poller').dataset.hiddenEvery = '7000'; }")
    page.evaluate(HIDE)
    seen = len(polls)
    page.wait_for_timeout(10000)
    hidden = polls[seen:]
    # Every 3 s on screen would have been three polls in those 10 s.
    assert 1 <= len(hidden) <= 2, f"a hidden tab polls, slowly: {hidden}"
    assert all("visible" not in poll for poll in hidden), hidden

    seen = len(polls)
    page.evaluate(SHOW)
    page.wait_for_timeout(800)  # well before the next 3-s tick could explain it
    shown = polls[seen:]
    assert shown and shown[0].get("visible") == ["1"], "shown again, the page asks at once"
