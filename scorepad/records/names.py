"""A typed name finds a player whatever its case and accents: "zoe" finds Zoë.

Plain Python and no database: SQLite folds only ASCII letters (its LIKE, and so Django's
`iexact`) and PostgreSQL folds no accents without an extension, so the same query would
find different players on each. The pages compare the typed name with the few distinct
names a history seats, here, and ask the database for the exact spellings found.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def folded(name: str) -> str:
    """`name` as a search compares it: case folded (ß is ss), accents dropped (é is e),
    spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.split())


def same_player(typed: str, names: Iterable[str]) -> list[str]:
    """The `names` that are `typed` once case and accents are set aside (the whole name,
    not a part of it: "Ana" is not Joana)."""
    wanted = folded(typed)
    return [name for name in names if folded(name) == wanted]
