"""What a process does once before its first request, so that no request pays for it.

gunicorn loads the app in its master process and forks every worker from it
(`preload_app` in `gunicorn.conf.py`), and `warm` runs there first: each worker, and
each one started again after `max_requests`, begins with the URLconf loaded (and with it
every view module), the site's templates compiled, the catalogues read and the deploy's
digest made. Done in each worker instead, this cost about 0.6 s of CPU spent while it
answered its first requests. Nothing here opens a database connection (a forked worker
must not share one).
"""

from __future__ import annotations

from django.conf import settings
from django.template.loader import get_template
from django.urls import get_resolver, reverse
from django.utils import translation

from .pagecache import code_version


def warm() -> None:
    resolver = get_resolver()
    resolver.resolve("/")  # imports every view module
    reverse("home")  # builds the reverse lookup tables
    templates = settings.BASE_DIR / "templates"
    for path in sorted(templates.rglob("*.html")):
        get_template(path.relative_to(templates).as_posix())  # kept by the cached loader
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Rules")  # reads the language's catalogues
    code_version()
