"""The warm-up gunicorn's master runs before forking its workers (`scorepad.core.warm`)."""

from __future__ import annotations

from django.template import engines
from django.urls import get_resolver

from scorepad.core.warm import warm


def test_warm_compiles_every_site_template_without_touching_the_database():
    # No django_db mark: any query would raise (a forked worker must not share a connection).
    loader = engines["django"].engine.template_loaders[0]  # the cached loader
    loader.reset()
    warm()
    kept = loader.get_template_cache
    for name in ("matches/match.html", "records/history.html", "base.html"):
        assert name in kept, name
    assert get_resolver()._populated  # every view imported, the reverse tables built
