"""Selectors and services are named and called as HackSoft's Django styleguide has them:
`<entity>_<action>(*, ...)`, every argument by keyword, so a call reads what it passes.
Arithmetic on values already read lives outside them (games/clock/, the engine)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = [ROOT / "games" / "selectors", ROOT / "games" / "services"]


def public_functions():
    files = [p for folder in FOLDERS for p in sorted(folder.glob("*.py"))]
    for path in files:
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                yield path.relative_to(ROOT), node


def test_every_selector_and_service_takes_its_arguments_by_keyword():
    positional = [f"{path}: {node.name}" for path, node in public_functions() if node.args.args]
    assert positional == []


def test_every_name_is_entity_then_action():
    # The entity comes first: game_*, seat_*, move_*, chat_*, ... never a verb alone.
    verbs = {"get", "list", "lock", "make", "find", "load", "fetch", "read", "check", "record"}
    verb_first = [
        f"{path}: {node.name}"
        for path, node in public_functions()
        if node.name.split("_")[0] in verbs
    ]
    assert verb_first == []
