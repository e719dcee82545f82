"""The guide's pages that only one game has (Escoba's practice, Cabo's card lookup): each
game's module here holds its page, its form and what it reads from that game's rules, and
registers it; the addresses, the buttons beside the rules and the pages a phone keeps
for reading offline are all read from `TOOLS`."""

from __future__ import annotations

from scorepad.guide.tools.base import Tool
from scorepad.guide.tools.cabo import TOOL as CABO_CARDS
from scorepad.guide.tools.escoba import TOOL as ESCOBA_PRACTICE

TOOLS: tuple[Tool, ...] = (ESCOBA_PRACTICE, CABO_CARDS)

__all__ = ["TOOLS", "Tool"]
