"""Read a `scorepad.match/1` file and save its matches, all of them or none."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scorepad.matches.models import Owner
from scorepad.records import exchange


class Command(BaseCommand):
    help = "Import a scorepad.match/1 file (one match or a list); prints the new ids in order."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the JSON file to read")
        parser.add_argument("--owner", help="username of the account that gets the matches")

    def handle(self, *args, file: str, owner: str | None = None, **options):
        try:
            content = Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error.strerror}") from None
        try:
            checked = exchange.check_documents(exchange.read_documents(content))
        except exchange.ImportRefused as refused:
            raise CommandError("nothing imported:\n" + "\n".join(refused.faults)) from None
        # save_matches is one transaction; the owner is found (or made) once the file passed.
        created = exchange.save_entries(self._owner(owner), checked, new_only=True)
        for _entry, match in created:
            self.stdout.write(str(match.pk))
        if held := len(checked) - len(created):
            self.stderr.write(f"{held} of the file's matches already there: left out")
        for entry, match in created:
            if entry.written_otherwise:
                self.stderr.write(
                    f"match {match.pk}: the file's results differ from its rounds';"
                    " imported with its rounds' results"
                )

    def _owner(self, username: str | None) -> Owner:
        if username is None:
            return Owner.objects.create()
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user named {username}")
        return Owner.objects.get_or_create(user=user)[0]
