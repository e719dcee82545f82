"""A small JSON Schema checker: the keywords docs/scorepad.match-1.schema.json uses.

The project adds no dependency for one test; this covers the subset the schema is
written in and fails loudly on any other keyword.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "docs" / "scorepad.match-1.schema.json"
_IGNORED = {"$schema", "$id", "$defs", "title", "description", "format"}
_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def load_schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def errors(value, schema: dict, root: dict | None = None, where: str = "$") -> list[str]:
    root = root or schema
    found: list[str] = []
    for keyword, rule in schema.items():
        if keyword in _IGNORED:
            continue
        found += _check(keyword, rule, value, schema, root, where)
    return found


def _check(keyword, rule, value, schema, root, where) -> list[str]:
    if keyword == "$ref":
        target = root
        for part in rule.removeprefix("#/").split("/"):
            target = target[part]
        return errors(value, target, root, where)
    if keyword == "type":
        kinds = rule if isinstance(rule, list) else [rule]
        return [] if any(_TYPES[kind](value) for kind in kinds) else [f"{where}: not {rule}"]
    if keyword == "const":
        return [] if value == rule else [f"{where}: not {rule!r}"]
    if keyword == "enum":
        return [] if value in rule else [f"{where}: {value!r} not in {rule}"]
    if keyword == "oneOf":
        passing = sum(not errors(value, option, root, where) for option in rule)
        return [] if passing == 1 else [f"{where}: {passing} of oneOf match"]
    if keyword == "allOf":
        return [error for option in rule for error in errors(value, option, root, where)]
    if keyword == "if":
        if errors(value, rule, root, where):
            return []
        return errors(value, schema.get("then", {}), root, where)
    if keyword == "then":
        return []
    if isinstance(value, dict):
        return _check_object(keyword, rule, value, schema, root, where)
    if isinstance(value, list):
        return _check_array(keyword, rule, value, root, where)
    if isinstance(value, str) and keyword in ("minLength", "maxLength", "pattern"):
        fine = {
            "minLength": lambda: len(value) >= rule,
            "maxLength": lambda: len(value) <= rule,
            "pattern": lambda: re.search(rule, value) is not None,
        }[keyword]()
        return [] if fine else [f"{where}: {keyword} {rule}"]
    if _TYPES["integer"](value) and keyword in ("minimum", "maximum"):
        fine = value >= rule if keyword == "minimum" else value <= rule
        return [] if fine else [f"{where}: {keyword} {rule}"]
    if keyword in {
        "properties",
        "required",
        "additionalProperties",
        "minProperties",
        "items",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minLength",
        "maxLength",
        "pattern",
        "minimum",
        "maximum",
    }:
        return []  # applies to another type
    raise AssertionError(f"the test checker does not know {keyword}")


def _check_object(keyword, rule, value, schema, root, where) -> list[str]:
    if keyword == "properties":
        return [
            error
            for name, sub in rule.items()
            if name in value
            for error in errors(value[name], sub, root, f"{where}.{name}")
        ]
    if keyword == "required":
        return [f"{where}: {name} missing" for name in rule if name not in value]
    if keyword == "minProperties":
        return [] if len(value) >= rule else [f"{where}: fewer than {rule} fields"]
    if keyword == "additionalProperties":
        extra = [name for name in value if name not in schema.get("properties", {})]
        if rule is False:
            return [f"{where}: unknown field {name}" for name in extra]
        return [e for name in extra for e in errors(value[name], rule, root, f"{where}.{name}")]
    return []


def _check_array(keyword, rule, value, root, where) -> list[str]:
    if keyword == "items":
        return [
            e for i, item in enumerate(value) for e in errors(item, rule, root, f"{where}[{i}]")
        ]
    if keyword == "minItems":
        return [] if len(value) >= rule else [f"{where}: fewer than {rule} items"]
    if keyword == "maxItems":
        return [] if len(value) <= rule else [f"{where}: more than {rule} items"]
    if keyword == "uniqueItems":
        unique = len({json.dumps(item, sort_keys=True) for item in value}) == len(value)
        return [] if unique or not rule else [f"{where}: items repeat"]
    return []
