"""The game table's templates mark every text a person reads for translation (their catalog,
templates/games/locale, is checked with the others' in tests/i18n/test_i18n_catalogs.py)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates" / "games"

# Attributes a person reads or hears, and the data-* texts the table's scripts show.
READ_ATTRIBUTES = re.compile(
    r"\b(title|aria-label|aria-valuetext|placeholder|alt|data-[\w-]+)=\"([^\"]*)\""
)
BUTTON_VALUE = re.compile(
    r"<(?:button|input[^>]*type=\"(?:submit|button)\")[^>]*value=\"([^\"]*)\""
)


def unmarked(source: str) -> list[str]:
    """Words of a template outside {% translate %} / {% blocktranslate %}: in its text and in
    the attributes a reader meets."""
    text = re.sub(r"{%\s*blocktranslate.*?{%\s*endblocktranslate\s*%}", " ", source, flags=re.S)
    text = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}|{#.*?#}", " ", text, flags=re.S)
    text = re.sub(r"{%.*?%}|{{.*?}}", " ", text, flags=re.S)
    found = []
    for name, value in READ_ATTRIBUTES.findall(text):
        # A data-* attribute holding one lower-case code (data-zoom="in") is read by a
        # script, not shown.
        if re.search(r"[A-Za-z]", value) and not (
            name.startswith("data-") and re.fullmatch(r"[a-z_]+", value.strip())
        ):
            found.append(f'{name}="{value}"')
    found += [f'value="{v}"' for v in BUTTON_VALUE.findall(text) if re.search(r"[A-Za-z]", v)]
    words = re.sub(r"<[^>]*>|#[\w-]+", " ", text, flags=re.S)  # tags, and anchors (#main)
    found += [w.strip() for w in re.findall(r"[A-Za-z][A-Za-z' ,.!?]*", words)]
    return found


def test_every_text_of_the_tables_templates_is_marked_for_translation():
    left = {
        str(path.relative_to(ROOT)): found
        for path in sorted(TEMPLATES.rglob("*.html"))
        if (found := unmarked(path.read_text()))
    }
    assert left == {}


def test_the_check_finds_unmarked_text_and_attributes():
    source = (
        '{% load i18n %}<h2>{% translate "Your move" %}</h2><p>Draw two cards</p>'
        '<button title="Take it" data-zoom="in" data-note="Saved">{{ n }}</button>'
    )
    assert unmarked(source) == ['title="Take it"', 'data-note="Saved"', "Draw two cards"]
