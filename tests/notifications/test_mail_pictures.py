"""The table as a picture in the mails: what each reader's picture shows, and that it shows
nothing of what they may not see (another hand, another player's tickets, the deck order,
the seed)."""

import email.policy
import io
import random
import re
from datetime import date

import pytest
from django.core import mail
from game_steps import keep_opening_tickets, play_a_turn, play_to_the_end, started_game
from i18n.english import english_left
from mail_steps import make_player
from PIL import Image

from games import engine
from games.mail import picture as picture_module
from games.mail.keys import digest_key, turn_key
from games.mail.send import build, to_message
from games.models import Game, Notification
from games.services.play import game_play

pytestmark = pytest.mark.django_db

SEED = 918273645  # a number no drawing has a reason to hold
TURN_KINDS = ("your_turn", "reminder", "last_warning")


def a_row(kind, game, user):
    if kind == "digest":
        key = digest_key(user_id=user.pk, day=date(2026, 12, 5))
        return Notification.objects.get_or_create(key=key, defaults={"user": user, "kind": kind})[0]
    key = turn_key(kind, game_id=game.pk, started_at=game.turn_started_at, user_id=user.pk)
    return Notification.objects.get_or_create(
        key=key, defaults={"user": user, "game": game, "kind": kind}
    )[0]


def three_player_game():
    users = [make_player(name) for name in ("ann", "bob", "cy")]
    game = started_game(users, seed=SEED)
    keep_opening_tickets(game)
    rng = random.Random(5)
    for _ in range(12):  # cards drawn, and some routes claimed, so the last moves show
        (seat,) = [s for s in game.seats.all() if s.to_move]
        state = engine.State.from_dict(game.state)
        options = [a.to_dict() for a in engine.legal_actions(state, seat.player_id)]
        claims = [a for a in options if a["type"] == "claim_route"]
        if claims:
            game_play(
                game_id=game.pk,
                user=seat.user,
                action=rng.choice(claims),
                expected_version=game.version,
            )
            game.refresh_from_db()
        else:
            play_a_turn(game)
    return game, users


def pictures_of(kind, game, user):
    """Every picture of one mail, built as the mail task builds it."""
    message = build(a_row(kind, game, user))
    return message, message.pictures if message else []


def hidden_shuffled(game):
    """The stored game with everything its players may not see changed: the other hands and
    tickets dealt anew (same counts), the decks in another order, another seed."""
    state = dict(game.state)
    players = {p: dict(entry) for p, entry in state["players"].items()}
    state["deck"] = state["deck"][::-1]
    state["ticket_deck"] = state["ticket_deck"][::-1]
    state["seed"] = SEED + 1
    state["players"] = players
    return state, players


def with_others_changed(game, reader):
    state, players = hidden_shuffled(game)
    reader_id = game.seats.get(user=reader).player_id
    unused = [t for t in state["ticket_deck"]]
    for pid, entry in players.items():
        if pid == reader_id:
            continue
        total = sum(entry["hand"].values())
        entry["hand"] = {"locomotive": total} if total else {}
        count = len(entry["tickets"])
        entry["tickets"], unused = unused[:count], unused[count:]
    Game.objects.filter(pk=game.pk).update(state=state, seed=SEED + 1)
    game.refresh_from_db()


def test_each_reader_sees_their_own_hand_and_tickets_and_nothing_hidden():
    game, users = three_player_game()
    kinds = [*TURN_KINDS, "digest"]
    before = {}
    for user in users:
        seat = game.seats.get(user=user)
        own = engine.player_view(engine.State.from_dict(game.state), seat.player_id)
        own_tickets = set(own["players"][seat.player_id]["tickets"])
        others = {
            ticket for other in game.state["players"].values() for ticket in other["tickets"]
        } - own_tickets
        for kind in kinds:
            if kind == "digest" and not seat.to_move:
                continue  # the digest lists only the games that wait for its reader
            message, pictures = pictures_of(kind, game, user)
            assert pictures, (kind, user)
            for picture in pictures:
                shown = set(re.findall(r'data-ticket="([^"]+)"', picture.svg))
                if kind != "digest":
                    assert shown == own_tickets  # all of theirs
                assert not shown & others  # none of another's
                assert str(SEED) not in picture.svg + picture.alt
                assert picture.svg.count("Your cards") <= 2  # the label and their own hand
                assert picture.src in message.html
            before[user.pk, kind] = [(p.svg, p.alt) for p in pictures]
    # What the readers may not see changes; not one of their pictures may change with it.
    stored = game.state
    for user in users:
        Game.objects.filter(pk=game.pk).update(state=stored, seed=SEED)
        game.refresh_from_db()
        with_others_changed(game, user)
        for kind in kinds:
            if (user.pk, kind) in before:
                _message, pictures = pictures_of(kind, game, user)
                assert [(p.svg, p.alt) for p in pictures] == before[user.pk, kind], (kind, user)


def test_the_your_turn_mail_carries_the_picture_inline_and_the_text_part_is_unchanged():
    game, users = three_player_game()
    (seat,) = [s for s in game.seats.select_related("user") if s.to_move]
    message = build(a_row("your_turn", game, seat.user))
    (picture,) = message.pictures
    own = engine.player_view(engine.State.from_dict(game.state), seat.player_id)
    hand = own["players"][seat.player_id]["hand"]
    assert "Your cards:" in picture.alt and "Your tickets:" in picture.alt
    assert "Since your last turn:" in picture.alt
    assert all(f"{count} " in picture.alt for count in hand.values() if count)
    assert picture.png.startswith(b"\x89PNG")

    to_message(message).send()
    (sent,) = mail.outbox
    parsed = email.message_from_bytes(sent.message().as_bytes(), policy=email.policy.default)
    text = parsed.get_body(("plain",))
    assert "cid:" not in text.get_content() and "<img" not in text.get_content()
    html = parsed.get_body(("html",))
    related = next(p for p in parsed.walk() if p.get_content_type() == "multipart/related")
    image = next(p for p in related.iter_parts() if p.get_content_type() == "image/png")
    assert image["Content-ID"] == f"<{picture.cid}>"
    assert image.get_content() == picture.png
    assert f'src="cid:{picture.cid}"' in html.get_content()


def test_the_result_mail_shows_the_final_board_with_the_longest_path_and_totals():
    game, users = three_player_game()
    play_to_the_end(game, random.Random(2))
    game.refresh_from_db()
    final = engine.player_view(engine.State.from_dict(game.state), None)["final"]
    for user in users:
        row = Notification.objects.filter(user=user, game=game, kind="result").first()
        message = build(row)
        (picture,) = message.pictures
        assert 'class="hl"' in picture.svg  # the longest path's band
        assert "data-ticket" not in picture.svg  # no hand, no tickets: the game is over
        for seat in game.seats.select_related("user"):
            total = final["players"][seat.player_id]["total"]
            assert f"{seat.user.username}: {total} point" in picture.svg


def test_a_reader_who_turned_pictures_off_gets_the_mail_without_one(client):
    game, users = three_player_game()
    (seat,) = [s for s in game.seats.select_related("user") if s.to_move]
    profile = seat.user.profile
    profile.email_pictures = False
    profile.save()
    message = build(a_row("your_turn", game, seat.user))
    assert message.pictures == [] and "cid:" not in message.html


def test_the_picture_and_its_words_are_in_the_reader_s_language():
    game, users = three_player_game()
    (seat,) = [s for s in game.seats.select_related("user") if s.to_move]
    profile = seat.user.profile
    for language in ("nl", "sv", "fr"):
        profile.language = language
        profile.save()
        (picture,) = build(a_row("your_turn", game, seat.user)).pictures
        # Every word the picture draws or names (its texts and labels), and the alt text.
        words = re.findall(r">([^<>]+)</(?:text|title)>", picture.svg)
        words += re.findall(r'aria-label="([^"]+)"', picture.svg)
        shown = "".join(f"<p>{piece}</p>" for piece in [picture.alt, *words])
        assert english_left(shown, language) == [], language


def test_a_picture_that_cannot_be_drawn_leaves_the_mail_whole_without_it(monkeypatch):
    game, users = three_player_game()
    (seat,) = [s for s in game.seats.select_related("user") if s.to_move]

    def refuses(**_kwargs):
        raise ValueError("SVG data parsing failed")  # what resvg says of an SVG it cannot read

    monkeypatch.setattr(picture_module.resvg_py, "svg_to_bytes", refuses)
    message = build(a_row("your_turn", game, seat.user))
    assert message.pictures == [] and "cid:" not in message.html
    assert "It's your turn in game" in message.html


def test_a_locomotive_in_the_picture_is_painted_in_its_rainbow():
    """The picture is drawn alone (resvg, then the mail): it defines the rainbow every
    locomotive card names, once, and the reader's locomotives are painted in it."""
    game, _users = three_player_game()
    (seat,) = [s for s in game.seats.select_related("user") if s.to_move]
    state = dict(game.state)
    state["players"] = {
        pid: {**entry, "hand": {"locomotive": 3} if pid == seat.player_id else entry["hand"]}
        for pid, entry in state["players"].items()
    }
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    _message, pictures = pictures_of("your_turn", game, seat.user)
    svg = pictures[0].svg
    assert svg.count('id="ttr-rainbow"') == 1 and 'fill="url(#ttr-rainbow)"' in svg
    # The hand's one card, where the picture placed it: red to orange at its left, blue to
    # purple at its bottom right, as the rainbow runs, away from the card's words and
    # drawing (unpainted, it would show the white beneath).
    hand = re.search(
        r'<svg [^>]*aria-label="Your cards[^"]*" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"'
        r' height="([\d.]+)"',
        svg,
    )
    x, y, width, height = (float(v) for v in hand.groups())
    image = Image.open(io.BytesIO(picture_module.rasterise(svg))).convert("RGB")
    red, green, blue = image.getpixel((int(x + width * 0.12), int(y + height * 0.3)))
    assert red > green + 60 and red > blue + 60
    red, green, blue = image.getpixel((int(x + width * 0.9), int(y + height * 0.8)))
    assert blue > green + 40 and blue > red + 40
