"""Cabo's kept round results say whose total went back to 50 (`RoundResult.adjusted`),
which the board marks: the results kept before say nobody, so the Cabo matches whose
options reset a total are kept again, as `rebuild_results` would (a match its rules no
longer accept stays as it is: its page says why, as before)."""

from django.db import migrations

from ._kept_again import keep_again


def keep_the_resets(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    matches = Match.objects.filter(game="cabo", standing__isnull=False).exclude(
        options__reset_at_100="off"
    )
    keep_again(apps, matches)


class Migration(migrations.Migration):
    dependencies = [("matches", "0009_order_by_the_match_column")]

    operations = [migrations.RunPython(keep_the_resets, migrations.RunPython.noop)]
