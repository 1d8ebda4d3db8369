"""The house shows its architecture: games/' ground floor holds only Django's own files, every
other module lives in a folder named for what it does, and the Layout section of the
architecture page (docs/architecture.md) draws the folders as they are."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DJANGO_OWN_FILES = {"__init__.py", "apps.py", "admin.py", "urls.py"}


def test_games_ground_floor_holds_only_django_s_own_files():
    loose = sorted(p.name for p in (ROOT / "games").glob("*.py") if p.name not in DJANGO_OWN_FILES)
    assert loose == [], f"put {loose} in the capability folder it belongs to"


def _folders(under: Path, prefix: str = "") -> set[str]:
    skip = {"__pycache__", "var", "node_modules", "staticfiles"}
    return {
        f"{prefix}{p.name}/"
        for p in under.iterdir()
        if p.is_dir() and not p.name.startswith(".") and p.name not in skip
    }


def test_the_documented_layout_draws_the_folders_as_they_are():
    page = (ROOT / "docs" / "architecture.md").read_text()
    section = re.search(r"^## Layout\n(.*?)^## ", page, re.M | re.S).group(1)
    drawn = set(re.findall(r"(?:^|\s)((?:games/)?[\w]+/)(?=\s)", section)) - {"games/"}
    folders = _folders(ROOT / "games", "games/") | (_folders(ROOT) - {"games/"})
    assert sorted(folders - drawn) == [], "folders the Layout does not draw"
    assert sorted(drawn - folders) == [], "the Layout draws folders that are gone"
