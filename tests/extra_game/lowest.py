"""A game the app has never heard of, in test code only: the lowest total after a few
rounds wins. Its round is each player's points (`{"points": {name: points}}`), so it
needs no form of its own; its entry partial lives in `templates/` beside this module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorepad.rules.base import (
    Game,
    MatchState,
    Option,
    Preset,
    RoundInvalid,
    RoundResult,
    Setup,
    Text,
    fault,
    is_whole_number,
)


class Lowest(Game):
    key = "lowest"
    name = "Lowest"
    tagline = "The lowest total after three rounds wins."
    min_players = 2
    max_players = 4
    options = (Option("rounds", "int", 3, "Rounds", "How many rounds", minimum=1, maximum=9),)
    presets = (Preset("three", "Three rounds", "Three rounds, then count.", {"rounds": 3}),)
    lower_is_better = True
    round_named_maps = ("points",)
    setup_hint = "Lowest total after the last round wins."

    def end_line(self, options: Mapping[str, object]) -> tuple[int, bool]:
        return int(options["rounds"]), True

    def parse_round(self, setup: Setup, raw: Mapping, state: MatchState) -> dict:
        errors = self.check_round_fields(state, raw, ("points",))
        points = raw.get("points")
        if not isinstance(points, Mapping) or set(points) != set(setup.players):
            errors.append(fault("give every player's points", "round"))
        else:
            errors += [
                fault("points are a whole number, 0 or more", f"points.{name}")
                for name, value in points.items()
                if not is_whole_number(value) or value < 0
            ]
        if errors:
            raise RoundInvalid(errors)
        return dict(points)

    def play_round(self, setup: Setup, state: MatchState, parsed: object) -> RoundResult:
        assert isinstance(parsed, dict)
        number = len(state.rounds) + 1
        dealer = setup.dealer_of(number)
        return RoundResult(
            number=number,
            points=dict(parsed),
            totals={player: state.totals[player] + parsed[player] for player in setup.players},
            explanation=(Text("lowest round {number}", {"number": number}),),
            topics=(),
            tiebreak=False,
            dealer=dealer,
            first_player=setup.seated_after(dealer),
            detail=parsed,
        )

    def conclude(self, setup: Setup, results: Sequence[RoundResult]) -> MatchState:
        totals = results[-1].totals if results else dict.fromkeys(setup.players, 0)
        left = int(setup.options["rounds"]) - len(results)
        best = min(totals.values())
        return self.build_state(
            setup,
            results,
            totals,
            finished=left <= 0,
            winners=[player for player in setup.players if totals[player] == best],
            status=Text("{left} rounds to go", {"left": left}),
            rounds_left=left,
        )


GAME = Lowest()
