"""Adding a webhook on the settings page (the address is checked by games.services.reach)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import WebhookFlavour
from games.models.reach import ENDPOINT_MAX_LENGTH


class WebhookForm(forms.Form):
    flavour = forms.ChoiceField(label=_("Kind"), choices=WebhookFlavour.choices)
    url = forms.CharField(
        label=_("Webhook address"),
        max_length=ENDPOINT_MAX_LENGTH,
        help_text=_("The address your Discord or Slack channel, or your own program, gave you."),
        widget=forms.URLInput(attrs={"placeholder": "https://", "autocomplete": "off"}),
    )
