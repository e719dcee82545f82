"""Django's database sessions, read with their owner in one plain statement.

Every returning visitor's request reads its session, and almost every one then needs
the owner of the matches it reaches (their pages are kept under the owner's version).
The session's row names that owner (`BrowserSession.owner`), so one statement reads
both: a kept page then costs one query. Building these queries through the ORM cost
several times running them (measured: ~0.35 ms against ~0.05 ms).

Saving, renewing, expiry and clearing are Django's `db` backend's
(`SESSION_ENGINE = "scorepad.matches.sessions"`); a save also stores the owner that
`access` found for the session (`owner`).

A session's data is signed: decoding it checks the signature and parses it, ~80 µs,
on every request of a returning visitor, for data that changes once a day (the
renewal's mark). Each process keeps what it decoded, keyed on the signed string
itself: the same string always decodes to the same data, and one never verified is
never found there.
"""

from __future__ import annotations

import uuid

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone

from .models import BrowserSession, Owner

# The owner's columns read with the session: all but `created`, which no page shows
# (left deferred: it is read if asked for, and a save of the owner leaves it alone).
OWNER_FIELDS = ("id", "token", "user_id", "version")

# Decoded sessions, by their signed string: only data of plain values (a copy is then
# the request's own), and at most DECODED_MAX strings, forgotten all at once beyond.
DECODED_MAX = 4096
_decoded: dict[str, tuple[tuple[str, object], ...]] = {}
_PLAIN = (str, int, float, bool, type(None))


class SessionStore(db.SessionStore):
    # The owner the session's row names, as read with it; set by `access` to the owner
    # it found for this session, and stored with the session's next save.
    owner: Owner | None = None

    @classmethod
    def get_model_class(cls) -> type[BrowserSession]:
        return BrowserSession

    def load(self) -> dict:
        """The session's data while it has not expired; else {} and no key (as Django)."""
        data = self._stored_data() if self.session_key else None
        if data is None:
            self._session_key = None
            self.owner = None
            return {}
        return self.decode(data)

    def decode(self, session_data: str) -> dict:
        items = _decoded.get(session_data)
        if items is not None:
            return dict(items)
        data = super().decode(session_data)
        if data and all(isinstance(value, _PLAIN) for value in data.values()):
            if len(_decoded) >= DECODED_MAX:
                _decoded.clear()
            _decoded[session_data] = tuple(data.items())
        return data

    def _stored_data(self) -> str | None:
        alias = router.db_for_read(self.model)
        connection = connections[alias]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        columns = ", ".join(f"o.{name}" for name in OWNER_FIELDS)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT s.session_data, {columns} FROM {self.model._meta.db_table} s"
                f" LEFT JOIN {Owner._meta.db_table} o ON o.id = s.owner_id"
                " WHERE s.session_key = %s AND s.expire_date > %s",
                [self.session_key, now],
            )
            row = cursor.fetchone()
        if row is None:
            return None
        data, owner_id, token, user_id, version = row
        self.owner = None
        if owner_id is not None:
            token = token if isinstance(token, uuid.UUID) else uuid.UUID(token)
            self.owner = Owner.from_db(alias, OWNER_FIELDS, (owner_id, token, user_id, version))
        return data

    def create_model_instance(self, data: dict) -> BrowserSession:
        session = super().create_model_instance(data)
        session.owner = self.owner
        return session

    def clear(self) -> None:
        super().clear()
        self.owner = None  # flushed at sign-out: the data that named the owner is gone
