"""The engine's refusals in the viewer's language.

The engine stays free of Django: it raises IllegalMove with a stable code, a variant telling
apart the sentences of one code, and the parameters a sentence names. Here each (code,
variant) has its sentence, translated in the active language; pages show it, and the API
sends it as `message` beside the English `code`. Parameters are exactly those the English
sentence names, so no language says more than the English does.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.engine import IllegalMove
from games.words.names import colour_name

SENTENCES = {
    ("game_over", ""): _("The game is over."),
    ("unknown_player", ""): _("%(player)s is not playing this game."),
    ("player_forfeited", ""): _("You have left this game."),
    ("not_your_turn", ""): _("It is not your turn."),
    ("tickets_pending", "opening"): _("Everyone first chooses which destination tickets to keep."),
    ("tickets_pending", "drawn"): _("Choose which of the drawn tickets to keep."),
    ("nothing_to_keep", "already_chosen"): _("You have already chosen your tickets."),
    ("nothing_to_keep", "none_offered"): _("You have no tickets to choose from."),
    ("no_tunnel_pending", ""): _("You have no tunnel to pay for."),
    ("draw_second_card", ""): _("Draw your second train card."),
    ("tunnel_pending", ""): _("Pay the tunnel's extra cards or decline it."),
    ("pass_not_allowed", ""): _("You can only pass when you have no other move."),
    ("no_cards_to_draw", ""): _("The deck and the discard pile are both empty."),
    ("card_not_face_up", ""): _("There is no face-up %(colour)s card to take."),
    ("card_not_face_up", "locomotive"): _("There is no face-up locomotive to take."),
    ("locomotive_not_second", ""): _(
        "A face-up locomotive can only be taken as your first card, and then it is "
        "your only card this turn."
    ),
    ("no_stations_on_map", ""): _("There are no stations on this map."),
    ("unknown_city", ""): _("There is no city %(city)s on this map."),
    ("station_taken", ""): _("%(city)s already has a station."),
    ("no_stations_left", ""): _("You have built all your stations."),
    ("no_tickets_to_draw", ""): _("The destination ticket deck is empty."),
    ("not_offered", "named_twice"): _("Name each ticket you keep once."),
    ("not_offered", "not_offered"): _("The ticket %(ticket)s was not offered to you."),
    ("keep_at_least", ""): ngettext_lazy(
        "Keep at least %(count)d of the offered tickets.",
        "Keep at least %(count)d of the offered tickets.",
        "count",
    ),
    ("route_taken", ""): _("%(route)s is already claimed."),
    ("double_route_closed", "few_players"): ngettext_lazy(
        "With %(count)d player only one track of %(route)s can be used.",
        "With %(count)d players only one track of %(route)s can be used.",
        "count",
    ),
    ("double_route_closed", "own_twin"): _("You already hold the other track of %(route)s."),
    ("unknown_route", ""): _("There is no route %(route)s on this map."),
    ("not_enough_trains", ""): ngettext_lazy(
        "You have %(count)d train left; this route needs %(needed)d.",
        "You have %(count)d trains left; this route needs %(needed)d.",
        "count",
    ),
    ("not_enough_cards", ""): _("You do not hold those cards."),
    ("wrong_cards", "one_colour"): _("Pay with cards of one colour (plus locomotives)."),
    ("wrong_cards", "station_cost"): ngettext_lazy(
        "This station costs exactly %(count)d card of one colour.",
        "This station costs exactly %(count)d cards of one colour.",
        "count",
    ),
    ("wrong_cards", "route_length"): ngettext_lazy(
        "This route takes exactly %(count)d card, not %(given)d.",
        "This route takes exactly %(count)d cards, not %(given)d.",
        "count",
    ),
    ("wrong_cards", "route_colour"): _(
        "This route is %(colour)s: pay with %(colour)s cards or locomotives."
    ),
    ("wrong_cards", "ferry_locomotives"): ngettext_lazy(
        "This ferry needs at least %(count)d locomotive.",
        "This ferry needs at least %(count)d locomotives.",
        "count",
    ),
    ("wrong_cards", "tunnel_extra"): ngettext_lazy(
        "The tunnel needs exactly %(count)d more card.",
        "The tunnel needs exactly %(count)d more cards.",
        "count",
    ),
    ("wrong_cards", "tunnel_colour"): _(
        "Pay the tunnel's extra with %(colour)s cards or locomotives."
    ),
    ("wrong_cards", "tunnel_locomotives"): _("Pay the tunnel's extra with locomotives."),
    # An action that is not an action at all: the API's clients see these most.
    ("malformed_action", "not_an_object"): _("an action must be a JSON object"),
    ("malformed_action", "not_an_action"): _("that is not an action"),
    ("malformed_action", "unknown_type"): _("unknown action type %(type)s; use one of %(choices)s"),
    ("malformed_action", "missing_field"): _("%(action)s needs the field %(field)s"),
    ("malformed_action", "wrong_type"): _("the field %(field)s of %(action)s has the wrong type"),
    ("malformed_action", "draw_from"): _("draw_card 'from' must be 'deck' or 'face_up'"),
    ("malformed_action", "unknown_colour"): _(
        "%(colour)s is not a card colour; use one of %(choices)s"
    ),
    ("malformed_action", "cards_not_object"): _("%(field)s must be an object of colour -> count"),
    ("malformed_action", "count_not_whole"): _(
        "the count of %(colour)s cards must be a whole number"
    ),
    ("malformed_action", "count_negative"): _("the count of %(colour)s cards cannot be negative"),
    ("malformed_action", "tickets_not_list"): _(
        "keep_tickets 'tickets' must be a list of ticket ids"
    ),
}

# The rules page's section (templates/games/rules) a refusal about a rule links to.
RULES = {
    "tickets_pending": "tickets",
    "nothing_to_keep": "tickets",
    "keep_at_least": "tickets",
    "not_offered": "tickets",
    "no_tickets_to_draw": "tickets",
    "no_tunnel_pending": "tunnels",
    "tunnel_pending": "tunnels",
    "draw_second_card": "draw-cards",
    "card_not_face_up": "draw-cards",
    "locomotive_not_second": "draw-cards",
    "no_cards_to_draw": "draw-cards",
    "pass_not_allowed": "turn",
    "no_stations_on_map": "stations",
    "station_taken": "stations",
    "no_stations_left": "stations",
    "route_taken": "claim",
    "double_route_closed": "double-routes",
    "not_enough_trains": "claim",
    "not_enough_cards": "claim",
}
RULE_OF_VARIANT = {
    "station_cost": "stations",
    "ferry_locomotives": "ferries",
    "tunnel_extra": "tunnels",
    "tunnel_colour": "tunnels",
    "tunnel_locomotives": "tunnels",
    "one_colour": "claim",
    "route_length": "claim",
    "route_colour": "claim",
}


class RuleRefusal(str):
    """A refusal's sentence that knows the rule it concerns (`rule`: a rules page section)."""

    rule = ""


def refusal_rule(refusal: IllegalMove) -> str:
    """The rules page's section the refusal concerns, or "" (a malformed action, game over)."""
    return RULE_OF_VARIANT.get(refusal.variant) or RULES.get(refusal.code, "")


def refusal_with_rule(refusal: IllegalMove) -> RuleRefusal:
    sentence = RuleRefusal(refusal_sentence(refusal))
    sentence.rule = refusal_rule(refusal)
    return sentence


# Parameters that are a card colour's id, said in the viewer's words. A malformed action's
# colour is what the client sent (quoted), so it stays as sent.
_COLOUR_PARAMS = {"colour"}


def _key(refusal: IllegalMove) -> tuple[str, str]:
    if refusal.code == "card_not_face_up" and refusal.params.get("colour") == "locomotive":
        return refusal.code, "locomotive"
    return refusal.code, refusal.variant


def refusal_sentence(refusal: IllegalMove) -> str:
    """The refusal's sentence in the active language (the engine's English when this site
    has no sentence for it, which a test keeps from happening)."""
    sentence = SENTENCES.get(_key(refusal))
    if sentence is None:
        return refusal.message
    params = dict(refusal.params)
    if refusal.code != "malformed_action":
        for name in _COLOUR_PARAMS & params.keys():
            params[name] = colour_name(params[name])
    return str(sentence % params) if params else str(sentence)
