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
    # Django's backend, checking kept connections only after they sat idle.
    assert result.stdout.strip() == "'scorepad.core.postgresql'"


def test_postgresql_binds_parameters_on_the_server_and_prepares_statements_run_again():
    url = "postgres://u:p@db.example.org:5432/scorepad"
    options = settings_value("DATABASES['default']['OPTIONS']", {**PRODUCTION, "DATABASE_URL": url})
    assert options.stdout.strip() == "{'server_side_binding': True, 'prepare_threshold': 1}"


def test_whitenoise_comes_right_after_the_security_middleware():
    result = settings_value("MIDDLEWARE[:2]", PRODUCTION)
    assert "SecurityMiddleware" in result.stdout.split(",")[0]
    assert "WhiteNoiseMiddleware" in result.stdout.split(",")[1]


def test_check_deploy_has_no_warning_with_a_production_environment():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_email_goes_to_the_console_in_development():
    result = settings_value("MAILERS['default']['BACKEND']", {"SCOREPAD_DEVELOPMENT": "1"})
    assert "console" in result.stdout, result.stderr


def test_email_goes_through_the_configured_smtp_server():
    smtp = {
        "EMAIL_HOST": "smtp.example.org",
        "EMAIL_HOST_USER": "scorepad",
        "EMAIL_HOST_PASSWORD": "s3cret",
        "DEFAULT_FROM_EMAIL": "Scorepad <scorepad@example.org>",
    }
    for env in (PRODUCTION, {"SCOREPAD_DEVELOPMENT": "1"}):
        result = settings_value("MAILERS['default']", {**env, **smtp, "EMAIL_PORT": "2525"})
        assert "smtp.EmailBackend" in result.stdout, result.stderr
        for expected in ("'host': 'smtp.example.org'", "'port': 2525", "'use_tls': True"):
            assert expected in result.stdout
    result = settings_value("MAILERS['default']['OPTIONS']['port']", {**PRODUCTION, **smtp})
    assert result.stdout.strip() == "None"  # the backend's own: 587 with TLS
    sender = settings_value("DEFAULT_FROM_EMAIL", {**PRODUCTION, **smtp})
    assert sender.stdout.strip() == "'Scorepad <scorepad@example.org>'"


def test_production_without_a_mail_server_sends_to_this_machine():
    result = settings_value("MAILERS['default']['OPTIONS']", PRODUCTION)
    assert "'host': 'localhost'" in result.stdout and "'use_tls': False" in result.stdout


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"EMAIL_HOST": "smtp.example.org"}, "DEFAULT_FROM_EMAIL"),
        (
            {"EMAIL_HOST": "smtp.example.org", "DEFAULT_FROM_EMAIL": "a@b.c", "EMAIL_PORT": "x"},
            "EMAIL_PORT",
        ),
        (
            {
                "EMAIL_HOST": "smtp.example.org",
                "DEFAULT_FROM_EMAIL": "a@b.c",
                "EMAIL_USE_TLS": "maybe",
            },
            "EMAIL_USE_TLS",
        ),
    ],
)
def test_a_malformed_email_setting_stops_the_start_up(env, named):
    result = settings_value("MAILERS", {**PRODUCTION, **env})
    assert result.returncode != 0
    assert named in result.stderr


def test_a_development_server_serves_the_static_files_with_debug_off_too(client, settings):
    """QA: SCOREPAD_DEVELOPMENT=1 without DEBUG served every page without its CSS and
    scripts (404), WhiteNoise reading the sources only with DEBUG on."""
    assert settings.DEVELOPMENT and not settings.DEBUG
    response = client.get("/static/css/scorepad.css")
    assert response.status_code == 200
    assert b".standing" in b"".join(response.streaming_content)
