"""The bots' accounts, made the first time a level is seated (games.selectors.bots names them)."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User

from games.engine import MAX_PLAYERS
from games.selectors.bots import bot_username


def bot_account(*, level: str, taken: set[int]) -> User:
    """The first of the level's accounts not among the user ids `taken` (created once)."""
    User = get_user_model()
    for index in range(1, MAX_PLAYERS):
        user, created = User.objects.get_or_create(
            username=bot_username(level=level, index=index),
            defaults={"is_active": False, "email": ""},
        )
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        if user.pk not in taken:
            return user
    raise ValueError("a game has no room for another bot of this level")
