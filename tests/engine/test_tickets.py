"""Destination tickets: the opening keep on each map, later draws, returns."""

from engine_helpers import act, position, refused, types

from games.engine import get_map, legal_action_kinds, legal_options, new_game

ROW = ["red", "blue", "green", "white", "black"]


def keep(*tickets):
    return {"type": "keep_tickets", "tickets": list(tickets)}


DRAW_TICKETS = {"type": "draw_tickets"}


def test_usa_opening_deals_three_keep_at_least_two_returns_under_the_deck():
    state = new_game("usa", ["ann", "bob"], seed=2)
    assert state.phase == "initial_tickets"
    assert [len(o) for o in state.offered] == [3, 3]
    assert len(state.ticket_deck) == 30 - 6
    first, second, third = state.offered[0]
    refused(state, "ann", keep(first), "keep_at_least")
    state, events = act(state, "ann", keep(first, third))
    assert events[0] == {
        "type": "tickets_kept",
        "player": "ann",
        "count": 2,
        "returned": 1,
        "turn": 1,
    }
    assert state.tickets[0] == (first, third)
    assert state.ticket_deck[-1] == second and len(state.ticket_deck) == 25


def test_europe_opening_one_long_three_regular_keep_two_returns_leave_the_game():
    game_map = get_map("europe")
    state = new_game("europe", ["ann", "bob", "cy"], seed=2)
    for offer in state.offered:
        assert len(offer) == 4
        assert [game_map.tickets[t].long for t in offer] == [True, False, False, False]
    assert len(state.ticket_deck) == 40 - 9  # undealt long tickets are out of the game
    assert not any(game_map.tickets[t].long for t in state.ticket_deck)
    long_ticket, a, b, c = state.offered[0]
    state, events = act(state, "ann", keep(a, b))  # any mix; the long one may go back
    assert events[0]["returned"] == 2
    assert len(state.ticket_deck) == 31 and long_ticket not in state.ticket_deck
    assert c not in state.ticket_deck


def test_opening_players_choose_in_any_order_and_play_starts_when_all_have_kept():
    state = new_game("usa", ["ann", "bob", "cy"], seed=5)
    assert legal_action_kinds(state, "cy") == ("keep_tickets",)
    state, _ = act(state, "cy", keep(*state.offered[2]))
    refused(state, "cy", keep(), "nothing_to_keep")
    refused(state, "ann", {"type": "draw_card", "from": "deck"}, "tickets_pending")
    state, _ = act(state, "bob", keep(*state.offered[1][:2]))
    assert state.phase == "initial_tickets"
    state, events = act(state, "ann", keep(*state.offered[0][:2]))
    assert state.phase == "play" and state.current_player == "ann"
    assert events[-1] == {"type": "turn_passed", "player": "ann", "turn": 1}


def test_opening_keep_options_are_every_choice_of_at_least_two():
    state = new_game("europe", ["ann", "bob"], seed=1)
    options = legal_options(state, "ann", "keep_tickets")
    assert len(options) == 6 + 4 + 1  # 4 choose 2, 3, 4


def test_draw_tickets_takes_the_top_three_and_keep_at_least_one():
    deck = ["boston-miami", "denver-el_paso", "duluth-houston", "calgary-phoenix"]
    state = position(ticket_deck=deck, face_up=ROW)
    state, events = act(state, "ann", DRAW_TICKETS)
    assert events == [{"type": "tickets_drawn", "player": "ann", "count": 3, "turn": 1}]
    assert state.offered[0] == tuple(deck[:3]) and state.pending.kind == "tickets"
    refused(state, "ann", keep(), "keep_at_least")
    refused(state, "ann", keep("calgary-phoenix"), "not_offered")
    refused(state, "ann", {"type": "draw_card", "from": "deck"}, "tickets_pending")
    state, events = act(state, "ann", keep("denver-el_paso"))
    assert state.tickets[0] == ("denver-el_paso",)
    # returned ones go under the ticket deck
    assert state.ticket_deck[-2:] == ("boston-miami", "duluth-houston")
    assert state.ticket_deck[0] == "calgary-phoenix"
    assert state.current_player == "bob"
    assert types(events) == ["tickets_kept", "turn_passed"]


def test_draw_tickets_with_fewer_than_three_left_takes_what_there_is():
    usa = list(get_map("usa").tickets)
    state = position(ticket_deck=usa[:2], tickets={"bob": usa[2:]}, face_up=ROW)
    state, events = act(state, "ann", DRAW_TICKETS)
    assert events[0]["count"] == 2 and state.offered[0] == tuple(usa[:2])
    assert state.ticket_deck == ()


def test_draw_tickets_is_illegal_with_an_empty_ticket_deck():
    usa = list(get_map("usa").tickets)
    state = position(tickets={"ann": usa[:15], "bob": usa[15:]}, face_up=ROW)
    assert state.ticket_deck == ()
    refused(state, "ann", DRAW_TICKETS, "no_tickets_to_draw")
    assert "draw_tickets" not in legal_action_kinds(state, "ann")


def test_europe_later_draws_come_from_the_regular_deck_only():
    state = position("europe", face_up=ROW)
    game_map = get_map("europe")
    assert len(state.ticket_deck) == 40
    assert not any(game_map.tickets[t].long for t in state.ticket_deck)


def test_kept_tickets_count_for_the_player():
    state = position(ticket_deck=["boston-miami", "denver-el_paso", "duluth-houston"], face_up=ROW)
    state, _ = act(state, "ann", DRAW_TICKETS)
    state, _ = act(state, "ann", keep("boston-miami", "denver-el_paso", "duluth-houston"))
    assert state.tickets[0] == ("boston-miami", "denver-el_paso", "duluth-houston")
