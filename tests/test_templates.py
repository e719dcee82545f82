"""The templates say nothing by mistake: Django's `{# … #}` comment is one line only, and
one spread over two lines is shown on the page as it is written (it was, on every page,
at the top of base.html)."""

from __future__ import annotations

import re
from pathlib import Path

from django.test import Client

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def test_no_template_comment_runs_over_a_line():
    unclosed = [
        f"{path.relative_to(TEMPLATES)}:{number}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"\{#(?!.*#\})", line)
    ]
    assert unclosed == []


def test_the_pages_show_no_template_syntax(db):
    client = Client()
    for url in ("/", "/matches/new/", "/matches/new/cabo/", "/rules/", "/rules/cabo/"):
        content = client.get(url).content.decode()
        assert not re.search(r"\{[#%]|[#%]\}", content), url
