"""When two typed names are one player, on every page that groups or finds players (the
statistics, a player's page, the history's filter and its suggestions): `player_key`.

Case and accents are set aside: "Zoe", "Zoë" and "zoë", typed at the table on two
evenings, are one person. Any other difference is kept: "Seb" and "Sébastien" are two
players, as nobody but the players knows they are one. A player is shown under the
spelling typed in the most matches (`spelling_of`): the table's usual spelling, not a
one-off typed in haste on a phone, however recent. The rule is the engine's
(`rules.base.player_key`, which seats no two names of one player at a table) and the
spelling is in `core.wording`: the set-up's suggestions (matches) use both too.

Plain Python and no database: SQLite folds only ASCII letters (its LIKE, and so Django's
`iexact` and `icontains`) and PostgreSQL folds no accents without an extension, so the
same query would find different players on each. The pages compare the typed name with
the few distinct names a history seats, here, and ask the database for the exact
spellings found.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scorepad.core.wording import spelling_of

# The one rule, the engine's, which also seats no two names of one key at a table.
from scorepad.rules.base import player_key

__all__ = ["one_per_player", "player_key", "same_player", "spelling_of", "spellings_among"]


def one_per_player(counts: Mapping[str, int]) -> list[str]:
    """Each player of `counts` (spelling: matches) once, under `spelling_of`."""
    players: dict[str, dict[str, int]] = {}
    for name, count in counts.items():
        players.setdefault(player_key(name), {})[name] = count
    return [spelling_of(spellings) for spellings in players.values()]


def spellings_among(names: Iterable[str], name: str) -> list[str]:
    """The `names` that are the player `name`."""
    key = player_key(name)
    return [seated for seated in names if player_key(seated) == key]


def same_player(typed: str, names: Iterable[str]) -> list[str]:
    """The `names` that are `typed` (`player_key`); when none is (a part of a name
    typed), those that hold it. A whole name finds that player only: "Marc", picked
    among the suggestions, is not Marcel too."""
    wanted = player_key(typed)
    if not wanted:
        return []
    names = list(names)
    return spellings_among(names, typed) or [name for name in names if wanted in player_key(name)]
