import pytest

from games.engine.maps import get_map


@pytest.fixture(params=["usa", "europe"])
def game_map(request):
    return get_map(request.param)
