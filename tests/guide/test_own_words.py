"""The rules pages say the seed sheets' facts in their own words, in every language.

The seed sheets (shared/seeds/, outside the repository) are not ours to ship, so the test
keeps only a SHA-1 hash of every normalised run of eight words they hold
(seed_runs.txt, one hex hash per line) and looks for the pages' runs among them: eight
words in a row are a copied sentence, not a shared term. Regenerate the list when a
sheet changes:

    python tests/guide/test_own_words.py ../shared/seeds/*.txt > tests/guide/seed_runs.txt
"""

from __future__ import annotations

import hashlib
import re
import sys
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.utils import translation

RUN = 8
SEED_RUNS = Path(__file__).with_name("seed_runs.txt")
LANGUAGES = ("en", "fr", "nl")
GAMES = ("cabo", "escoba", "cabanga")
APOSTROPHES = "'’ʼ‘`´"


def words(text: str) -> list[str]:
    """Lowercase words: apostrophes dropped (l’as = l'as = las), any other mark a space."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = re.sub(f"[{APOSTROPHES}]", "", text)
    return re.sub(r"[\W_]+", " ", text).split()


def a_list_of_numbers(run: list[str]) -> bool:
    # The start cards "1, 3, 5, 7, 12, 14, 16 et 18" are a fact, not a sentence: a run of
    # numbers with at most one other word (et, and, en) is no copy.
    return sum(word.isdigit() for word in run) >= RUN - 1


def runs(text: str) -> set[str]:
    found = words(text)
    return {
        hashlib.sha1(" ".join(found[i : i + RUN]).encode()).hexdigest()
        for i in range(len(found) - RUN + 1)
        if not a_list_of_numbers(found[i : i + RUN])
    }


class _Visible(HTMLParser):
    """The text a reader sees: no markup, no script or style, each tag a word break."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        self.hidden += tag in ("script", "style", "template")
        self.parts.append(" ")

    def handle_endtag(self, tag):
        self.hidden -= tag in ("script", "style", "template")
        self.parts.append(" ")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def visible(page: str) -> str:
    parser = _Visible()
    parser.feed(page)
    return "".join(parser.parts)


def get(client, url: str, language: str, **params) -> str:
    with translation.override("en"):  # the middleware leaves the language active
        response = client.get(url, params, headers={"accept-language": language})
    assert response.status_code == 200, url
    return response.text


def pages(client, language: str) -> dict[str, str]:
    """Every rules page, quick reference, FAQ, walkthrough step and card answer."""
    from scorepad.guide.walkthroughs import WALKTHROUGHS

    shown = {}
    for game in GAMES:
        for url in (f"/rules/{game}/", f"/rules/{game}/quick/", f"/rules/{game}/faq/"):
            shown[url] = get(client, url, language)
    for game, walk in WALKTHROUGHS.items():
        for number in range(1, len(walk.steps) + 1):
            url = f"/rules/{game}/walkthrough/{number}/"
            shown[url] = get(client, url, language)
    lookup = get(client, "/rules/cabo/cards/", language)
    shown["/rules/cabo/cards/"] = lookup
    for code in sorted(set(re.findall(r'class="guide-card-link" href="\?card=([^"]+)"', lookup))):
        shown[f"/rules/cabo/cards/?card={code}"] = get(
            client, "/rules/cabo/cards/", language, card=code
        )
    return shown


def test_the_seed_runs_are_kept_as_hashes():
    hashes = SEED_RUNS.read_text(encoding="ascii").split()
    assert len(hashes) > 2000
    assert all(re.fullmatch(r"[0-9a-f]{40}", h) for h in hashes)


def test_the_normalisation_ignores_case_marks_and_apostrophes():
    assert words("L’annonce « réussit » : l'as—ou  le roi!") == (
        ["lannonce", "réussit", "las", "ou", "le", "roi"]
    )
    assert runs("a b c d e f g h") == runs("A, b; c: d « e » f ! g… H.")
    assert runs("1, 3, 5, 7, 12, 14, 16 et 18") == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_copies_eight_words_in_a_row_from_a_seed_sheet(client, language):
    seeds = set(SEED_RUNS.read_text(encoding="ascii").split())
    copied = {}
    for url, page in pages(client, language).items():
        found = words(visible(page))
        for i in range(len(found) - RUN + 1):
            run = " ".join(found[i : i + RUN])
            if hashlib.sha1(run.encode()).hexdigest() in seeds and not a_list_of_numbers(
                found[i : i + RUN]
            ):
                copied.setdefault(url, []).append(run)
    assert copied == {}


if __name__ == "__main__":
    every = set()
    for name in sys.argv[1:]:
        every |= runs(Path(name).read_text(encoding="utf-8"))
    print("\n".join(sorted(every)))
