import pytest
from browser_steps import CHROMIUM, CHROMIUM_ARGS
from django.db import connections
from live_stream import stream_server  # noqa: F401 (a fixture)


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


@pytest.fixture
def streamed_site(settings, live_server, stream_server):  # noqa: F811
    """The pages open their streams at the test's stream server (another port)."""
    settings.SITE_URL = live_server.url
    settings.LIVE_STREAM_ORIGIN = stream_server.origin
    policy = dict(settings.SECURE_CSP)
    policy["connect-src"] = [*policy["connect-src"], stream_server.origin]
    settings.SECURE_CSP = policy
    return stream_server
