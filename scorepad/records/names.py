"""A typed name finds a player whatever its case and accents: "zoe" finds Zoë.

Plain Python and no database: SQLite folds only ASCII letters (its LIKE, and so Django's
`iexact`) and PostgreSQL folds no accents without an extension, so the same query would
find different players on each. The pages compare the typed name with the few distinct
names a history seats, here, and ask the database for the exact spellings found.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorepad.core.wording import folded


def same_player(typed: str, names: Iterable[str]) -> list[str]:
    """The `names` that are `typed` once case and accents are set aside (the whole name,
    not a part of it: "Ana" is not Joana)."""
    wanted = folded(typed)
    return [name for name in names if folded(name) == wanted]
