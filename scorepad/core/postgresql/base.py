"""PostgreSQL, whose kept connections are checked before reuse only after sitting idle.

With CONN_HEALTH_CHECKS, Django asks a kept connection `SELECT 1` before the first
query of every request: on a page that makes one or two queries, a third of its round
trips to the server. A connection that served a request a moment ago is as good as a
checked one, so it is checked only when it sat idle longer than TRUSTED_SECONDS (a
server restarted meanwhile then costs no request an error). A connection that breaks
while in use fails its request as it would have anyway, and Django closes it.
"""

from __future__ import annotations

import time

from django.db.backends.postgresql import base

TRUSTED_SECONDS = 2.0


class DatabaseWrapper(base.DatabaseWrapper):
    _good_at = float("-inf")

    def close_if_unusable_or_obsolete(self) -> None:
        # Called as each request starts and ends: the end marks the connection good.
        super().close_if_unusable_or_obsolete()
        if self.connection is None or self.errors_occurred:
            return
        now = time.monotonic()
        if now - self._good_at < TRUSTED_SECONDS:
            self.health_check_done = True
        self._good_at = now
