"""Escoba's kept seats count the deals a player played in a team, for the note under
the statistics that speaks of teams (shown only to who played in one): the seats kept
before count none, so each Escoba seat with deals counts them, all of its deals in a
match played in teams and none otherwise, as `rebuild_results` would."""

from django.db import migrations


def count_the_team_deals(apps, schema_editor):
    Seat = apps.get_model("matches", "Seat")
    seats = Seat.objects.filter(match__game="escoba").select_related("match")
    changed = []
    for seat in seats.iterator(chunk_size=500):
        deals = seat.figures.get("deals")
        if deals is None or "team_deals" in seat.figures:
            continue  # no deal played yet, or already counted
        seat.figures = {**seat.figures, "team_deals": deals if seat.match.teams else 0}
        changed.append(seat)
    Seat.objects.bulk_update(changed, ["figures"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("matches", "0016_match_resumed_at")]

    operations = [migrations.RunPython(count_the_team_deals, migrations.RunPython.noop)]
