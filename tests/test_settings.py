"""The settings module read in a fresh interpreter with a given environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "SECRET_KEY": "a-long-random-production-secret-key-0123456789-abcdefghijklmnop",
    "ALLOWED_HOSTS": "scorepad.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://scorepad.example.org",
}


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    dropped = {"SCOREPAD_DEVELOPMENT", "DEBUG", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "scorepad.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def settings_value(name: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    code = f"from django.conf import settings; print(repr(settings.{name}))"
    return run(["-c", code], env)


def test_production_needs_a_secret_key():
    result = settings_value("DEBUG", {})
    assert result.returncode != 0
    assert "SECRET_KEY is required" in result.stderr


@pytest.mark.parametrize(("name", "value"), [("DEBUG", "maybe"), ("SECURE_HSTS_SECONDS", "1y")])
def test_a_malformed_variable_stops_the_start_up(name, value):
    result = settings_value("DEBUG", {**PRODUCTION, name: value})
    assert result.returncode != 0
    assert name in result.stderr


def test_debug_is_off_by_default_and_refused_outside_development():
    assert settings_value("DEBUG", PRODUCTION).stdout.strip() == "False"
    assert settings_value("DEBUG", {**PRODUCTION, "DEBUG": "1"}).returncode != 0


def test_the_default_database_is_sqlite_tuned_for_several_users():
    result = settings_value("DATABASES['default']", {"SCOREPAD_DEVELOPMENT": "1"})
    assert "sqlite3" in result.stdout
    assert "journal_mode=WAL" in result.stdout
    assert "IMMEDIATE" in result.stdout
    assert "busy_timeout" in result.stdout


def test_database_url_selects_postgresql():
    url = "postgres://u:p@db.example.org:5432/scorepad"
    result = settings_value("DATABASES['default']['ENGINE']", {**PRODUCTION, "DATABASE_URL": url})
    assert "postgresql" in result.stdout


def test_whitenoise_comes_right_after_the_security_middleware():
    result = settings_value("MIDDLEWARE[:2]", PRODUCTION)
    assert "SecurityMiddleware" in result.stdout.split(",")[0]
    assert "WhiteNoiseMiddleware" in result.stdout.split(",")[1]


def test_check_deploy_has_no_warning_with_a_production_environment():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout
