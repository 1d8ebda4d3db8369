"""Derive every game's Claim rows from its Move log.

rebuild_claims --check   compare only; print every difference, exit 1 if any
rebuild_claims           rewrite the rows of the games that differ
"""

from django.core.management.base import BaseCommand, CommandError

from games.services import claim_rebuild


class Command(BaseCommand):
    help = "Check or rebuild the Claim rows from the Move log."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Compare only; change nothing.")

    def handle(self, *args, check=False, **options):
        differences = claim_rebuild.compare_all()
        lines = [line for difference in differences for line in difference.lines()]
        for line in lines:
            self.stdout.write(line)
        if check:
            if differences:
                raise CommandError(
                    f"{len(differences)} games differ from their move log: {len(lines)} rows"
                )
            self.stdout.write(self.style.SUCCESS("stored claims match the move log exactly"))
            return
        for difference in differences:
            claim_rebuild.claims_rebuild(game_id=difference.game_id)
        self.stdout.write(self.style.SUCCESS(f"rebuilt the claims of {len(differences)} games"))
