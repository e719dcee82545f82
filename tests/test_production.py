"""The production command of the README, run for real: gunicorn with the shipped
configuration, on a throw-away SQLite database, answers its health check."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def production_env(tmp_path) -> dict[str, str]:
    dropped = {"SCOREPAD_DEVELOPMENT", "DEBUG", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(
        SECRET_KEY="a-long-random-production-secret-key-0123456789-abcdefghijklmnop",
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        STATIC_ROOT=str(tmp_path / "static"),
        DJANGO_SETTINGS_MODULE="scorepad.settings",
    )
    migrate = [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"]
    subprocess.run(migrate, cwd=ROOT, env=env, check=True, timeout=120)
    return env


def wait_until_booted(server: subprocess.Popen) -> list[bytes]:
    """gunicorn's log lines up to its first worker's boot: by then it listens."""
    lines = []
    for line in server.stderr:
        lines.append(line)
        if b"Booting worker" in line:
            return lines
    raise AssertionError(b"".join(lines).decode())


def test_gunicorn_with_the_shipped_configuration_serves_the_health_check(production_env):
    port = free_port()
    env = {**production_env, "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_WORKERS": "1"}
    server = subprocess.Popen(
        [str(GUNICORN), "-c", "gunicorn.conf.py", "scorepad.wsgi"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        booted = b"".join(wait_until_booted(server))
        response = urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10)
        assert response.status == 200
        assert response.read() == b"ok\n"
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=30)
    assert b"gthread" in booted
