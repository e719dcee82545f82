"""gunicorn settings for production: `gunicorn -c gunicorn.conf.py scorepad.wsgi`.

The app runs behind a buffering reverse proxy (nginx or Caddy, README): the proxy reads
slow clients' requests and answers in full before gunicorn sees them, so a worker is
only ever busy with a whole request. Each setting can be changed by an environment
variable of the same name (in upper case, prefixed GUNICORN_) without editing this file.
"""

from __future__ import annotations

import multiprocessing
import os


def _int(name: str, default: int) -> int:
    return int(os.environ.get(f"GUNICORN_{name}", default))


bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Threads: a worker waiting on the database (or on a slow client that got past the
# proxy) still serves its other requests; processes: one slow request cannot hold them all.
worker_class = "gthread"
workers = _int("WORKERS", min(2 * multiprocessing.cpu_count() + 1, 9))
threads = _int("THREADS", 4)
# No request of this app takes long (limits.py bounds an import); past this, a worker is
# stuck and gunicorn replaces it.
timeout = _int("TIMEOUT", 60)
graceful_timeout = _int("GRACEFUL_TIMEOUT", 30)
keepalive = _int("KEEPALIVE", 5)
# Recycle each worker now and then, at staggered moments, so none grows for ever.
max_requests = _int("MAX_REQUESTS", 2000)
max_requests_jitter = _int("MAX_REQUESTS_JITTER", 200)
# Refuse oversized request lines and headers before Django sees them.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
# The proxy on the same machine sets X-Forwarded-Proto and X-Forwarded-For.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
