"""How one finished game moves its players' ratings."""

import pytest
from game_steps import make_users
from openskill.models import PlackettLuce
from rating_games import finished_game

from games.models import Rating, RatingChange
from games.ratings.model import DEFAULT_SKILL, SHOWN_BASE
from games.ratings.record import record_game_ratings

pytestmark = pytest.mark.django_db


def overall_after(user):
    return RatingChange.objects.get(user=user, board="overall")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_winner_gains_the_last_loses_and_values_match_openskill(players):
    users = make_users(*[f"p{i}" for i in range(players)])
    game = finished_game({u: i + 1 for i, u in enumerate(users)})

    record_game_ratings(game)

    direct = PlackettLuce().rate(
        [[PlackettLuce().rating()] for _ in users], ranks=list(range(1, players + 1))
    )
    for user, (expected,) in zip(users, direct, strict=True):
        for board in ("overall", "usa"):
            change = RatingChange.objects.get(user=user, board=board, game=game)
            assert (change.mu_after, change.sigma_after) == (expected.mu, expected.sigma)
            assert change.mu_before == DEFAULT_SKILL.mu
            assert change.sigma_before == DEFAULT_SKILL.sigma
    assert overall_after(users[0]).shown_after > SHOWN_BASE > overall_after(users[-1]).shown_after
    assert overall_after(users[0]).shown_before == SHOWN_BASE
    assert RatingChange.objects.filter(game=game).count() == 2 * players


def test_players_who_tie_get_the_same_new_rating_and_share_the_place():
    ann, bob, cy, dan = make_users("ann", "bob", "cy", "dan")
    game = finished_game({ann: 1, bob: 2, cy: 2, dan: 4})

    record_game_ratings(game)

    bob_change, cy_change = overall_after(bob), overall_after(cy)
    assert bob_change.mu_after == cy_change.mu_after
    assert bob_change.sigma_after == cy_change.sigma_after
    assert (bob_change.place, cy_change.place) == (2, 2)
    assert overall_after(dan).place == 4
    assert overall_after(ann).mu_after > bob_change.mu_after > overall_after(dan).mu_after


def test_a_two_player_draw_leaves_mu_unchanged_and_narrows_sigma():
    ann, bob = make_users("ann", "bob")
    record_game_ratings(finished_game({ann: 1, bob: 1}))

    change = overall_after(ann)
    assert change.mu_after == pytest.approx(DEFAULT_SKILL.mu)
    assert change.sigma_after < DEFAULT_SKILL.sigma


def test_forfeited_players_rated_at_the_last_place_they_share():
    ann, bob, cy, dan = make_users("ann", "bob", "cy", "dan")
    # The engine ranks the leavers last, together (tests/engine/test_scoring_ranking.py).
    game = finished_game({ann: 3, bob: 1, cy: 2, dan: 3}, forfeited=(ann, dan))

    record_game_ratings(game)

    assert [overall_after(u).place for u in (ann, bob, cy, dan)] == [3, 1, 2, 3]
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[3, 1, 2, 3])
    assert [overall_after(u).mu_after for u in (ann, bob, cy, dan)] == [t[0].mu for t in expected]
    assert overall_after(ann).mu_after == overall_after(dan).mu_after
    assert overall_after(ann).mu_after < overall_after(cy).mu_after


def test_a_forfeit_rated_below_a_finisher_who_scored_less():
    ann, bob = make_users("ann", "bob")
    game = finished_game({ann: 2, bob: 1}, forfeited=(ann,), scores={ann: 90, bob: 10})

    record_game_ratings(game)

    assert overall_after(bob).place == 1
    assert overall_after(ann).place == 2
    assert overall_after(bob).mu_after > overall_after(ann).mu_after


def test_an_unrated_game_changes_nothing():
    ann, bob = make_users("ann", "bob")
    game = finished_game({ann: 1, bob: 2}, rated=False)

    assert record_game_ratings(game) == []

    assert not RatingChange.objects.exists()
    assert not Rating.objects.exists()


def test_recording_the_same_game_twice_adds_nothing():
    ann, bob = make_users("ann", "bob")
    game = finished_game({ann: 1, bob: 2})
    record_game_ratings(game)
    before = list(Rating.objects.values_list("user_id", "board", "mu", "sigma", "games"))

    assert record_game_ratings(game) == []

    assert RatingChange.objects.count() == 4
    assert list(Rating.objects.values_list("user_id", "board", "mu", "sigma", "games")) == before


def test_a_game_moves_the_overall_rating_and_its_own_maps_rating_only():
    ann, bob = make_users("ann", "bob")
    record_game_ratings(finished_game({ann: 1, bob: 2}, map_id="europe"))

    assert set(Rating.objects.filter(user=ann).values_list("board", flat=True)) == {
        "overall",
        "europe",
    }
    change = RatingChange.objects.get(user=ann, board="europe")
    assert change.created_at == change.game.finished_at


def test_the_next_game_starts_from_the_stored_rating_and_counts_games():
    ann, bob = make_users("ann", "bob")
    record_game_ratings(finished_game({ann: 1, bob: 2}, day=0))
    first = RatingChange.objects.get(user=ann, board="overall")
    second_game = finished_game({ann: 1, bob: 2}, map_id="europe", day=1)

    record_game_ratings(second_game)

    second = RatingChange.objects.get(user=ann, board="overall", game=second_game)
    assert (second.mu_before, second.sigma_before) == (first.mu_after, first.sigma_after)
    assert Rating.objects.get(user=ann, board="overall").games == 2
    assert Rating.objects.get(user=ann, board="usa").games == 1
    europe = RatingChange.objects.get(user=ann, board="europe")
    assert europe.mu_before == DEFAULT_SKILL.mu
