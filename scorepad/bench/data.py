"""The benchmark's data set, written exactly as the app stores matches.

The matches are match-file documents (`scorepad.match/1`) drawn from a fixed seed, so
every run measures the same data, and they are checked and saved by the app's own import
(`records.exchange`): what the app stores for an imported match, computed fields and
all, is what the benchmark reads, and a faster import fills it faster. Five owners, each
with a session (the browser that created them):

- `boards`: a Cabo match of 10 rounds and one of 200 rounds, both still going;
- `writer`: copies of those two (to measure a round POST's answer) and a pool of copies
  of the 10-round one, which the round-POST load test writes to;
- `live`: with `--tables N`, N copies of the 10-round one, each with a follow link, for
  the live table (`scripts/bench_live.py`);
- `10` and `5000`: histories of that many matches of a few rounds each, across the
  three games, mostly finished.

Run by `scripts/bench.py` with the benchmark's environment:
`python -m scorepad.bench.data fill --pool N --out FILE` writes what it made (match ids
and session cookies) as JSON; `python -m scorepad.bench.data rounds ID...` prints how
many live rounds those matches hold.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from functools import cache

from scorepad.rules import GAMES, cabo, escoba
from scorepad.rules.base import Setup

NAMES = ("Ana", "Ben", "Chloé", "Daan", "Emma", "Fleur", "Guus", "Hélène", "Iris", "Jules")
BOARD_PLAYERS = ("Ana", "Ben", "Chloé", "Daan")
# The scoreboard matches: the official deck, played to 1000 so that 200 rounds (and the
# rounds the load test adds) never end them.
BOARD_PRESET = "official"
BOARD_OPTIONS = {"target": 1000}
BOARD_ROUNDS = (10, 200)
HISTORIES = (10, 5000)
# A history match ends in a few rounds; one that does not is a bug of the generator.
MAX_ROUNDS = 40
SEED = 11


# Rounds, one generator per game ----------------------------------------------------


@cache
def _low_cards(values: str, jokers: bool, limit: int) -> tuple[str, ...]:
    options = {"values": values, "jokers": jokers}
    return tuple(c for c in cabo.card_codes(options) if cabo.card_value(c, options) <= limit)


def _cabo_cards(rng: random.Random, options: Mapping, limit: int, taken: set[str]) -> list | None:
    """Four cards worth at most `limit` each, none already dealt in this round."""
    codes = _low_cards(options["values"], bool(options.get("jokers")), limit)
    if options["values"] == "deck":
        return rng.choices(codes, k=4)  # the branded deck repeats its numbers
    free = [code for code in codes if code not in taken]
    if len(free) < 4:
        return None
    hand = rng.sample(free, 4)
    taken.update(hand)
    return hand


def cabo_round(rng: random.Random, setup: Setup, *, high: int) -> dict:
    """A caller usually holding the lowest hand; some hands as picked cards."""
    caller = rng.choice(setup.players)
    taken: set[str] = set()
    hands: dict[str, object] = {}
    for player in setup.players:
        top = max(2, high // 3) if player == caller else high
        cards = None
        if rng.random() < 0.3:
            cards = _cabo_cards(rng, setup.options, max(1, top // 4), taken)
        hands[player] = cards if cards is not None else rng.randint(0, top)
    return {"caller": caller, "hands": hands}


def _split(rng: random.Random, total: int, parts: int, least: int = 0) -> list[int]:
    """`total` shared at random between `parts`, each at least `least`."""
    shares = [least] * parts
    for _ in range(total - least * parts):
        shares[rng.randrange(parts)] += 1
    return shares


def escoba_round(rng: random.Random, setup: Setup, **_) -> dict:
    """A deal whose counts add up to the deck: 40 cards, 10 oros, 4 sevens, one velo."""
    sides = setup.sides
    count = len(sides)
    cards = _split(rng, escoba.DEAL_TOTALS["cards"], count, least=10)
    oros = _split(rng, escoba.DEAL_TOTALS["oros"], count)
    sevens = _split(rng, escoba.DEAL_TOTALS["sevens"], count)
    velo = next((i for i in range(count) if sevens[i]), 0)
    if not oros[velo]:
        donor = next(i for i in range(count) if oros[i] > 1 or (oros[i] and i != velo))
        oros[donor] -= 1
        oros[velo] += 1
    return {
        "sides": {
            side: {
                "cards": cards[i],
                "oros": oros[i],
                "sevens": sevens[i],
                "velo": i == velo,
                "escobas": rng.choice((0, 0, 0, 1, 1, 2)),
            }
            for i, side in enumerate(sides)
        }
    }


def cabanga_round(rng: random.Random, setup: Setup, **_) -> dict:
    """One or two players out; the others as points or as cards counted by symbols."""
    out = set(rng.sample(setup.players, rng.choice((1, 1, 2))))
    hands: dict[str, object] = {}
    for player in setup.players:
        if player in out:
            hands[player] = 0
        elif rng.random() < 0.5:
            hands[player] = rng.randint(1, 9)
        else:
            hands[player] = {"1": rng.randint(1, 3), "2": rng.randint(0, 2), "3": rng.randint(0, 1)}
    return {"hands": hands}


ROUNDS: dict[str, Callable[..., dict]] = {
    "cabo": cabo_round,
    "escoba": escoba_round,
    "cabanga": cabanga_round,
}
# Four Escoba players play as two teams of partners facing each other, as the app seats them.
TEAMS = {"escoba": escoba.facing_teams}
# History matches of Cabo are short games, to 50.
HISTORY_OPTIONS = {"cabo": {"target": 50}}


# Matches -----------------------------------------------------------------------------


def _document(game_key, preset, overrides, players, teams, rounds, created) -> dict:
    from scorepad.records.exchange import FORMAT

    return {
        "format": FORMAT,
        "game": game_key,
        "preset": preset,
        "options": dict(overrides),
        "players": list(players),
        "teams": teams,
        "first_dealer": players[0],
        "rounds": rounds,
        "created": created.strftime("%Y-%m-%dT%H:%M:%SZ"),
    }


def _setup(game_key: str, preset: str, overrides: Mapping, players: Sequence[str]):
    game = GAMES[game_key]
    partners = TEAMS.get(game_key, lambda players: None)(players)
    teams = [{"name": team.name, "players": list(team.players)} for team in partners or ()]
    options = game.resolve_options(preset, overrides)
    return game, game.make_setup(players, options, players[0], teams), teams or None


def board_documents(created: datetime) -> list[dict]:
    """The Cabo matches of 10 and 200 rounds: the first is the start of the second."""
    rng = random.Random(SEED)
    game, setup, _ = _setup("cabo", BOARD_PRESET, BOARD_OPTIONS, BOARD_PLAYERS)
    rounds = [cabo_round(rng, setup, high=6) for _ in range(max(BOARD_ROUNDS))]
    state = game.score(setup, rounds)
    if state.finished or state.needs_tiebreak:
        raise RuntimeError("the 200-round benchmark match must still be going")
    return [
        _document("cabo", BOARD_PRESET, BOARD_OPTIONS, BOARD_PLAYERS, None, rounds[:n], created)
        for n in BOARD_ROUNDS
    ]


def play_to_the_end(game, setup: Setup, draw: Callable[[], dict]) -> list[dict]:
    """Rounds drawn one by one and played by the engine until the match ends (or waits
    for a tiebreak); a drawn round the engine refuses is a bug here, and raises."""
    rounds: list[dict] = []
    results = []
    state = game.conclude(setup, ())
    while not (state.finished or state.needs_tiebreak):
        if len(rounds) == MAX_ROUNDS:
            raise RuntimeError(f"a {setup.game} match did not end in {MAX_ROUNDS} rounds")
        raw = draw()
        results.append(game.play_round(setup, state, game.parse_round(setup, raw, state)))
        state = game.conclude(setup, tuple(results))
        rounds.append(raw)
    return rounds


def history_match(rng: random.Random, created: datetime) -> dict:
    """A match of a few rounds: played to its end, except now and then one left going."""
    game_key = rng.choices(("cabo", "escoba", "cabanga"), weights=(45, 30, 25))[0]
    game = GAMES[game_key]
    preset = rng.choice(game.presets).key
    overrides = HISTORY_OPTIONS.get(game_key, {})
    players = rng.sample(NAMES[:7], rng.randint(game.min_players, min(5, game.max_players)))
    game, setup, teams = _setup(game_key, preset, overrides, players)
    rounds = play_to_the_end(game, setup, lambda: ROUNDS[game_key](rng, setup, high=20))
    if rng.random() < 0.08 and len(rounds) > 1:
        rounds = rounds[: rng.randint(1, len(rounds) - 1)]
    return _document(game_key, preset, overrides, players, teams, rounds, created)


def history_documents(count: int, now: datetime) -> list[dict]:
    """`count` matches, oldest first, a few hours apart up to `now`."""
    rng = random.Random(SEED * 1000 + count)
    return [
        history_match(rng, now - timedelta(hours=5 * (count - index))) for index in range(count)
    ]


# Saving ------------------------------------------------------------------------------


def save(owner, documents: list[dict]) -> list:
    """The documents checked and saved by the app's own import: stored exactly as the app
    stores matches, summaries and dates included, however that storage changes. Saved as
    files within the import's limits, each match last changed when it was played (as an
    old history was, played in the app rather than imported), so that the day's quota counts
    only the matches of the last day."""
    from django.db.models import F

    from scorepad.limits import MAX_MATCHES_PER_FILE, MAX_ROUNDS_PER_FILE
    from scorepad.matches.models import Match
    from scorepad.records.exchange import check_documents, save_matches

    saved: list = []
    chunk: list[dict] = []
    for document in [*documents, None]:
        full = document is None or (
            len(chunk) == MAX_MATCHES_PER_FILE
            or sum(len(d["rounds"]) for d in chunk) + len(document["rounds"]) > MAX_ROUNDS_PER_FILE
        )
        if full and chunk:
            made = save_matches(owner, check_documents(chunk))
            Match.objects.filter(pk__in=[m.pk for m in made]).update(
                updated=F("created"), imported=None
            )
            saved.extend(made)
            chunk = []
        if document is not None:
            chunk.append(document)
    return saved


def session_cookie(owner) -> str:
    """A `Cookie:` header value for a browser that holds this owner's matches."""
    from importlib import import_module

    from django.conf import settings

    from scorepad.matches.access import SESSION_KEY

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(owner.token)
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def follow_links(matches: list) -> list[str]:
    """A follow link for each match, made as the scorer's "Share" makes it."""
    from scorepad.matches import sharing

    return [sharing.share(match, "follow").token for match in matches]


def fill(pool: int, tables: int = 0) -> dict:
    from scorepad.matches.models import Owner

    now = datetime.now(UTC).replace(microsecond=0)
    board10, board200 = board_documents(now)
    names = ("boards", "writer", "live", *map(str, HISTORIES))
    owners = {name: Owner.objects.create() for name in names}
    boards = save(owners["boards"], [board10, board200])
    probes = save(owners["writer"], [board10, board200])
    pool_matches = save(owners["writer"], [board10] * pool)
    live_matches = save(owners["live"], [board10] * tables)
    for count in HISTORIES:
        save(owners[str(count)], history_documents(count, now))
    seats = len(BOARD_PLAYERS)
    live_tables = [
        {"match": match.pk, "follow": token, "rounds": BOARD_ROUNDS[0], "players": seats}
        for match, token in zip(live_matches, follow_links(live_matches), strict=True)
    ]
    return {
        "cookies": {name: session_cookie(owner) for name, owner in owners.items()},
        "boards": {str(n): match.pk for n, match in zip(BOARD_ROUNDS, boards, strict=True)},
        "probes": {str(n): match.pk for n, match in zip(BOARD_ROUNDS, probes, strict=True)},
        "pool": [match.pk for match in pool_matches],
        "pool_players": len(BOARD_PLAYERS),
        "pool_rounds": BOARD_ROUNDS[0],
        # The version their boards show (a round form sends it back): the same for all.
        "pool_version": pool_matches[0].version if pool_matches else 0,
        # The live table's matches (`scripts/bench_live.py`), the "live" owner's.
        "live": live_tables,
    }


def live_rounds(match_ids: Sequence[int]) -> int:
    from scorepad.matches.models import Round

    return Round.objects.filter(match_id__in=match_ids, deleted_at__isnull=True).count()


def next_rounds(match_ids: Sequence[int]) -> list[tuple[int, int, int]]:
    """Each match's id, the number of its next round and its version (which the board
    showing it sends back with the round), in the order given."""
    from scorepad.matches.models import Match

    found = Match.objects.filter(pk__in=match_ids).values_list("pk", "round_count", "version")
    standing = {pk: (pk, count + 1, version) for pk, count, version in found}
    return [standing[pk] for pk in match_ids]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scorepad.bench.data")
    commands = parser.add_subparsers(dest="command", required=True)
    filling = commands.add_parser("fill", help="write the data set; say what was made")
    filling.add_argument("--pool", type=int, default=256, help="matches for the round POSTs")
    filling.add_argument("--tables", type=int, default=0, help="matches for the live table")
    filling.add_argument("--out", required=True, help="JSON file for ids and cookies")
    counting = commands.add_parser("rounds", help="print the live rounds of these matches")
    counting.add_argument("ids", type=int, nargs="+")
    standing = commands.add_parser("next", help="print each match's next round and version")
    standing.add_argument("ids", type=int, nargs="+")
    args = parser.parse_args(argv)

    import django

    django.setup()
    if args.command == "fill":
        made = fill(args.pool, args.tables)
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(made, out, indent=1)
    elif args.command == "next":
        for line in next_rounds(args.ids):
            print(*line)
    else:
        print(live_rounds(args.ids))
    return 0


if __name__ == "__main__":
    sys.exit(main())
