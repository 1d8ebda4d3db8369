"""The site's modules import one another at the top of each file, without a cycle: a module
imports the same whichever is imported first (a cycle hidden by an import inside a function
breaks as soon as someone moves that import)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "accounts", "ttr_site")
# Imports that must wait, as Django documents: an app's ready() (signals, converters).
LATE_IMPORTS_ALLOWED = {
    ("games.apps", "ready"),
    ("accounts.apps", "ready"),
}


def module_files() -> dict[str, Path]:
    modules = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


MODULES = module_files()


def imported(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The project modules an import statement loads (a package's own __init__ left out)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module.split(".")
            if MODULES[module].name != "__init__.py":
                package.pop()
            package = package[: len(package) - (node.level - 1)]
            base = ".".join(package + ([base] if base else []))
        names = [
            f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
            for alias in node.names
        ]
    own_packages = {module.rsplit(".", k)[0] for k in range(1, module.count(".") + 1)}
    loaded = set()
    for name in names:
        if name.split(".")[0] not in PACKAGES:
            continue
        loaded.add(name)
        while "." in name:  # importing a.b.c runs a/__init__ and a/b/__init__ too
            name = name.rsplit(".", 1)[0]
            if name not in own_packages:
                loaded.add(name)
    return {name for name in loaded if name in MODULES and name != module}


def top_level_imports(module: str) -> set[str]:
    tree = ast.parse(MODULES[module].read_text())
    found = set()
    for statement in tree.body:
        nodes = ast.walk(statement) if isinstance(statement, ast.If | ast.Try) else [statement]
        for node in nodes:
            if isinstance(node, ast.Import | ast.ImportFrom):
                found |= imported(module, node)
    return found


def test_every_import_of_the_site_is_at_the_top_of_its_file():
    late = []
    for module, path in MODULES.items():
        for function in ast.walk(ast.parse(path.read_text())):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if {(module, function.name), (module, "*")} & LATE_IMPORTS_ALLOWED:
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom) and imported(module, node):
                    late.append(f"{module}.{function.name}: line {node.lineno}")
    assert late == []


def test_the_site_s_modules_import_one_another_without_a_cycle():
    graph = {module: top_level_imports(module) for module in MODULES}
    cycles, done = [], set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            cycles.append(path[path.index(module) :] + [module])
            return
        if module in done:
            return
        for other in sorted(graph[module]):
            visit(other, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    assert cycles == []


def test_every_module_of_the_site_imports():
    names = sorted(name for name in MODULES if not name.endswith(("__main__", "settings")))
    script = (
        "import django, importlib\n"
        "django.setup()\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "ttr_site.settings_test"},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]


def absolute_imports(path: Path) -> list[str]:
    """Every module a file names in an absolute import, wherever the import stands."""
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.append(node.module or "")
    return names


def test_nothing_of_the_site_imports_the_benchmarks():
    """bench/ measures the site from outside: it imports the product, never the reverse."""
    found = [
        f"{module}: {name}"
        for module, path in MODULES.items()
        for name in absolute_imports(path)
        if name.split(".")[0] == "bench"
    ]
    assert found == []


# The folders from the bottom up (docs/architecture.md, Layout): a module imports only from its own
# layer or the layers below it. accounts (who a player is: users, profiles, login, sessions)
# is the ground floor whole: it imports nothing of games, which may read it from any floor.
LAYERS = [
    ["accounts"],
    ["games", "games.engine"],
    ["games.bots"],
    ["games.words"],
    ["games.svg"],
    ["games.refusals"],
    ["games.models"],
    ["games.clock"],
    ["games.selectors"],
    ["games.live"],
    ["games.ratings"],
    ["games.mail"],
    ["games.services"],
    ["games.botplay"],
    ["games.heartbeat"],
    [
        "games.api",
        "games.web",
        "games.admin",
        "games.apps",
        "games.urls",
        "games.management",
    ],
    ["ttr_site"],
]


def test_each_folder_is_on_one_floor():
    prefixes = [prefix for floor in LAYERS for prefix in floor]
    assert len(prefixes) == len(set(prefixes))


def layer_of(module: str) -> int:
    """The layer of the longest prefix of the module's name that LAYERS names."""
    found = [
        (len(prefix), index)
        for index, prefixes in enumerate(LAYERS)
        for prefix in prefixes
        if module == prefix or module.startswith(prefix + ".")
    ]
    assert found, f"{module} belongs to no layer of LAYERS"
    return max(found)[1]


def test_no_module_imports_from_a_layer_above_its_own():
    upward = [
        f"{module} -> {other}"
        for module in sorted(MODULES)
        for other in sorted(top_level_imports(module))
        if layer_of(other) > layer_of(module)
    ]
    assert upward == []


def test_accounts_imports_nothing_of_games():
    """accounts/ is identity only; what serves the games (settings, time away, reach, the
    public profile, the calendar feed) lives in games/, beside what it serves."""
    found = [
        f"{module}: {name}"
        for module, path in MODULES.items()
        if module.split(".")[0] == "accounts"
        for name in absolute_imports(path)
        if name.split(".")[0] == "games"
    ]
    assert found == []
