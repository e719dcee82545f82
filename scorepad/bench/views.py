"""The two reference pages every page of the benchmark is compared with."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

ROWS = [(number, f"Row {number}", number * 7 % 23) for number in range(1, 25)]


def ok(request: HttpRequest) -> HttpResponse:
    """The cheapest Django page: middleware, routing and a two-byte answer."""
    return HttpResponse("ok")


def template(request: HttpRequest) -> HttpResponse:
    """A ~5 KB page from a template with a small loop: what any rendered page costs."""
    return render(request, "bench/page.html", {"rows": ROWS})
