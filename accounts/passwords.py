"""Django's minimum-length rule in our own words: Django's Dutch catalog lacks its
sentence, so a Dutch player would read it in English."""

from django.contrib.auth.password_validation import MinimumLengthValidator
from django.utils.translation import ngettext


class MinimumLength(MinimumLengthValidator):
    def get_error_message(self):
        return ngettext(
            "This password is too short: it needs at least %(count)d character.",
            "This password is too short: it needs at least %(count)d characters.",
            self.min_length,
        ) % {"count": self.min_length}

    def get_help_text(self):
        return ngettext(
            "Your password needs at least %(count)d character.",
            "Your password needs at least %(count)d characters.",
            self.min_length,
        ) % {"count": self.min_length}
