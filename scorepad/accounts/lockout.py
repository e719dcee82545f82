"""Which wrong passwords django-axes counts together before it pauses signing in.

Five for one name on one network: a name mistyped at a café table pauses that name
there, not the friends on the same Wi-Fi (QA46), nor its owner on their mobile data.
A network that has made many, whatever the names, waits as a whole: four guesses for
each of many names are no way around the pause.

django-axes compares one limit (`AXES_FAILURE_LIMIT`) with the largest count among the
groups its `AXES_LOCKOUT_PARAMETERS` name, so a second, higher limit for the network is
this callable: it counts the network alone once the network has reached that limit.

A new password set for an account (through the emailed link offered on the pause page,
or changed while signed in) lifts the pause of its name (`lift_pause`): whoever set it
proved the account is theirs, and the wrong passwords were tries at the old one.
"""

from __future__ import annotations

from axes.helpers import get_client_ip_address
from axes.models import AccessAttempt
from django.conf import settings
from django.db import transaction
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone

from scorepad.core.errors import error_page

from . import throttle

NAME_ON_NETWORK = [["username", "ip_address"]]
NETWORK = ["ip_address"]
# Wrong passwords from one network, whatever the names, before the whole network waits.
NETWORK_FAILURE_LIMIT = 30
# The `throttle` note of a name given a new password.
NEW_PASSWORD = "new-password"


def counted_together(request: HttpRequest, credentials: dict | None = None) -> list:
    """django-axes' lockout parameters for this request (`AXES_LOCKOUT_PARAMETERS`)."""
    if network_paused(request) and not new_password_lately(credentials):
        return NETWORK
    return NAME_ON_NETWORK


def lift_pause(username: str) -> None:
    """Lifts the pause of signing in with `username` on every network: a new password
    was set for it.

    Its wrong passwords stop counting for the name but stay counted for the networks they
    came from, nameless (a sign-in always gives a name, so no name's count finds them):
    django-axes' own reset (`axes.utils.reset(username=...)`) deletes them, and a
    network paused as a whole partly by them would then go free for every name.
    django-axes records them under the account's own name whatever was typed
    (`LogInForm.clean_username`: other capitals, the email address), so that name finds
    them all, in one query however many networks they came from. And for the cool-off
    time a network paused as a whole still counts that name on its own
    (`counted_together`): the player signs in there with the new password, the other
    names still wait.
    """
    with transaction.atomic():
        AccessAttempt.objects.filter(username=username).update(username=None)
        throttle.note(NEW_PASSWORD, username, settings.AXES_COOLOFF_TIME)


def new_password_lately(credentials: dict | None) -> bool:
    """Whether the name signing in was given a new password in the cool-off time."""
    username = (credentials or {}).get("username")
    return bool(username) and throttle.noted(NEW_PASSWORD, username, settings.AXES_COOLOFF_TIME)


def network_paused(request: HttpRequest) -> bool:
    """Whether the asker's network made too many wrong tries in the cool-off time."""
    # django-axes sets the address on the requests it handles; its own tools may not.
    address = getattr(request, "axes_ip_address", None) or get_client_ip_address(request)
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    recent = AccessAttempt.objects.filter(ip_address=address, attempt_time__gte=since)
    failures = recent.aggregate(failures=Sum("failures_since_start"))["failures"] or 0
    return failures >= NETWORK_FAILURE_LIMIT


def locked_out(request: HttpRequest, credentials: dict | None = None, *args) -> HttpResponse:
    """django-axes' answer after too many wrong passwords (`AXES_LOCKOUT_CALLABLE`): what
    is paused, and the way to a new password for whoever forgot theirs."""
    paused = network_paused(request)
    return error_page(
        request,
        429,
        "network paused" if paused else None,
        reset_url=reverse("accounts:password_reset"),
        # Another player at the table signs in from here (QA48: error pages show no
        # "Sign in" in their top bar); not when the whole network waits.
        other_name_url=None if paused else reverse("accounts:log_in"),
    )
