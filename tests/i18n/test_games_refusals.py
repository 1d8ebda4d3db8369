"""The engine's refusals in Dutch, Swedish and French: every refusal the engine can raise has
its sentence, translated in each language; the game page shows it and the API sends it as
`message` beside the unchanged English `code`."""

import ast
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation
from game_steps import make_users, started_game, state_of
from i18n.english import english_left
from knox.models import AuthToken
from rest_framework.test import APIClient

from games import engine
from games.engine import IllegalMove
from games.engine.actions import ACTION_FIELDS, FieldType
from games.words.refusals import SENTENCES, refusal_sentence

ENGINE = Path(engine.__file__).parent
LANGUAGES = ("nl", "sv", "fr")
# A value for every parameter a refusal sentence names.
SAMPLE = {
    "player": "'p9'",
    "colour": "red",
    "city": "Wien",
    "route": "Wien–Budapest",
    "ticket": "'usa-1'",
    "count": 2,
    "given": 3,
    "needed": 4,
    "type": "'fly'",
    "choices": "draw_card, claim_route",
    "action": "claim_route",
    "field": "'cards'",
}


def _literal(node, keyword=None):
    if keyword is not None:
        node = next((k.value for k in node.keywords if k.arg == keyword), None)
    return node.value if isinstance(node, ast.Constant) else None


def engine_refusals() -> set[tuple[str, str]]:
    """(code, variant) of every IllegalMove and MalformedAction the engine's code raises."""
    found = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "IllegalMove":
                found.add((_literal(node.args[0]), _literal(node, "variant") or ""))
            elif node.func.id == "MalformedAction":
                found.add(("malformed_action", _literal(node, "variant") or ""))
    found.discard(("", ""))
    # A value outside a field's choices is refused with the variant its field declares.
    declared = {
        spec.refusal
        for specs in ACTION_FIELDS.values()
        for spec in specs
        if spec.type is FieldType.CHOICE
    }
    if ("malformed_action", "") in found:
        found.discard(("malformed_action", ""))
        found |= {("malformed_action", variant or "") for variant in declared}
    return found


def test_the_engine_raises_refusals_of_many_codes_each_with_a_literal_code_and_variant():
    refusals = engine_refusals()
    assert len(refusals) >= 40
    assert all(code and code.replace("_", "").isalpha() for code, _ in refusals)
    # MalformedAction's own code, with no variant, would be a sentence nobody translated.
    assert ("malformed_action", "") not in refusals


def test_every_refusal_the_engine_raises_has_a_sentence():
    missing = engine_refusals() - SENTENCES.keys()
    assert not missing


def sentence(code: str, variant: str, language: str) -> str:
    refusal = IllegalMove(code, "the engine's English", variant=variant, **SAMPLE)
    with translation.override(language):
        return refusal_sentence(refusal)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_sentence_is_translated_with_its_parameters_filled_in(language):
    untranslated = []
    for code, variant in SENTENCES:
        english = sentence(code, variant, "en-gb")
        translated = sentence(code, variant, language)
        assert "%(" not in translated and "the engine's English" not in translated
        if translated == english:
            untranslated.append((code, variant))
    assert not untranslated


def test_each_parameter_the_english_names_is_named_in_every_language():
    for (code, variant), lazy in SENTENCES.items():
        english = str(lazy % SAMPLE) if "%(" in str(lazy) else str(lazy)
        named = {str(value) for value in SAMPLE.values() if str(value) in english}
        for language in LANGUAGES:
            translated = sentence(code, variant, language)
            for value in named - {"red"}:  # a colour is said in the language's word
                assert value in translated, (code, variant, language, value)


def test_a_refusal_in_english_reads_as_the_engine_says_it():
    state = engine.new_game("usa", ["a", "b"], seed=3)
    with pytest.raises(IllegalMove) as refused:
        engine.play(state, "b", engine.DrawCard("deck"))
    with translation.override("en-gb"):
        assert refusal_sentence(refused.value) == refused.value.message


def test_a_card_colour_is_said_in_the_language_s_own_word():
    refusal = IllegalMove("wrong_cards", "x", variant="route_colour", colour="green")
    with translation.override("nl"):
        assert refusal_sentence(refusal) == (
            "Deze route is groen: betaal met treinkaarten in de kleur groen of met locomotieven."
        )
    with translation.override("sv"):
        assert "grön" in refusal_sentence(refusal)


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [
        ("nl", 1, "Met 1 speler kan maar één spoor van Wien–Budapest gebruikt worden."),
        ("nl", 2, "Met 2 spelers kan maar één spoor van Wien–Budapest gebruikt worden."),
        ("fr", 1, "À 1 joueur, une seule voie de Wien–Budapest peut être utilisée."),
        ("fr", 3, "À 3 joueurs, une seule voie de Wien–Budapest peut être utilisée."),
    ],
)
def test_a_count_takes_the_language_s_plural_form(language, count, expected):
    refusal = IllegalMove(
        "double_route_closed", "x", variant="few_players", count=count, route="Wien–Budapest"
    )
    with translation.override(language):
        assert refusal_sentence(refusal) == expected


# --- the page and the API -----------------------------------------------------------------

KEEP_AT_LEAST = {
    "nl": "Houd er minstens 2 van de aangeboden bestemmingskaarten.",
    "sv": "Behåll minst 2 av de erbjudna biljetterna.",
    "fr": "Gardez au moins 2 des cartes Destination proposées.",
}


@pytest.fixture
def opening(db):
    """A started two-player game in its opening: each player holds three offered tickets."""
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], map_id="usa", is_private=True)
    seat = game.seats.get(user=ann)
    offered = list(state_of(game).offered[state_of(game).players.index(seat.player_id)])
    return game, ann, bob, offered


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_page_shows_the_refusal_in_the_reader_s_language(opening, language):
    game, ann, _bob, offered = opening
    client = Client()
    client.force_login(ann)
    response = client.post(
        f"/games/{game.pk}/move/",
        {"type": "keep_tickets", "version": game.version, "tickets": offered[:1]},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert KEEP_AT_LEAST[language] in html
    assert "Keep at least 2 of the offered tickets." not in html
    game.refresh_from_db()
    assert state_of(game).tickets == ((), ())  # nothing was kept


def api_client(user, language: str) -> APIClient:
    _, key = AuthToken.objects.create(user=user)
    client = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def post_action(client, game, action):
    return client.post(
        f"/api/v1/games/{game.pk}/actions/",
        {"version": game.version, "action": action},
        format="json",
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_api_keeps_the_english_code_and_sends_the_sentence_in_the_reader_s_language(
    opening, language
):
    game, ann, _bob, offered = opening
    response = post_action(
        api_client(ann, language), game, {"type": "keep_tickets", "tickets": offered[:1]}
    )
    assert response.status_code == 422
    assert response.json() == {"error": "keep_at_least", "message": KEEP_AT_LEAST[language]}
    assert response.headers["Content-Language"] == language


def test_the_api_in_english_says_what_the_engine_says(opening):
    game, ann, _bob, offered = opening
    response = post_action(
        api_client(ann, "en"), game, {"type": "keep_tickets", "tickets": offered[:1]}
    )
    assert response.json() == {
        "error": "keep_at_least",
        "message": "Keep at least 2 of the offered tickets.",
    }


def test_an_action_that_is_no_action_is_refused_whole_in_the_reader_s_language(opening):
    game, ann, _bob, _offered = opening
    response = post_action(api_client(ann, "nl"), game, {"type": "fly"})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "bad_action"
    assert body["message"].startswith("Dat is geen zet die dit spel begrijpt: onbekend soort actie")
    assert "'fly'" in body["message"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_refusal_sentence_leaves_english_behind(language):
    page = "".join(
        f"<p>{sentence(code, variant, language)}</p>"
        for code, variant in SENTENCES
        if code != "malformed_action"  # a client's field names and ids stay as sent
    )
    assert english_left(f'<html lang="{language}"><body>{page}</body></html>', language) == []
