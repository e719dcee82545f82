"""A player's name as one URL segment that any name survives.

Django's `reverse` leaves "/" as it is, and a browser resolves "a/../../admin" to
another page (a backslash counts as a slash too). So the few characters that would
change the path are escaped once more here: after the server decodes the URL once,
the segment still holds "%2F", and `to_python` turns it back into "/".

No name holds a control character (`rules.base.name_faults`): a segment with one is no
player's page (404), and never reaches PostgreSQL, which refuses a NUL in a text.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

# Control characters (Unicode's Cc) and lone surrogates, as the name rules refuse them.
REFUSED_IN_NAMES = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class PlayerNameConverter:
    regex = "[^/]+"

    def to_python(self, value: str) -> str:
        name = unquote(value)
        if REFUSED_IN_NAMES.search(name):
            raise ValueError("not a name")  # the URL matches nothing: a 404
        return name

    def to_url(self, value: str) -> str:
        segment = value.replace("%", "%25").replace("/", "%2F").replace("\\", "%5C")
        if set(segment) == {"."}:  # "." and ".." are the current and the parent page
            segment = segment.replace(".", "%2E")
        return segment
