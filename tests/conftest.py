import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttle counters and cached pages never leak from one test into the next."""
    cache.clear()
    yield
    cache.clear()
