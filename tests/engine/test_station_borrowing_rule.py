"""The station rule has one home (tickets.borrowable_routes): a station lets its owner use
one route of another player into its city. The final scoring borrows only such a route,
and the bots' planning prices exactly those routes as free."""

from games.bots.knowledge import Knowledge
from games.engine import borrowable_routes, get_map, new_game, player_view
from games.engine.tickets import ticket_outcome

EUROPE = get_map("europe")
# Into Wien: Berlin's route is b's, Munchen's is a's own, the rest open; a also holds
# Paris - Frankfurt - Berlin.
CLAIMS = {
    "berlin-wien": "b",
    "munchen-wien": "a",
    "berlin-essen": "b",
    "frankfurt-paris-1": "a",
    "berlin-frankfurt-1": "a",
}


def test_a_station_may_borrow_the_other_players_routes_into_its_city_only():
    assert borrowable_routes(EUROPE, CLAIMS, "a", "wien") == ["berlin-wien"]
    assert borrowable_routes(EUROPE, CLAIMS, "b", "wien") == ["munchen-wien"]
    assert borrowable_routes(EUROPE, CLAIMS, "a", "essen") == ["berlin-essen"]
    assert borrowable_routes(EUROPE, CLAIMS, "b", "paris") == ["frankfurt-paris-1"]
    assert borrowable_routes(EUROPE, CLAIMS, "a", "zagrab") == []


def test_the_final_scoring_borrows_a_route_the_rule_lists():
    mine = [r for r, owner in CLAIMS.items() if owner == "a"]
    outcome = ticket_outcome(EUROPE, CLAIMS, mine, ["wien"], "a", ["paris-wien"])
    assert outcome.completed == ["paris-wien"]
    assert outcome.borrowed == {"wien": "berlin-wien"}
    assert outcome.borrowed["wien"] in borrowable_routes(EUROPE, CLAIMS, "a", "wien")


def test_the_bots_plan_over_the_routes_the_rule_lets_a_station_borrow():
    view = player_view(new_game("europe", ["a", "b"], 5), "a")
    view = {**view, "claims": CLAIMS, "stations": {"wien": "a"}}
    k = Knowledge(view)
    assert k.path("wien", "berlin")[0] == 0.0  # borrowed by the station in Wien
    assert k.path("essen", "berlin")[0] > 0.0  # Essen has no station: the rival's route is shut
    without = Knowledge({**view, "stations": {}})
    assert without.path("wien", "berlin")[0] > 0.0
