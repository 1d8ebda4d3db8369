"""The documentation names only what exists: every dotted name of the site (a module, a task,
a function) imports, every `make` target is in the Makefile, every `manage.py` command and
`python -m` module is there, every file or folder of the repository it names is on disk,
every address of the site it names answers, and the configuration table lists exactly the
variables the product reads."""

import importlib
import importlib.util
import re
from pathlib import Path

import pytest
from django.core.management import get_commands
from django.urls import Resolver404, resolve

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(
    [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "games").glob("*/README.md")]
)
PACKAGES = ("games", "accounts", "ttr_site", "bench")


def _text(page: Path) -> str:
    return page.read_text()


def _code(page: Path) -> list[str]:
    """The inline code spans and the indented (command) lines of a page."""
    text = _text(page)
    spans = re.findall(r"`([^`\n]+)`", text)
    blocks = [line.strip() for line in text.splitlines() if line.startswith("    ")]
    return spans + blocks


def _named(pattern: str, *, code_only: bool) -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        places = _code(page) if code_only else [_text(page)]
        for place in places:
            found += [(str(page.relative_to(ROOT)), name) for name in re.findall(pattern, place)]
    return sorted(set(found))


def _module_found(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a parent is missing, or is a module, not a package
        return False


def _resolves(dotted: str) -> bool:
    """A module is found without running it (a benchmark changes settings as it loads); a
    name inside one is looked up on the imported module."""
    if _module_found(dotted):
        return True
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            thing = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(thing, attribute):
                return False
            thing = getattr(thing, attribute)
        return True
    return False


PACKAGE = "|".join(PACKAGES)
DOTTED = _named(rf"(?<![\w./-])((?:{PACKAGE})(?:\.[A-Za-z_]\w*)+)", code_only=False)


def test_the_pages_name_dotted_names_for_this_test_to_check():
    assert len(DOTTED) > 10


@pytest.mark.parametrize(("page", "dotted"), DOTTED, ids=[f"{p}:{d}" for p, d in DOTTED])
def test_every_dotted_name_the_docs_give_imports(page, dotted):
    assert _resolves(dotted), f"{page} names {dotted}, which does not import"


def _make_targets() -> set[str]:
    return set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M))


def test_every_make_target_the_docs_name_is_in_the_makefile():
    named = _named(r"(?:^|=\S+ )make ([a-z][\w-]*)", code_only=True)
    assert {name for _, name in named} >= {"run", "test", "docs"}
    missing = [f"{page}: make {name}" for page, name in named if name not in _make_targets()]
    assert missing == []


def test_every_manage_py_command_the_docs_name_exists():
    named = _named(r"(?:^|python )manage\.py ([a-z]\w*)", code_only=True)
    assert named
    commands = get_commands()
    missing = [f"{page}: manage.py {name}" for page, name in named if name not in commands]
    assert missing == []


def test_every_module_the_docs_run_with_python_m_exists():
    named = _named(r"python -m ([\w.]+)", code_only=True)
    assert named
    missing = [f"{page}: {name}" for page, name in named if not _module_found(name)]
    assert missing == []


def test_every_file_and_folder_of_the_repository_the_docs_name_is_there():
    """Paths that begin at one of the repository's own top-level folders; patterns (`<id>`,
    `*`) and what a run makes (`var/`) are not checked."""
    tops = {p.name for p in ROOT.iterdir() if p.is_dir() and p.name not in {"var", ".venv"}}
    missing = []
    checked = 0
    for page in PAGES:
        for span in _code(page):
            for path in re.findall(r"(?<![\w./<>-])((?:[\w.-]+/)+[\w.-]*)", span):
                if path.split("/")[0] not in tops or re.search(r"[<*]", span):
                    continue
                checked += 1
                if not (ROOT / path).exists():
                    missing.append(f"{page.relative_to(ROOT)}: {path}")
    assert checked > 50
    assert missing == []


# What the product reads from the environment: os.environ.get("X"), os.environ["X"],
# env_bool("X"), env_list("X"), gunicorn's _flag("X"), dj_database_url.config(env="X"); in
# shell, ${X or $X.
def _read_in(text: str, shell: bool = False) -> set[str]:
    python = r"""(?:environ(?:\.get)?[(\[]|env_\w+\(|_flag\(|env=)\s*["']([A-Z][A-Z0-9_]+)["']"""
    names = set(re.findall(python, text))
    if shell:
        names |= set(re.findall(r"\$\{?([A-Z][A-Z0-9_]+)", text))
    return names


def _configuration_tables() -> list[set[str]]:
    """The variables of each table under docs/running.md's Configuration heading."""
    page = (ROOT / "docs" / "running.md").read_text()
    section = re.search(r"^## Configuration\n(.*?)^## ", page, re.M | re.S).group(1)
    tables = re.findall(r"((?:^\|.*\n)+)", section, re.M)
    return [
        {
            name
            for row in table.splitlines()[2:]
            for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", row.split("|")[1])
        }
        for table in tables
    ]


def test_the_configuration_table_lists_exactly_what_the_site_reads():
    settings_table = _configuration_tables()[0]
    read = set()
    for path in [ROOT / "ttr_site" / "settings.py", *(ROOT / "games").rglob("*.py")]:
        read |= _read_in(path.read_text())
    assert sorted(settings_table - read) == [], "in the table, read by no setting"
    in_settings = _read_in((ROOT / "ttr_site" / "settings.py").read_text())
    for path in [*(ROOT / "games").rglob("*.py"), *(ROOT / "accounts").rglob("*.py")]:
        in_settings |= set(
            re.findall(r"""os\.environ\.get\(\s*["']([A-Z][A-Z0-9_]+)["']""", path.read_text())
        )
    assert sorted(in_settings - settings_table) == [], "read by the site, not in the table"


def test_the_servers_and_scripts_table_lists_only_what_they_read():
    scripts_table = _configuration_tables()[1]
    read = _read_in((ROOT / "deploy" / "gunicorn.conf.py").read_text())
    for path in [ROOT / "Makefile", *(ROOT / "scripts").glob("*.sh")]:
        read |= _read_in(path.read_text(), shell=True)
    for path in (ROOT / "tests").rglob("*.py"):
        read |= _read_in(path.read_text())
    assert sorted(scripts_table - read) == [], "in the table, read by nothing"


# Addresses outside the site (the server's own files) and the prefix the site does not have.
NOT_THE_SITE = ("/etc/", "/srv/", "/usr/", "/nl/")
# Named as the beginning of other addresses, not as one.
PREFIXES = {"/api/v1/"}
# Served by the stream server (games/live/stream_asgi.py), not by Django's URLs.
STREAM = "/games/<id>/stream/"
PLACEHOLDERS = {
    "<id>": "1",
    "<name>": "ann",
    "<board>": "usa",
    "<token>": "a1b2",
    "<secret>": "a1b2",
    "N": "1",
}


def test_every_address_of_the_site_the_docs_name_answers_somewhere():
    named = _named(
        r"^(?:(?:GET|POST|PUT|DELETE)(?:/(?:GET|POST|PUT))? )?(/[a-z][^\s`]*)$", code_only=True
    )
    checked = 0
    missing = []
    for page, address in named:
        if address.startswith(NOT_THE_SITE) or address in PREFIXES:
            continue
        if address.startswith(STREAM):
            assert "/stream/" in (ROOT / "games/live/stream_asgi.py").read_text()
            continue
        path = address.split("?")[0]
        for placeholder, value in PLACEHOLDERS.items():
            path = path.replace(placeholder, value)
        checked += 1
        try:
            match = resolve(path)
        except Resolver404:
            match = None
        # The API's catch-all (a JSON 404 for any address under it) is no answer.
        if match is None or (match.url_name is None and match.route.strip("/") != path.strip("/")):
            missing.append(f"{page}: {address}")
    assert checked > 40
    assert missing == []
