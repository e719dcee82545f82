"""How every view answers htmx: one rule for "fragment or whole page", one for a form's faults.

htmx asks with `HX-Request` for a swap, but also when it restores history after its cache
is gone (Back, or Reload of an address it pushed): that request carries
`HX-History-Restore-Request` and must get the whole page, which htmx puts into `<body>`.
A boosted request (`HX-Boosted`) also swaps the whole body.
"""

from __future__ import annotations

from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers

# What the answer depends on, so that a browser or proxy cache never hands the
# fragment to a plain page load (or the reverse).
VARY = ("HX-Request", "HX-History-Restore-Request", "HX-Boosted")


def wants_fragment(request: HttpRequest) -> bool:
    """An htmx swap of one region: not a history restore, not a boosted page load."""
    htmx = request.htmx
    return bool(htmx) and not htmx.history_restore_request and not htmx.boosted


def render_page_or_partial(
    request: HttpRequest,
    template: str,
    partial: str | None,
    context: dict,
    *,
    status: int = 200,
) -> HttpResponse:
    """`template#partial` for an htmx swap, else the whole `template` (always, when
    `partial` is None); the answer says which request headers chose it."""
    name = f"{template}#{partial}" if partial and wants_fragment(request) else template
    response = render(request, name, context, status=status)
    patch_vary_headers(response, VARY)
    return response


def form_status(request: HttpRequest, form: Form) -> int:
    """200, or for a form sent back with faults 422, except to htmx: htmx swaps only
    2xx answers (a fault swapped in place is still an answer to show) and restores
    history only from a 2xx."""
    return 422 if form.errors and not request.htmx else 200
