"""Replay matches from their rounds and keep what the engine derives again."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from scorepad.matches import kept
from scorepad.matches.models import Match
from scorepad.rules.base import RoundInvalid


class Command(BaseCommand):
    help = (
        "Rebuild the kept results (round points and totals, each match's standing, the "
        "players' statistics) from the entered rounds: every match, or one."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--match", type=int, help="rebuild only this match id")

    def handle(self, *args, match: int | None = None, **options) -> None:
        matches = Match.objects.all()
        if match is not None:
            matches = matches.filter(pk=match)
            if not matches.exists():
                raise CommandError(f"no match with id {match}")
        rebuilt = refused = 0
        for found in matches.iterator():
            try:
                kept.rebuild(found)
            except RoundInvalid as invalid:
                refused += 1
                self.stderr.write(f"match {found.pk} does not replay: {invalid}")
            else:
                rebuilt += 1
        self.stdout.write(f"{rebuilt} match(es) rebuilt, {refused} refused.")
        if refused:
            raise CommandError(f"{refused} match(es) could not be replayed")
