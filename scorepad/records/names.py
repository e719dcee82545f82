"""When two typed names are one player, on every page that groups or finds players (the
statistics, a player's page, the history's filter and its suggestions): `player_key`.

Case and accents are set aside: "Zoe", "Zoë" and "zoë", typed at the table on two
evenings, are one person. Any other difference is kept: "Seb" and "Sébastien" are two
players, as nobody but the players knows they are one. A player is shown under the
spelling typed in the most matches (`spelling_of`): the table's usual spelling, not a
one-off typed in haste on a phone, however recent.

Plain Python and no database: SQLite folds only ASCII letters (its LIKE, and so Django's
`iexact` and `icontains`) and PostgreSQL folds no accents without an extension, so the
same query would find different players on each. The pages compare the typed name with
the few distinct names a history seats, here, and ask the database for the exact
spellings found.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

# The one rule, the engine's, which also seats no two names of one key at a table.
from scorepad.rules.base import player_key


def spelling_of(counts: Mapping[str, int]) -> str:
    """The spelling one player is shown under, among `counts` (spelling: matches): the
    most typed; of two typed as often, the one typed with care, a capital first, then
    the more accents ("Sébastien", not "Sebastien", QA40), then the first in code point
    order, so that every page picks the same."""
    return min(counts, key=lambda name: (-counts[name], *_care(name), name))


def _care(name: str) -> tuple[bool, int]:
    return not name[:1].isupper(), -_accents(name)


def _accents(name: str) -> int:
    return sum(unicodedata.combining(char) > 0 for char in unicodedata.normalize("NFD", name))


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
