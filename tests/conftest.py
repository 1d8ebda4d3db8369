import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import translation


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttle counters and cached pages never leak from one test into the next."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _bots_move_at_once(settings):
    """A bot's human-like pause is 0 in tests."""
    settings.BOT_MOVE_DELAY_SECONDS = 0


@pytest.fixture(autouse=True)
def _english_to_begin_with():
    """A request in another language leaves that language active in its thread (the locale
    middleware does not switch back): each test starts in English, as a fresh process does."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
