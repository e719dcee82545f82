"""Views of the site itself, beside every app: the health check."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from .errors import DATABASE_DOWN, RETRY_AFTER_SECONDS


@require_safe
def health(request: HttpRequest) -> HttpResponse:
    """For the proxy or orchestrator: 200 when the app can reach its database, else 503."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DATABASE_DOWN:
        response = HttpResponse("database unavailable\n", status=503, content_type="text/plain")
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    else:
        response = HttpResponse("ok\n", content_type="text/plain")
    response["Cache-Control"] = "no-store"
    return response
