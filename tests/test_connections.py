"""Kept PostgreSQL connections are checked before reuse only after sitting idle, and the
statements they run again are prepared."""

from __future__ import annotations

import pytest
from django.db import connection

from scorepad.core.postgresql import base as postgresql

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the PostgreSQL backend (run by .ci/run)"
)


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    now = [1000.0]
    monkeypatch.setattr(postgresql.time, "monotonic", lambda: now[0])
    return now


def request_boundary() -> None:
    """What Django does as a request starts or ends."""
    connection.close_if_unusable_or_obsolete()


def test_a_connection_used_a_moment_ago_is_not_asked_again(transactional_db, clock):
    connection.ensure_connection()
    request_boundary()  # a request ends
    clock[0] += postgresql.TRUSTED_SECONDS / 2
    request_boundary()  # the next one starts
    assert connection.health_check_done  # its first query goes without SELECT 1


def test_a_connection_that_sat_idle_is_checked_first(transactional_db, clock):
    connection.ensure_connection()
    request_boundary()
    clock[0] += postgresql.TRUSTED_SECONDS + 1
    request_boundary()
    assert not connection.health_check_done
    with connection.cursor() as cursor:  # checked, found good, and used
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
    assert connection.health_check_done


def test_a_connection_that_failed_is_checked_before_it_is_trusted(transactional_db, clock):
    connection.ensure_connection()
    request_boundary()
    connection.errors_occurred = True  # a query failed for another reason than its data
    clock[0] += postgresql.TRUSTED_SECONDS / 2
    request_boundary()
    assert connection.connection is not None  # checked, and still good
    assert not connection.errors_occurred


def test_the_settings_choose_this_backend_for_postgresql():
    assert connection.settings_dict["ENGINE"] == "scorepad.core.postgresql"
    assert connection.settings_dict["CONN_HEALTH_CHECKS"]


def test_a_statement_run_again_on_a_kept_connection_is_prepared(db):
    """Server-side binding, and a statement prepared from its second run (settings)."""
    statement = "SELECT version FROM matches_owner WHERE id = %s"

    def prepared() -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
                ["SELECT version FROM matches_owner WHERE id = $1%"],
            )
            return cursor.fetchone()[0]

    with connection.cursor() as cursor:
        cursor.execute(statement, [0])
        assert prepared() == 0
        cursor.execute(statement, [1])
    assert prepared() == 1
