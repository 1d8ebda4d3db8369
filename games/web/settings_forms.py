"""The settings page's own forms: time away ("away from … to …", two days in the player's
own calendar) and adding a webhook (the address is checked by games.services.reach)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import WebhookFlavour
from games.models.reach import ENDPOINT_MAX_LENGTH


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


class WebhookForm(forms.Form):
    flavour = forms.ChoiceField(label=_("Kind"), choices=WebhookFlavour.choices)
    url = forms.CharField(
        label=_("Webhook address"),
        max_length=ENDPOINT_MAX_LENGTH,
        help_text=_("The address your Discord or Slack channel, or your own program, gave you."),
        widget=forms.URLInput(attrs={"placeholder": "https://", "autocomplete": "off"}),
    )
