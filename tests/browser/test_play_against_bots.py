"""Play against bots in a real browser: the lobby's form starts the game, the bot chooses its
tickets and plays its turn by itself (its task runs at once here), and the player sees it.
Screenshots of the lobby with bot seats and of the table with a bot, at both sizes."""

from browser_steps import BROWSER_TEST, confirmed_user, log_in, start_game_against_bots
from table_views import DESKTOP, PHONE, screenshot

from games.models import Move, Seat
from games.services.bots import game_add_bot
from games.services.lobby import game_create

pytestmark = BROWSER_TEST

SEE_WITHIN_MS = 15_000


def bot_play_moves(game_id) -> int:
    """The bot's moves after the opening (its ticket choice at the deal is the first)."""
    bot = Seat.objects.get(game_id=game_id, user__username="Beginner bot")
    return Move.objects.filter(seat=bot).count() - 1


def test_play_against_bots_starts_a_game_and_the_bot_plays_its_turn(
    chromium, live_server, settings
):
    from playwright.sync_api import expect

    settings.CELERY_TASK_ALWAYS_EAGER = True  # the bot's task runs as soon as it is queued
    ann = confirmed_user("ann")
    waiting = game_create(creator=ann, map_id="europe", max_players=4, bot_takeover=True)
    game_add_bot(game_id=waiting.pk, user=ann, level="casual")
    for size, context in (("desktop", DESKTOP), ("phone", PHONE)):
        lobby = log_in(chromium, live_server, "ann", context)
        lobby.goto(f"{live_server.url}/games/")
        expect(lobby.locator(f"#game-{waiting.pk}")).to_contain_text("Casual bot")
        expect(lobby.locator(f"#game-{waiting.pk} .add-bot button")).to_be_visible()
        screenshot(lobby, f"bots-lobby-waiting-game-{size}")
        lobby.locator("#play-bots").scroll_into_view_if_needed()
        screenshot(lobby, f"bots-lobby-play-against-bots-{size}")
        lobby.locator("#new-game").scroll_into_view_if_needed()
        screenshot(lobby, f"bots-lobby-new-game-form-{size}")
        lobby.context.close()

    page = log_in(chromium, live_server, "ann", DESKTOP)
    game_id = start_game_against_bots(page, live_server, "usa")
    # The bot chose at the deal: only ann is left to choose.
    expect(page.locator(".turn")).to_contain_text("waiting for ann.")
    expect(page.locator(".player-table")).to_contain_text("Beginner bot")

    for box in page.locator(".keep-form input[name=tickets]").all():
        box.check()
    page.click(".keep-form button[type=submit]")
    expect(page.locator(".turn")).to_contain_text(
        "Your turn.", use_inner_text=True, timeout=SEE_WITHIN_MS
    )
    bot_lines = page.locator(".log-lines li", has_text="Beginner bot")
    if bot_play_moves(game_id) == 0:
        # Ann plays first: two cards from the deck, and then the bot's turn comes.
        before = bot_lines.count()
        page.click(".deck button")
        expect(page.locator("#action-panel")).to_contain_text("or draw from the deck")
        page.click(".deck button")
        expect(bot_lines).to_have_count(before + 1, timeout=SEE_WITHIN_MS)
        expect(page.locator(".turn")).to_contain_text(
            "Your turn.", use_inner_text=True, timeout=SEE_WITHIN_MS
        )
    assert bot_play_moves(game_id) >= 1
    expect(page.locator(".log-lines")).to_contain_text("Beginner bot")
    expect(page.locator(".player-table a[href='/bots/beginner/']")).to_have_text("Beginner bot")
    screenshot(page, "bots-table-desktop")
    page.locator(".player-table").scroll_into_view_if_needed()
    screenshot(page, "bots-table-desktop-players")
    phone = log_in(chromium, live_server, "ann", PHONE)
    phone.goto(f"{live_server.url}/games/{game_id}/")
    expect(phone.locator(".turn")).to_contain_text("Your turn.", use_inner_text=True)
    screenshot(phone, "bots-table-phone")
    phone.locator(".player-table").scroll_into_view_if_needed()
    screenshot(phone, "bots-table-phone-players")
