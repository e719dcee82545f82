"""No module but the rules engine knows which game it is looking at: a page, form, view
or statistic that branched on a game's key, kept a table per game, filtered by one, named
one in a template or read one game's rules module would keep a copy of that game's rules,
and a game only the engine knows would fail there (tests/extra_game)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from scorepad.rules import GAMES

ROOT = Path(__file__).resolve().parent.parent
# Where a game's own knowledge belongs: its rules module, its entry partial, its rules
# pages (content, quick reference, questions), its walkthrough and the guide pages only
# it has (Escoba's practice, Cabo's card lookup, registered in `guide.tools`).
ALLOWED = (
    "scorepad/rules/",
    "scorepad/guide/walkthroughs/",
    "scorepad/guide/tools/",
    "templates/matches/entry/",
    "templates/guide/content/",
    "templates/guide/quick/",
    "templates/guide/faq/",
)
# What still knows a game today, and may for now: each entry says why, and which kinds of
# finding (see `findings`) it may hold. Anything else found is a finding.
KNOWN_TODAY = {
    # Historical migrations: they fill a kept figure in for the matches of the one game
    # it was first computed for, as the data stood then, and are never edited afterwards.
    "scorepad/matches/migrations/": {"filter"},
    # The benchmark's data generator plays rounds of each game the way a table would (a
    # round maker per game, Escoba's teams) to make realistic matches; it is no page.
    "scorepad/bench/data.py": {"keyed", "import"},
    # The round forms still hold each game's form class, registered under its key
    # (`for_game`, the one dispatch: `RoundForm.registry`); the rules they need they ask
    # of the game object, never its module.
    "scorepad/matches/forms.py": {"filter"},
}

KEYS = "|".join(re.escape(key) for key in GAMES)
LITERAL = rf"""["']({KEYS})["']"""
# A game's key, or its name as the pages print it ("Cabo", "Cabanga!"), in a template tag.
NAMES = "|".join(
    sorted({re.escape(word) for game in GAMES.values() for word in (game.key, game.name)})
)
BRANCHES = (
    # `x == "cabo"`, `"escoba" != x`, `x in ("cabo", ...)`
    re.compile(rf"(==|!=)\s*{LITERAL}|{LITERAL}\s*(==|!=)|\bin\s*[(\[{{]\s*{LITERAL}"),
    # `game.key == ...`, `match.game == ...`, `game_key == ...` against any literal
    re.compile(r"""\b(game\.key|\.game|game_key|setup\.game)\s*(==|!=)\s*["']"""),
)
# Python only: a table with a line per game (`{"cabo": ...}`), or one game's line read
# from a table (`TABLES["cabo"]`, `get_game("cabo")`).
KEYED = re.compile(rf"{LITERAL}\s*:|\[\s*{LITERAL}\s*\]|get_game\(\s*{LITERAL}")
# Python only: the rows of one game asked for by name (`Match.objects.filter(game="cabo")`,
# `match__game="escoba"`), or a name bound to one game (`for_game = "cabo"`).
FILTER = re.compile(rf"\b\w*game\w*\s*=\s*{LITERAL}")
# Templates only: a game named inside a tag or a variable (`{% url 'guide:rules' 'cabo' %}`,
# `{% blocktranslate with game="Cabo" %}`, `{{ x|default:"escoba" }}`).
TEMPLATE_LITERAL = re.compile(rf"""\{{[%{{][^%}}]*["']({NAMES})["'][^%}}]*[%}}]\}}""", re.I)
RULES_MODULES = tuple(f"scorepad.rules.{key}" for key in GAMES)


def imported_modules(relative: str, text: str) -> set[str]:
    """Every module a Python file imports (`from x import y` counts `x.y` too), relative
    imports resolved against the file's package."""
    package = relative.removesuffix(".py").split("/")[:-1]
    found = set()
    for node in ast.walk(ast.parse(text, relative)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def branches_on_a_game(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if any(b.search(line) for b in BRANCHES)]


def findings(relative: str, text: str) -> list[tuple[str, str]]:
    """(kind, line) for each place in a file's text that knows one game."""
    found = [("branch", line) for line in branches_on_a_game(text)]
    for line in text.splitlines():
        if relative.endswith(".py"):
            if KEYED.search(line):
                found.append(("keyed", line.strip()))
            if FILTER.search(line):
                found.append(("filter", line.strip()))
        elif TEMPLATE_LITERAL.search(line):
            found.append(("template literal", line.strip()))
    if relative.endswith(".py"):
        found += [
            ("import", f"imports {module}")
            for module in sorted(imported_modules(relative, text))
            if module in RULES_MODULES
        ]
    return found


def test_the_check_finds_a_branch_on_a_game():
    assert branches_on_a_game('if match.game == "cabo":')
    assert branches_on_a_game('{% if game.key == "escoba" %}x{% endif %}')
    assert branches_on_a_game('{% if key == "cabanga" %}')
    assert branches_on_a_game('players = x if "cabo" == state.setup.game else y')
    assert not branches_on_a_game("if match.game == self.game:")


def kinds(relative: str, text: str) -> set[str]:
    return {kind for kind, _ in findings(relative, text)}


def test_the_check_finds_a_table_per_game_and_a_game_read_from_one():
    where = "scorepad/guide/tables.py"
    found = 'VALUE_TABLES = {"cabo": _cabo_values, "escoba": _escoba_values}'
    assert kinds(where, found) == {"keyed"}
    assert kinds(where, 'PRACTICE_PAGES = {"escoba": ("guide:practice", "")}') == {"keyed"}
    assert kinds(where, 'page = PAGES["cabanga"]') == {"keyed"}
    assert kinds(where, 'game = get_game("cabo")') == {"keyed"}
    assert kinds(where, "table = VALUE_TABLES[game.key]") == set()
    assert kinds(where, 'label = {"key": game.key}') == set()


def test_the_check_finds_the_rows_of_one_game_asked_for_by_name():
    where = "scorepad/records/stats.py"
    assert kinds(where, 'Match.objects.filter(game="cabo", finished=True)') == {"filter"}
    assert kinds(where, "Round.objects.filter(match__game='escoba')") == {"filter"}
    assert kinds(where, 'for_game = "cabanga"') == {"filter"}
    assert kinds(where, "Match.objects.filter(game=game.key)") == set()


def test_the_check_finds_a_game_named_in_a_template_tag():
    where = "templates/guide/cabo_cards.html"
    assert kinds(where, """<a href="{% url 'guide:rules' 'cabo' %}">""") == {"template literal"}
    crumbs = '{% blocktranslate with game="Cabo" %}{{ game }} rules{% endblocktranslate %}'
    assert kinds(where, crumbs) == {"template literal"}
    assert kinds(where, '{% include "x.html" with game="Cabanga!" %}') == {"template literal"}
    assert kinds(where, "{{ name|default:'escoba' }}") == {"template literal"}
    assert kinds(where, "<a href=\"{% url 'guide:rules' game.key %}\">") == set()
    # Words of a page are no tag: a template may say "Cabo" to its reader.
    assert kinds(where, "<p>Cabo is played with a 52-card deck.</p>") == set()


def test_the_check_finds_a_games_rules_module_imported():
    where = "scorepad/guide/tables.py"
    assert kinds(where, "from scorepad.rules.cabo import JOKER, card_value") == {"import"}
    assert kinds(where, "from scorepad.rules import cabanga, get_game") == {"import"}
    assert kinds(where, "from scorepad.rules import (\n    GAMES,\n    escoba,\n)") == {"import"}
    assert kinds(where, "import scorepad.rules.escoba") == {"import"}
    assert kinds("scorepad/guide/views.py", "from ..rules.cabo import GAME") == {"import"}
    assert kinds(where, "from scorepad.rules import GAMES, Game") == set()
    assert kinds(where, "from scorepad.rules.base import ValueLine") == set()


def known_today(relative: str, kind: str) -> bool:
    return any(
        relative.startswith(where) and kind in allowed for where, allowed in KNOWN_TODAY.items()
    )


def test_no_module_outside_the_engine_knows_a_game():
    found = []
    for folder in ("scorepad", "templates"):
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in {".py", ".html"} or relative.startswith(ALLOWED):
                continue
            found += [
                f"{relative}: {kind}: {line}"
                for kind, line in findings(relative, path.read_text(encoding="utf-8"))
                if not known_today(relative, kind)
            ]
    assert found == []


def test_what_is_known_today_still_is():
    """An entry of `KNOWN_TODAY` that nothing needs any more goes: the list only shrinks."""
    unused = []
    for where, allowed in KNOWN_TODAY.items():
        paths = [ROOT / where] if where.endswith(".py") else sorted((ROOT / where).rglob("*.py"))
        needed = {
            kind
            for path in paths
            for kind, _ in findings(path.relative_to(ROOT).as_posix(), path.read_text("utf-8"))
        }
        unused += [f"{where}: {kind}" for kind in sorted(allowed - needed)]
    assert unused == []
