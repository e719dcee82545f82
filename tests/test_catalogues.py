"""French and Dutch catalogues stay complete: every string of the code is in them,
translated, and none is fuzzy."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ["fr", "nl"]


@pytest.fixture(scope="module")
def fresh_catalogues(tmp_path_factory) -> Path:
    """The catalogues as makemessages would leave them for today's code, in a copy."""
    copy = tmp_path_factory.mktemp("catalogues")
    shutil.copy(ROOT / "manage.py", copy)
    for folder in ("scorepad", "templates", "locale"):
        shutil.copytree(ROOT / folder, copy / folder, ignore=shutil.ignore_patterns("*.mo"))
    env = {**os.environ, "SCOREPAD_DEVELOPMENT": "1", "DJANGO_SETTINGS_MODULE": "scorepad.settings"}
    env.pop("DATABASE_URL", None)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "--no-obsolete", "-v0"]
        + [f"-l{language}" for language in LANGUAGES],
        cwd=copy,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    return copy / "locale"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_of_the_code_is_translated(fresh_catalogues, language):
    catalogue = fresh_catalogues / language / "LC_MESSAGES" / "django.po"
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(catalogue)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr, "run `make messages` and translate"
    assert "fuzzy" not in result.stderr, "run `make messages` and translate"


@pytest.mark.parametrize("language", LANGUAGES)
def test_engine_placeholders_survive_translation(language):
    text = (ROOT / "locale" / language / "LC_MESSAGES" / "django.po").read_text("utf-8")
    for msgid, msgstr in re.findall(r'\nmsgid "(.+)"\nmsgstr "(.+)"', text):
        expected = sorted(re.findall(r"\{\w+\}", msgid))
        assert sorted(re.findall(r"\{\w+\}", msgstr)) == expected, msgid


def test_french_says_deniers_for_the_oros_suit_everywhere():
    """The French rules and scoreboard say "deniers": no message says "oro" or "oros"."""
    catalogue = (ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po").read_text()
    # A translation: its msgstr line and the quoted lines that continue it.
    said = re.findall(r'^msgstr(?:\[\d\])? "(.*)"\n((?:".*"\n)*)', catalogue, re.M)
    texts = [first + "".join(re.findall(r'^"(.*)"$', rest, re.M)) for first, rest in said]
    assert len(texts) > 500
    assert [text for text in texts if re.search(r"\boros?\b", text, re.I)] == []


def french_texts() -> list[tuple[str, str]]:
    """Every French text a reader sees, by where it is: the catalogue's translations and
    the French rules pages (their words outside template tags)."""
    catalogue = (ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po").read_text("utf-8")
    texts = []
    for entry in catalogue.split("\n\n"):
        translated = entry[entry.find("\nmsgstr") :] if "\nmsgstr" in entry else ""
        texts.append((entry.split("\n")[-2][:60], "".join(re.findall(r'"(.*)"', translated))))
    for page in sorted((ROOT / "templates" / "guide").glob("*/*.fr.html")):
        words = re.sub(r"\{%.*?%\}|\{\{.*?\}\}", "", page.read_text("utf-8"), flags=re.S)
        texts.append((str(page.relative_to(ROOT)), words))
    return texts


def test_french_writes_one_apostrophe_the_typographic_one():
    """ "l’appel", "n’a": one apostrophe in every French page, never a straight one
    beside a curly one."""
    straight = re.compile(r"\w'\w")
    found = [
        (where, match[0]) for where, text in french_texts() for match in straight.finditer(text)
    ]
    assert found == []


def test_french_keeps_its_punctuation_on_the_line_of_the_word_before():
    """French sets a space before : ; ? ! and inside « »: a non-breaking one, so that a
    phone's narrow line never starts with the sign alone."""
    loose = re.compile(r"\w+ [:;?!]|« | »")
    found = [(where, match[0]) for where, text in french_texts() for match in loose.finditer(text)]
    assert found == []
