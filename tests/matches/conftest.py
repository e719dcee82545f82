from __future__ import annotations

# An owner and a browser whose session belongs to them, as the records tests have them.
from tests.records.conftest import other_visitor, owner, stranger, visitor  # noqa: F401
