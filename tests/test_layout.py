"""The packages point one way: `records` (history, statistics, match files) builds on
`matches` (set-up, rounds, scoreboard, house rules), never the reverse; both build on
`core`, which builds on none of them."""

from __future__ import annotations

import ast
from pathlib import Path

import scorepad

PACKAGE = Path(scorepad.__file__).resolve().parent


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, relative imports resolved against its package."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_imported_modules_resolves_relative_imports():
    views = PACKAGE / "matches" / "views.py"
    assert "scorepad.matches.services" in imported_modules(views)  # `from . import services`
    assert "scorepad.rules" in imported_modules(views)


def test_no_module_of_matches_imports_records():
    offenders = {
        str(path.relative_to(PACKAGE.parent)): sorted(
            module for module in imported_modules(path) if module.startswith("scorepad.records")
        )
        for path in sorted((PACKAGE / "matches").rglob("*.py"))
    }
    assert {path: modules for path, modules in offenders.items() if modules} == {}


def test_core_imports_none_of_the_apps():
    """`core` (htmx answers, forms, words, error pages) is what the apps build on."""
    apps = ("scorepad.matches", "scorepad.records", "scorepad.guide")
    offenders = {
        str(path.relative_to(PACKAGE.parent)): sorted(
            module for module in imported_modules(path) if module.startswith(apps)
        )
        for path in sorted((PACKAGE / "core").rglob("*.py"))
    }
    assert {path: modules for path, modules in offenders.items() if modules} == {}


def test_no_app_imports_the_accounts():
    """Accounts build on matches and records (take-over, statistics), never the reverse."""
    offenders = {
        str(path.relative_to(PACKAGE.parent)): sorted(
            module for module in imported_modules(path) if module.startswith("scorepad.accounts")
        )
        for app in ("core", "matches", "records", "guide", "rules")
        for path in sorted((PACKAGE / app).rglob("*.py"))
    }
    assert {path: modules for path, modules in offenders.items() if modules} == {}
