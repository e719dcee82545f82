"""The players' names kept without the characters that show nothing (a zero-width space,
a word joiner, direction marks: `rules.base.clean_name`), as the set-up, the names
correction and the import keep them now (QA50: "Anne" with a zero-width space after it
sat beside Anne). A match whose names held some is renamed as the names correction
renames it (`services.correct_players`): its players, first dealer and teams, every
round (deleted ones too, to be restored), each round renamed journaled as that
correction journals it, and what the engine derived kept again. A match the names so
kept would not fit stays as it is, for its scorer to correct: two of its names one once
kept ("Anne" beside "Anne" and a zero-width space), a name of such characters alone."""

from django.db import migrations
from django.db.models import F

from scorepad.rules import get_game
from scorepad.rules.base import RoundInvalid, Setup, SetupInvalid, Team, clean_name
from scorepad.rules.kept import result_to_json, state_to_json


def keep_the_names_shown(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    # Names are JSON: no one query finds these characters in them on SQLite and
    # PostgreSQL alike. Only the names are read, a chunk at a time.
    names = Match.objects.values_list("pk", "players", "first_dealer", "teams")
    held = [
        pk
        for pk, players, dealer, teams in names.iterator()
        if any(
            clean_name(name) != name
            for name in [*players, dealer, *(team["name"] for team in teams or ())]
        )
    ]
    for match in Match.objects.filter(pk__in=held).iterator():
        _rename(apps, match)


def _rename(apps, match) -> None:
    Match = apps.get_model("matches", "Match")
    Owner = apps.get_model("matches", "Owner")
    Round = apps.get_model("matches", "Round")
    RoundChange = apps.get_model("matches", "RoundChange")
    Seat = apps.get_model("matches", "Seat")
    game = get_game(match.game)
    teams = tuple(Team(t["name"], tuple(t["players"])) for t in match.teams or ()) or None
    setup = Setup(match.game, tuple(match.players), match.options, match.first_dealer, teams)
    names = [clean_name(name) for name in match.players]
    rounds = list(Round.objects.filter(match=match).order_by("number", "pk"))
    live = [round_ for round_ in rounds if round_.deleted_at is None]
    try:
        dealer = names[match.players.index(match.first_dealer)]
        shown, renames = game.renamed(setup, names, dealer)
        entries = {round_.pk: game.rename_round(round_.data, renames) for round_ in rounds}
        state = game.score(shown, [entries[round_.pk] for round_ in live])
    except (ValueError, SetupInvalid, RoundInvalid):
        return  # left as it is, for its scorer to correct
    for round_ in rounds:
        if entries[round_.pk] != round_.data:
            RoundChange.objects.create(
                match=match, round=round_, action="edit", before=round_.data, after=entries[round_.pk]
            )
            round_.data = entries[round_.pk]
    for round_, result in zip(live, state.rounds, strict=True):
        round_.result = result_to_json(result)
    Round.objects.bulk_update(rounds, ["data", "result"])
    for seat in Seat.objects.filter(match=match):
        seat.name = shown.players[seat.position]
        seat.save(update_fields=["name"])
    kept_teams = [{"name": t.name, "players": list(t.players)} for t in shown.teams or ()]
    Match.objects.filter(pk=match.pk).update(
        players=list(shown.players),
        first_dealer=shown.first_dealer,
        teams=kept_teams or None,
        winners=list(state.winners),
        standing=state_to_json(state),
        version=F("version") + 1,
    )
    # The owner's pages (home, history, statistics) are kept under its version.
    Owner.objects.filter(pk=match.owner_id).update(version=F("version") + 1)


class Migration(migrations.Migration):
    dependencies = [("matches", "0013_match_imported")]

    operations = [migrations.RunPython(keep_the_names_shown, migrations.RunPython.noop)]
