"""Keeping again what the engine derives, for migrations whose engine now says more than
the results kept before (as `rebuild_results` does, with the models as they stand in the
migration). Not a migration itself: the loader skips modules named with a leading "_"."""

from scorepad.rules import get_game
from scorepad.rules.base import RoundInvalid, Setup, Team
from scorepad.rules.kept import result_to_json, state_to_json


def keep_again(apps, matches) -> None:
    """The round results and standing of each of `matches` replayed and kept again; a
    match its rules no longer accept stays as it is (its page says why, as before)."""
    Match = apps.get_model("matches", "Match")
    Round = apps.get_model("matches", "Round")
    for match in matches.iterator():
        teams = tuple(Team(t["name"], tuple(t["players"])) for t in match.teams or ()) or None
        setup = Setup(match.game, tuple(match.players), match.options, match.first_dealer, teams)
        rounds = list(Round.objects.filter(match=match, deleted_at__isnull=True).order_by("number"))
        try:
            state = get_game(match.game).score(setup, [r.data for r in rounds])
        except RoundInvalid:
            continue
        for round_, result in zip(rounds, state.rounds, strict=True):
            round_.result = result_to_json(result)
        Round.objects.bulk_update(rounds, ["result"])
        # Its standing as the engine now says it; the pages of the match are kept under
        # its version: they change too.
        Match.objects.filter(pk=match.pk).update(
            standing=state_to_json(state), version=match.version + 1
        )
