from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fast_and_english() -> None:
    """The rules need no Django: this replaces the project-wide settings fixture so
    these tests also run with ``-p no:django``."""
