"""Every page has unique ids: a label's `for` then names its own field (the lobby shows the
new-game form and the play-against-bots form side by side)."""

import re
from collections import Counter

import pytest
from game_steps import make_user, started_game

pytestmark = pytest.mark.django_db


def repeated_ids(html: str) -> list[str]:
    # Not a card picture's own gradient: each locomotive card carries the same one, so
    # whichever `url(#...)` resolves to paints the same; no label or script names it.
    ids = re.findall(r'<(?!linearGradient)[a-zA-Z]+\s[^>]*?\bid="([^"]+)"', html)
    return sorted(name for name, count in Counter(ids).items() if count > 1)


def test_the_pages_a_player_visits_repeat_no_id(client):
    ann, bob = make_user("ann"), make_user("bob")
    game = started_game([ann, bob])
    client.force_login(ann)
    pages = ["/games/", "/games/mine/", "/settings/", "/clubs/", f"/games/{game.pk}/", "/"]
    found = {}
    for url in pages:
        page = client.get(url, follow=True)
        assert page.status_code == 200, url
        found[url] = repeated_ids(page.content.decode())
    assert found == {url: [] for url in pages}
    lobby = client.get("/games/").content.decode()
    assert 'for="bots_map_id"' in lobby and 'id="bots_map_id"' in lobby
