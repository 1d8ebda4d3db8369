"""Lobby forms: they only parse what the player chose; the services decide what is allowed."""

from django import forms
from django.conf import settings
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.engine import MAX_PLAYERS
from games.models import BotLevel, MapChoice
from games.models.game import BANK_CHOICES, DEFAULT_TURN_SECONDS
from games.services.lobby import takeover_default

HOUR = 60 * 60
DAY = 24 * HOUR

TURN_TIME_CHOICES = [
    (HOUR, _("1 hour")),
    (6 * HOUR, _("6 hours")),
    (12 * HOUR, _("12 hours")),
    (DAY, _("1 day")),
    (2 * DAY, _("2 days")),
    (3 * DAY, _("3 days")),
    (7 * DAY, _("7 days")),
]

BANK_LABELS = {0: _("Off"), DAY: _("1 day"), 3 * DAY: _("3 days"), 7 * DAY: _("7 days")}


def _players(n: int) -> str:
    return ngettext("%(n)d player", "%(n)d players", n) % {"n": n}


# Built at import: each label is said in the language of the page that shows it.
SEAT_CHOICES = [(n, lazy(_players, str)(n)) for n in range(2, 6)]


def _choice_field(form: forms.Form, name: str) -> forms.ChoiceField:
    """The form's own copy of a choice field it declares (form.fields names every field
    a plain Field)."""
    field = form.fields[name]
    if not isinstance(field, forms.ChoiceField):
        raise TypeError(f"{type(form).__name__}.{name} is not a choice field")
    return field


class GameCreateForm(forms.Form):
    map_id = forms.ChoiceField(label=_("Map"), choices=MapChoice.choices, initial=MapChoice.USA)
    max_players = forms.TypedChoiceField(
        label=_("Seats"), choices=SEAT_CHOICES, coerce=int, initial=4
    )
    turn_seconds = forms.TypedChoiceField(
        label=_("Time per move"),
        choices=TURN_TIME_CHOICES,
        coerce=int,
        initial=DEFAULT_TURN_SECONDS,
        help_text=_("A player who lets it run out is out of the game."),
    )
    bank_seconds = forms.TypedChoiceField(
        label=_("Time bank"),
        choices=[(seconds, BANK_LABELS[seconds]) for seconds in BANK_CHOICES],
        coerce=int,
        initial=0,
        required=False,
        # Django returns empty_value as given; the stubs allow only text or None.
        empty_value=0,  # type: ignore[arg-type]
        help_text=_(
            "A reserve each player's clock runs into once a move's time is used up; never refilled."
        ),
    )
    allow_vacations = forms.BooleanField(
        label=_("Vacations stop the clock"),
        required=False,
        initial=True,
        help_text=_("Untick for a fast game: a player's time away then does not stop it."),
    )
    is_private = forms.BooleanField(
        label=_("Private (only people with the invitation link can join)"), required=False
    )
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    takeover = forms.ChoiceField(
        label=_("When a player runs out of time or resigns"),
        choices=[
            ("default", _("A bot takes over in games of 3 or more, else skip the seat")),
            ("bot", _("A bot takes over (it plays their hand and tickets on)")),
            ("skip", _("Skip the seat")),
        ],
        initial="default",
        required=False,
        help_text=_("Either way the player who left counts as last in the ratings."),
    )
    invite = forms.CharField(
        label=_("Invite players by username"),
        required=False,
        max_length=200,
        help_text=_("Separated by commas or spaces. They get a mail and see it in My games."),
    )
    language = forms.ChoiceField(
        label=_("Language at the table"),
        choices=[("", _("Any")), *settings.LANGUAGES],
        required=False,
    )
    min_karma = forms.IntegerField(
        label=_("Minimum karma to join (%)"),
        required=False,
        min_value=0,
        max_value=100,
        help_text=_("The share of their last 50 finished games a player played to the end."),
    )
    min_rating = forms.IntegerField(
        label=_("Minimum rating to join"),
        required=False,
        min_value=0,
        max_value=3000,
        help_text=_("On the game's map; a newcomer has 1000."),
    )
    club = forms.TypedChoiceField(
        label=_("Club"),
        choices=[("", _("None: open to everyone"))],
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("A club's game: only its members may join."),
    )

    def __init__(self, *args, clubs=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.clubs = {club.pk: club for club in clubs}
        _choice_field(self, "club").choices = [
            ("", _("None: open to everyone")),
            *((club.pk, club.name) for club in clubs),
        ]
        if not clubs:
            del self.fields["club"]

    def clean_club(self):
        pk = self.cleaned_data.get("club")
        return self.clubs.get(pk) if pk is not None else None


def takeover_choice(choice: str, max_players: int) -> bool:
    """Whether a bot takes over a player who leaves, from the form's choice."""
    if choice in ("bot", "skip"):
        return choice == "bot"
    return takeover_default(max_players=max_players)


class AddBotForm(forms.Form):
    level = forms.ChoiceField(label=_("Level"), choices=BotLevel.choices, initial=BotLevel.CASUAL)


class PlayBotsForm(forms.Form):
    """Play against bots now: a private, unrated game that starts at once."""

    def __init__(self, *args, **kwargs):
        # Shown beside the new-game form on the lobby: ids of its own, so "Map:" there
        # focuses that form's map.
        kwargs.setdefault("auto_id", "bots_%s")
        super().__init__(*args, **kwargs)

    map_id = forms.ChoiceField(label=_("Map"), choices=MapChoice.choices, initial=MapChoice.USA)
    bots = forms.TypedChoiceField(
        label=_("Bots"),
        choices=[(n, str(n)) for n in range(1, MAX_PLAYERS)],
        coerce=int,
        initial=2,
    )
    level = forms.ChoiceField(label=_("Level"), choices=BotLevel.choices, initial=BotLevel.CASUAL)
    turn_seconds = forms.TypedChoiceField(
        label=_("Time per move"),
        choices=TURN_TIME_CHOICES,
        coerce=int,
        initial=DEFAULT_TURN_SECONDS,
    )


def turn_time_label(seconds: int) -> str:
    """ "2 days" for 172800; any other value in whole hours."""
    labels = dict(TURN_TIME_CHOICES)
    if seconds in labels:
        return str(labels[seconds])
    hours = round(seconds / HOUR)
    return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}


class ScenarioStartForm(forms.Form):
    """Start a game from a scenario file (docs/scenarios.md; an exported game's too)."""

    scenario = forms.FileField(
        label=_("Scenario file (JSON)"),
        help_text=_(
            "A position as the engine's scenario format describes it, or a game "
            "downloaded from this site."
        ),
    )
    players = forms.CharField(
        label=_("Players, in seat order"),
        required=False,
        help_text=_(
            "Usernames separated by commas, one for each player of the file, yours among "
            "them. The others are invited; the game starts when all have accepted."
        ),
    )
    turn_seconds = forms.TypedChoiceField(
        label=_("Time per move"),
        choices=TURN_TIME_CHOICES,
        coerce=int,
        initial=DEFAULT_TURN_SECONDS,
    )
    # Staff only (removed for everyone else): a tournament's players, seated now.
    seat_at_once = forms.BooleanField(
        label=_("Seat them now, without asking (a tournament; written in the admin's log)"),
        required=False,
    )

    def __init__(self, *args, staff: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not staff:
            del self.fields["seat_at_once"]

    def usernames(self) -> list[str]:
        raw = self.cleaned_data.get("players") or ""
        return [name.strip() for name in raw.split(",") if name.strip()]


class LobbyFilterForm(forms.Form):
    """The public lobby's filters (GET): every field may be left empty."""

    map_id = forms.ChoiceField(
        label=_("Map"), choices=[("", _("Any")), *MapChoice.choices], required=False
    )
    seats = forms.TypedChoiceField(
        label=_("Seats"),
        choices=[("", _("Any")), *SEAT_CHOICES],
        coerce=int,
        required=False,
        empty_value=None,
    )
    turn_seconds = forms.TypedChoiceField(
        label=_("Time per move"),
        choices=[("", _("Any")), *TURN_TIME_CHOICES],
        coerce=int,
        required=False,
        empty_value=None,
    )
    language = forms.ChoiceField(
        label=_("Language"), choices=[("", _("Any")), *settings.LANGUAGES], required=False
    )
    rating = forms.IntegerField(
        label=_("Open to a rating of"),
        required=False,
        min_value=0,
        max_value=3000,
        help_text=_("Games whose minimum rating is no higher."),
    )
    karma = forms.IntegerField(
        label=_("Open to a karma of (%)"),
        required=False,
        min_value=0,
        max_value=100,
        help_text=_("Games whose minimum karma is no higher."),
    )
    club = forms.TypedChoiceField(
        label=_("Club"), choices=[("", _("Any"))], coerce=int, required=False, empty_value=None
    )

    def __init__(self, *args, clubs=(), **kwargs):
        # The lobby also holds the new-game form, whose fields share these names: the filters'
        # ids are their own, so each label names its own field.
        kwargs.setdefault("auto_id", "filter_%s")
        super().__init__(*args, **kwargs)
        _choice_field(self, "club").choices = [("", _("Any")), *((c.pk, c.name) for c in clubs)]
