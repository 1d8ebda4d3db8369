"""The checker other tests use to find English left in a translated page."""

from i18n.english import english_left

PAGE = """<!doctype html><html lang="nl"><head><title>{title}</title></head><body>
<nav aria-label="{nav}"><a href="/settings/">{link}</a></nav>
<main><p>{sentence}</p><p>Amsterdam – Berlin, 12 punten, Ann</p>
<select><option lang="en-gb">English</option><option lang="nl">Nederlands</option></select>
<button type="submit" value="{button}">{button}</button>
<input type="hidden" name="do" value="create">
<code>Authorization: Token &lt;key&gt;</code><script>var a = "Settings saved.";</script></main>
</body></html>"""

ENGLISH = PAGE.format(
    title="Settings",
    nav="Main",
    link="Settings",
    sentence="Settings saved.",
    button="Save settings",
).replace('lang="nl"', 'lang="en-gb"', 1)


def test_a_catalog_string_left_in_english_is_found_in_text_and_attributes():
    page = PAGE.format(
        title="Instellingen",
        nav="Hoofdmenu",
        link="Instellingen",
        sentence="Settings saved.",
        button="Opslaan",
    )
    assert english_left(page, "nl") == ["Settings saved."]


def test_the_translated_page_has_no_english_left():
    page = PAGE.format(
        title="Instellingen",
        nav="Hoofdmenu",
        link="Instellingen",
        sentence="Instellingen opgeslagen.",
        button="Opslaan",
    )
    assert english_left(page, "nl", english=ENGLISH, allow=["Ann"]) == []


def test_unmarked_english_is_found_by_comparing_with_the_english_page():
    page = PAGE.format(
        title="Instellingen",
        nav="Back to the lobby",
        link="Instellingen",
        sentence="Instellingen opgeslagen.",
        button="Save the board",
    )
    english = ENGLISH.replace("Save settings", "Save the board").replace(
        '"Main"', '"Back to the lobby"'
    )
    assert english_left(page, "nl", english=english) == ["Back to the lobby", "Save the board"]


def test_a_plain_text_mail_is_read_line_by_line_without_its_links():
    mail = "Instellingen opgeslagen.\nhttps://example.org/accounts/settings/\n"
    assert (
        english_left(
            mail, "nl", english="Settings saved.\nhttps://example.org/accounts/settings/\n"
        )
        == []
    )
    assert english_left("Settings saved.\n", "sv") == ["Settings saved."]


def test_a_date_in_english_is_english():
    english = '<html lang="en-gb"><body><p>Until <strong>Tue 3 Dec 18:00 (UTC)</strong></p>'
    dutch = '<html lang="nl"><body><p>Tot <strong>Tue 3 Dec 18:00 (UTC)</strong></p>'
    localised = '<html lang="nl"><body><p>Tot <strong>di 3 dec 18:00 (UTC)</strong></p>'
    assert english_left(dutch, "nl", english=english) == ["Tue 3 Dec 18:00 (UTC)"]
    assert english_left(localised, "nl", english=english) == []


def test_word_by_word_an_english_month_card_or_heading_is_found_and_names_are_not():
    from i18n.english import english_words_left

    english = "Your turn. Until Sat 5 Dec, 11:45 UTC · 2 × Loco · Pts · ann · Wien – Budapest"
    dutch = "Jouw beurt. Tot za 5 Dec, 11:45 UTC · 2 × Loco · Pts · ann · Wien – Budapest"
    assert english_words_left(dutch, english, "nl", allow=("ann",)) == ["Dec", "Loco", "Pts"]
    fixed = "Jouw beurt. Tot za 5 dec, 11:45 UTC · 2 × Locomotief · Ptn · ann · Wien – Budapest"
    assert english_words_left(fixed, english, "nl", allow=("ann",)) == []
    # A word the language writes too is no English left: the rulebooks' "tunnel", "route".
    assert english_words_left("Tunnel · Route", "Tunnel · Route", "nl") == []
