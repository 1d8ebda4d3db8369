"""English left in a page or mail that should be in another language.

    from i18n.english import english_left, english_left_at

    english_left(html_or_text, "nl")                      # marked strings left English
    english_left(html_or_text, "nl", english=english_html) # and unmarked English too
    english_left_at(client, "/games/12/", "nl")            # fetches both renderings itself

Two checks:

1. Every English source string of every catalog (msgids and plurals, placeholders as
   wildcards) is looked for in the page's visible text and in its title, aria-label,
   placeholder, alt and button value attributes. A msgid is not looked for when the
   language writes it the same way (its translation is identical, or the English words
   occur in one of the language's translations: "Tunnel", "Station", "route").
2. Unmarked English: given the English rendering of the same page, any visible text
   fragment or attribute of the translated page that is identical to one of the English
   page and still holds an English word (a word of the catalogs' English, or a common one,
   that no translation of the language uses) is English nobody marked for translation.
   Numbers, city names, time zone names, the names passed in `allow`, URLs, mail
   addresses, <code>, and anything inside an element whose `lang` is another language
   are left out.

Returns the English found, one string each, sorted: [] means none.
"""

import functools
import html
import json
import re
import zoneinfo
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOG_DIRS = ["locale", "accounts/locale", "games/locale", "templates/games/locale"]

# Names and words that are the same in every language of the site.
ALLOWED = ("Ticket to Ride", "API", "REST", "Redoc", "Swagger", "OpenAPI", "iCalendar")

# Words of English sentences that the catalogs' msgids may not hold, for check 2.
_COMMON_ENGLISH = """the a an and or of to in on at by for from with without is are was were
    be been it its this that these those you your yours we our us they their them he she his her not
    no yes all any some every each more less than then there here what which who when where
    how why if else do does did done have has had can could will would should may might
    must game games player players move moves turn turns card cards ticket tickets route
    routes train trains score points page back next previous log sign settings account
    email password change save cancel open close show hide new only one two three map board"""
# English names of days and months (a date written with them is English, whatever else).
_DATES = """mon tue wed thu fri sat sun monday tuesday wednesday thursday friday saturday sunday
    jan feb mar apr jun jul aug sep sept oct nov dec january february march april may june
    july august september october november december"""
COMMON_ENGLISH = frozenset(_COMMON_ENGLISH.split() + _DATES.split())

INLINE = {
    "a", "abbr", "b", "bdi", "cite", "code", "data", "em", "i", "kbd", "label", "mark",
    "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "tspan",
}  # fmt: skip
SKIPPED = {"script", "style", "template", "noscript"}
TEXT_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
VISIBLE_VALUE_INPUTS = {"submit", "button", "reset"}

PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w*\}")
TAG = re.compile(r"<[a-zA-Z/][^>]*>")
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
URL_OR_ADDRESS = re.compile(r"\b(?:https?://|www\.)\S+|\S+@\S+\.\S+|/[\w./?=&#%-]+")


# --- the catalogs -------------------------------------------------------------------------


def _unquote(line: str) -> str:
    return json.loads(line) if line.startswith('"') else ""


def parse_po(path: Path) -> list[dict]:
    """The entries of a .po file: msgctxt, msgid, msgid_plural, msgstr (a list), fuzzy."""
    entries, entry, key = [], {}, None

    def start() -> dict:
        if entry.get("msgid"):  # the header's msgid is empty
            entries.append(entry)
        return {"fuzzy": False, "msgstr": []}

    entry = start()
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#~"):
            continue  # obsolete entries are not used
        if not line or line.startswith("#"):
            if not line or entry["msgstr"]:
                entry, key = start(), None
            if line.startswith("#,") and "fuzzy" in line:
                entry["fuzzy"] = True
            continue
        match = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (\".*\")$", line)
        if match:
            key, text = match.group(1), _unquote(match.group(2))
            if key == "msgctxt" and ("msgid" in entry or "msgctxt" in entry):
                entry = start()
            if key == "msgid" and "msgid" in entry:
                entry = start()
            if key.startswith("msgstr"):
                entry["msgstr"].append(text)
            else:
                entry[key] = text
        elif line.startswith('"') and key:
            if key.startswith("msgstr"):
                entry["msgstr"][-1] += _unquote(line)
            else:
                entry[key] += _unquote(line)
    start()
    return entries


def catalog_files(language: str) -> list[Path]:
    return sorted(
        path
        for folder in CATALOG_DIRS
        for path in (ROOT / folder / language / "LC_MESSAGES").glob("*.po")
    )


@functools.cache
def entries_of(language: str) -> tuple[dict, ...]:
    return tuple(entry for path in catalog_files(language) for entry in parse_po(path))


def _translated(entry: dict) -> list[str]:
    """The translations Django would use: none for a fuzzy entry (it is not compiled)."""
    return [] if entry["fuzzy"] else [text for text in entry["msgstr"] if text]


def _visible_form(text: str) -> str:
    """A msgid or msgstr as a reader sees it: tags gone, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(TAG.sub("", text)).split())


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(PLACEHOLDER.sub(" ", text))}


@functools.cache
def _translation_text(language: str) -> str:
    """All of the language's translations, lowercased, one per line."""
    return "\n".join(
        _visible_form(text).lower() for entry in entries_of(language) for text in _translated(entry)
    )


def _pattern(source: str) -> tuple[re.Pattern, str] | None:
    """A regular expression finding this English text in a page, placeholders as
    wildcards, and the longest piece of text any match holds as it is (a page without it
    needs no search); None when it holds no word of its own (only placeholders and signs)."""
    visible = _visible_form(source)
    literal = PLACEHOLDER.sub(" ", visible)
    if not WORD.search(literal):
        return None
    needle = max(literal.split(), key=len)
    parts = []
    for index, piece in enumerate(PLACEHOLDER.split(visible)):
        if index:
            parts.append(r".+?")
        parts.append(r"\s+".join(re.escape(word) for word in piece.split(" ")) if piece else "")
        if piece.startswith(" ") and index:
            parts.insert(-1, r"\s*")
    body = "".join(parts)
    start = r"\b" if re.match(r"\w", visible) else ""
    end = r"\b" if re.search(r"\w$", visible) else ""
    return re.compile(start + body + end), needle


def _same_in(language: str, english: str, translations: list[str]) -> bool:
    """The language writes this English the same way: its translation is identical, or
    the words occur in one of its translations (so they are that language's words too)."""
    visible = _visible_form(english)
    if any(_visible_form(text) == visible for text in translations):
        return True
    literal = " ".join(PLACEHOLDER.sub(" ", visible).split()).lower()
    return bool(re.search(r"(?<!\w)" + re.escape(literal) + r"(?!\w)", _translation_text(language)))


@functools.cache
def english_patterns(language: str) -> tuple[tuple[re.Pattern, str], ...]:
    """The pattern of each English source the language writes differently, with its needle."""
    found = {}
    for entry in entries_of(language):
        translations = _translated(entry)
        for source in (entry["msgid"], entry.get("msgid_plural")):
            if not source or source in found or _same_in(language, source, translations):
                continue
            pattern = _pattern(source)
            if pattern is not None:
                found[source] = pattern
    return tuple(found.values())


@functools.cache
def city_names() -> frozenset[str]:
    names = set()
    for board in (ROOT / "games" / "engine" / "data").glob("*.json"):
        names.update(city["name"] for city in json.loads(board.read_text())["cities"])
    return frozenset(names)


@functools.cache
def time_zone_names() -> frozenset[str]:
    """The IANA zones as a time zone menu shows them ("America/Isle of Man" too): names."""
    names = zoneinfo.available_timezones()
    return frozenset(names | {name.replace("_", " ") for name in names})


@functools.cache
def english_words(language: str) -> frozenset[str]:
    """Words that mark a fragment as English in this language's page: the catalogs'
    English and common English words, less every word the language's translations use."""
    english = set(COMMON_ENGLISH)
    for entry in entries_of(language):
        english |= _words(_visible_form(entry["msgid"]))
        english |= _words(_visible_form(entry.get("msgid_plural") or ""))
    used = _words(_translation_text(language))
    for name in (*city_names(), *ALLOWED):
        used |= _words(name)
    return frozenset(english - used)


# --- the page -------------------------------------------------------------------------------


class _Reader(HTMLParser):
    """Visible text (blocks separated by line breaks) and the fragments of a page: each
    text node and each text attribute on its own."""

    def __init__(self, language: str):
        super().__init__(convert_charrefs=True)
        self.language = language.lower()
        self.chunks: list[str] = []
        self.fragments: list[str] = []
        self.stack: list[tuple[str, bool]] = []  # (tag, left out)

    def _left_out(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def _other_language(self, attrs: dict) -> bool:
        lang = (attrs.get("lang") or "").lower()
        return bool(lang) and lang.split("-")[0] != self.language.split("-")[0]

    def handle_starttag(self, tag, attrs):
        attrs = {name: value or "" for name, value in attrs}
        left_out = self._left_out() or tag in SKIPPED or tag == "code"
        left_out = left_out or self._other_language(attrs)
        if tag not in INLINE:
            self.chunks.append("\n")
        if not left_out:
            texts = [attrs.get(name, "") for name in TEXT_ATTRIBUTES]
            # A button's value is sent, not shown; an input button shows its value.
            if tag == "input" and attrs.get("type", "text").lower() in VISIBLE_VALUE_INPUTS:
                texts.append(attrs.get("value", ""))
            for text in filter(None, (" ".join(t.split()) for t in texts)):
                self.fragments.append(text)
                self.chunks.append(f"\n{text}\n")
        if tag not in VOID:
            self.stack.append((tag, left_out))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break
        if tag not in INLINE:
            self.chunks.append("\n")

    def handle_data(self, data):
        if self._left_out() or (self.stack and self.stack[-1][0] in SKIPPED):
            return
        self.chunks.append(data)
        text = " ".join(data.split())
        if text:
            self.fragments.append(text)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip


def _looks_like_html(text: str) -> bool:
    return bool(re.search(r"<(!doctype|html|body|div|p|a|span|section|svg|li|h\d)\b", text, re.I))


def read(page: str, language: str) -> tuple[str, list[str]]:
    """The page's visible text (one line per block) and its fragments."""
    if not _looks_like_html(page):
        lines = [" ".join(line.split()) for line in page.splitlines()]
        return "\n".join(lines), [line for line in lines if line]
    reader = _Reader(language)
    reader.feed(page)
    reader.close()
    lines = [" ".join(line.split()) for line in "".join(reader.chunks).splitlines()]
    return "\n".join(line for line in lines if line), reader.fragments


def _without_names(text: str, allow) -> str:
    text = URL_OR_ADDRESS.sub(" ", text)
    for name in sorted((*allow, *ALLOWED, *city_names()), key=len, reverse=True):
        if name:
            text = re.sub(r"(?<!\w)" + re.escape(name) + r"(?!\w)", " ", text)
    return text


def english_left(page: str, language: str, *, english: str | None = None, allow=()) -> list[str]:
    """The English left in `page` (HTML or a plain-text mail) rendered in `language`.
    With `english`, the same page rendered in English, unmarked English is found too.
    `allow`: names the page may show as they are (players' names, a game's title)."""
    language = language.lower()
    if language.startswith("en"):
        return []
    text, fragments = read(page, language)
    zones = time_zone_names()
    fragments = [fragment for fragment in fragments if fragment not in zones]
    text = "\n".join(line for line in text.splitlines() if line not in zones)
    text = URL_OR_ADDRESS.sub(" ", text)
    found = set()
    for pattern, needle in english_patterns(language):
        if needle not in text:
            continue
        for match in pattern.finditer(text):
            if _without_names(match.group(0), allow).strip(" ,.:;·-–—()#") != "":
                found.add(" ".join(match.group(0).split()))
    if english is not None:
        english_fragments = set(read(english, "en")[1])
        words = english_words(language)
        for fragment in fragments:
            if fragment in english_fragments and _words(_without_names(fragment, allow)) & words:
                found.add(fragment)
    # One finding per piece of English: a short msgid ("Save") inside a longer English
    # text found ("Save the board") is not reported again on its own.
    return sorted(
        item
        for item in found
        if not any(
            item != other and re.search(r"(?<!\w)" + re.escape(item) + r"(?!\w)", other)
            for other in found
        )
    )


def english_left_at(client, url: str, language: str, *, allow=(), **headers) -> list[str]:
    """GET the page as the browser of an English reader and of a `language` reader (the
    client's own session and user, any language cookie left aside), and return the English
    left in the second."""
    from django.conf import settings

    saved = client.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
    try:
        english = client.get(url, HTTP_ACCEPT_LANGUAGE="en-gb", **headers)
        other = client.get(url, HTTP_ACCEPT_LANGUAGE=language, **headers)
    finally:
        if saved is not None:
            client.cookies[settings.LANGUAGE_COOKIE_NAME] = saved
    return english_left(
        other.content.decode(), language, english=english.content.decode(), allow=allow
    )


# --- word by word ------------------------------------------------------------------------
#
#     english_words_left(text, english_text, "nl", allow=("ann", "bob"))
#
# The strictest check, for the table as a browser renders it (its text, SVG text, tooltips and
# labels): every word of the translated text that the English rendering of the same position
# writes too (same letters, same case: "Dec", "Loco", "Pts") is English left, unless the
# language writes that word as well. A word is the language's when one of its translations
# that differs from its English uses it, when the glossary of the rulebooks' terms gives it
# (locale/GLOSSARY.md), or when SAME_WORDS names it. Names of places (cities, the boards)
# and of players (`allow`), URLs, single letters (the cards' and routes' colour letters) and
# time zone abbreviations are not words of any language here.

GLOSSARY = ROOT / "locale" / "GLOSSARY.md"
GLOSSARY_COLUMNS = {"nl": 1, "sv": 2, "fr": 3}
BOARD_NAMES = ("USA", "Europe")
# Words a language shares with the English of the site, though no translation of its own
# happens to differ from the English around them. Each is a word of that language.
SAME_WORDS: dict[str, frozenset[str]] = {
    "nl": frozenset(),
    "sv": frozenset(),
    "fr": frozenset({"total"}),  # le total: the score sheet's last column
}
_ZONE_ABBREVIATION = re.compile(r"^(?:UTC|GMT|[A-Z]{2,5}T)$")


@functools.cache
def glossary_words(language: str) -> frozenset[str]:
    """The words of the language's column of the glossary (the rulebooks' terms)."""
    column = GLOSSARY_COLUMNS.get(language.split("-")[0])
    if column is None:
        return frozenset()
    words = set()
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) > column and not set(cells[0]) <= set("- "):
            words |= _words(re.sub(r"\([^)]*\)|\*[^*]*\*", " ", cells[column]))
    return frozenset(words)


@functools.cache
def language_words(language: str) -> frozenset[str]:
    """Words the language writes (lowercased): of its translations that differ from their
    English, of the glossary, and SAME_WORDS."""
    words = set(glossary_words(language)) | set(SAME_WORDS.get(language.split("-")[0], ()))
    for entry in entries_of(language):
        english = {_visible_form(entry["msgid"]), _visible_form(entry.get("msgid_plural") or "")}
        for text in _translated(entry):
            if _visible_form(text) not in english:
                words |= _words(_visible_form(text))
    return frozenset(words)


def _named(text: str, allow) -> str:
    return _without_names(text, (*allow, *BOARD_NAMES))


def english_words_left(text: str, english_text: str, language: str, *, allow=()) -> list[str]:
    """The English words left in `text` (the language's rendering), one each, sorted."""
    language = language.lower()
    if language.startswith("en"):
        return []
    english = set(WORD.findall(_named(english_text, allow)))
    own = language_words(language)
    return sorted(
        {
            word
            for word in WORD.findall(_named(text, allow))
            if len(word) > 1
            and word in english
            and word.lower() not in own
            and not _ZONE_ABBREVIATION.match(word)
        }
    )
