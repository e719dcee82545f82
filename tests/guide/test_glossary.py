"""The catalogues and the rules pages call each idea by the glossary's one word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorepad.guide.glossary import GLOSSARY

ROOT = Path(__file__).resolve().parents[2]


def catalogue_texts(language: str) -> list[str]:
    """Every translation of the language's catalogue, each entry's lines joined."""
    if language == "en":
        return []
    po = (ROOT / "locale" / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    texts = []
    for entry in po.split("\n\n")[1:]:
        lines = entry.split("\n")
        start = next((i for i, line in enumerate(lines) if line.startswith("msgstr")), None)
        if start is not None:
            texts.append("".join(re.findall(r'"(.*)"', "\n".join(lines[start:]))))
    return texts


def page_texts(language: str) -> list[str]:
    """The language's rules pages, quick references and table questions, markup stripped."""
    pages = []
    for kind in ("content", "quick", "faq"):
        for path in sorted((ROOT / "templates" / "guide" / kind).glob(f"*.{language}.html")):
            pages.append(re.sub(r"<[^>]+>|\{%.*?%\}", "", path.read_text(encoding="utf-8")))
    return pages


@pytest.mark.parametrize("language", sorted(GLOSSARY))
def test_every_text_uses_the_glossary_s_words(language):
    texts = catalogue_texts(language) + page_texts(language)
    assert texts
    faults = [
        f"{term.idea}: {match.group(0)!r} in {text[max(0, match.start() - 30) : match.end() + 30]}"
        for term in GLOSSARY[language]
        for pattern in term.avoid
        for text in texts
        for match in re.finditer(pattern, text)
    ]
    assert faults == []


@pytest.mark.parametrize("language", sorted(GLOSSARY))
def test_every_glossary_word_is_really_used(language):
    everything = "\n".join(catalogue_texts(language) + page_texts(language))
    for term in GLOSSARY[language]:
        assert term.word in everything, term


def test_the_glossary_catches_what_the_issue_found():
    french = {term.idea: term for term in GLOSSARY["fr"]}
    assert re.search(french["Cabo: a snap"].avoid[0], "une carte de même rang peut")
    assert re.search(french["the game's name"].avoid[0], "« Cabanga ! »")
    plural = GLOSSARY["nl"][-1].avoid[0]
    assert re.search(plural, "2 strafkaart(en)") and not re.search(plural, "(uit welke bron)")
