"""A typed name finds a player whatever its case and accents: "zoe" finds Zoë, and a
part of a name finds every player whose name holds it: "mar" finds Marie and Marc.

Plain Python and no database: SQLite folds only ASCII letters (its LIKE, and so Django's
`iexact` and `icontains`) and PostgreSQL folds no accents without an extension, so the
same query would find different players on each. The pages compare the typed name with
the few distinct names a history seats, here, and ask the database for the exact
spellings found.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorepad.core.wording import folded


def same_player(typed: str, names: Iterable[str]) -> list[str]:
    """The `names` that are `typed` once case and accents are set aside; when none is
    (a part of a name typed), those that hold it. A whole name finds that player only:
    "Marc", picked among the suggestions, is not Marcel too."""
    wanted = folded(typed)
    if not wanted:
        return []
    names = list(names)
    whole = [name for name in names if folded(name) == wanted]
    return whole or [name for name in names if wanted in folded(name)]
