"""Path converters. <id:...> is Django's <int:...> bounded to what a database key can hold:
an id of 20 digits would overflow the query (a 500); here it simply matches nothing (404)."""

from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(int(value))


register_converter(IdConverter, "id")
