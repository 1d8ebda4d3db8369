"""The engine tells, the site reads: no web view holds the engine's State, plays a move on it
or asks the legal-move generator itself. The view the engine hands out (player_view, read
through the selectors) already says what the viewer may do and how, so a page cannot offer
a move the engine would refuse or work out what it should not know."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VIEWS = ROOT / "games" / "web"
# The engine's state and the calls that work on it: the selectors and services use them.
ENGINE_WORK = {
    "State",
    "apply",
    "play",
    "player_view",
    "legal_actions",
    "legal_options",
    "legal_action_kinds",
    "is_legal",
    "must_act",
    "players_to_act",
    "ticket_path",
    "claim_refusal",
}


def engine_work_in(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games.engine"):
            found += [alias.name for alias in node.names if alias.name in ENGINE_WORK]
            found += [node.module for part in ENGINE_WORK if node.module.endswith(f".{part}")]
        if (
            isinstance(node, ast.Attribute)
            and node.attr in ENGINE_WORK
            and isinstance(node.value, ast.Name)
            and node.value.id == "engine"
        ):
            found.append(f"engine.{node.attr}")
    return found


def test_no_web_module_works_on_the_engine_s_state():
    found = {
        str(path.relative_to(ROOT)): names
        for path in sorted(VIEWS.rglob("*.py"))
        if (names := engine_work_in(path))
    }
    assert found == {}
