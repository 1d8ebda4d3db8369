"""Hooks the move path calls inside its transaction so players get mail after commit.

Each hook records what is owed (Notification rows) and queues sending with
transaction.on_commit; nothing is sent for a move that did not commit.
"""


def on_game_started(game) -> None:
    """The opening ticket choice begins: every player is asked to choose."""


def on_move(game, move) -> None:
    """A move was applied; the turn may have passed to someone else."""


def on_game_over(game) -> None:
    """The game finished or was aborted: results go to every player."""
