"""A page's poll and stream ticket holds only while its holder may see the game: leaving
the game, leaving or being removed from its club, or logging out voids every ticket the
user's pages hold at once. Their polls then go the slow way (the session, whose access is
checked as any page's), their streams close and open no more, and the game's fragments
answer as for a game that does not exist; who may still see the game goes on seeing it."""

from urllib.parse import quote

import pytest
from django.core.cache import cache
from django.test import Client
from game_steps import make_users, started_game
from live_stream import stream_server  # noqa: F401 (a fixture)
from wsgi_calls import wsgi_call

from games.live.poll import poll_ticket, ticket_viewer
from games.services.bots import game_add_bot
from games.services.clubs import club_create, club_join, club_member_remove
from games.services.lobby import game_create, game_join, game_leave

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.serial]


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def wsgi_poll(game, ticket) -> int:
    """The status the site's WSGI application gives a poll with this ticket and no session
    (its fast path answers a ticket that holds; Django the rest)."""
    status, _headers, _body = wsgi_call(f"/games/{game.pk}/version/", {"v": 0, "t": ticket})
    return int(status.split()[0])


def stream_path(game, ticket) -> str:
    return f"/games/{game.pk}/stream/?t={quote(ticket, safe='')}"


def fragments(game) -> list[str]:
    return [
        f"/games/{game.pk}/",
        f"/games/{game.pk}/station/",
        f"/games/{game.pk}/chat/",
        f"/games/{game.pk}/log/",
        f"/games/{game.pk}/version/?v=0",
    ]


def open_private_game():
    ann, bob = make_users("ann", "bob")
    game = game_create(creator=ann, map_id="usa", max_players=4, is_private=True)
    game_join(game_id=game.pk, user=bob, invite_token=game.invite_token)
    game.refresh_from_db()
    return game, ann, bob


def test_leaving_a_game_voids_the_poll_ticket_and_the_fragments():
    game, ann, bob = open_private_game()
    ticket = poll_ticket(game.pk, bob)
    page = client_for(bob)
    assert wsgi_poll(game, ticket) == 200
    assert page.get(f"/games/{game.pk}/version/", {"v": 0, "t": ticket}).status_code == 200

    game_leave(game_id=game.pk, user=bob)
    assert ticket_viewer(ticket, game.pk) is None
    assert wsgi_poll(game, ticket) == 404
    assert page.get(f"/games/{game.pk}/version/", {"v": 0, "t": ticket}).status_code == 404
    for path in fragments(game):
        assert page.get(path, HTTP_HX_REQUEST="true").status_code == 404, path
    # The creator, still seated, polls on with the ticket she had.
    assert wsgi_poll(game, poll_ticket(game.pk, ann)) == 200


def test_logging_out_voids_every_ticket_of_the_user_and_only_theirs():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], is_private=True)
    other = started_game(make_users("cat", "dan") + [ann], is_private=True)
    tickets = {g: poll_ticket(g.pk, ann) for g in (game, other)}
    bobs = poll_ticket(game.pk, bob)
    page = client_for(ann)
    for fragment in fragments(game):
        assert page.get(fragment, HTTP_HX_REQUEST="true").status_code in (200, 204)

    assert page.post("/accounts/logout/").status_code == 302
    for g, ticket in tickets.items():
        assert wsgi_poll(g, ticket) == 404
        assert page.get(f"/games/{g.pk}/version/", {"v": 0, "t": ticket}).status_code == 404
    for fragment in fragments(game):
        answer = page.get(fragment, HTTP_HX_REQUEST="true")
        assert answer.status_code == 404, fragment
    assert wsgi_poll(game, bobs) == 200  # bob's page is not ann's

    # Back in, ann is seated still: a new page's ticket holds, and the old one's page
    # polls with her session.
    again = client_for(ann)
    assert wsgi_poll(game, poll_ticket(game.pk, ann)) == 200
    assert again.get(f"/games/{game.pk}/version/", {"v": 0, "t": tickets[game]}).status_code == 200


def test_removal_from_the_club_voids_the_ticket_but_not_a_seat_s_right_to_look():
    ann, bob = make_users("ann", "bob")
    club = club_create(creator=ann, name="Night trains", invite_only=True)
    club_join(club_id=club.pk, user=bob, token=club.invite_token)
    game = game_create(creator=ann, map_id="usa", max_players=3, is_private=True, club=club)
    game_join(game_id=game.pk, user=bob)
    ticket = poll_ticket(game.pk, bob)
    club_member_remove(club_id=club.pk, user=ann, username="bob")
    assert ticket_viewer(ticket, game.pk) is None
    assert wsgi_poll(game, ticket) == 404
    # Seated still, bob sees the game through his session as every page checks it.
    assert (
        client_for(bob).get(f"/games/{game.pk}/version/", {"v": 0, "t": ticket}).status_code == 200
    )


def test_a_lost_epoch_sends_pages_the_slow_way_rather_than_letting_them_in():
    game, ann, bob = open_private_game()
    ticket = poll_ticket(game.pk, bob)
    cache.clear()  # Redis restarted, say
    assert wsgi_poll(game, ticket) == 404
    assert (
        client_for(bob).get(f"/games/{game.pk}/version/", {"v": 0, "t": ticket}).status_code == 200
    )


def test_a_stream_closes_when_its_holder_leaves_and_opens_no_more(stream_server):  # noqa: F811
    game, ann, bob = open_private_game()
    ticket = poll_ticket(game.pk, bob)
    stream = stream_server.open(stream_path(game, ticket))
    assert stream.status == 200
    assert stream.next_version()["v"] == game.version
    ann_stream = stream_server.open(stream_path(game, poll_ticket(game.pk, ann)))
    ann_stream.next_version()

    game_leave(game_id=game.pk, user=bob)
    with pytest.raises(EOFError):
        while True:  # nothing but the end, or a ping before it
            name, data = stream.next_event()
            assert name == "ping", (name, data)
    stream.close()
    assert stream_server.open(stream_path(game, ticket)).status == 403
    game.refresh_from_db()
    assert ann_stream.next_version()["v"] == game.version  # ann hears on
    ann_stream.close()


def test_the_stream_checks_its_tickets_again_on_news(stream_server):  # noqa: F811
    """Should the word that a user's access ended be lost, the next news of the game closes
    their stream before it tells them anything."""
    game, ann, bob = open_private_game()
    ticket = poll_ticket(game.pk, bob)
    stream = stream_server.open(stream_path(game, ticket))
    first = stream.next_version()
    cache.delete(f"access-epoch:u{bob.pk}")  # voided, with no word sent
    game_add_bot(game_id=game.pk, user=ann, level="casual")
    with pytest.raises(EOFError):
        while True:
            name, data = stream.next_event()
            assert name == "ping", (name, data, first)
    stream.close()
