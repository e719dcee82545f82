"""Write matches as `scorepad.match/1` JSON: one match, or every match as a list."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from scorepad.matches.models import Match
from scorepad.records import exchange


class Command(BaseCommand):
    help = "Export matches as scorepad.match/1 JSON (every match, oldest first, as a list)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", nargs="?", help="where to write; standard output if left out")
        parser.add_argument("--match", type=int, help="export only this match id, as one object")

    def handle(self, *args, file: str | None = None, match: int | None = None, **options):
        if match is not None:
            found = Match.objects.prefetch_related("rounds").filter(pk=match).first()
            if found is None:
                raise CommandError(f"no match with id {match}")
            chunks = [json.dumps(exchange.match_document(found), ensure_ascii=False, indent=2)]
            chunks.append("\n")
        else:
            chunks = exchange.json_list(exchange.oldest_first(Match.objects.all()))
        if file is None:
            for chunk in chunks:
                sys.stdout.write(chunk)
            return
        with open(file, "w", encoding="utf-8") as out:
            for chunk in chunks:
                out.write(chunk)
