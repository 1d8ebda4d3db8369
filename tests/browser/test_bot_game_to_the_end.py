"""A whole game against a Beginner bot in a real browser, on each map: the lobby's "Play against
bots" form starts it, the person plays every turn by clicking the page (the opening tickets,
then the longest route the page offers to claim, else two cards, else tickets, else a pass) and
the bot answers by itself, until the page shows the score sheet with both players on it.
Screenshots of the finished table at both sizes."""

import re
import time

import pytest
from browser_steps import BROWSER_TEST, confirmed_user, log_in, start_game_against_bots
from table_views import DESKTOP, PHONE, screenshot

from games.models import Game, GameStatus

pytestmark = [*BROWSER_TEST, pytest.mark.slow]

BOT = "Beginner bot"
# On the bot's turn the page polls every second; the bot moves as soon as its task is queued.
TURN_WITHIN_MS = 30_000
# A two-player game takes a few dozen turns a player; this many actions means it never ends.
MOST_ACTIONS = 400

# Shorter routes wait while cards can be drawn: a game of longer claims ends in fewer turns, and
# a route of 3 can still end it (the last round comes at 2 trains or fewer).
SHORTEST_CLAIM = 3

# The panels that ask the person to act.
MY_PANELS = ("keep_tickets", "turn", "second_draw", "route", "tunnel_cost")

# Marks the action panel shown now: every answer of the server replaces it with a new one.
MARK_PANEL = "() => { document.getElementById('action-panel').dataset.seen = '1'; }"
# True once the page shows a new panel that asks for a move, or the score sheet.
READY = """panels => {
  if (document.querySelector('#final .score-sheet')) return true;
  const panel = document.getElementById('action-panel');
  return !!panel && !panel.dataset.seen && panels.includes(panel.dataset.panel);
}"""


def act(page, click):
    """Click, then wait until the page asks for the next move or shows the score sheet."""
    page.evaluate(MARK_PANEL)
    click()
    page.wait_for_function(READY, arg=list(MY_PANELS), timeout=TURN_WITHIN_MS)


def panel_name(page) -> str:
    if page.locator("#final .score-sheet").count():
        return "over"
    return page.locator("#action-panel").get_attribute("data-panel")


def keep_fewest_tickets(page):
    """Check as many tickets as the panel's "Keep at least N" asks, and keep them."""
    panel = page.locator("#action-panel")
    minimum = int(re.search(r"Keep at least (\d+)", panel.inner_text()).group(1))
    boxes = panel.locator(".keep-form input[name=tickets]")
    assert boxes.count() >= minimum
    for index in range(minimum):
        boxes.nth(index).check()
    act(page, lambda: panel.locator(".keep-form button[type=submit]").click())


def longest_claimable_route(page):
    """The link of the longest route in the page's list of routes the player can claim (the
    first of the longest) and its length, or (None, 0) when the page offers none."""
    listing = page.locator("#route-list")
    if not listing.count():
        return None, 0
    if listing.get_attribute("open") is None:
        listing.locator("summary").click()
    best, best_length = None, 0
    for item in listing.locator("li").all():
        length = int(re.match(r"\s*(\d+)", item.locator("span.muted").inner_text()).group(1))
        if length > best_length:
            best, best_length = item.locator("a"), length
    return best, best_length


def can_draw(page) -> bool:
    # The row is everyone's; its buttons show as buttons only to the player who may draw.
    return page.locator(".deck button:enabled:visible, .face-up button:enabled:visible").count() > 0


def draw_a_card(page) -> bool:
    """Draw from the deck, or else the first face-up card the page lets the player take."""
    deck = page.locator(".deck button:enabled:visible")
    if deck.count():
        act(page, deck.click)
        return True
    face_up = page.locator(".face-up button:enabled:visible")
    if face_up.count():
        act(page, face_up.first.click)
        return True
    return False


def play_a_turn(page, counts):
    """One move from the panel the page shows: the person's whole turn, or its next step."""
    panel = page.locator("#action-panel")
    name = panel_name(page)
    if name == "keep_tickets":
        keep_fewest_tickets(page)
    elif name == "turn":
        counts["turns"] += 1
        route, length = longest_claimable_route(page)
        if length >= SHORTEST_CLAIM or (route is not None and not can_draw(page)):
            counts["claims"] += 1
            act(page, route.click)
        elif draw_a_card(page):
            counts["draws"] += 1
        elif panel.locator(".tickets-form").count():
            counts["tickets"] += 1
            act(page, panel.locator(".tickets-form button").click)
        else:
            counts["passes"] += 1
            act(page, panel.locator(".pass-form button").click)
    elif name == "route":
        # The first way to pay is chosen already.
        act(page, panel.locator(".claim-form button[type=submit]").click)
    elif name == "tunnel_cost":
        pay = panel.locator(".pay-form button[type=submit]")
        act(page, pay.click if pay.count() else panel.locator(".decline-form button").click)
    elif name == "second_draw":
        assert draw_a_card(page), "the page asks for a second card but offers none"
    else:
        raise AssertionError(f"the page shows the panel {name!r}, not a move to make")


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_a_game_against_a_beginner_bot_is_played_to_its_end_in_the_browser(
    chromium, live_server, settings, map_id
):
    from playwright.sync_api import expect

    settings.CELERY_TASK_ALWAYS_EAGER = True  # the bot's task runs as soon as it is queued
    confirmed_user("ann")
    began = time.monotonic()
    page = log_in(chromium, live_server, "ann", DESKTOP)
    game_id = start_game_against_bots(page, live_server, map_id)
    expect(page.locator(".player-table")).to_contain_text(BOT)

    counts = dict.fromkeys(("turns", "claims", "draws", "tickets", "passes"), 0)
    for _ in range(MOST_ACTIONS):
        if panel_name(page) == "over":
            break
        play_a_turn(page, counts)
    else:
        raise AssertionError(f"the game did not end within {MOST_ACTIONS} actions: {counts}")
    print(f"\n{map_id}: {counts} in {time.monotonic() - began:.1f} s")
    assert counts["claims"] > 0

    # The finished page: the game is over, the score sheet names both players.
    expect(page.locator(".turn")).to_contain_text("The game is over.")
    expect(page.locator(".turn a[href='#final']")).to_have_text("See the score sheet.")
    final = page.locator("#final")
    expect(final).to_be_visible()
    expect(final.locator("h2")).to_have_text("Score sheet")
    rows = final.locator(".score-sheet tbody tr")
    expect(rows).to_have_count(2)
    row_of = {
        "ann": rows.filter(has=page.locator("th:text-is('ann')")),
        BOT: rows.filter(has=page.locator("th a.bot-name[href='/bots/beginner/']")),
    }
    expect(row_of["ann"]).to_have_count(1)
    expect(row_of[BOT]).to_have_count(1)
    expect(row_of[BOT].locator("th")).to_have_text(BOT)
    expect(final.locator(".score-sheet tbody tr.place-1")).not_to_have_count(0)
    # The statistics count as many turns for ann as she played here.
    statistics = final.locator(".score-statistics")
    names = [name.strip() for name in statistics.locator("thead th").all_inner_texts()]
    turns = statistics.locator("tbody tr", has=page.locator("th:text-is('Turns')")).locator("td")
    expect(turns.nth(names.index("ann") - 1)).to_have_text(str(counts["turns"]))
    expect(page.locator("#game-head .status")).to_have_text("Finished")
    expect(page).not_to_have_title(re.compile("Your turn"))
    expect(page.locator(".draw")).to_have_count(0)  # nothing left to draw
    expect(page.locator("#poller")).not_to_have_attribute("hx-get", re.compile("."))

    # What the page shows is what the game stored.
    game = Game.objects.get(pk=game_id)
    assert game.status == GameStatus.FINISHED
    assert game.finished_at is not None
    seats = {seat.user.username: seat for seat in game.seats.select_related("user")}
    assert set(seats) == {"ann", BOT}
    for name, seat in seats.items():
        assert seat.final_score is not None and seat.place in (1, 2)
        expect(row_of[name].locator("td.total")).to_have_text(str(seat.final_score))
        expect(row_of[name].locator("td").first).to_contain_text(str(seat.place))

    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, f"bot-game-{map_id}-finished-desktop-top")
    final.scroll_into_view_if_needed()
    screenshot(page, f"bot-game-{map_id}-finished-desktop")
    phone = log_in(chromium, live_server, "ann", PHONE)
    phone.goto(f"{live_server.url}/games/{game_id}/#final")
    expect(phone.locator("#final .score-sheet tbody tr")).to_have_count(2)
    expect(phone.locator(".turn")).to_contain_text("The game is over.")
    expect(phone.locator("#game-head .status")).to_have_text("Finished")
    phone.evaluate("window.scrollTo(0, 0)")
    screenshot(phone, f"bot-game-{map_id}-finished-phone-top")
    phone.locator("#final").scroll_into_view_if_needed()
    screenshot(phone, f"bot-game-{map_id}-finished-phone")
