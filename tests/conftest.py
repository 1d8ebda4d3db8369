import pytest
from django.core.cache import cache


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
