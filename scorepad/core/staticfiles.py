"""The static files as production serves them: WhiteNoise's hashed and compressed copies,
our own scripts without their comment lines.

The scripts are written to be read: about a third of what a phone would download of them
is comments (10.9 of 29.4 KB compressed, 2026-12-02), paid on every first load of a
board. They are kept in the sources and dropped from the copies `collectstatic` makes,
without a minifier: only whole lines whose code starts with `//`, and only in a script
where such a line cannot be anything but a comment (no template literal, no block
comment or string running over lines). What runs is then the code as written, line for
line; development and the tests serve the sources themselves.
"""

from __future__ import annotations

from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Our scripts (static/js/); the libraries' (django_htmx/…) are served as they come.
OWN_SCRIPTS = "js/"


def without_comment_lines(source: str) -> str:
    """`source` without its lines that hold only a `//` comment; `source` itself when a
    line starting with `//` could be inside a template literal, a block comment or a
    string continued over lines."""
    lines = source.split("\n")
    kept = [line for line in lines if not line.lstrip().startswith("//")]
    for line in kept:
        if "`" in line or line.count("/*") != line.count("*/") or line.endswith("\\"):
            return source
    return "\n".join(kept)


def own_script(name: str) -> bool:
    return name.startswith(OWN_SCRIPTS) and name.endswith(".js")


def served(name: str, content: bytes) -> bytes:
    """What a phone downloads of static file `name`, before compression."""
    if own_script(name):
        return without_comment_lines(content.decode("utf-8")).encode("utf-8")
    return content


class ServedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's storage, each file as `served` (then hashed and compressed)."""

    def _save(self, name, content):
        if own_script(name):
            content.seek(0)
            content = ContentFile(served(name, content.read()))
        return super()._save(name, content)
