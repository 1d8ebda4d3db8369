"""Every page has unique ids: a label's `for` then names its own field (the lobby shows the
new-game form and the play-against-bots form side by side)."""

import re
from collections import Counter

import pytest
from game_steps import make_user, started_game

pytestmark = pytest.mark.django_db


def repeated_ids(html: str) -> list[str]:
    ids = re.findall(r'<[a-zA-Z]+\s[^>]*?\bid="([^"]+)"', html)
    return sorted(name for name, count in Counter(ids).items() if count > 1)


def test_the_pages_a_player_visits_repeat_no_id(client):
    ann, bob = make_user("ann"), make_user("bob")
    game = started_game([ann, bob])
    client.force_login(ann)
    pages = [
        "/games/",
        "/games/mine/",
        "/settings/",
        "/clubs/",
        f"/games/{game.pk}/",
        f"/games/{game.pk}/replay/",
        "/",
    ]
    found = {}
    for url in pages:
        page = client.get(url, follow=True)
        assert page.status_code == 200, url
        found[url] = repeated_ids(page.content.decode())
    assert found == {url: [] for url in pages}
    lobby = client.get("/games/").content.decode()
    assert 'for="bots_map_id"' in lobby and 'id="bots_map_id"' in lobby


def test_the_locomotives_of_a_game_page_share_the_one_rainbow(client):
    ann, bob = make_user("ann"), make_user("bob")
    game = started_game([ann, bob])
    state = dict(game.state)
    state["face_up"] = ["locomotive", "locomotive", "red", "locomotive", "blue"]
    state["players"] = {
        pid: {**player, "hand": {**player["hand"], "locomotive": 2}}
        for pid, player in state["players"].items()
    }
    game.state = state
    game.save(update_fields=["state"])
    client.force_login(ann)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert html.count('fill="url(#ttr-rainbow)"') == 4  # three face up, one in the hand
    assert html.count('id="ttr-rainbow"') == 1
