"""Every stored move's events get the number of the turn they happened in, and every stored
game state the number of the turn being played, as the engine now writes them (the log
groups its lines by these numbers).

The engine's rule, written out here (a migration must not change with the code): a game's
first move is made in turn 1 (the opening, everyone's at once), every event of a move
carries the turn the move was made in, and each turn_passed event starts the next turn.
The site's own moves (more time given) are numbered alike: they were made in the turn
being played.

Going back leaves the numbers in place: code from before ignores them.
"""

from django.db import migrations

BATCH = 1000
TURN_PASSED = "turn_passed"
FIRST_TURN = 1


def numbered(moves, first: int = FIRST_TURN) -> tuple[list, int]:
    """The moves (oldest first) whose events change, numbered, and the turn being played
    after the last of them."""
    turn, changed = first, []
    for move in moves:
        events = [dict(event, turn=turn) for event in move.events or []]
        turn += sum(1 for event in events if event.get("type") == TURN_PASSED)
        if events != move.events:
            move.events = events
            changed.append(move)
    return changed, turn


def number_turns(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    # Game by game (a game has a few hundred moves at most), written in batches; no cursor
    # is left open while rows are written.
    pending_moves, pending_games = [], []
    ids = list(Game.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), BATCH):
        chunk = Game.objects.filter(pk__in=ids[start : start + BATCH]).order_by("pk")
        for game in chunk.only("id", "state"):
            _number_game(Move, game, pending_moves, pending_games)
            if len(pending_moves) >= BATCH or len(pending_games) >= BATCH:
                _write(Game, Move, pending_moves, pending_games)
    _write(Game, Move, pending_moves, pending_games)


def _number_game(Move, game, pending_moves: list, pending_games: list) -> None:
    moves = Move.objects.filter(game_id=game.pk).order_by("number").only("id", "events")
    changed, turn = numbered(moves)
    pending_moves += changed
    if isinstance(game.state, dict) and game.state.get("turn") != turn:
        game.state = {**game.state, "turn": turn}
        pending_games.append(game)


def _write(Game, Move, pending_moves: list, pending_games: list) -> None:
    Move.objects.bulk_update(pending_moves, ["events"], batch_size=BATCH)
    Game.objects.bulk_update(pending_games, ["state"], batch_size=BATCH)
    pending_moves.clear()
    pending_games.clear()


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0014_bots_at_the_table"),
    ]

    operations = [
        migrations.RunPython(number_turns, migrations.RunPython.noop, elidable=True),
    ]
