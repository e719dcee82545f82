"""Limits no real table reaches, in one place: beyond them a request is refused with a
message, so that no single visitor can make a page, an import or an export endlessly
long. The rules engine keeps its own (a name's length, the cards of a Cabo hand).
"""

from __future__ import annotations

# A long evening is a few dozen rounds; a match replays all of its rounds on each change.
MAX_ROUNDS_PER_MATCH = 1000
# A club's whole history fits in one file.
MAX_MATCHES_PER_FILE = 500
# Every imported round is replayed once and saved: this bounds the work of one import.
MAX_ROUNDS_PER_FILE = 20_000
MAX_IMPORT_BYTES = 2 * 1024 * 1024
# Matches one browser (or account) may set up, import or play in 24 hours.
MAX_MATCHES_PER_DAY = 500
