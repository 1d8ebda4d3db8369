"""The games app's catalog (games/locale) is whole in Dutch, Swedish and French: every msgid
translated, none fuzzy, every placeholder of the English in each translation (msgfmt -c)."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

CATALOG = Path(__file__).resolve().parents[2] / "games" / "locale"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs gettext's msgfmt")
@pytest.mark.parametrize("language", ["nl", "sv", "fr"])
def test_every_message_of_the_games_app_is_translated_and_checked(language):
    po = CATALOG / language / "LC_MESSAGES" / "django.po"
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    figures = done.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ translated messages\.", figures), figures
    assert int(figures.split()[0]) > 300
    assert f'"Language: {language}\\n"' in po.read_text()
