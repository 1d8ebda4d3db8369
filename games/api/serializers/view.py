"""The engine's player_view, sent as the engine made it, documented from the engine's types.

The schema is `engine.PlayerView` (TypedDicts beside player_view itself): one source for
what the API sends and what its documentation says, so neither can drop a field the other
has (as a tunnel's laid cards once were).
"""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games import engine


# drf-spectacular reads type hints such as this union at run time; its annotation
# lists plain classes only.
@extend_schema_field(engine.PlayerView | None, component_name="PlayerView")  # type: ignore[arg-type]
class PlayerViewField(serializers.Field):
    """What the caller may see of the game (engine.player_view); null before the start."""

    def __init__(self, **kwargs):
        kwargs.setdefault("read_only", True)
        super().__init__(**kwargs)

    def to_representation(self, value):
        return value
