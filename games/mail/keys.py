"""The outbox key of a notification: one row per distinct reason to mail someone.

A turn is identified by the moment it started (Game.turn_started_at), so a
mail "about this turn" can tell at send time whether the turn is still on.
"""

from dataclasses import dataclass
from datetime import date, datetime


def turn_stamp(started_at: datetime) -> int:
    """The turn's start in whole microseconds: exact, and stable across databases."""
    return round(started_at.timestamp() * 1_000_000)


def turn_key(kind: str, *, game_id: int, started_at: datetime, user_id: int) -> str:
    """your_turn, reminder, last_warning: once per turn and player."""
    return f"{kind}:g{game_id}:t{turn_stamp(started_at)}:u{user_id}"


def forfeit_key(*, game_id: int, seat_id: int, user_id: int) -> str:
    return f"forfeit:g{game_id}:s{seat_id}:u{user_id}"


def invitation_key(*, game_id: int, user_id: int) -> str:
    return f"invitation:g{game_id}:u{user_id}"


def result_key(*, game_id: int, user_id: int) -> str:
    return f"result:g{game_id}:u{user_id}"


def chat_key(*, game_id: int, message_id: int, user_id: int) -> str:
    """One chat notification per message and reader (by push and webhook only)."""
    return f"chat:g{game_id}:m{message_id}:u{user_id}"


def order_key(*, game_id: int, move_id: int, user_id: int) -> str:
    """One message per standing order played (named by the move it made)."""
    return f"order_played:g{game_id}:o{move_id}:u{user_id}"


def elsewhere_key(key: str, *, channel: str, target_id: int) -> str:
    """A push or webhook row of a notification: one per device or webhook."""
    return f"{key}:{'p' if channel == 'push' else 'w'}{target_id}"


def digest_key(*, user_id: int, day: date) -> str:
    """One digest per user and local calendar day."""
    return f"digest:u{user_id}:d{day.isoformat()}"


@dataclass(frozen=True)
class ParsedKey:
    kind: str
    parts: dict[str, str]

    @property
    def turn(self) -> int | None:
        return int(self.parts["t"]) if "t" in self.parts else None

    @property
    def message_id(self) -> int | None:
        return int(self.parts["m"]) if "m" in self.parts else None

    @property
    def seat_id(self) -> int | None:
        return int(self.parts["s"]) if "s" in self.parts else None


def parse_key(key: str) -> ParsedKey:
    kind, *fields = key.split(":")
    return ParsedKey(kind=kind, parts={field[0]: field[1:] for field in fields if field})
