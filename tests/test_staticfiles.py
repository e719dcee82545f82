"""Static files as production serves them: our scripts without their comment lines, our
stylesheets without their comments."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from scorepad.core.staticfiles import served, without_comment_lines, without_css_comments

SCRIPTS = sorted((Path(settings.BASE_DIR) / "static" / "js").glob("*.js"))
STYLESHEETS = sorted((Path(settings.BASE_DIR) / "static" / "css").glob("*.css"))


def test_a_script_loses_its_comment_lines_and_keeps_its_code_line_for_line():
    source = (
        "// What it is for.\n"
        "const a = 1; // said beside the code: kept\n"
        "  // indented\n"
        'const url = "http://example.org"; // a string with two slashes\n'
        "function f() { /* one line */ return a; }\n"
    )
    assert without_comment_lines(source) == (
        "const a = 1; // said beside the code: kept\n"
        'const url = "http://example.org"; // a string with two slashes\n'
        "function f() { /* one line */ return a; }\n"
    )


@pytest.mark.parametrize(
    "source",
    [
        "const text = `first\n// not a comment, inside the template literal\n`;\n",
        "/* a block comment\n// inside it\n*/\nconst a = 1;\n",
        'const text = "first \\\n// inside a string continued\\\n";\n',
    ],
)
def test_a_script_where_a_line_of_slashes_may_not_be_a_comment_is_left_whole(source):
    assert without_comment_lines(source) == source


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_each_of_our_scripts_is_served_without_its_comment_lines(script):
    """None falls back to being served whole (a template literal written in it would):
    the board's first load counts on it (tests/test_budgets.py)."""
    source = script.read_bytes()
    shown = served(f"js/{script.name}", source).decode()
    assert len(shown) < len(source) * 0.85
    assert not any(line.lstrip().startswith("//") for line in shown.split("\n"))


def test_the_libraries_scripts_are_served_as_they_come():
    assert served("django_htmx/htmx.min.js", b"// kept\nx();\n") == b"// kept\nx();\n"
    assert served("admin/css/base.css", b"/* kept */\n") == b"/* kept */\n"


def test_a_stylesheet_loses_its_comments_and_keeps_its_rules_and_strings():
    source = (
        "/* Why the page is dark.\n"
        "   Over lines, with a \"quote and a '. */\n"
        "body { color: #fff; } /* beside a rule */\n"
        "\n"
        '.chip::before { content: "/* not a comment */"; }\n'
        ".quote::after { content: '\\'/*'; }\n"
        "a { margin: 1px/* between two values */2px; padding: 0 /* after a space */; }\n"
    )
    assert without_css_comments(source) == (
        "body { color: #fff; }\n"
        '.chip::before { content: "/* not a comment */"; }\n'
        ".quote::after { content: '\\'/*'; }\n"
        "a { margin: 1px/**/2px; padding: 0 ; }\n"
    )


@pytest.mark.parametrize(
    "source",
    ['a { content: "never closed; }\n', "a { color: red; } /* never closed\n"],
)
def test_a_stylesheet_with_a_string_or_comment_left_open_is_left_whole(source):
    assert without_css_comments(source) == source


@pytest.mark.parametrize("stylesheet", STYLESHEETS, ids=lambda path: path.name)
def test_each_of_our_stylesheets_is_served_without_its_comments(stylesheet):
    """Every rule kept, character for character (no string of ours holds "/*"); the
    board's first load counts on the comments being gone (tests/test_budgets.py)."""
    source = stylesheet.read_text()
    shown = served(f"css/{stylesheet.name}", source.encode()).decode()
    assert "/*" not in shown and len(shown) < len(source) * 0.85
    rules = re.sub(r"/\*.*?\*/", "", source, flags=re.DOTALL)
    assert shown.split() == rules.split()


def test_collectstatic_writes_the_hashed_and_compressed_files_as_served(tmp_path):
    storage = {"BACKEND": "scorepad.core.staticfiles.ServedStaticFilesStorage"}
    storages = {**settings.STORAGES, "staticfiles": storage}
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    for name in ("js/app.js", "css/scorepad.css"):
        source = (Path(settings.BASE_DIR) / "static" / name).read_bytes()
        hashed = tmp_path / manifest[name]
        assert hashed.read_bytes() == served(name, source)
        assert Path(f"{hashed}.gz").exists()
