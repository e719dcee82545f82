"""Random strings drawn from one read of the system's randomness, not one per character.

Django makes each CSRF secret and each mask of it with `get_random_string`, which calls
`secrets.choice` once per character: 32 reads of `os.urandom` for a mask, 64 for a
visitor's first page (the secret and its mask). Each read releases and takes back the
GIL, so under threaded workers each one may wait for another request's thread.
Measured in-process, the token was about a third of what a first visit's home page
costs beyond a bare view (the page took 420 µs before, 358 after; the bare view 200).
`random_string` has the same contract and the same uniform draw (bytes past the largest
multiple of the alphabet's size are thrown away, never folded), from one read.
`CoreConfig.ready` has Django's CSRF module use it.
"""

from __future__ import annotations

import os

from django.utils.crypto import RANDOM_STRING_CHARS


def random_string(length: int, allowed_chars: str = RANDOM_STRING_CHARS) -> str:
    """A string of `length` characters, each drawn uniformly and independently from
    `allowed_chars` (at most 256 of them) with the operating system's randomness."""
    size = len(allowed_chars)
    if not 0 < size <= 256:
        raise ValueError("allowed_chars must hold 1 to 256 characters")
    limit = 256 - 256 % size  # a byte below it falls on each character equally often
    chosen: list[str] = []
    while len(chosen) < length:
        # A quarter more than needed: one read almost always suffices.
        for byte in os.urandom(length - len(chosen) + length // 4 + 1):
            if byte < limit:
                chosen.append(allowed_chars[byte % size])
                if len(chosen) == length:
                    break
    return "".join(chosen)
