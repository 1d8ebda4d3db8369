"""An automated accessibility scan (axe-core, bundled by axe-playwright-python) of the game
page at both sizes, the lobby and the score sheet: no violation of impact serious or critical."""

from axe_playwright_python.sync_playwright import Axe
from browser_steps import BROWSER_TEST, log_in
from game_steps import draw_two_blind
from table_views import SIZES, turn_position

pytestmark = BROWSER_TEST

BLOCKING = {"serious", "critical"}


# Axe calls a repeated id minor, but a label then names another form's field: always fails.
ALWAYS_BLOCKING = {"duplicate-id", "duplicate-id-active", "duplicate-id-aria"}
REPEATED_IDS = """() => {
  const seen = {};
  for (const el of document.querySelectorAll('[id]')) seen[el.id] = (seen[el.id] || 0) + 1;
  return Object.keys(seen).filter(id => seen[id] > 1);
}"""


def blocking_violations(page) -> list[str]:
    results = Axe().run(page)
    found = [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(node["target"][0] for node in v["nodes"][:4])
        for v in results.response["violations"]
        if v["impact"] in BLOCKING or v["id"] in ALWAYS_BLOCKING
    ]
    # Newer axe releases retire the duplicate-id rules: the page's ids are counted here too.
    found += [f"repeated id: {name}" for name in page.evaluate(REPEATED_IDS)]
    return found


def test_the_game_page_the_lobby_and_the_score_sheet_pass_an_accessibility_scan(
    chromium, live_server
):
    game, seats = turn_position("europe", claims={"brest-dieppe": "bob"})
    found = {}
    for size in SIZES:
        page = log_in(chromium, live_server, "ann", context=SIZES[size])
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.locator(".zoom-bar").wait_for()
        found[f"game page, {size}"] = blocking_violations(page)
        if size == "desktop":
            page.goto(f"{live_server.url}/games/")
            found["lobby"] = blocking_violations(page)
        page.context.close()

    # The score sheet: Ann's last turn of the last round ends the game.
    game.state = {**game.state, "last_round_ends_after": seats["ann"].player_id}
    game.save(update_fields=["state"])
    draw_two_blind(game, seats["ann"].user)
    page = log_in(chromium, live_server, "ann", context=SIZES["desktop"])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#final .score-sheet").wait_for()
    found["score sheet"] = blocking_violations(page)
    assert found == {name: [] for name in found}
