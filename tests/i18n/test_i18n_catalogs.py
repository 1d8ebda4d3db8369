"""The translation catalogs: every string of every part has a real translation in Dutch,
Swedish and French (none empty, none fuzzy), also after makemessages has looked at the
code afresh, and each committed .mo is exactly what its .po compiles to."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["nl", "sv", "fr"]
CATALOG_DIRS = ["locale", "accounts/locale", "games/locale", "templates/games/locale"]
NOT_COPIED = (".venv", ".git", "var", "staticfiles", "__pycache__", ".pytest_cache", "node_modules")


def catalogs(root: Path) -> list[Path]:
    return sorted(
        po
        for folder in CATALOG_DIRS
        for language in LANGUAGES
        for po in (root / folder / language / "LC_MESSAGES").glob("*.po")
    )


def statistics(po: Path) -> dict[str, int]:
    """msgfmt's count of translated, fuzzy and untranslated entries."""
    report = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", os.devnull, str(po)],
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    counts = {"translated": 0, "fuzzy": 0, "untranslated": 0}
    for number, kind in re.findall(r"(\d+) (translated|fuzzy|untranslated)", report):
        counts[kind] = int(number)
    return counts


def incomplete(root: Path) -> dict[str, dict[str, int]]:
    return {
        str(po.relative_to(root)): counts
        for po in catalogs(root)
        if (counts := statistics(po))["fuzzy"] or counts["untranslated"]
    }


def test_every_part_has_a_catalog_in_every_language():
    assert len(catalogs(ROOT)) == len(CATALOG_DIRS) * len(LANGUAGES)


@pytest.mark.parametrize("po", catalogs(ROOT), ids=lambda po: str(po.relative_to(ROOT)))
def test_a_committed_catalog_has_no_untranslated_or_fuzzy_entry(po):
    counts = statistics(po)
    assert counts["translated"] > 0
    assert (counts["fuzzy"], counts["untranslated"]) == (0, 0), counts
    # Its header names its language and is not left fuzzy by makemessages.
    header = po.read_text().split("\n\n", 1)[0]
    assert f'"Language: {po.parts[-3]}\\n"' in header and "fuzzy" not in header


@pytest.mark.parametrize("po", catalogs(ROOT), ids=lambda po: str(po.relative_to(ROOT)))
def test_the_committed_mo_is_what_its_po_compiles_to(po, tmp_path):
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", str(compiled), str(po)], check=True)
    assert compiled.read_bytes() == po.with_suffix(".mo").read_bytes()


@pytest.mark.slow
def test_makemessages_over_the_whole_tree_leaves_nothing_untranslated(tmp_path):
    """scripts/messages.sh all, in a copy of the tree (the checkout is left as it is): a
    string marked in the code but missing from its catalog shows up here."""
    tree = tmp_path / "tree"
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(*NOT_COPIED))
    environment = {
        **os.environ,
        "VENV": str(Path(sys.executable).parent.parent),
        "SECRET_KEY": "catalog-test",
    }
    subprocess.run(
        ["bash", "scripts/messages.sh", "all"],
        cwd=tree,
        env=environment,
        check=True,
        capture_output=True,
    )
    assert len(catalogs(tree)) == len(CATALOG_DIRS) * len(LANGUAGES)
    assert incomplete(tree) == {}
