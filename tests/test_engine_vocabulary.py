"""Phases, event types and pending decisions are named from the engine, never spelled out.

Code outside the engine writes `Phase.GAME_OVER`, not "game_over": when the engine renames
or adds one, every place that depends on it is found by Python, not by a reader. The
values that are also everyday words ("play", "tickets", "tunnel", "passed") are left out:
as dict keys and tags they mean something else.
"""

import ast
import re
from pathlib import Path

from games.engine import EventType, PendingKind, Phase

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("games", "accounts", "ttr_site", "templates")
VOCABULARY = {str(value) for enum in (Phase, EventType, PendingKind) for value in enum}
NAMED = {value for value in VOCABULARY if "_" in value}
# Refusal codes of the engine that are spelled like an event: the engine's IllegalMove code
# "game_over" is a refusal ("the game is over"), not the event.
REFUSAL_CODES = {
    ("games/words/refusals.py", "game_over"),
    ("games/words/refusals.py", "player_forfeited"),
}


def sources(suffix: str):
    for part in PARTS:
        for path in sorted((ROOT / part).rglob(f"*{suffix}")):
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith("games/engine/") or "/migrations/" in relative:
                continue
            yield relative, path


def spelled(text: str) -> set[str]:
    """The engine's words a piece of text spells out, alone or quoted inside it."""
    return {word for word in NAMED if text == word or re.search(rf"[\"']{word}[\"']", text)}


def test_the_vocabulary_has_the_words_this_test_looks_for():
    assert {"initial_tickets", "game_over", "second_card", "route_claimed"} <= NAMED


def test_no_python_outside_the_engine_spells_a_phase_event_or_pending_decision():
    found = []
    for relative, path in sources(".py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # A key (`stats["tickets_kept"]`, `{"tickets_kept": ...}`) names a count, not the event.
        keys = {id(node.slice) for node in ast.walk(tree) if isinstance(node, ast.Subscript)}
        keys |= {
            id(key) for node in ast.walk(tree) if isinstance(node, ast.Dict) for key in node.keys
        }
        for node in ast.walk(tree):
            if id(node) in keys:
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for word in spelled(node.value):
                    if (relative, word) not in REFUSAL_CODES:
                        found.append(f"{relative}:{node.lineno} {word}")
    assert found == []


def test_no_template_spells_a_phase_event_or_pending_decision():
    found = []
    for relative, path in sources(".html"):
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            found += [f"{relative}:{number} {word}" for word in spelled(line)]
    assert found == []
