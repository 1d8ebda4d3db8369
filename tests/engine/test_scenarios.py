"""Every scenario file of tests/scenarios runs through the scenario command as it expects.

Each file carries its expectation under "expect" (the loader ignores that key):
{"results": [{"ok": true} | {"ok": false, "error": code}], "state": {...a subset...}}
or, for a file that is not a valid scenario, {"exit": 2, "stderr": "words in the reason"}.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine.scenario import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.json"))


def assert_subset(expected, actual, where="state"):
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} is missing"
            assert_subset(value, actual[key], f"{where}.{key}")
    else:
        assert actual == expected, f"{where}: expected {expected!r}, got {actual!r}"


def test_there_is_a_scenario_for_every_rule_area():
    names = {p.stem for p in SCENARIOS}
    for word in [
        "opening",
        "locomotive",
        "reset",
        "reshuffle",
        "empty",
        "gray",
        "double",
        "ferry",
        "tunnel",
        "station",
        "tickets",
        "last_round",
        "pass",
        "invalid",
    ]:
        assert any(word in name for name in names), word


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_file(path, capsys):
    expect = json.loads(path.read_text(encoding="utf-8"))["expect"]
    code = main([str(path)])
    out, err = capsys.readouterr()
    if "exit" in expect:
        assert code == expect["exit"]
        assert out == ""
        assert len(err.strip().splitlines()) == 1 and expect["stderr"] in err
        return
    assert code == 0, err
    output = json.loads(out)
    results = output["results"]
    assert len(results) == len(expect["results"])
    for i, (got, want) in enumerate(zip(results, expect["results"], strict=True)):
        assert got["ok"] == want["ok"], f"action {i + 1}: {got}"
        if not want["ok"]:
            assert got["error"] == want["error"], f"action {i + 1}: {got}"
            assert got["message"]
    assert_subset(expect.get("state", {}), output["state"])


def test_scenario_command_runs_as_a_module_and_prints_json():
    path = ROOT / "tests" / "scenarios" / "tunnel_pay_extra.json"
    done = subprocess.run(
        [sys.executable, "-m", "games.engine.scenario", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    output = json.loads(done.stdout)
    assert set(output) == {"results", "state"}
    assert set(output["state"]) == {
        "phase",
        "current",
        "pending",
        "last_round_ends_after",
        "face_up",
        "deck_count",
        "discard_count",
        "ticket_deck_count",
        "claims",
        "stations",
        "players",
        "final",
    }
    assert set(output["state"]["players"]["ann"]) == {
        "score",
        "trains",
        "stations_left",
        "hand",
        "tickets",
    }


def test_scenario_command_exits_2_with_one_line_for_an_invalid_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    done = subprocess.run(
        [sys.executable, "-m", "games.engine.scenario", str(bad)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == "" and len(done.stderr.strip().splitlines()) == 1
