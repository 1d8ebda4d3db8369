"""The log's entries as the page shows them: tunnels' turned-up cards as chips, links to the
replay, times in the viewer's time zone; and what the others did since the viewer's turn."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone
from django.utils.dates import WEEKDAYS_ABBR

from games.svg.palette import CARD_LETTERS
from games.words.game_log import PageLog, tunnel_reveals
from games.words.names import colour_name


def turned_up(cards: list[str]) -> list[dict]:
    """A tunnel's turned-up cards as chips: each its colour, its letter and its name."""
    return [
        {"color": color, "letter": CARD_LETTERS.get(color, "?"), "name": colour_name(color)}
        for color in cards
    ]


def with_turned_up(entries: list[dict], game_id: int) -> list[dict]:
    """Log entries as games/play/log_entries.html shows them: each with its tunnels'
    turned-up cards as chips, its link to the replay, its time in the viewer's time zone
    (machine-readable and as shown) and its sentences as one line."""
    replay = reverse("game_replay", args=[game_id])
    for entry in entries:
        entry["turned_up"] = [turned_up(cards) for cards in entry.get("revealed", [])]
        entry["href"] = f"{replay}?turn={entry['turn']}"
        at = entry.get("at")
        if at:
            at = timezone.localtime(at) if timezone.is_aware(at) else at
            # What the date filter writes for "c" and for "D H:i", without its format parser.
            entry["iso"] = at.isoformat()
            entry["when"] = f"{WEEKDAYS_ABBR[at.weekday()]} {at.hour:02d}:{at.minute:02d}"
        sentences = entry.get("sentences") or []
        entry["line"] = "; ".join(str(s) for s in sentences) + "." if sentences else ""
    return entries


def since_last_turn(log: PageLog) -> dict | None:
    """What the others did since the viewer's own last move (games.words.game_log.page_log):
    their turns told, and what is new on the board; None when there is nothing to tell."""
    since = log.since
    if since is None:
        return None
    return {
        "turns": [
            {
                "number": turn.number,
                "sentences": turn.line,
                "turned_up": [turned_up(cards) for cards in tunnel_reveals(turn.moves)],
            }
            for turn in since.turns
        ],
        "routes": since.routes,
        "stations": since.stations,
        "latest": log.since_latest,
    }
