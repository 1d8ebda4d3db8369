"""The table as Chromium renders it in Dutch, Swedish and French, word by word: no English word
is left (names of places and players aside) in its text, its pictures' words, tooltips and
labels, during play and on the score sheet; dates are written as each language writes them;
and the Players table still fits a phone."""

from datetime import UTC, datetime, timedelta

import pytest
from browser_steps import BROWSER_TEST, log_in
from django.utils import timezone
from game_steps import draw_two_blind
from i18n.english import english_words_left
from playwright.sync_api import expect
from table_views import DESKTOP, PHONE, screenshot, turn_position

from games.services.vacation import local_today, vacation_set

pytestmark = BROWSER_TEST

LANGUAGES = {"nl": "nl-NL", "sv": "sv-SE", "fr": "fr-FR"}
PLAYERS = ("ann", "bob")
DEADLINE = datetime(2030, 12, 7, 11, 45, tzinfo=UTC)  # a Saturday
# Ann's deadline on the turn line, as each language writes a day and a time.
DEADLINE_SHOWN = {
    "en": "Sat 7 Dec, 11:45 UTC",
    "nl": "za 7 dec, 11:45 UTC",
    "sv": "lör 7 dec. 11:45 UTC",
    "fr": "sam. 7 déc., 11:45 UTC",
}

# Everything a reader meets in <main>: text (SVG text and titles included), the labels and
# tooltips of elements, a button's shown value and the words the scripts show (data-*-note).
RENDERED_WORDS = """() => {
  const main = document.querySelector('main');
  const out = [];
  const shown = /^(title|aria-label|alt|placeholder)$|^data-.*(note|copied)$/;
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      if (parent && !parent.closest('script, style, template')) out.push(node.textContent);
      continue;
    }
    for (const attribute of node.attributes) {
      if (shown.test(attribute.name)) out.push(attribute.value);
    }
    if (node.matches('input[type=submit], input[type=button]')) out.push(node.value);
  }
  return out.join('\\n');
}"""


def the_table_in_play():
    """Europe, Ann to move with a locomotive in hand, a few moves in the log, Bob away (the
    Players table says until when), Ann's deadline at DEADLINE."""
    game, seats = turn_position(
        "europe",
        claims={"brest-dieppe": "bob", "munchen-wien": "bob", "frankfurt-paris-1": "ann"},
        stations={"wien": "bob"},
    )
    ann, bob = seats["ann"].user, seats["bob"].user
    draw_two_blind(game, ann)
    draw_two_blind(game, bob)
    today = local_today(user=bob, now=timezone.now())
    vacation_set(user=bob, first_day=today, last_day=today + timedelta(days=5))
    game.refresh_from_db()
    game.deadline = DEADLINE
    game.save(update_fields=["deadline"])
    return game


def to_the_end(game):
    """Ann's turn is the last of the last round: two blind draws and the score sheet."""
    ann = game.seats.get(user__username="ann")
    game.state = {**game.state, "last_round_ends_after": ann.player_id}
    game.save(update_fields=["state"])
    draw_two_blind(game, ann.user)
    game.refresh_from_db()
    assert game.is_over
    return game


def rendered(browser, live_server, game, locale, size=DESKTOP):
    page = log_in(browser, live_server, "ann", context={**size, "locale": locale})
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#board svg").wait_for()
    return page


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_word_is_left_on_the_table_in_play_or_at_the_end(
    chromium, live_server, language
):
    left = {}
    game = the_table_in_play()
    for moment in ("in play", "at the end"):
        if moment == "at the end":
            game = to_the_end(game)
        english = rendered(chromium, live_server, game, "en-GB")
        english_text = english.evaluate(RENDERED_WORDS)
        if moment == "in play":
            expect(english.locator(".turn .deadline time")).to_have_text(DEADLINE_SHOWN["en"])
        english.context.close()
        page = rendered(chromium, live_server, game, LANGUAGES[language])
        assert page.evaluate("document.documentElement.lang") == language
        found = english_words_left(
            page.evaluate(RENDERED_WORDS), english_text, language, allow=PLAYERS
        )
        if found:
            left[moment] = found
        if moment == "in play":
            dates = page.locator(".turn .deadline time").inner_text()
        screenshot(page, f"table-words-{language}-{moment.replace(' ', '-')}-desktop")
        page.context.close()

        # On a phone every column of the Players table stays on screen in the language.
        phone = rendered(chromium, live_server, game, LANGUAGES[language], size=PHONE)
        assert phone.evaluate(
            "() => { const w = document.querySelector('.players .table-wrap');"
            " return w.scrollWidth <= w.clientWidth; }"
        ), (language, moment)
        if moment == "in play":
            phone.locator("#tray-toggle").tap()  # the tray folded, the Players table in view
        phone.locator(".players").scroll_into_view_if_needed()
        screenshot(phone, f"table-words-{language}-{moment.replace(' ', '-')}-phone")
        phone.context.close()
    assert left == {}, left
    assert dates == DEADLINE_SHOWN[language]
