"""Replay every finished rated game from default ratings, in finished_at then id order.

rebuild_ratings --check   compare only; print every difference, exit 1 if any
rebuild_ratings           rebuild Rating rows from the replay and add missing
                          RatingChange rows; stored history that differs is
                          reported (exit 1) and left untouched
rebuild_ratings --force   as above, and also overwrite differing RatingChange
                          rows and delete rows for games no longer rated
"""

from django.core.management.base import BaseCommand, CommandError

from games.ratings import rebuild


class Command(BaseCommand):
    help = "Replay all rated games to check or rebuild ratings and their history."

    def add_arguments(self, parser):
        mode = parser.add_mutually_exclusive_group()
        mode.add_argument("--check", action="store_true", help="Compare only; change nothing.")
        mode.add_argument(
            "--force",
            action="store_true",
            help="Also overwrite stored history that differs from the replay.",
        )

    def handle(self, *args, check=False, force=False, **options):
        expected = rebuild.replay()
        comparison = rebuild.compare(expected)
        for line in comparison.lines():
            self.stdout.write(line)
        games = len({key[0] for key in expected.changes})
        summary = f"{games} rated games, {len(expected.changes)} rating changes replayed"
        if check:
            if not comparison.matches:
                raise CommandError(f"{summary}: {len(comparison.lines())} differences")
            self.stdout.write(self.style.SUCCESS(f"{summary}: stored ratings match exactly"))
            return
        rebuild.apply(expected, comparison, force=force)
        self.stdout.write(
            f"{summary}; added {len(comparison.missing)} missing changes; ratings rebuilt"
        )
        if comparison.differing or comparison.orphans:
            if force:
                self.stdout.write(
                    f"overwrote {len(comparison.differing)} differing changes, "
                    f"deleted {len(comparison.orphans)} orphaned ones"
                )
            else:
                raise CommandError(
                    f"{len(comparison.differing) + len(comparison.orphans)} stored changes "
                    "differ from the replay and were left as they are (use --force to rewrite)"
                )
        self.stdout.write(self.style.SUCCESS("done"))
