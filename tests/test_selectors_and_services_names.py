"""Selectors and services are named and called as HackSoft's Django styleguide has them:
`<entity>_<action>(*, ...)`, every argument by keyword, so a call reads what it passes.
The pure helpers beside them (the clock's arithmetic, parsers, naming rules) are listed."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = [ROOT / "games" / "selectors", ROOT / "games" / "services"]
PURE_HELPERS = {
    "bot_username",  # a naming rule
    "whole_turns",  # the log's cut, on rows already read
    "runs_out_at",  # the clock's arithmetic
    "time_run",
    "is_paused",
    "seat_clock",
    "pauses_for",
    "parse_usernames",  # parsers of a form's input
    "parse_action",
    "parse_scenario_file",
    "check_scenario",
    "enough_to_start",  # lobby rules
    "takeover_default",
    "opening_choice_open",
    "days_in_year",  # the vacation's arithmetic
    "days_used",
    "local_today",
    "stopped_a_clock",
}


def public_functions():
    files = [p for folder in FOLDERS for p in sorted(folder.glob("*.py"))]
    files.append(ROOT / "accounts" / "selectors.py")
    for path in files:
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                yield path.relative_to(ROOT), node


def test_every_selector_and_service_takes_its_arguments_by_keyword():
    positional = [
        f"{path}: {node.name}"
        for path, node in public_functions()
        if node.args.args and node.name not in PURE_HELPERS
    ]
    assert positional == []


def test_every_name_is_entity_then_action():
    # The entity comes first: game_*, seat_*, move_*, chat_*, ... never a verb alone.
    verbs = {"get", "list", "lock", "make", "find", "load", "fetch", "read", "check", "record"}
    verb_first = [
        f"{path}: {node.name}"
        for path, node in public_functions()
        if node.name.split("_")[0] in verbs and node.name not in PURE_HELPERS
    ]
    assert verb_first == []
