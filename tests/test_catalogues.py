"""French and Dutch catalogues stay complete: every entry translated, none fuzzy."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parent.parent / "locale"


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_the_catalogue_is_complete(language):
    catalogue = LOCALE / language / "LC_MESSAGES" / "django.po"
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(catalogue)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr
    assert "fuzzy" not in result.stderr
    assert int(re.match(r"(\d+) translated", result.stderr).group(1)) > 500


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_engine_placeholders_survive_translation(language):
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    for msgid, msgstr in re.findall(r'\nmsgid "(.+)"\nmsgstr "(.+)"', text):
        assert sorted(re.findall(r"\{\w+\}", msgid)) == sorted(re.findall(r"\{\w+\}", msgstr)), (
            msgid
        )
