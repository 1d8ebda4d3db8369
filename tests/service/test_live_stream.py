"""The open pages' event streams: a page is told each new version the moment its move, chat
message or clock change commits, and nothing else; a bad ticket gets no stream."""

import json
import secrets
from urllib.parse import quote

import pytest
from game_steps import make_users, started_game, who_must_act
from live_stream import stream_server  # noqa: F401 (a fixture)

from games import engine
from games.live.poll import poll_ticket
from games.models import Game
from games.services.chat import chat_post
from games.services.extra_time import game_give_time
from games.services.play import game_play
from games.web.views.watch_parts import watch_parts

# They start the stream server and the web server, as the other tests of this folder do.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.serial]


def stream_path(game, user) -> str:
    return f"/games/{game.pk}/stream/?t={quote(poll_ticket(game.pk, user), safe='')}"


def play_first_legal(game):
    seat = who_must_act(game)[0]
    state = engine.State.from_dict(game.state)
    action = engine.legal_actions(state, seat.player_id)[0]
    game_play(
        game_id=game.pk, user=seat.user, action=action.to_dict(), expected_version=game.version
    )
    game.refresh_from_db()
    return seat


def test_a_page_is_told_each_move_and_chat_message_as_it_commits(stream_server):  # noqa: F811
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    stream = stream_server.open(stream_path(game, bob))
    assert stream.status == 200
    assert stream.headers["content-type"].startswith("text/event-stream")
    assert stream.headers["x-accel-buffering"] == "no"
    assert stream.next_version() == {"v": game.version, "c": game.chat_version}

    play_first_legal(game)
    assert stream.next_version() == {"v": game.version, "c": game.chat_version}

    chat_post(game_id=game.pk, user=ann, text="hello")
    game.refresh_from_db()
    assert stream.next_version() == {"v": game.version, "c": game.chat_version}
    stream.close()


def test_more_time_given_reaches_the_open_pages(stream_server):  # noqa: F811
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    while engine.player_view(engine.State.from_dict(game.state), None)["phase"] != "play":
        play_first_legal(game)
    to_move = who_must_act(game)[0]
    giver = ann if to_move.user_id == bob.pk else bob
    stream = stream_server.open(stream_path(game, giver))
    assert stream.next_version()["v"] == game.version
    game_give_time(game_id=game.pk, user=giver, expected_version=game.version)
    game.refresh_from_db()
    assert stream.next_version()["v"] == game.version
    stream.close()


def test_every_viewer_hears_the_same_public_numbers_and_nothing_else(stream_server):  # noqa: F811
    """Noninterference: what a stream carries does not depend on whose page it is (players,
    a stranger, nobody signed in), and is the two versions only."""
    ann, bob, eve = make_users("ann", "bob", "eve")
    game = started_game([ann, bob])
    streams = [stream_server.open(stream_path(game, user)) for user in (ann, bob, eve, None)]
    heard = [[stream.next_event()] for stream in streams]
    for _ in range(3):
        play_first_legal(game)
        for stream, events in zip(streams, heard, strict=True):
            events.append(stream.next_event())
    assert all(events == heard[0] for events in heard), heard
    for name, data in heard[0]:
        assert name == "version"
        assert set(json.loads(data)) == {"v", "c"}
    for stream in streams:
        stream.close()


def test_every_page_is_sent_the_tables_public_parts_and_the_next_mover_is_told_to_act(
    stream_server,  # noqa: F811
):
    """A page in a language and time zone is sent what a spectator sees of the new version:
    the same bytes for a player who waits, for a stranger and for the player who must act
    now, whose page is told so ("act") and which of the parts it keeps its own of (its
    board's links): it fetches only its viewer's own parts."""
    ann, bob, eve = make_users("ann", "bob", "eve")
    game = started_game([ann, bob])
    while engine.player_view(engine.State.from_dict(game.state), None)["phase"] != "play":
        play_first_legal(game)
    shown_in = "&lang=nl&tz=Europe%2FAmsterdam"
    streams = {
        u.username: stream_server.open(stream_path(game, u) + shown_in) for u in (ann, bob, eve)
    }
    for stream in streams.values():
        assert stream.next_event()[0] == "version"
    play_first_legal(game)
    must_act = {seat.user.username for seat in who_must_act(game)}
    heard = {name: stream.next_event() for name, stream in streams.items()}
    assert {event for event, _data in heard.values()} == {"parts"}
    told = {name: json.loads(data) for name, (_event, data) in heard.items()}
    watching = [told[name] for name in told if name not in must_act]
    assert len(watching) == 2 and watching[0] == watching[1], heard
    parts = watching[0]
    assert set(parts) == {"v", "c", "html", "since"}
    assert (parts["v"], parts["c"]) == (game.version, game.chat_version)
    for name in must_act:
        assert told[name] == {**parts, "act": True, "own": ["board"]}
    # Each page was told the version before: it is sent what the move changed since then.
    assert parts["since"] == game.version - 1
    assert 'id="players-part"' in parts["html"] and 'id="log-part"' in parts["html"]
    assert "Logboek" in parts["html"]  # the log's heading, in the page's language
    assert "Jouw kaarten" not in parts["html"]  # nobody's hand
    for stream in streams.values():
        stream.close()


def test_a_game_that_moved_on_while_its_parts_were_drawn_is_told_as_it_stands(settings):
    """The mover's second card often commits while the stream draws the parts of the first:
    the pages are sent the parts of the game as it stands then, at its newer version, not a
    bare version that would send every one of them to fetch the table."""
    from live_stream import StreamServer

    ann, bob, eve = make_users("ann", "bob", "eve")
    game = started_game([ann, bob])
    while engine.player_view(engine.State.from_dict(game.state), None)["phase"] != "play":
        play_first_legal(game)
    moved_on = []

    def drawn_after_another_move(game_id, language, zone, *since):
        if not moved_on:  # the first drawing: another move commits before it reads the game
            moved_on.append(play_first_legal(Game.objects.get(pk=game_id)))
        return watch_parts(game_id, language, zone, *since)

    settings.LIVE_CHANNEL = f"ttr:test:{secrets.token_hex(6)}"
    server = StreamServer(render_parts=drawn_after_another_move)
    server.start()
    try:
        stream = server.open(stream_path(game, eve) + "&lang=en-gb&tz=UTC")
        assert stream.next_event()[0] == "version"
        play_first_legal(game)
        name, data = stream.next_event()
        game.refresh_from_db()
        assert moved_on, "the stream drew no parts"
        assert name == "parts", (name, data)
        parts = json.loads(data)
        assert (parts["v"], parts["c"]) == (game.version, game.chat_version)
        assert "since" not in parts  # every public part: the page showed an older version
        assert 'id="log-part"' in parts["html"] and 'id="draw-part"' in parts["html"]
        stream.close()
    finally:
        server.stop()


@pytest.mark.parametrize(
    "path",
    [
        "/games/{id}/stream/",
        "/games/{id}/stream/?t=forged",
        "/games/{other}/stream/?t={ticket}",
        "/games/{id}/version/?t={ticket}",
    ],
)
def test_no_stream_without_the_pages_ticket_for_that_game(stream_server, path):  # noqa: F811
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    other = Game.objects.exclude(pk=game.pk).values_list("pk", flat=True).first() or game.pk + 1
    url = path.format(id=game.pk, other=other, ticket=quote(poll_ticket(game.pk, ann), safe=""))
    stream = stream_server.open(url)
    assert stream.status in (403, 404)
    assert not stream.headers.get("content-type", "").startswith("text/event-stream")
    stream.close()
