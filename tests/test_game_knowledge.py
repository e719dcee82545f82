"""No module but the rules engine knows which game it is looking at: a page, form, view
or statistic that branched on a game's key would keep a copy of that game's rules."""

from __future__ import annotations

import re
from pathlib import Path

from scorepad.rules import GAMES

ROOT = Path(__file__).resolve().parent.parent
# Where a game's own knowledge belongs: its rules module, its entry partial, its rules
# pages (content, quick reference, questions) and its walkthrough.
ALLOWED = (
    "scorepad/rules/",
    "scorepad/guide/walkthroughs/",
    "templates/matches/entry/",
    "templates/guide/content/",
    "templates/guide/quick/",
    "templates/guide/faq/",
)
KEYS = "|".join(re.escape(key) for key in GAMES)
LITERAL = rf"""["']({KEYS})["']"""
BRANCHES = (
    # `x == "cabo"`, `"escoba" != x`, `x in ("cabo", ...)`
    re.compile(rf"(==|!=)\s*{LITERAL}|{LITERAL}\s*(==|!=)|\bin\s*[(\[{{]\s*{LITERAL}"),
    # `game.key == ...`, `match.game == ...`, `game_key == ...` against any literal
    re.compile(r"""\b(game\.key|\.game|game_key|setup\.game)\s*(==|!=)\s*["']"""),
)


def branches_on_a_game(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if any(b.search(line) for b in BRANCHES)]


def test_the_check_finds_a_branch_on_a_game():
    assert branches_on_a_game('if match.game == "cabo":')
    assert branches_on_a_game('{% if game.key == "escoba" %}x{% endif %}')
    assert branches_on_a_game('{% if key == "cabanga" %}')
    assert branches_on_a_game('players = x if "cabo" == state.setup.game else y')
    assert not branches_on_a_game("if match.game == self.game:")


def test_no_module_outside_the_engine_branches_on_a_games_key():
    found = []
    for folder in ("scorepad", "templates"):
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in {".py", ".html"} or relative.startswith(ALLOWED):
                continue
            found += [f"{relative}: {line}" for line in branches_on_a_game(path.read_text())]
    assert found == []
