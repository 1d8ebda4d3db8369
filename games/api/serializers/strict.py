"""Request bodies read as the schema types them: JSON's own types, no coercion.

DRF is lenient on input: a boolean field takes 0, "1" or "yes", an integer field takes
"2" or 2.0, a string field takes 17. The schema promises `boolean`, `integer` and
`string`; a body that sends anything else is refused as invalid (400), as the schema says.
"""

from collections.abc import Mapping

from rest_framework import serializers


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _wrong_type(field, value) -> str | None:
    """The complaint about `value`'s JSON type for this field, or None if the type fits."""
    if value is None:
        return None if field.allow_null else str(field.error_messages["null"])
    if isinstance(field, serializers.BooleanField):
        ok, key = isinstance(value, bool), "invalid"
    elif isinstance(field, serializers.IntegerField):
        ok, key = _is_int(value), "invalid"
    elif isinstance(field, serializers.CharField):
        ok, key = isinstance(value, str), "invalid"
    elif isinstance(field, serializers.ChoiceField):
        ints = all(_is_int(choice) for choice in field.choices)
        ok, key = (_is_int(value) if ints else isinstance(value, str)), "invalid_choice"
    elif isinstance(field, serializers.ListField):
        if not isinstance(value, list):
            ok, key = False, "not_a_list"
        else:
            return next(filter(None, (_wrong_type(field.child, item) for item in value)), None)
    elif isinstance(field, serializers.DictField):
        if not isinstance(value, Mapping):
            ok, key = False, "not_a_dict"
        else:
            return next(filter(None, (_wrong_type(field.child, v) for v in value.values())), None)
    else:
        return None
    if ok:
        return None
    return str(field.error_messages[key]).format(input=value, input_type=type(value).__name__)


# No docstring: the schema would show it as every body's description.
class StrictBody(serializers.Serializer):
    # A request body whose fields take only the JSON type the schema gives them.

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            errors = {}
            for name, field in self.fields.items():
                if field.read_only or name not in data:
                    continue
                complaint = _wrong_type(field, data[name])
                if complaint:
                    errors[name] = [complaint]
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)
