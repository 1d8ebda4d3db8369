"""The language in a real browser: a visitor switches it in the footer (a plain form, no
script) and stays on the same page; a player's settings page in Dutch and French passes
an accessibility scan. Screenshots of both at both sizes are kept for a person."""

from axe_playwright_python.sync_playwright import Axe
from browser_steps import BROWSER_TEST, confirmed_user, log_in
from table_views import SIZES, screenshot

from accounts.models import profile_for

pytestmark = BROWSER_TEST


def blocking_violations(page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']}"
        for v in results.response["violations"]
        if v["impact"] in {"serious", "critical"}
    ]


def test_a_visitor_switches_language_in_the_footer_and_stays_on_the_page(chromium, live_server):
    for size, context in SIZES.items():
        page = chromium.new_context(**context, locale="en-GB").new_page()
        page.goto(f"{live_server.url}/accounts/login/?next=/settings/")
        for language, heading in (("nl", "Inloggen"), ("fr", "Se connecter")):
            page.select_option("#site-language", language)
            page.click(".language-switch button[type=submit]")
            page.wait_for_load_state()
            assert page.url == f"{live_server.url}/accounts/login/?next=/settings/"
            assert page.locator("html").get_attribute("lang") == language
            assert page.locator("main h1").inner_text() == heading
            page.locator(".site-footer").scroll_into_view_if_needed()
            screenshot(page, f"language-footer-{language}-{size}")
        page.context.close()


def test_a_players_settings_page_in_dutch_and_french(chromium, live_server):
    ann = confirmed_user("ann")
    found = {}
    for language, heading in (("nl", "Instellingen"), ("fr", "Réglages")):
        profile = profile_for(ann)
        profile.language = language
        profile.save()
        for size, context in SIZES.items():
            page = log_in(chromium, live_server, "ann", context=context)
            page.goto(f"{live_server.url}/settings/")
            assert page.locator("html").get_attribute("lang") == language
            assert page.locator("main h1").first.inner_text() == heading
            screenshot(page, f"language-settings-{language}-{size}")
            page.set_viewport_size({"width": context["viewport"]["width"], "height": 3000})
            screenshot(page, f"language-settings-{language}-{size}-whole")
            if size == "desktop":
                found[language] = blocking_violations(page)
            page.context.close()
    assert found == {"nl": [], "fr": []}
