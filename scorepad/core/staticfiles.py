"""The static files as production serves them: WhiteNoise's hashed and compressed copies,
our own scripts without their comment lines, our own stylesheets without their comments.

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

# Our scripts (static/js/) and stylesheets (static/css/); the libraries' (django_htmx/…)
# are served as they come.
OWN_SCRIPTS = "js/"
OWN_STYLESHEETS = "css/"


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


def without_css_comments(source: str) -> str:
    """`source` without its `/* … */` comments (a string's "/*" is kept), nor the lines
    and trailing spaces they leave empty; `source` itself when a string or a comment is
    left open."""
    kept: list[str] = []
    start = at = 0
    while at < len(source):
        char = source[at]
        if char in "\"'":
            end = at + 1
            while end < len(source) and source[end] not in (char, "\n"):
                end += 2 if source[end] == "\\" else 1
            if end >= len(source) or source[end] != char:
                return source
            at = end + 1
        elif source.startswith("/*", at):
            end = source.find("*/", at + 2)
            if end < 0:
                return source
            kept.append(source[start:at])
            start = at = end + 2
            if at < len(source) and not source[at].isspace() and kept[-1][-1:].strip():
                kept.append("/**/")  # "1px/* */2px" stays two values, not "1px2px"
        else:
            at += 1
    kept.append(source[start:])
    lines = "".join(kept).split("\n")
    return "\n".join(line.rstrip() for line in lines if line.strip()) + "\n"


def own_script(name: str) -> bool:
    return name.startswith(OWN_SCRIPTS) and name.endswith(".js")


def own_stylesheet(name: str) -> bool:
    return name.startswith(OWN_STYLESHEETS) and name.endswith(".css")


def served(name: str, content: bytes) -> bytes:
    """What a phone downloads of static file `name`, before compression."""
    if own_script(name):
        return without_comment_lines(content.decode("utf-8")).encode("utf-8")
    if own_stylesheet(name):
        return without_css_comments(content.decode("utf-8")).encode("utf-8")
    return content


class ServedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's storage, each file as `served` (then hashed and compressed)."""

    def _save(self, name, content):
        if own_script(name) or own_stylesheet(name):
            content.seek(0)
            content = ContentFile(served(name, content.read()))
        return super()._save(name, content)
