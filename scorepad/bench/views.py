"""The reference pages every page of the benchmark is compared with."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

ROWS = [(number, f"Row {number}", number * 7 % 23) for number in range(1, 25)]


def ok(request: HttpRequest) -> HttpResponse:
    """The cheapest Django page: middleware, routing and a two-byte answer."""
    return HttpResponse("ok")


def template(request: HttpRequest) -> HttpResponse:
    """A ~5 KB page from a template with a small loop: what any rendered page costs."""
    return render(request, "bench/page.html", {"rows": ROWS})


@require_POST
def write(request: HttpRequest) -> HttpResponse:
    """The least a page that records something costs: a form's POST (its CSRF token
    checked) whose session is read and saved changed (one row written, in a
    transaction), answered with the 5 KB template. Shown beside the round POST, which
    does this and the round's work."""
    request.session["bench_writes"] = request.session.get("bench_writes", 0) + 1
    return render(request, "bench/page.html", {"rows": ROWS})
