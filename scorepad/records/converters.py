"""A player's name as one URL segment that any name survives.

Django's `reverse` leaves "/" as it is, and a browser resolves "a/../../admin" to
another page (a backslash counts as a slash too). So the few characters that would
change the path are escaped once more here: after the server decodes the URL once,
the segment still holds "%2F", and `to_python` turns it back into "/".
"""

from __future__ import annotations

from urllib.parse import unquote


class PlayerNameConverter:
    regex = "[^/]+"

    def to_python(self, value: str) -> str:
        return unquote(value)

    def to_url(self, value: str) -> str:
        segment = value.replace("%", "%25").replace("/", "%2F").replace("\\", "%5C")
        if set(segment) == {"."}:  # "." and ".." are the current and the parent page
            segment = segment.replace(".", "%2E")
        return segment
