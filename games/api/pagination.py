"""Pages of 20 by default; a client may ask for up to 100 with ?page_size=.

`page` and `page_size` are whole numbers as the schema says (page from 1, page_size from
1 to 100): anything else, `null` or `²` or `-3`, is refused with 400 rather than read as
the default."""

import re

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination

MAX_PAGE_SIZE = 100
_DIGITS = re.compile(r"[0-9]+")
# More digits than any page count: read as a page past the end.
_PAST_THE_END = 10**18


def whole_number_param(request, name: str, *, maximum: int | None = None) -> int | None:
    """The query parameter `name` as a number from 1 (to `maximum`), None if not given."""
    if name not in request.query_params:
        return None
    raw = request.query_params[name]
    if _DIGITS.fullmatch(raw):
        number = int(raw) if len(raw) < 19 else _PAST_THE_END
        if 1 <= number <= (maximum or _PAST_THE_END):
            return number
    if maximum:
        message = _("%(name)s must be a whole number from 1 to %(most)d.") % {
            "name": name,
            "most": maximum,
        }
    else:
        message = _("%(name)s must be a whole number from 1.") % {"name": name}
    raise ValidationError({name: [message]})


class ApiPagination(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def get_page_size(self, request):
        return whole_number_param(request, "page_size", maximum=MAX_PAGE_SIZE) or self.page_size

    def paginate_queryset(self, queryset, request, view=None):
        whole_number_param(request, self.page_query_param)
        return super().paginate_queryset(queryset, request, view)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"]["minimum"] = 1
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"].update(minimum=1, maximum=MAX_PAGE_SIZE)
        return parameters
