"""Leagues: a club's seasons, entered by its members, paired round by round by the site,
which starts each round's games itself (their players get the start's mail).

Decisions:
- A season is created by a club's owner or admin; its members enter it until it
  begins. It begins at its start date (the heartbeat's sweep) or when an admin starts
  it, given at least one table's worth of entrants.
- A round's games are the club's (private when the club is invite-only), rated, with
  the season's time per move; a bot takes over a player who leaves at tables of 3 or
  more, as in the lobby. The maps are played in turn, round after round.
- The next round is paired once every game of the round is over: at the end of its last
  game, or by the sweep (which also catches a game ended by a forfeit). After the last
  round the season is finished and its standings are final.
- An entrant cannot withdraw once the season has begun, nor leave the club before it
  ends (services/clubs.py).
"""

import logging
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import (
    Club,
    ClubMember,
    Game,
    MapChoice,
    Season,
    SeasonBye,
    SeasonMember,
    SeasonStatus,
    Seat,
)
from games.models.game import MAX_TURN_SECONDS, MIN_TURN_SECONDS, OVER_STATUSES
from games.refusals.errors import ClubNotFound, GameNotActive, InvalidSettings, NotAllowed
from games.selectors.leagues import season_bye_counts, season_met_pairs, season_standings
from games.words.seat_colors import first_free_color

from .lobby import MAX_PLAYERS, MIN_PLAYERS, game_create_locked, game_start_locked, takeover_default
from .pairing import season_pairing

log = logging.getLogger(__name__)
MAX_ROUNDS = 30


def _club_manager(club_id: int | str, user: User) -> Club:
    try:
        club = Club.objects.get(pk=int(club_id))
    except (Club.DoesNotExist, TypeError, ValueError, OverflowError):
        raise ClubNotFound() from None
    member = ClubMember.objects.filter(club=club, user_id=user.pk).first()
    if member is None:
        if club.invite_only:
            raise ClubNotFound()
        raise NotAllowed(_("Only the club's members can do that."))
    if not member.manages:
        raise NotAllowed(_("Only the club's owner and admins can do that."))
    return club


def _locked_season(season_id: int | str) -> Season:
    try:
        return Season.objects.select_for_update().select_related("club").get(pk=int(season_id))
    except (Season.DoesNotExist, TypeError, ValueError, OverflowError):
        raise ClubNotFound() from None


def season_create(
    *,
    club_id: int | str,
    user: User,
    name: str,
    maps: list[str],
    table_size: int,
    turn_seconds: int,
    rounds: int,
    starts_at: datetime | None,
) -> Season:
    club = _club_manager(club_id, user)
    name = " ".join((name or "").split())
    if not 1 <= len(name) <= 60:
        raise InvalidSettings(_("A season's name has 1 to 60 characters."))
    maps = [m for m in dict.fromkeys(maps or [])]
    if not maps or any(m not in MapChoice.values for m in maps):
        raise InvalidSettings(_("Choose one or more of the maps on offer."))
    if not MIN_PLAYERS <= int(table_size) <= MAX_PLAYERS:
        raise InvalidSettings(
            _("A table has %(least)d to %(most)d seats.")
            % {"least": MIN_PLAYERS, "most": MAX_PLAYERS}
        )
    if not MIN_TURN_SECONDS <= int(turn_seconds) <= MAX_TURN_SECONDS:
        raise InvalidSettings(_("The time per move is between one hour and seven days."))
    if not 1 <= int(rounds) <= MAX_ROUNDS:
        raise InvalidSettings(_("A season has 1 to %(most)d rounds.") % {"most": MAX_ROUNDS})
    if starts_at is None:
        raise InvalidSettings(_("Choose the day the season begins."))
    members = ClubMember.objects.filter(club=club).count()
    if members < int(table_size):
        raise InvalidSettings(
            _(
                "A season needs at least %(needed)d members to fill one table; the club "
                "has %(members)d."
            )
            % {"needed": int(table_size), "members": members}
        )
    return Season.objects.create(
        club=club,
        name=name,
        maps=maps,
        table_size=int(table_size),
        turn_seconds=int(turn_seconds),
        rounds=int(rounds),
        starts_at=starts_at,
    )


def season_enter(*, season_id: int | str, user: User) -> SeasonMember:
    with transaction.atomic():
        season = _locked_season(season_id)
        if not ClubMember.objects.filter(club=season.club, user_id=user.pk).exists():
            if season.club.invite_only:
                raise ClubNotFound()
            raise NotAllowed(_("Only the club's members can enter its seasons."))
        if season.status != SeasonStatus.UPCOMING:
            raise GameNotActive(_("The season has begun: it takes no more entrants."))
        entry, _created = SeasonMember.objects.get_or_create(season=season, user=user)
        return entry


def season_withdraw(*, season_id: int | str, user: User) -> None:
    with transaction.atomic():
        season = _locked_season(season_id)
        entry = SeasonMember.objects.filter(season=season, user_id=user.pk).first()
        if entry is None:
            raise NotAllowed(_("You have not entered this season."))
        if season.status != SeasonStatus.UPCOMING:
            raise NotAllowed(
                _("The season has begun: its tables count on you until it has finished.")
            )
        entry.delete()


def season_start(*, season_id: int | str, user: User, now: datetime | None = None) -> Season:
    """An admin begins the season now rather than at its start date."""
    now = now or timezone.now()
    with transaction.atomic():
        season = _locked_season(season_id)
        _club_manager(season.club_id, user)
        if season.status != SeasonStatus.UPCOMING:
            raise GameNotActive(_("The season has begun already."))
        _begin(season, now)
    return season


def _begin(season: Season, now: datetime) -> None:
    entrants = SeasonMember.objects.filter(season=season).count()
    if entrants < season.table_size:
        raise InvalidSettings(
            _("A season needs at least %(needed)d entrants to fill one table; it has %(entrants)d.")
            % {"needed": season.table_size, "entrants": entrants}
        )
    season.status = SeasonStatus.RUNNING
    season.save(update_fields=["status"])
    _pair_round(season, now)


def _pair_round(season: Season, now: datetime) -> None:
    number = season.current_round + 1
    ranked = [row.user for row in season_standings(season=season) if row.user is not None]
    by_id = {user.pk: user for user in ranked}
    pairing = season_pairing(
        ranked=[user.pk for user in ranked],
        met=season_met_pairs(season=season),
        byes=season_bye_counts(season=season),
        table_size=season.table_size,
    )
    map_id = season.maps[(number - 1) % len(season.maps)]
    for table in pairing.tables:
        players = [by_id[pk] for pk in table]
        game = game_create_locked(
            creator=players[0],
            map_id=map_id,
            max_players=len(players),
            turn_seconds=season.turn_seconds,
            is_private=season.club.invite_only,
            rated=True,
            bot_takeover=takeover_default(max_players=len(players)),
            club=season.club,
            season=season,
            season_round=number,
        )
        colours = {first_free_color(set())}
        for order, player in enumerate(players[1:], start=1):
            colour = first_free_color(colours)
            colours.add(colour)
            Seat.objects.create(game=game, user=player, order=order, color=colour)
        game_start_locked(game=game)
    for pk in pairing.byes:
        SeasonBye.objects.create(season=season, user_id=pk, round=number)
    season.current_round = number
    season.save(update_fields=["current_round"])
    log.info("season %s: round %s paired at %s", season.pk, number, now.isoformat())


def season_advance(*, season_id: int | str, now: datetime) -> bool:
    """Begin a due season, pair its next round once the round is over, or finish it.
    Safe to run twice or in two workers (the season's row is locked). True if it moved."""
    with transaction.atomic():
        season = _locked_season(season_id)
        if season.status == SeasonStatus.UPCOMING:
            if season.starts_at > now:
                return False
            try:
                _begin(season, now)
            except InvalidSettings:
                return False  # too few entrants yet: it waits for more
            return True
        if season.status != SeasonStatus.RUNNING:
            return False
        round_games = Game.objects.filter(season=season, season_round=season.current_round)
        if round_games.exclude(status__in=OVER_STATUSES).exists():
            return False
        if season.current_round >= season.rounds:
            season.status = SeasonStatus.FINISHED
            season.finished_at = now
            season.save(update_fields=["status", "finished_at"])
            return True
        _pair_round(season, now)
        return True


def season_list_due(*, now: datetime) -> list[int]:
    """The seasons the sweep looks at: begun ones, and those due to begin."""
    return list(
        Season.objects.filter(status=SeasonStatus.RUNNING).values_list("pk", flat=True)
    ) + list(
        Season.objects.filter(status=SeasonStatus.UPCOMING, starts_at__lte=now).values_list(
            "pk", flat=True
        )
    )


def season_after_game(*, game_id: int) -> None:
    """After a season game's end has committed: the round may be over."""
    season_id = Game.objects.filter(pk=game_id).values_list("season_id", flat=True).first()
    if season_id is not None:
        season_advance(season_id=season_id, now=timezone.now())
