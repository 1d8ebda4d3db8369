"""`python -m games.engine.scenario FILE`: run a scenario file, print results and state as JSON.

Exit status 2, with a one-line reason on stderr, for a file that is not a valid scenario.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from .scenario_loader import ScenarioError, run_scenario


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m games.engine.scenario FILE.json", file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        print(f"cannot read {args[0]}: {exc.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as exc:
        print(f"not JSON: {exc}", file=sys.stderr)
        return 2
    try:
        output = run_scenario(data)
    except ScenarioError as exc:
        print(str(exc).replace("\n", " "), file=sys.stderr)
        return 2
    print(json.dumps(output, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
