"""gunicorn settings for production: `gunicorn -c gunicorn.conf.py scorepad.wsgi`.

The app runs behind a buffering reverse proxy (nginx or Caddy, README): the proxy reads
slow clients' requests and answers in full before gunicorn sees them, so a worker is
only ever busy with a whole request. Each setting can be changed by an environment
variable of the same name (in upper case, prefixed GUNICORN_) without editing this file.
"""

from __future__ import annotations

import gc
import multiprocessing
import os


def _int(name: str, default: int) -> int:
    return int(os.environ.get(f"GUNICORN_{name}", default))


bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Processes, one thread each. Every request here is short and busy in Python (a few ms,
# its queries a fraction of a millisecond each), so threads of one process would only
# take turns at its lock (the GIL), handing it over at every query: in `make bench` the
# round POST and the returning home page on PostgreSQL did better with one thread per
# worker than with four. No request waits long (the proxy reads slow clients whole, a
# live table's phones poll), and 2 × CPUs + 1 workers keep the CPUs busy while some wait
# on the database. gthread rather than sync: it sets idle keep-alive connections aside.
worker_class = "gthread"
workers = _int("WORKERS", min(2 * multiprocessing.cpu_count() + 1, 9))
threads = _int("THREADS", 1)
# No request of this app takes long (limits.py bounds an import); past this, a worker is
# stuck and gunicorn replaces it.
timeout = _int("TIMEOUT", 60)
graceful_timeout = _int("GRACEFUL_TIMEOUT", 30)
keepalive = _int("KEEPALIVE", 5)
# Recycle each worker now and then, at staggered moments, so none grows for ever.
max_requests = _int("MAX_REQUESTS", 2000)
max_requests_jitter = _int("MAX_REQUESTS_JITTER", 200)
# The app is loaded once, in the master, and made ready there (`scorepad.core.warm`);
# every worker is forked from it, ready to answer: a worker started again (above) costs
# a fork, not the 0.6 s of CPU that loading Django, the views, templates and catalogues
# takes, which its first requests would otherwise wait for. The price: a HUP reloads the
# configuration but not the code, so a deploy restarts gunicorn (README).
# GUNICORN_PRELOAD_APP=0 turns it off.
preload_app = bool(_int("PRELOAD_APP", 1))
# Refuse oversized request lines and headers before Django sees them.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
# The proxy on the same machine sets X-Forwarded-Proto and X-Forwarded-For.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")


def when_ready(server) -> None:
    """In the master, before the first worker is forked: the preloaded app made ready,
    and everything it holds set aside from the garbage collector (`gc.freeze`): the
    workers' collections then walk what their requests make, not the whole of Django
    again and again (7 % of the CPU of a returning visitor's home page before), and do
    not write to the pages they share with the master."""
    if server.cfg.preload_app:
        from scorepad.core.warm import warm

        warm()
        gc.collect()
        gc.freeze()
