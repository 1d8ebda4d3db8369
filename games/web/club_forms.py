"""Club and season forms: they parse what was chosen; the services decide what is allowed."""

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from games.engine import MAX_PLAYERS, MIN_PLAYERS
from games.models import MapChoice
from games.models.game import DEFAULT_TURN_SECONDS

from .forms import TURN_TIME_CHOICES


class ClubCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=60)
    description = forms.CharField(
        label=_("Description"), required=False, max_length=2000, widget=forms.Textarea
    )
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    invite_only = forms.BooleanField(
        label=_("Invite-only (only members and those invited see it)"), required=False
    )


class SeasonCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=60)
    maps = forms.MultipleChoiceField(
        label=_("Maps (played in turn, round after round)"),
        choices=MapChoice.choices,
        widget=forms.CheckboxSelectMultiple,
        initial=[MapChoice.USA],
    )
    table_size = forms.TypedChoiceField(
        label=_("Players per table"),
        choices=[(n, str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
        coerce=int,
        initial=4,
    )
    turn_seconds = forms.TypedChoiceField(
        label=_("Time per move"),
        choices=TURN_TIME_CHOICES,
        coerce=int,
        initial=DEFAULT_TURN_SECONDS,
    )
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=30, initial=3)
    starts_at = forms.DateTimeField(
        label=_("Begins on"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
