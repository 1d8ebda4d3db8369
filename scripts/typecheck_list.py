"""Rewrite pyproject.toml's list of what mypy still finds, from a run without it.

For merging work written before mypy ran: `python scripts/typecheck_list.py` takes the list
out, runs mypy, and lists each module it finds errors in with their kinds (grouped by the
same kinds). Work written since should pass as it is: fix it rather than list it.
"""

import collections
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
START = "# BEGIN: what mypy still finds"
END = "# END: what mypy still finds"
HEAD = [
    START,
    "# Modules written before mypy ran, and the kinds of error it still finds in each: work to",
    "# do, not a rule. Fix a module and take it out of its list (`make lint` says when an entry",
    "# is no longer needed only by passing; new modules are checked in full).",
]


def _without_list(text: str) -> str:
    a, b = text.index(START), text.index(END) + len(END)
    return text[:a] + START + "\n" + END + text[b:]


def _list(output: str) -> list[str]:
    codes: dict[str, set[str]] = collections.defaultdict(set)
    for line in output.splitlines():
        found = re.match(r"([^:]+\.py):\d+: error: .*\[([a-z-]+)\]$", line.strip())
        if found:
            module = found.group(1)[:-3].replace("/", ".").removesuffix(".__init__")
            codes[module].add(found.group(2))
    groups: dict[tuple[str, ...], list[str]] = collections.defaultdict(list)
    for module, kinds in codes.items():
        groups[tuple(sorted(kinds))].append(module)
    lines = list(HEAD)
    for kinds, modules in sorted(groups.items()):
        lines.append("[[tool.mypy.overrides]]")
        if len(modules) == 1:
            lines.append(f'module = "{modules[0]}"')
        else:
            lines += ["module = [", *(f'    "{m}",' for m in sorted(modules)), "]"]
        lines.append("disable_error_code = [" + ", ".join(f'"{k}"' for k in kinds) + "]")
        lines.append("")
    lines.append(END)
    return lines


def main() -> None:
    text = PYPROJECT.read_text()
    PYPROJECT.write_text(_without_list(text))
    venv_mypy = ROOT / ".venv" / "bin" / "mypy"
    done = subprocess.run([str(venv_mypy)], cwd=ROOT, capture_output=True, text=True)
    lines = _list(done.stdout)
    now = PYPROJECT.read_text()
    a, b = now.index(START), now.index(END) + len(END)
    PYPROJECT.write_text(now[:a] + "\n".join(lines) + now[b:])
    print(done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr)
    sys.exit(subprocess.run([str(venv_mypy)], cwd=ROOT).returncode)


if __name__ == "__main__":
    main()
