"""The settings page's "away from … to …": two days in the player's own calendar."""

from django import forms
from django.utils.translation import gettext_lazy as _


class DayInput(forms.DateInput):
    input_type = "date"

    def __init__(self):
        super().__init__(format="%Y-%m-%d")


class VacationForm(forms.Form):
    first_day = forms.DateField(label=_("First day away"), widget=DayInput())
    last_day = forms.DateField(
        label=_("Last day away"),
        widget=DayInput(),
        help_text=_("Both days included, in your time zone."),
    )
