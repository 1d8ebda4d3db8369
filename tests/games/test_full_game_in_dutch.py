"""A whole game played through the pages in Dutch, to the score sheet: two players whose
setting says Dutch (their browsers ask for nothing in particular) post the forms the page
shows; the pages they read is Dutch, in the rulebooks' words, with no English
left, and the score sheet at the end is Dutch too."""

import random
import re

import play_client
import pytest
from django.test import Client
from game_steps import make_users, started_game, who_must_act
from i18n.english import english_left
from play_client import Browser, text_of

from accounts.models import profile_for
from games.models import GameStatus

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

MOVE_LIMIT = 2000
# Reading both players' pages word by word at every move of a whole game takes minutes: the
# players read them at every CHECK_EVERY-th move, and the whole log and the end in full.
CHECK_EVERY = 10
NAMES = ("anna", "bram")
MARKS = ("A", "B")  # their initials on their cars and in the legend
MAIN = re.compile(r'<main id="main"[^>]*>(.*)</main>', re.S)


def speaks(user, language: str):
    """The player's language setting, as the settings page saves it ("": the browser's)."""
    profile = profile_for(user)
    profile.language = language
    profile.save(update_fields=["language"])


def dutch_keep_minimum(html: str) -> int:
    """How many tickets the Dutch ticket choice asks to keep."""
    found = re.search(r"Houd er minstens (\d+)", html)
    assert found, "de keuze zegt hoeveel bestemmingskaarten je minstens houdt"
    return int(found.group(1))


def main_of(html: str) -> str:
    return MAIN.search(html).group(1)


def section(html: str, marker: str) -> str:
    at = html.index(marker)
    start = html.rindex("<section", 0, at)
    return html[start : html.index("</section>", at)]


def plain(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def what_the_player_reads(browser: Browser, *, check=True, whole=False) -> str:
    """The game page as the player sees it now, in Dutch: its <html lang>, and (`check`) no
    English in the tray, the log and the other panels (`whole`: in all of it, the board too)."""
    html, _ = browser.page()
    assert '<html lang="nl">' in html
    if check:
        part = main_of(html) if whole else html[html.index('id="panels"') :]
        assert english_left(part, "nl", allow=NAMES + MARKS) == []
    return html


def assert_the_turn_is_dutch(html: str, kind: str | None):
    if kind == "keep_tickets":
        assert re.search("Kies (je eerste|welke) bestemmingskaarten", html)
        assert "Gekozen kaarten houden" in html
    elif "Jouw zet" in html and "Twee treinkaarten trekken" in html:
        assert "Jouw beurt." in html
        assert "Open kaarten" in html or "Op tafel" in html
    elif "Extra kosten:" in html:
        assert "Betaal ze om de tunnel te claimen" in html
    turn = plain(section(html, 'class="panel turn"'))
    assert re.search(r"Jouw beurt|is aan de beurt|Iedereen kiest|Het spel is afgelopen", turn)


def test_a_whole_game_played_through_the_pages_in_dutch_ends_on_a_dutch_score_sheet(
    monkeypatch,
):
    monkeypatch.setattr(play_client, "keep_minimum", dutch_keep_minimum)
    users = make_users(*NAMES)
    for user in users:
        speaks(user, "nl")
    game = started_game(users, map_id="europe", seed=21)
    browsers = {user.pk: Browser(Client(), user, game) for user in users}
    rng = random.Random(8)

    kinds = []
    for step in range(MOVE_LIMIT):
        game.refresh_from_db()
        if game.is_over:
            break
        seat = rng.choice(who_must_act(game))
        browser = browsers[seat.user_id]
        if step % CHECK_EVERY == 0:
            html = what_the_player_reads(browser)
            kind = "keep_tickets" if 'value="keep_tickets"' in html else None
            assert_the_turn_is_dutch(html, kind)
        htmx = rng.random() < 0.3
        kind, response = browser.random_move(rng, htmx=htmx)
        assert response.status_code == (200 if htmx else 302), (kind, text_of(response)[:300])
        kinds.append(kind)
        if step % CHECK_EVERY == 0:
            # The other player reads the move in the log, in Dutch.
            other = next(b for pk, b in browsers.items() if pk != seat.user_id)
            what_the_player_reads(other)
    else:
        raise AssertionError(f"the game did not end within {MOVE_LIMIT} moves")

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert {"keep_tickets", "draw_card", "claim_route"} <= set(kinds)
    # The whole log, every move of the game, in Dutch.
    log_html, _ = browsers[users[1].pk].page(f"/games/{game.pk}/log/")
    assert english_left(main_of(log_html), "nl", allow=NAMES + MARKS) == []
    log = plain(main_of(log_html))
    assert all(verb in log for verb in ("trok", "claimde", "hield")), log[:500]

    # The same page for a reader of English, to find English nobody marked for translation.
    speaks(users[0], "")  # follows the browser
    english_html, _ = Browser(Client(HTTP_ACCEPT_LANGUAGE="en-gb"), users[0], game).page()
    html = what_the_player_reads(browsers[users[0].pk], whole=True)
    assert "<h2>Score sheet</h2>" in english_html
    found = english_left(main_of(html), "nl", english=main_of(english_html), allow=NAMES + MARKS)
    assert found == []
    sheet = html[html.index("<h2>Scoreblad</h2>") : html.index("</table>")]
    for head in (
        "Plaats",
        "Speler",
        "Routes",
        "Bestemmingskaarten",
        "Stations",
        "Langste rit",
        "Totaal",
    ):
        assert f"<th>{head}</th>" in sheet
    seats = sorted(game.seats.select_related("user"), key=lambda s: (s.place, s.order))
    positions = [sheet.index(f"</span>{seat.user.username}") for seat in seats]
    assert positions == sorted(positions), "the sheet lists the players by place"
    for seat in seats:
        row = sheet[sheet.index(f"</span>{seat.user.username}") :]
        total = re.search(r'class="total"[^>]*><strong>(-?\d+)</strong>', row)
        assert int(total.group(1)) == seat.final_score
        assert re.search(r"\d+ treintjes?", plain(row))
    after = plain(html[html.index("</table>") :])
    assert "Bij gelijke stand gaat de plaats naar de speler met de meeste voltooide" in after
    assert "Spel downloaden (JSON)" in after
    assert "Het spel is afgelopen." in plain(section(html, 'class="panel turn"'))
