"""Step-by-step walkthroughs, one per game, keyed like the rules engine's games."""

from __future__ import annotations

from scorepad.guide.walkthroughs.base import Walkthrough
from scorepad.guide.walkthroughs.cabanga import WALKTHROUGH as CABANGA
from scorepad.guide.walkthroughs.cabo import WALKTHROUGH as CABO
from scorepad.guide.walkthroughs.escoba import WALKTHROUGH as ESCOBA

WALKTHROUGHS: dict[str, Walkthrough] = {w.game: w for w in (CABO, ESCOBA, CABANGA)}
