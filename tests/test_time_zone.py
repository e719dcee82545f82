"""Dates and times are shown in the phone's own zone (its cookie, written by app.js),
else in the product's default zone; stored times stay UTC (QA39)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scorepad.accounts.models import Claim
from scorepad.core.middleware import ZONE_COOKIE
from scorepad.matches import sharing
from scorepad.matches.models import Match, Owner
from tests.accounts.conftest import make_user, signed_in
from tests.records.conftest import build, build_match, client_of
from tests.records.matches import CABO_FR

pytestmark = pytest.mark.django_db
SEATS = reverse("accounts:seats")
HISTORY = reverse("records:history")
# 03:09 in Brussels (winter time, UTC+1), the night QA39 played.
NIGHT = datetime(2026, 12, 3, 2, 9, tzinfo=UTC)
# 01:40 on 18 October in Brussels (summer time, UTC+2): still the 17th in UTC.
AFTER_MIDNIGHT = datetime(2026, 10, 17, 23, 40, tzinfo=UTC)


def dated(player: Owner, moment: datetime) -> Match:
    match = build(player, CABO_FR)
    Match.objects.filter(pk=match.pk).update(created=moment)
    return match


@pytest.fixture
def player() -> Owner:
    return Owner.objects.create()


@pytest.fixture
def ana_phone():
    ana = make_user("ana")
    dated(Owner.objects.create(user=ana), NIGHT)
    return signed_in(ana)


def seats_time(client) -> str:
    content = client.get(SEATS).content.decode()
    start = content.index('<time class="muted small" datetime="')
    return content[start : content.index("</time>", start)]


def test_the_seats_page_shows_the_time_in_the_phones_zone(ana_phone):
    ana_phone.cookies[ZONE_COOKIE] = "America/New_York"
    shown = seats_time(ana_phone)
    assert 'datetime="2026-12-02T21:09:00-05:00"' in shown
    assert "2 Dec 2026, 21:09" in shown


def test_without_the_phones_zone_times_are_shown_in_brussels_time(ana_phone):
    shown = seats_time(ana_phone)
    assert 'datetime="2026-12-03T03:09:00+01:00"' in shown
    assert "3 Dec 2026, 03:09" in shown


@pytest.mark.parametrize(
    "zone", ["Mars/Olympus_Mons", "../../etc/passwd", "europe/brussels", "", "x" * 5000, "UTC\x00"]
)
def test_a_zone_that_is_no_zone_is_ignored(ana_phone, zone):
    ana_phone.cookies[ZONE_COOKIE] = zone
    assert "3 Dec 2026, 03:09" in seats_time(ana_phone)


def test_the_zone_lasts_only_for_its_request(ana_phone):
    ana_phone.cookies[ZONE_COOKIE] = "Asia/Tokyo"
    assert "3 Dec 2026, 11:09" in seats_time(ana_phone)
    assert timezone.get_current_timezone_name() == "Europe/Brussels"


def test_reading_the_phones_zone_costs_no_query(ana_phone):
    seats_time(ana_phone)  # the session and the user, read once before
    with CaptureQueriesContext(connection) as without:
        seats_time(ana_phone)
    ana_phone.cookies[ZONE_COOKIE] = "Asia/Tokyo"
    with CaptureQueriesContext(connection) as with_zone:
        seats_time(ana_phone)
    assert len(with_zone) == len(without)


def test_a_match_started_after_midnight_in_brussels_is_listed_on_that_day(player):
    match = dated(player, AFTER_MIDNIGHT)
    visitor = client_of(player)
    pages = (HISTORY, reverse("records:chart", args=[match.pk]))
    for url in (*pages, reverse("records:player", args=[match.players[0]])):
        content = visitor.get(url).content.decode()
        assert "18 Oct 2026" in content and "17 Oct 2026" not in content, url


def test_a_kept_page_is_kept_once_per_zone(player):
    """The history is kept rendered (core.pagecache): a phone whose zone changed (a trip
    abroad) gets its dates in the new zone, and a new ETag, not the page kept before."""
    dated(player, AFTER_MIDNIGHT)
    visitor = client_of(player)
    brussels = visitor.get(HISTORY)
    assert "18 Oct 2026" in brussels.content.decode()
    visitor.cookies[ZONE_COOKIE] = "America/New_York"
    new_york = visitor.get(HISTORY, headers={"if-none-match": brussels["ETag"]})
    assert new_york.status_code == 200
    assert "17 Oct 2026" in new_york.content.decode()
    assert new_york["ETag"] != brussels["ETag"]


@pytest.mark.parametrize(
    ("moment", "zone", "shown"),
    [
        (datetime(1, 1, 1, tzinfo=UTC), "America/New_York", "1 Jan 0001"),
        (datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC), "Pacific/Kiritimati", "31 Dec 9999"),
    ],
)
def test_a_match_at_the_calendars_end_is_shown_as_utc_says_where_the_zone_passes_it(
    player, moment, zone, shown
):
    """A match of year 1 (or 9999), imported before the match file refused it: every page
    that showed its date in a zone behind (or ahead of) UTC failed, another account's
    statistics too. It is shown on the day UTC gives."""
    player.user = make_user("ana")  # her account's pages too
    player.save()
    match = dated(player, moment)
    going = build_match(player, "cabo", ["Ana", "Ben"], preset="fr")  # on the home page
    Match.objects.filter(pk=going.pk).update(created=moment)
    ben = make_user("ben")
    Claim.objects.create(user=ben, match=match, position=1)  # a follower who was Ben
    link = sharing.share(match, "follow")
    owner, follower = signed_in(player.user), signed_in(ben)
    pages = {
        owner: [
            reverse("home"),
            HISTORY,
            reverse("records:player", args=["Ana"]),
            reverse("records:chart", args=[match.pk]),
            SEATS,
        ],
        follower: [
            reverse("accounts:statistics"),
            reverse("accounts:claim_followed", args=[link.token]),
        ],
    }
    for client, urls in pages.items():
        client.cookies[ZONE_COOKIE] = zone
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, url
            assert shown in response.content.decode(), url
