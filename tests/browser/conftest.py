import pytest
from browser_steps import CHROMIUM, CHROMIUM_ARGS
from django.db import connections


@pytest.fixture
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()
        # While Playwright's loop runs, the test's own ORM calls get connections of their
        # own (Django keeps them per async context); close them here, in that context, or
        # they outlive the test database.
        connections.close_all()
