"""Cabo's kept round results carry how many tiebreak rounds each player played, which
places who lasted longer higher in the final standings (QA45), and a match in a tiebreak
is led by those still in it, a match decided by its winners (QA48): the Cabo matches
with a tiebreak round, and the finished Escoba matches whose tie at the top the counts
decide, are kept again, as `rebuild_results` would."""

from django.db import migrations

from ._kept_again import keep_again


def keep_the_tiebreaks(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    Round = apps.get_model("matches", "Round")
    with_tiebreaks = Round.objects.filter(
        match__game="cabo", data__tiebreak=True, deleted_at__isnull=True
    ).values("match_id")
    # An Escoba match whose tie at the top was decided by the counts: led by its winners.
    decided = Match.objects.filter(game="escoba", finished=True, options__top_tie="cascade")
    kept = Match.objects.filter(standing__isnull=False)
    keep_again(apps, kept.filter(pk__in=with_tiebreaks) | kept.filter(pk__in=decided))


class Migration(migrations.Migration):
    dependencies = [("matches", "0011_correction_points")]

    operations = [migrations.RunPython(keep_the_tiebreaks, migrations.RunPython.noop)]
