"""The club page and a season's standings in Chromium, at the desktop's and the phone's
size: members with their karma, who is invited and the link's New link, the club's own
leaderboard, its games and chat; the standings with points per round and the league's
rules. Screenshots for the record."""

from browser_steps import BROWSER_TEST, confirmed_user, log_in
from django.utils import timezone
from playwright.sync_api import expect
from table_views import SIZES, screenshot

from games.models import Game, GameStatus, Seat
from games.services.clubs import club_chat_post, club_create, club_invite, club_join
from games.services.leagues import season_advance, season_create, season_enter, season_start

pytestmark = BROWSER_TEST


def _finish_round(season, number):
    """The round's games end as if played out: places and scores as a finished game has."""
    for game in Game.objects.filter(season=season, season_round=number).order_by("pk"):
        seats = list(game.seats.order_by("order"))
        for place, seat in enumerate(seats, start=1):
            Seat.objects.filter(pk=seat.pk).update(
                place=place, final_score=120 - 20 * place - game.pk % 7, to_move=False
            )
        Game.objects.filter(pk=game.pk).update(
            status=GameStatus.FINISHED, finished_at=timezone.now(), deadline=None
        )
    season_advance(season_id=season.pk, now=timezone.now())


def test_the_club_page_and_the_standings_at_both_sizes(chromium, live_server):
    names = ["ann", "bob", "cy", "dee", "eli"]
    people = [confirmed_user(name) for name in names]
    club = club_create(
        creator=people[0],
        name="Slow Trains Society",
        description="Correspondence games, one move a day, since 2024.",
    )
    for person in people[1:]:
        club_join(club_id=club.pk, user=person)
    club_chat_post(club_id=club.pk, user=people[1], text="Round two is paired: good luck all!")
    confirmed_user("zed")
    club_invite(club_id=club.pk, inviter=people[0], usernames=["zed"])
    season = season_create(
        club_id=club.pk,
        user=people[0],
        name="Winter league",
        maps=["usa", "europe"],
        table_size=2,
        turn_seconds=86400,
        rounds=3,
        starts_at=timezone.now(),
    )
    for person in people:
        season_enter(season_id=season.pk, user=person)
    season_start(season_id=season.pk, user=people[0])
    _finish_round(season, 1)
    _finish_round(season, 2)

    for size, context in SIZES.items():
        page = log_in(chromium, live_server, "ann", context=context)
        errors: list[str] = []
        page.on(
            "console", lambda m, seen=errors: seen.append(m.text) if m.type == "error" else None
        )
        page.goto(f"{live_server.url}/clubs/{club.pk}/")
        expect(page.locator("h1")).to_have_text("Slow Trains Society")
        members = page.locator(".members li")
        expect(members).to_have_count(5)
        expect(members.first).to_contain_text("ann")
        expect(members.first).to_contain_text("karma 100%")
        expect(page.locator(".club-table").first).to_be_visible()
        expect(page.locator(".chat-lines")).to_contain_text("Round two is paired")
        # The owner sees who is invited, each with Withdraw, and the link's New link.
        expect(page.locator(".invitations li")).to_contain_text("zed")
        expect(page.get_by_role("button", name="Withdraw")).to_be_visible()
        expect(page.get_by_role("button", name="New link")).to_be_visible()
        screenshot(page, f"club-page-{size}")
        page.goto(f"{live_server.url}/clubs/{club.pk}/seasons/{season.pk}/")
        rows = page.locator("table.standings tbody tr")
        expect(rows).to_have_count(5)
        expect(page.locator("#rules-heading")).to_have_text("How the league counts")
        expect(page.locator("#round-3")).to_be_visible()
        screenshot(page, f"season-standings-{size}")
        assert errors == []
        page.context.close()
