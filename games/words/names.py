"""The game's own words in the viewer's language (locale/GLOSSARY.md): card colours, board names,
places ("2e", "2:a") and lists of names."""

from django.utils.translation import get_language, pgettext, pgettext_lazy

# A card colour as a word on its own ("in de kleur rood", "de couleur rouge"): the form every
# sentence of the site uses, so no language has to inflect it.
COLOUR_NAMES = {
    "red": pgettext_lazy("card colour", "red"),
    "orange": pgettext_lazy("card colour", "orange"),
    "yellow": pgettext_lazy("card colour", "yellow"),
    "green": pgettext_lazy("card colour", "green"),
    "blue": pgettext_lazy("card colour", "blue"),
    "purple": pgettext_lazy("card colour", "purple"),
    "white": pgettext_lazy("card colour", "white"),
    "black": pgettext_lazy("card colour", "black"),
    "gray": pgettext_lazy("card colour", "gray"),
    "locomotive": pgettext_lazy("card colour", "locomotive"),
}


def colour_name(colour: str) -> str:
    """The colour's word, or the id itself for a colour the site does not know."""
    name = COLOUR_NAMES.get(colour)
    return str(name) if name is not None else colour


def list_text(items: list[str]) -> str:
    """Names as a list in running text: "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    items = [str(item) for item in items]
    if len(items) <= 1:
        return "".join(items)
    return pgettext("a list of two or more", "%(items)s and %(last)s") % {
        "items": pgettext("between items of a list", ", ").join(items[:-1]),
        "last": items[-1],
    }


def ordinal(number: int) -> str:
    """A place as each language writes it: 1st, 1e, 1:a, 1er."""
    language = (get_language() or "en").split("-")[0]
    if language == "nl":
        return f"{number}e"
    if language == "sv":
        last = number % 10
        return f"{number}:{'a' if last in (1, 2) and number % 100 not in (11, 12) else 'e'}"
    if language == "fr":
        return f"{number}er" if number == 1 else f"{number}e"
    teens = 10 <= number % 100 <= 20
    return f"{number}{'th' if teens else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


# The boards' names (the lobby's choice of map, games.models.MapChoice, uses them too).
MAP_NAMES = {"usa": pgettext_lazy("map", "USA"), "europe": pgettext_lazy("map", "Europe")}


def map_name(map_id: str) -> str:
    """The board's name in the viewer's language."""
    return str(MAP_NAMES.get(map_id, map_id))
