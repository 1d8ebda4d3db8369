"""A position from a file, in the browser: the creator names a player, who finds the
invitation in My games (with the day it lapses) and starts the game by accepting it."""

import json

from browser_steps import BROWSER_TEST, confirmed_user, log_in
from playwright.sync_api import expect
from table_views import DESKTOP, PHONE, screenshot

from games.models import Game

pytestmark = BROWSER_TEST

POSITION = {
    "map": "usa",
    "players": ["first", "second"],
    "seed": 3,
    "setup": {"phase": "play", "trains": {"first": 9, "second": 10}},
}


def test_a_named_player_accepts_in_my_games_and_the_position_starts(
    chromium, live_server, tmp_path
):
    confirmed_user("mallory")
    confirmed_user("alice")
    upload = tmp_path / "position.json"
    upload.write_text(json.dumps(POSITION))

    mallory = log_in(chromium, live_server, "mallory", context=DESKTOP)
    mallory.goto(f"{live_server.url}/games/from-scenario/")
    mallory.locator("input[name=scenario]").set_input_files(str(upload))
    mallory.locator("input[name=players]").fill("mallory, alice")
    mallory.get_by_role("button", name="Start the game").click()
    game = Game.objects.get()
    expect(mallory).to_have_url(f"{live_server.url}/games/{game.pk}/")
    room = mallory.locator("#waiting-room")
    expect(room).to_contain_text("when every player it names has accepted")
    expect(room.locator(".invited-list")).to_have_text("alice (no answer yet)")
    expect(room.get_by_role("button", name="Start now")).to_have_count(0)
    screenshot(mallory, "position-waiting-desktop")

    for size, context in (("phone", PHONE), ("desktop", DESKTOP)):
        alice = log_in(chromium, live_server, "alice", context=context)
        alice.goto(f"{live_server.url}/games/mine/")
        invitation = alice.locator(".invitation")
        expect(invitation).to_contain_text("mallory invites you")
        expect(invitation).to_contain_text("then the invitation lapses")
        screenshot(alice, f"position-invitation-{size}")
    alice.get_by_role("button", name="Accept").click()
    expect(alice).to_have_url(f"{live_server.url}/games/{game.pk}/")
    game.refresh_from_db()
    assert game.status == "playing"
    screenshot(alice, "position-started-desktop")
