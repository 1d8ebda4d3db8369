import pytest
from rest_framework.throttling import SimpleRateThrottle


@pytest.fixture
def generous_throttles(monkeypatch):
    """Whole games make thousands of requests within seconds; the throttle test uses the real
    mechanism with its own low rates."""
    monkeypatch.setattr(
        SimpleRateThrottle, "THROTTLE_RATES", {"anon": "100000/minute", "user": "100000/minute"}
    )
