"""The analysis of a finished game: asked for on its page or in the API, made by its task
(eager here, on a tiny budget), shown as a chart and key moments linking to the replay;
refused while the game runs and invisible to a stranger of a private game."""

import html
import json
import random
import re

import pytest
from django.test import Client
from game_steps import make_users, position_game, state_of, who_must_act
from i18n.english import english_left_at

from games import bots
from games.bots.analysis import game_decisions
from games.models import AnalysisStatus, Game, GameAnalysis, Move
from games.selectors.replay import CLOCK_ONLY_ACTIONS, game_start_state, move_action
from games.services.play import game_play

pytestmark = pytest.mark.django_db

# Both players nearly out of trains: the game ends within a dozen turns.
SHORT = {
    "map": "usa",
    "players": ["ann", "bob"],
    "seed": 3,
    "setup": {
        "phase": "play",
        "trains": {"ann": 9, "bob": 10},
        "tickets": {"ann": ["denver-el_paso"], "bob": ["duluth-houston"]},
    },
    "actions": [],
}


@pytest.fixture(autouse=True)
def _tiny_budget_and_eager_tasks(settings):
    settings.ANALYSIS_BOT_BUDGET = 30
    settings.ANALYSIS_ROLLOUTS = 2
    settings.CELERY_TASK_ALWAYS_EAGER = True
    yield
    settings.CELERY_TASK_ALWAYS_EAGER = False


def short_game(*, until_over: bool = True) -> tuple[Game, dict]:
    ann, bob, cy = make_users("ann", "bob", "cy")
    game = position_game(ann, SHORT, [ann, bob])
    bot = bots.make_bot("beginner")
    for number in range(200):
        game.refresh_from_db()
        if game.is_over or (not until_over and number == 4):
            break
        seat = who_must_act(game)[0]
        state = state_of(game)
        action = bot.decide(bots.seat_for(state, seat.player_id, (), random.Random(number)))
        game_play(
            game_id=game.pk, user=seat.user, action=action.to_dict(), expected_version=game.version
        )
    game.refresh_from_db()
    return game, {"ann": ann, "bob": bob, "cy": cy}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def decisions_in(game) -> int:
    moves = [
        m
        for m in Move.objects.filter(game=game).order_by("number")
        if m.action.get("type") not in CLOCK_ONLY_ACTIONS
    ]
    actions = [(str(m.seat_id), move_action(move=m)) for m in moves]
    return sum(1 for _ in game_decisions(game_start_state(game=game), actions, "count"))


def test_a_player_asks_and_the_task_analyses_every_decision_of_the_finished_game(
    django_capture_on_commit_callbacks,
):
    game, users = short_game()
    assert game.is_over
    client = signed_in(users["bob"])
    page = client.get(f"/games/{game.pk}/analysis/")
    assert page.status_code == 200
    assert "Analyse this game" in page.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(f"/games/{game.pk}/analysis/request/")
    assert answer.status_code == 302
    analysis = GameAnalysis.objects.get(game=game)
    assert analysis.status == AnalysisStatus.DONE
    total = decisions_in(game)
    assert total >= 6 and analysis.decisions_done == analysis.decisions_total == total
    decisions = analysis.result["decisions"]
    seats = {s.player_id for s in game.seats.all()}
    assert {d["player"] for d in decisions} == seats
    for d in decisions:
        assert d["played_points"]["rollouts"] == 2
        assert d["gain"] == pytest.approx(
            d["choice_points"]["mean"] - d["played_points"]["mean"], abs=0.11
        )
    # what is stored and shown names no card a claim paid: the moves' public parts only
    assert '"cards"' not in json.dumps(analysis.result)
    final = {s.player_id: s.final_score for s in game.seats.all()}
    assert analysis.result["final"] == final

    text = client.get(f"/games/{game.pk}/analysis/").content.decode()
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="ttra"' in text
    assert "Estimated final score, turn by turn" in text
    assert "Key moments" in text and "rollouts" in text
    # each key moment links to the replay at its move
    links = re.findall(rf'href="/games/{game.pk}/replay/\?move=(\d+)"', text)
    assert len(links) >= len(decisions)
    # asking again gives the same analysis, not a second run
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/games/{game.pk}/analysis/request/")
    assert GameAnalysis.objects.get(game=game).finished_at == analysis.finished_at


def test_the_progress_bar_while_it_runs_and_the_result_in_its_place_once_it_is_done(settings):
    game, users = short_game()
    analysis = GameAnalysis.objects.create(
        game=game, status=AnalysisStatus.RUNNING, decisions_done=3, decisions_total=12
    )
    client = signed_in(users["ann"])
    text = client.get(f"/games/{game.pk}/analysis/").content.decode()
    assert '<progress id="analysis-bar" max="12" value="3"' in text
    # Told by the game's stream (games.services.analysis moves the version on), a slow poll
    # only in case the stream is cut; a site without a stream polls.
    assert "3 of 12 decisions" in text and 'hx-trigger="analysis-told, every 30s"' in text
    assert f'data-version="{game.version}"' in text
    settings.LIVE_STREAM = False
    text = client.get(f"/games/{game.pk}/analysis/").content.decode()
    assert 'hx-trigger="every 3s"' in text and "data-stream" not in text
    analysis.status = AnalysisStatus.DONE
    analysis.result = {"players": [], "decisions": [], "moments": [], "final": {}}
    analysis.save()
    poll = client.get(f"/games/{game.pk}/analysis/progress/", headers={"HX-Request": "true"})
    # The page's whole body takes the place of the one shown: no reload.
    assert poll.status_code == 200 and "HX-Refresh" not in poll
    assert (poll["HX-Retarget"], poll["HX-Reselect"]) == ("#analysis-body", "#analysis-body")
    answer = poll.content.decode()
    assert 'id="analysis-body"' in answer and "Key moments" in answer
    assert 'id="analysis-progress"' not in answer


def test_the_api_gives_the_analysis_with_its_estimates(django_capture_on_commit_callbacks):
    game, users = short_game()
    client = signed_in(users["ann"])
    before = client.get(f"/api/v1/games/{game.pk}/analysis/")
    assert before.status_code == 200 and before.json()["status"] == "none"
    with django_capture_on_commit_callbacks(execute=True):
        asked = client.post(f"/api/v1/games/{game.pk}/analysis/", content_type="application/json")
    assert asked.status_code == 202
    body = client.get(f"/api/v1/games/{game.pk}/analysis/").json()
    assert body["status"] == "done" and body["rollouts"] == 2 and body["bot_budget"] == 30
    assert body["decisions_done"] == body["decisions_total"] == len(body["decisions"])
    first = body["decisions"][0]
    assert set(first["played_points"]) == {"mean", "spread", "rollouts"}
    assert {p["name"] for p in body["players"]} == {"ann", "bob"}
    for moment in body["moments"]:
        assert re.search(r"about \d+ points?", moment["sentence"])


@pytest.mark.parametrize("language", ["en", "nl", "sv", "fr"])
def test_no_analysis_while_the_game_runs(language, django_capture_on_commit_callbacks):
    game, users = short_game(until_over=False)
    assert game.is_active
    client = signed_in(users["ann"])
    refused = {
        "en": "only once it is over",
        "nl": "pas geanalyseerd als het voorbij is",
        "sv": "först när det är slut",
        "fr": "qu'une fois terminée",
    }[language]
    headers = {"Accept-Language": language}
    page = client.get(f"/games/{game.pk}/analysis/", headers=headers)
    assert page.status_code == 409 and refused in html.unescape(page.content.decode())
    with django_capture_on_commit_callbacks(execute=True):
        post = client.post(f"/games/{game.pk}/analysis/request/", headers=headers)
    assert post.status_code == 409
    api = client.post(
        f"/api/v1/games/{game.pk}/analysis/", content_type="application/json", headers=headers
    )
    assert api.status_code == 409 and api.json()["error"] == "analysis_not_yet"
    assert refused in api.json()["message"]
    assert not GameAnalysis.objects.filter(game=game).exists()


def test_a_stranger_sees_nothing_of_a_private_game_and_anyone_may_ask_of_a_public_one(
    django_capture_on_commit_callbacks,
):
    game, users = short_game()
    stranger = signed_in(users["cy"])
    assert stranger.get(f"/games/{game.pk}/analysis/").status_code == 404
    assert stranger.post(f"/games/{game.pk}/analysis/request/").status_code == 404
    assert stranger.get(f"/api/v1/games/{game.pk}/analysis/").status_code == 404
    assert not GameAnalysis.objects.filter(game=game).exists()
    Game.objects.filter(pk=game.pk).update(is_private=False)
    guest = Client().get(f"/games/{game.pk}/analysis/")
    assert guest.status_code == 200 and "Sign in to ask for one" in guest.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        assert stranger.post(f"/games/{game.pk}/analysis/request/").status_code == 302
    assert GameAnalysis.objects.get(game=game).status == AnalysisStatus.DONE
    assert "Key moments" in Client().get(f"/games/{game.pk}/analysis/").content.decode()


def test_the_analysis_page_has_no_english_left(django_capture_on_commit_callbacks):
    game, users = short_game()
    client = signed_in(users["ann"])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/games/{game.pk}/analysis/request/")
    url = f"/games/{game.pk}/analysis/"
    left = {
        language: english_left_at(client, url, language, allow=["ann", "bob"])
        for language in ("nl", "sv", "fr")
    }
    assert left == {"nl": [], "sv": [], "fr": []}
