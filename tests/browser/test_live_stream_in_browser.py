"""The game page's event stream in Chromium: a watcher's page shows the other player's move
with no poll between and without asking for it (the stream brings the table's parts), fetches
its own fragments when its turn comes, and polls by itself when its stream is cut, then goes
back to it."""

from browser_steps import BROWSER_TEST, ann_and_bob_at_a_game, draw_from_the_deck, log_in
from game_steps import who_must_act
from live_stream import StreamServer

from games import engine
from games.services.play import game_play

pytestmark = BROWSER_TEST

# Counts the poller's ticks (htmx asks before each poll), held back or not.
COUNT_TICKS = """() => {
  window.ticks = 0;
  document.addEventListener("htmx:confirm", (event) => {
    if (event.detail.elt && event.detail.elt.id === "poller") window.ticks += 1;
  });
}"""


def past_the_opening(game):
    state = engine.State.from_dict(game.state)
    for seat in who_must_act(game):
        keep = engine.legal_options(state, seat.player_id, engine.ActionType.KEEP_TICKETS)[0]
        game.refresh_from_db()
        game_play(
            game_id=game.pk, user=seat.user, action=keep.to_dict(), expected_version=game.version
        )
    game.refresh_from_db()


def watcher_page(chromium, live_server, game, seats):
    game.refresh_from_db()
    mover = who_must_act(game)[0]
    watcher = next(seat for seat in seats if seat.pk != mover.pk)
    page = log_in(chromium, live_server, watcher.user.username)
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.add_init_script(COUNT_TICKS.removeprefix("() => {").removesuffix("}"))
    with page.expect_response(lambda response: "/stream/" in response.url) as opened:
        page.goto(f"{live_server.url}/games/{game.pk}/")
    assert opened.value.status == 200
    del requests[:]  # from the stream's opening on
    return page, requests, watcher


def shows_version(page, version: int, timeout: float = 10_000) -> None:
    page.wait_for_function(
        "v => document.getElementById('poller').getAttribute('hx-get').includes('?v=' + v + '&')",
        arg=version,
        timeout=timeout,
    )


def fetched(requests, game) -> list[str]:
    return [url for url in requests if f"/games/{game.pk}/?" in url]


def test_a_watchers_page_shows_the_move_without_asking(chromium, live_server, streamed_site):
    game, seats = ann_and_bob_at_a_game()
    past_the_opening(game)
    page, requests, watcher = watcher_page(chromium, live_server, game, seats)
    # Two of the poller's ticks go by (6 s) with the stream held: neither asks the server.
    page.wait_for_function("() => window.ticks >= 2", timeout=15_000)
    log = page.locator("#log-part").inner_text()
    mover = draw_from_the_deck(game)  # a first card: it is still the mover's turn
    shows_version(page, game.version)
    assert page.locator("#log-part").inner_text() != log
    assert mover.user.username in page.locator("#log-part").inner_text()
    assert not [url for url in requests if "/version/" in url], requests
    assert not fetched(requests, game), requests  # the stream brought the parts
    # The viewer's "(you)" shows on their own row of the new players' table alone.
    assert page.locator("#players-part small.you:visible").count() == 1
    assert page.locator(f'#players-part tr[data-seat="{watcher.pk}"] small.you:visible').count()
    assert "It is" in page.locator("#turn-part").inner_text()

    log = page.locator("#log-part").inner_text()
    draw_from_the_deck(game)  # the second card: now the watcher must act
    shows_version(page, game.version)
    # Their own fragments (the offer, the panel), the stream having brought the table's.
    asked = fetched(requests, game)
    assert len(asked) == 1 and f"public={game.version}" in asked[0], requests
    assert page.locator("#log-part").inner_text() != log
    assert page.locator("#turn-part").inner_text().strip().startswith("Your turn.")
    assert "It is" not in page.locator("#turn-part").inner_text()
    assert not [url for url in requests if "/version/" in url], requests


def test_a_page_polls_when_its_stream_is_cut_and_goes_back_to_it(
    chromium, live_server, streamed_site
):
    game, seats = ann_and_bob_at_a_game()
    past_the_opening(game)
    page, requests, _ = watcher_page(chromium, live_server, game, seats)
    page.evaluate("() => { document.getElementById('poller').dataset.streamRetry = '1500'; }")
    port = streamed_site.port
    with page.expect_request(lambda request: "/version/" in request.url, timeout=10_000):
        streamed_site.stop()  # the stream is cut: the page asks at once
    draw_from_the_deck(game)
    shows_version(page, game.version)  # by its poll

    # The stream server is back on its port: the page opens its stream again, and polls no more.
    again = StreamServer(port=port)
    with page.expect_response(lambda response: "/stream/" in response.url, timeout=15_000):
        again.start()
    try:
        page.wait_for_function("() => { window.ticks = 0; return true; }")
        page.wait_for_function("() => window.ticks >= 2", timeout=15_000)
        polled = len([url for url in requests if "/version/" in url])
        draw_from_the_deck(game)
        shows_version(page, game.version)
        assert len([url for url in requests if "/version/" in url]) == polled
    finally:
        again.stop()
