"""The match file's JSON Schema, checked with the `jsonschema` package (draft 2020-12)."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "docs" / "scorepad.match-1.schema.json"


def load_schema() -> dict:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return schema


def errors(value, schema: dict) -> list[str]:
    """Every fault of `value`, each with where it is ("$.rounds[0].hands"), none when it fits."""
    validator = Draft202012Validator(schema)
    return [f"{error.json_path}: {error.message}" for error in validator.iter_errors(value)]
