"""Cabo's kept round results say whose total went back to 50 (`RoundResult.adjusted`),
which the board marks: the results kept before say nobody, so the Cabo matches whose
options reset a total are kept again, as `rebuild_results` would (a match its rules no
longer accept stays as it is: its page says why, as before)."""

from django.db import migrations

from scorepad.rules import get_game
from scorepad.rules.base import RoundInvalid, Setup
from scorepad.rules.kept import result_to_json


def keep_the_resets(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    Round = apps.get_model("matches", "Round")
    matches = Match.objects.filter(game="cabo", standing__isnull=False).exclude(
        options__reset_at_100="off"
    )
    for match in matches.iterator():
        setup = Setup(match.game, tuple(match.players), match.options, match.first_dealer)
        rounds = list(Round.objects.filter(match=match, deleted_at__isnull=True).order_by("number"))
        try:
            state = get_game(match.game).score(setup, [r.data for r in rounds])
        except RoundInvalid:
            continue
        for round_, result in zip(rounds, state.rounds, strict=True):
            round_.result = result_to_json(result)
        Round.objects.bulk_update(rounds, ["result"])
        # The pages of the match are kept under its version: they show the marks too.
        Match.objects.filter(pk=match.pk).update(version=match.version + 1)


class Migration(migrations.Migration):
    dependencies = [("matches", "0009_order_by_the_match_column")]

    operations = [migrations.RunPython(keep_the_resets, migrations.RunPython.noop)]
