"""With no signal: the service worker keeps what anyone may read, never someone's own
pages, and rounds entered offline are sent once, in order, when the connection is back."""

from __future__ import annotations

import re
import uuid
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from scorepad.matches import services
from scorepad.matches.models import Match
from tests.accounts.test_accounts_browser import sign_up
from tests.browser.test_play_browser import record, row, start_match
from tests.browser.test_standing_browser import assert_seen
from tests.conftest import ARTIFACTS, choose_language

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def browser_context_args(browser_context_args) -> dict[str, object]:
    """These tests are about the service worker: let it run (the others block it)."""
    return {**browser_context_args, "service_workers": "allow"}


def controlled(page) -> None:
    """The page is looked after by the service worker (it claims the page once ready)."""
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    # A page whose loading overlapped the first activation may stay uncontrolled: as in
    # any browser, the next load of it is.
    if not page.evaluate("() => !!navigator.serviceWorker.controller"):
        page.reload()
    page.wait_for_function("() => !!navigator.serviceWorker.controller")


def kept_paths(page) -> list[str]:
    return page.evaluate(
        """async () => {
            const paths = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
            }
            return paths;
        }"""
    )


def cabo_round(page, caller: str, hands: dict[str, str]) -> None:
    row(page, caller).locator("label.caller-pick").click()
    for name, points in hands.items():
        row(page, name).locator("input.points-input").fill(points)
    record(page)


def test_the_rules_open_offline_and_a_scoreboard_says_it_needs_the_connection(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    match_url = page.url.split("#")[0]
    controlled(page)
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    page.goto("/rules/cabo/")
    kept = kept_paths(page)
    assert "/rules/cabo/quick/" in kept and "/rules/escoba/practice/" in kept
    assert "/offline/" in kept
    # Someone's own pages and what a POST answered are never kept.
    assert not [path for path in kept if path.startswith(("/matches/", "/history/"))]
    assert "/" not in kept

    page.context.set_offline(True)
    page.goto("/rules/cabo/quick/")
    expect(page.locator("h1")).to_contain_text("Cabo")
    shot("quick-reference-offline")
    # Every step of a walkthrough, at the addresses its links name (QA: only its first
    # address, which no link names, was kept), and Next goes on offline.
    assert {"/rules/escoba/walkthrough/1/", "/rules/cabo/walkthrough/11/"} <= set(kept)
    page.goto("/rules/escoba/walkthrough/1/")
    expect(page.get_by_text("Step 1 of")).to_be_visible()
    page.locator(".guide-step-head").get_by_role("link", name="Next →").click()
    expect(page).to_have_url(re.compile(r"/rules/escoba/walkthrough/2/$"))
    expect(page.get_by_text("Step 2 of")).to_be_visible()
    shot("walkthrough-next-offline")
    page.goto(match_url)
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
    expect(page.get_by_text("This page needs the connection")).to_be_visible()
    expect(page.get_by_role("link", name="Try again")).to_be_visible()  # standing in for it
    shot("scoreboard-offline")
    # Back online, the offline page goes back to the scoreboard by itself.
    page.context.set_offline(False)
    expect(page.locator("tfoot .totals td")).to_have_text(["0", "9"])


def test_the_offline_page_at_its_own_address_does_not_try_itself_again(page):
    """CI: opened at /offline/ (the history, a page's list of pages), online, it reloaded
    itself a second later, and again: it stands in for no page there. A test reading it
    had its next page interrupted by that reload."""
    page.goto("/offline/")
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('scorepad.offline-retry')") is None
    # Nor offers to: "Try again" opened this very page (QA).
    expect(page.get_by_role("link", name="Try again")).to_be_hidden()
    expect(page.get_by_role("link", name="Read the rules")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "offline-page-at-its-own-address.png"))


def test_a_tap_that_needs_the_server_says_so_without_a_connection(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    note = page.locator("#not-reached")
    expect(note).to_be_hidden()
    page.context.set_offline(True)
    page.locator("#round-1 a.why-link").click()  # "why this score?" needs the server
    expect(note).to_have_text(
        "No connection: that needs the server. Try again once you are back online."
    )
    expect(note).to_be_in_viewport(ratio=1)  # over the page, which taps reach through it
    shot("why-offline")
    expect(page.locator("#round-1 tr.why")).to_have_count(0)
    # The next tap goes through it (the round's form keeps working offline) and hides it.
    row(page, "Ben").locator("input.points-input").click()
    expect(note).to_be_hidden()
    expect(row(page, "Ben").locator("input.points-input")).to_be_focused()
    page.locator("#round-1 a.why-link").click()
    expect(note).to_be_visible()
    # Back online, the note goes, and the same tap works.
    page.context.set_offline(False)
    expect(note).to_be_hidden()
    page.locator("#round-1 a.why-link").click()
    expect(page.locator("#round-1 tr.why")).to_be_visible()
    # A round sent without a connection is kept on the phone: its own message, not this.
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "0", "Ben": "4"})
    expect(page.locator(".unsent")).to_contain_text("Round 2")
    expect(note).to_be_hidden()
    # Plain links and forms too: they would leave the board for the offline page (a
    # form, for the browser's error page) that Back does not bring back from.
    board_url = page.url
    page.get_by_role("link", name="Correct names / dealer").click()
    expect(note).to_be_visible()
    page.get_by_role("button", name="Delete the match").click()
    expect(note).to_be_visible()
    assert page.url == board_url
    expect(page.locator(".unsent")).to_contain_text("Round 2")  # the board, as it was
    # The rules are kept on the phone to read offline: their link goes.
    page.locator(".head-links").get_by_role("link", name="Rules").click()
    expect(page.locator("h1")).to_contain_text("Cabo")
    # Left offline: back online, the kept round would be sent as the test's database is
    # emptied (in CI on PostgreSQL, the two deadlocked).


def test_the_offline_page_is_in_the_language_last_used(page):
    page.goto("/rules/")
    controlled(page)
    choose_language(page, "Français")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.goto("/rules/cabo/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    # The worker fetches the French offline page after the first French page it passes on.
    assert page.evaluate(
        """async () => {
            for (let tries = 0; tries < 200; tries += 1) {
                const kept = await caches.match("/offline/");
                if (kept && kept.headers.get("Content-Language") === "fr") return true;
                await new Promise((later) => setTimeout(later, 50));
            }
            return false;
        }"""
    )
    page.context.set_offline(True)
    page.goto("/history/")
    expect(page.get_by_role("heading", name="Vous êtes hors ligne")).to_be_visible()


KEPT_IN = """async ([path, language]) => {
    for (let tries = 0; tries < 200; tries += 1) {
        const kept = await caches.match(path);
        if (kept && kept.headers.get("Content-Language") === language) return await kept.text();
        await new Promise((later) => setTimeout(later, 50));
    }
    return null;
}"""


def test_the_pages_kept_to_read_offline_are_anyones_in_the_language_switched_to(page):
    """A language switched: the worker asks again for the pages it keeps, in that
    language (QA: offline, steps never opened since came back in the first visit's
    language), as anyone may read them, without this phone's cookies (QA: answers to the
    worker arriving after a sign-in put its cookies back: the next form was refused)."""
    page.goto("/rules/")
    sign_up(page, "zoe")
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Account")
    page.goto("/rules/")
    controlled(page)
    choose_language(page, "Français")
    page.goto("/rules/cabo/")  # a page opened: the browser looks for a new worker
    kept = page.evaluate(KEPT_IN, ["/rules/escoba/walkthrough/2/", "fr"])
    assert kept is not None, "no French copy"
    assert ">Connexion</a>" in kept and ">Compte</a>" not in kept
    page.context.set_offline(True)
    page.goto("/rules/escoba/walkthrough/2/")
    expect(page.get_by_text(re.compile(r"^Étape 2 sur"))).to_be_visible()


def test_a_late_copy_in_the_language_left_does_not_replace_the_one_switched_to(page):
    """QA: French chosen while the first worker still kept its English pages: its copies,
    written late into the cache the French worker reads, showed the rules in English
    offline. Each language's worker keeps its pages apart; the one at work reads its own."""
    page.goto("/rules/")
    controlled(page)
    assert page.evaluate(KEPT_IN, ["/rules/cabo/", "en"]) is not None
    english = page.evaluate("() => caches.keys()")
    choose_language(page, "Français")
    page.goto("/rules/escoba/")  # a page opened: the browser looks for a new worker
    assert page.evaluate(
        """async () => {
            for (let tries = 0; tries < 200; tries += 1) {
                const registration = await navigator.serviceWorker.getRegistration();
                const kept = await caches.match("/rules/cabo/");
                if (!registration.installing && !registration.waiting
                    && kept && kept.headers.get("Content-Language") === "fr") return true;
                await new Promise((later) => setTimeout(later, 50));
            }
            return false;
        }"""
    )
    # The English worker's last copy, as it would write it late, where it wrote.
    page.evaluate(
        """async (names) => {
            const late = await fetch("/rules/cabo/", {
                credentials: "omit", headers: { "Accept-Language": "en" },
            });
            for (const name of names) {
                await (await caches.open(name)).put("/rules/cabo/", late.clone());
            }
        }""",
        english,
    )
    page.context.set_offline(True)
    page.goto("/rules/cabo/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def test_a_language_chosen_on_a_page_read_offline_is_taken_once_back_online(page, shot):
    """The copies the worker keeps were asked for without this phone's cookies: their
    forms' token is none the phone holds. Back online, the language switched on one goes
    through (QA: "This form has expired")."""
    page.goto("/rules/")
    controlled(page)
    assert page.evaluate(KEPT_IN, ["/rules/cabo/quick/", "en"]) is not None
    page.context.set_offline(True)
    page.goto("/rules/cabo/quick/")  # never opened: the worker's own copy
    expect(page.locator("h1")).to_contain_text("Cabo")
    page.context.set_offline(False)
    choose_language(page, "Français")
    expect(page).to_have_url(re.compile(r"/rules/cabo/quick/$"))
    expect(page.get_by_role("heading", name="Décompte")).to_be_visible()
    shot("quick-reference-in-french")


def test_a_language_tapped_without_a_connection_leaves_the_page_as_it_is(page):
    """QA: a language tapped offline put the browser's error page in the board's place
    (and Back did not bring a set-up typed there back after a minute). The page stays,
    as after any tap without a connection, and says why; so on a connection that
    drops the request."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    board_url = page.url
    row(page, "Ben").locator("input.points-input").fill("3")
    note = page.locator("#not-reached")
    page.context.set_offline(True)
    page.get_by_role("button", name="Nederlands").click()
    expect(note).to_be_visible()
    page.context.set_offline(False)
    expect(note).to_be_hidden()
    page.route("**/i18n/setlang/", lambda route: route.abort())
    page.get_by_role("button", name="Nederlands").click()
    expect(note).to_be_visible()
    assert page.url == board_url
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(row(page, "Ben").locator("input.points-input")).to_have_value("3")
    page.unroute("**/i18n/setlang/")
    choose_language(page, "Nederlands")
    expect(page).to_have_url(board_url)
    expect(row(page, "Ben").locator("input.points-input")).to_have_value("3")


def test_rounds_entered_offline_are_kept_then_sent_once_in_order(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    match_url = page.url.split("#")[0]
    controlled(page)
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    # Kept on the phone; the form is already round 2's, the totals do not pretend.
    unsent = page.locator(".unsent")
    expect(unsent).to_contain_text("Round 1 · not sent yet")
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    expect(page.locator("#announcements")).to_have_text(
        "No connection: round 1 is kept on this phone."
    )
    # The standing says so, in sight (QA: only to screen readers before); its "Round 1 ·
    # Ana deals" is the server's, out of date: it says the form's round as the engine
    # told it ahead (QA: offline, nothing said who deals).
    expect(page.locator("#standing .unsent-notice")).to_have_text(
        "No connection: round 1 is kept on this phone."
    )
    expect(page.locator("#standing .unsent-notice")).to_be_in_viewport()
    # Its link down to the list is a thumb's tap high (QA: links in notices were 20 px).
    box = page.locator("#standing .unsent-notice a").bounding_box()
    assert box is not None and box["height"] >= 44, box
    turn = page.locator("#standing .turn")
    expect(turn).to_have_text("Round 2 · Ben deals, Ana plays first")
    expect(turn.locator("strong")).to_have_text("Round 2")
    cabo_round(page, "Ben", {"Ana": "20", "Ben": "1"})
    expect(turn).to_have_text("Round 3 · Ana deals, Ben plays first")
    expect(unsent.locator("li")).to_have_text(
        ["Round 1 · not sent yet", "Round 2 · not sent yet"], use_inner_text=True
    )
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    expect(page.locator("table.grid tbody.round")).to_have_count(0)
    shot("two-rounds-kept")
    # A reload with no connection: the offline page; the rounds stay on the phone.
    page.reload()
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
    assert Match.objects.get().rounds.count() == 0
    # The connection comes back: the page returns and sends both, in order, once.
    page.context.set_offline(False)
    expect(page.locator("tfoot .totals td")).to_have_text(["20", "9"])
    expect(page.locator("#round-1 .pts")).to_have_text(["+0", "+9"])
    expect(page.locator("#round-2 .pts")).to_have_text(["+20", "+0"])
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    expect(page.locator(".unsent")).to_have_count(0)
    expect(page.locator("#standing .unsent-notice")).to_have_count(0)
    expect(page.locator("#standing .turn")).to_contain_text("Round 3")
    # And said in the standing, in sight, where the kept rounds were said not counted.
    notice = page.locator("#standing .notice")
    expect(notice).to_have_text(
        "Round 1, kept on this phone, is now recorded."
        " Round 2, kept on this phone, is now recorded."
    )
    assert_seen(notice)
    shot("sent")
    match = Match.objects.get()
    assert [r.number for r in match.rounds.order_by("number")] == [1, 2]
    # Another page load sends nothing again.
    page.goto(match_url)
    expect(page.locator("table.grid tbody.round")).to_have_count(2)
    expect(page.locator("#standing .notice")).to_have_count(0)  # said once
    assert match.rounds.count() == 2


ASK_VERSION = """() => new Promise((answer) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => answer(event.data);
    navigator.serviceWorker.controller.postMessage("version", [channel.port2]);
})"""


def worker_version(page) -> str:
    return page.evaluate(ASK_VERSION)


def test_a_new_deploy_takes_over_and_drops_the_old_copies(page, settings):
    settings.SCOREPAD_RELEASE = "first"
    page.goto("/rules/")
    controlled(page)
    first = worker_version(page)
    assert page.evaluate("caches.keys()") == [f"scorepad-{first}-en"]
    settings.SCOREPAD_RELEASE = "second"
    # The page answers to the new worker as soon as it is installed (it claims the page).
    page.evaluate(
        """() => new Promise((claimed) => {
            navigator.serviceWorker.addEventListener("controllerchange", claimed, { once: true });
            navigator.serviceWorker.getRegistration().then((registration) => registration.update());
        })"""
    )
    second = worker_version(page)
    assert second != first
    assert page.evaluate(
        """async (second) => {
            for (let tries = 0; tries < 200; tries += 1) {
                const names = await caches.keys();
                if (names.length === 1 && names[0] === "scorepad-" + second + "-en") return true;
                await new Promise((later) => setTimeout(later, 50));
            }
            return false;
        }""",
        second,
    )
    # The new version has the readable pages again.
    assert "/rules/cabo/quick/" in kept_paths(page)


def keep_a_refused_round_and_the_next(page) -> None:
    """Offline: round 1 with nobody calling (only the server refuses it), round 2 right;
    back online, round 1 is refused and round 2 waits behind it."""
    page.context.set_offline(True)
    row(page, "Ana").locator("input.points-input").fill("2")
    row(page, "Ben").locator("input.points-input").fill("9")
    record(page)
    cabo_round(page, "Ben", {"Ana": "20", "Ben": "1"})
    expect(page.locator(".unsent li")).to_have_count(2)
    page.context.set_offline(False)
    expect(page.locator(".unsent li").first).to_contain_text("Round 1 · refused")
    expect(page.locator(".unsent li").nth(1)).to_contain_text("Round 2 · not sent yet")


def test_a_round_typed_while_kept_rounds_wait_joins_them_in_the_order_played(page, shot):
    """QA25: online again, a kept round refused and the next waiting behind it, the
    round the table typed next went to the server first, and took round 1's place."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_a_refused_round_and_the_next(page)
    expect(page.locator("form.round-form .form-title")).to_have_text("Enter round 3")
    cabo_round(page, "Ana", {"Ana": "1", "Ben": "8"})
    expect(page.locator(".unsent li")).to_have_count(3)
    expect(page.locator(".unsent li").nth(2)).to_contain_text("Round 3 · not sent yet")
    expect(page.locator("#announcements")).to_have_text(
        "Round 3 is kept on this phone, to be sent after the ones kept before it."
    )
    # What the kept rounds wait for stays said in the standing, typing or not, and in
    # the list: the player, not the connection (QA25).
    expect(page.locator("#standing .unsent-notice")).to_be_visible()
    expect(page.locator(".unsent .help")).to_have_text(
        "Kept on this phone. The ones after a refused one wait for it: correct it in the"
        " form, or take it off the list. The totals do not count them yet."
    )
    shot("queued")
    assert Match.objects.get().rounds.count() == 0
    # A second tap on the emptied form keeps nothing (QA25: an empty round was kept).
    record(page)
    expect(page.locator(".unsent li")).to_have_count(3)
    # The refused one taken off, the others go, in the order played.
    page.locator(".unsent li").first.get_by_role("button", name="Take it off the list").click()
    expect(page.locator(".unsent")).to_have_count(0)
    expect(page.locator("#round-2 .pts")).to_have_text(["+0", "+8"])
    expect(page.locator("#round-1 .pts")).to_have_text(["+20", "+0"])
    expect(page.locator("form.round-form .form-title")).to_have_text("Enter round 3")


def test_a_kept_round_the_server_refuses_stays_listed_with_its_message(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_a_refused_round_and_the_next(page)
    refused = page.locator(".unsent li").first
    expect(refused.get_by_role("alert")).not_to_be_empty()
    # Said in the sticky standing too, where the player is, with a link down to it.
    notice = page.locator("#standing .unsent-notice")
    expect(notice).to_have_text("A round kept on this phone was refused: see why below.")
    expect(notice).to_be_in_viewport()
    shot("refused")
    assert Match.objects.get().rounds.count() == 0
    # Taken off the list by the player, the round after it moves up and goes.
    refused.get_by_role("button", name="Take it off the list").click()
    expect(page.locator("#round-1 .pts")).to_have_text(["+20", "+0"])
    expect(page.locator(".unsent")).to_have_count(0)
    expect(page.locator(".unsent-notice")).to_have_count(0)
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    assert Match.objects.get().rounds.count() == 1


def test_a_refused_kept_round_is_corrected_in_the_form_and_the_next_one_follows(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_a_refused_round_and_the_next(page)
    refused = page.locator(".unsent li").first
    refused.get_by_role("button", name="Correct it in the form").click()
    # Back in the form as typed, under its own number; the faults are the server's.
    assert_seen(page.get_by_role("heading", name="Enter round 1"))
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("2")
    expect(row(page, "Ben").locator("input.points-input")).to_have_value("9")
    expect(page.locator(".unsent li")).to_have_count(1)
    shot("put-back")
    record(page)  # still nobody calling: refused beside the field, round 2 still waits
    expect(page.locator("form.round-form .errorlist")).to_contain_text("Tick who called")
    expect(page.locator(".unsent li")).to_contain_text("Round 2 · not sent yet")
    row(page, "Ana").locator("label.caller-pick").click()
    record(page)
    # Round 1 recorded, then round 2 sent after it: the form is for round 3.
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    expect(page.locator(".unsent")).to_have_count(0)
    expect(page.locator("#round-2 .pts")).to_have_text(["+20", "+0"])
    match = Match.objects.get()
    assert [(r.number, r.data["caller"]) for r in match.active_rounds()] == [(1, "Ana"), (2, "Ben")]


def test_after_a_reload_the_form_still_follows_the_kept_rounds_and_they_go_in_order(page):
    """The form, after a Reload too, names the round after the kept ones (QA25: it
    named the server's next, and what was typed there went before them); the refused
    copy taken off the list, the others go as rounds 1 and 2, in the order played."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_a_refused_round_and_the_next(page)
    page.reload()
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    cabo_round(page, "Ana", {"Ana": "1", "Ben": "8"})
    expect(page.locator(".unsent li")).to_have_count(3)
    refused = page.locator(".unsent li").first
    expect(refused).to_contain_text("Round 1 · refused")
    refused.get_by_role("button", name="Take it off the list").click()
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    expect(page.locator(".unsent")).to_have_count(0)
    match = Match.objects.get()
    assert [(r.number, r.data["caller"]) for r in match.active_rounds()] == [(1, "Ben"), (2, "Ana")]


def test_a_kept_round_another_phone_recorded_first_shows_that_phones_round(page):
    """Round 1 kept offline while another phone records round 1: back online, the kept
    one is refused as already recorded, and the board shows the other phone's round
    without a reload (not the board as it was before the connection dropped)."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    expect(page.locator(".unsent li")).to_have_count(1)
    match = Match.objects.get()
    services.record_round(
        match,
        {"caller": "Ben", "hands": {"Ana": 7, "Ben": 1}},
        number=1,
        entry_key=uuid.uuid4(),
        owner=match.owner,
    )
    page.context.set_offline(False)
    expect(page.locator(".unsent li").first).to_contain_text("Round 1 · refused")
    expect(page.locator("#round-1 .pts")).to_have_text(["+7", "+0"])
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()


def test_a_round_put_back_and_kept_offline_again_goes_before_the_ones_after_it(page):
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_a_refused_round_and_the_next(page)
    page.locator(".unsent li").first.get_by_role("button", name="Correct it in the form").click()
    expect(page.get_by_role("heading", name="Enter round 1")).to_be_visible()
    page.context.set_offline(True)
    row(page, "Ana").locator("label.caller-pick").click()
    record(page)
    expect(page.locator(".unsent li .unsent-name")).to_have_text(["Round 1", "Round 2"])
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    page.context.set_offline(False)
    expect(page.locator(".unsent")).to_have_count(0)
    expect(page.locator("#round-2 .pts")).to_have_text(["+20", "+0"])
    match = Match.objects.get()
    assert [(r.number, r.data["caller"]) for r in match.active_rounds()] == [(1, "Ana"), (2, "Ben")]


@pytest.mark.parametrize(
    ("language", "fault"),
    [
        ("English", "Ana: At most 200."),
        ("Français", "Ana\u00a0: Au plus 200."),
    ],
)
def test_a_refused_kept_round_says_whose_hand_is_wrong(page, language, fault):
    start_match(page, "cabo", ["Ana", "Ben"])
    choose_language(page, language)
    controlled(page)
    page.context.set_offline(True)
    row(page, "Ben").locator("label.caller-pick").click()
    row(page, "Ana").locator("input.points-input").fill("500")
    row(page, "Ben").locator("input.points-input").fill("1")
    page.locator("form.round-form button[type=submit]").click()
    expect(page.locator(".unsent li")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator(".unsent li .unsent-error")).to_have_text(fault)


def test_a_round_put_back_in_the_form_survives_a_reload_and_the_next_one_waits(page):
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_a_refused_round_and_the_next(page)
    page.locator(".unsent li").first.get_by_role("button", name="Correct it in the form").click()
    # Why it was refused, in the form where it is corrected.
    expect(page.locator("form.round-form .form-errors")).to_contain_text("Tick who called")
    page.reload()
    expect(page.get_by_role("heading", name="Enter round 1")).to_be_visible()
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("2")
    expect(row(page, "Ben").locator("input.points-input")).to_have_value("9")
    # And why it was refused, still (QA25: gone after a Reload).
    expect(page.locator("form.round-form .form-errors")).to_contain_text("Tick who called")
    # Round 2 is not sent before round 1 exists: it waits, not refused.
    expect(page.locator(".unsent li")).to_have_count(1)
    expect(page.locator(".unsent li")).to_contain_text("Round 2 · not sent yet")
    row(page, "Ana").locator("label.caller-pick").click()
    record(page)
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    expect(page.locator(".unsent")).to_have_count(0)
    match = Match.objects.get()
    assert [(r.number, r.data["caller"]) for r in match.active_rounds()] == [(1, "Ana"), (2, "Ben")]


def test_a_round_put_back_in_the_form_of_another_tab_is_listed_again(page):
    """QA28: put back in the form, then the tab closed: in a new tab the form was empty and
    the round nowhere, though the home page said it was not recorded."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_a_refused_round_and_the_next(page)
    page.locator(".unsent li").first.get_by_role("button", name="Correct it in the form").click()
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("2")
    board = page.url.split("#")[0]
    context = page.context
    page.close()
    tab = context.new_page()
    tab.goto(board)
    listed = tab.locator(".unsent li")
    expect(listed).to_have_count(2)
    expect(listed.first).to_contain_text("Round 1 · refused")
    expect(listed.first.locator(".unsent-error")).to_contain_text("Tick who called")
    expect(listed.nth(1)).to_contain_text("Round 2 · not sent yet")
    # It waits for the player: the list says so, not "when the connection is back".
    expect(tab.locator(".unsent .help")).to_contain_text("The ones after a refused one wait")
    listed.first.get_by_role("button", name="Correct it in the form").click()
    expect(row(tab, "Ana").locator("input.points-input")).to_have_value("2")
    row(tab, "Ana").locator("label.caller-pick").click()
    record(tab)
    expect(tab.get_by_role("heading", name="Enter round 3")).to_be_visible()
    expect(tab.locator(".unsent")).to_have_count(0)
    assert Match.objects.get().round_count == 2


def another_phone_records(number: int, caller: str, hands: dict[str, int]) -> None:
    match = Match.objects.get()
    services.record_round(
        match,
        {"caller": caller, "hands": hands},
        number=number,
        entry_key=uuid.uuid4(),
        owner=match.owner,
    )


def put_back_in_one_turn(page, label: str, *, form_holding_it: bool = False) -> str | None:
    """Tap the listed round's button named `label` in the turn it is found, and return
    what the tab kept of the form right after. A board answering meanwhile (asked for as
    the connection came back) draws the list again: a button found a turn before is out
    of the page, where a tap does nothing (CI, 1 run in 10), and a look in between can
    find no such button (CI: `button` undefined). So it is looked for until found."""
    found = page.wait_for_function(
        """([label, formHoldingIt]) => {
            const button = Array.from(document.querySelectorAll(".unsent li button")).find(
                (button) => button.textContent.trim() === label
            );
            const form = document.querySelector("form.round-form");
            if (!button || !form) return null;
            if (formHoldingIt) {
                const rounds = JSON.parse(localStorage.getItem("scorepad.unsent-rounds"));
                const round = rounds.find((kept) => kept.key === button.dataset.key);
                window.scorepad.fillForm(form, new URLSearchParams(round.body));
                Array.from(form.elements).forEach((field) => {
                    const box = field.type === "radio" || field.type === "checkbox";
                    if (box) field.defaultChecked = field.checked;
                    else if (field.type !== "hidden") field.defaultValue = field.value;
                });
            }
            button.click();
            return {kept: sessionStorage.getItem("scorepad.draft:" + form.getAttribute("action"))};
        }""",
        arg=[label, form_holding_it],
    )
    return found.json_value()["kept"]


def test_a_round_refused_again_from_the_form_goes_back_to_the_list_and_the_next_waits(page, shot):
    """Round 1 kept offline while another phone records round 1: put back in the form,
    it goes in as round 2; another phone records round 2 first again: the round comes
    back to the list as sent, and the round kept after it is not sent before it."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    cabo_round(page, "Ben", {"Ana": "20", "Ben": "1"})
    another_phone_records(1, "Ben", {"Ana": 7, "Ben": 1})
    page.context.set_offline(False)
    refused = page.locator(".unsent li").first
    expect(refused).to_contain_text("Round 1 · refused")
    expect(refused).to_contain_text("Round 1 was already recorded")
    expect(page.locator(".unsent li").nth(1)).to_contain_text("Round 2 · not sent yet")
    # Kept in the tab in the tap's own turn: a board answering right after it (asked for
    # as the connection came back) brings a fresh form, filled from what the tab kept
    # (CI: a deferred keeping lost that race, and the form came empty).
    expect(refused.get_by_role("button", name="Put it in the form as round 2")).to_be_visible()
    kept_at_once = put_back_in_one_turn(page, "Put it in the form as round 2")
    assert kept_at_once and '"number":"2"' in kept_at_once
    # Its number is the other phone's now: it goes in as the server's next round, the
    # one kept after it after it, and the form says so (QA42).
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    expect(page.locator("form.round-form .form-errors")).to_have_text(
        "These values were typed for round 1, which another phone recorded first."
        " Recorded from this form, they count as a new round: round 2."
    )
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("2")
    expect(page.locator(".unsent li")).to_have_text(["Round 3 · not sent yet"], use_inner_text=True)
    another_phone_records(2, "Ana", {"Ana": 3, "Ben": 8})
    row(page, "Ana").locator("input.points-input").fill("4")
    record(page)
    # Refused again: back on the list as it was sent, and nothing after it went.
    refused = page.locator(".unsent li").first
    expect(refused).to_contain_text("Round 2 · refused")
    expect(refused).to_contain_text("Round 2 was already recorded")
    expect(page.locator(".unsent li").nth(1)).to_contain_text("Round 3 · not sent yet")
    # The form's round comes after the kept ones (QA25).
    expect(page.get_by_role("heading", name="Enter round 4")).to_be_visible()
    assert Match.objects.get().rounds.count() == 2
    shot("refused-again")
    refused.get_by_role("button", name="Put it in the form as round 3").click()
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("4")
    record(page)
    expect(page.get_by_role("heading", name="Enter round 5")).to_be_visible()
    expect(page.locator(".unsent")).to_have_count(0)
    match = Match.objects.get()
    assert [(r.number, r.data["caller"], r.data["hands"]) for r in match.active_rounds()] == [
        (1, "Ben", {"Ana": 7, "Ben": 1}),
        (2, "Ana", {"Ana": 3, "Ben": 8}),
        (3, "Ana", {"Ana": 4, "Ben": 9}),
        (4, "Ben", {"Ana": 20, "Ben": 1}),
    ]


def test_taken_off_the_list_a_copy_of_another_phones_round_leaves_the_next_at_its_number(
    page, shot
):
    """QA53: rounds 1 and 2 kept offline while another phone recorded rounds 1 and 2 of
    the same deals. Round 1 refused and taken off the list (a copy of the other phone's),
    round 2 went on as round 3, and the deal counted twice. It goes as round 2, and is
    refused in turn; the one after a round another phone did not record goes on."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    cabo_round(page, "Ben", {"Ana": "20", "Ben": "1"})
    cabo_round(page, "Ana", {"Ana": "0", "Ben": "4"})
    another_phone_records(1, "Ana", {"Ana": 2, "Ben": 8})
    another_phone_records(2, "Ben", {"Ana": 21, "Ben": 1})  # the same deal, read otherwise
    page.context.set_offline(False)
    listed = page.locator(".unsent li")
    expect(listed.first).to_contain_text("Round 1 · refused")
    listed.first.get_by_role("button", name="Take it off the list").click()
    expect(listed.first).to_contain_text("Round 2 · refused")
    expect(listed.first).to_contain_text("Round 2 was already recorded")
    expect(listed.nth(1)).to_contain_text("Round 3 · not sent yet")
    assert Match.objects.get().rounds.count() == 2
    shot("copy-taken-off")
    # That one a copy too: taken off, the round after it goes as round 3, the next deal.
    listed.first.get_by_role("button", name="Take it off the list").click()
    expect(page.locator(".unsent")).to_have_count(0)
    expect(page.locator("#round-3 .pts")).to_have_text(["+0", "+4"])
    match = Match.objects.get()
    assert [(r.number, r.data["hands"]) for r in match.active_rounds()] == [
        (1, {"Ana": 2, "Ben": 8}),
        (2, {"Ana": 21, "Ben": 1}),
        (3, {"Ana": 0, "Ben": 4}),
    ]


def test_a_kept_round_refused_by_a_finished_match_stays_in_sight_and_is_not_sent_again(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    match_url = page.url.split("#")[0]
    controlled(page)
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    # Meanwhile another phone ends the match: Ben's total goes past the end.
    another_phone_records(1, "Ana", {"Ana": 0, "Ben": 150})
    assert Match.objects.get().finished
    page.context.set_offline(False)
    # A finished board has no form: the list is under the board, with no offer to put
    # the round back in a form.
    refused = page.locator(".unsent li")
    expect(refused).to_contain_text("Round 1 · refused")
    expect(refused.locator(".unsent-error")).to_have_text(  # said once
        "The match is over (it ended meanwhile, maybe on another phone): round 1 was not recorded."
    )
    expect(refused.get_by_role("button", name="Correct it in the form")).to_be_hidden()
    expect(page.locator("form.round-form")).to_have_count(0)
    # No form to correct it in: the list does not offer one (QA25).
    expect(page.locator(".unsent .help")).to_have_text(
        "The server did not take this one: see why under it. Take it off the list."
    )
    posts = []
    page.on(
        "request", lambda request: posts.append(request.url) if request.method == "POST" else None
    )
    page.goto(match_url)
    expect(page.locator(".unsent li")).to_contain_text("Round 1 · refused")
    expect(page.locator("#standing .unsent-notice")).to_be_visible()
    assert posts == []  # not sent again on every load
    shot("finished")
    page.locator(".unsent li").get_by_role("button", name="Take it off the list").click()
    expect(page.locator(".unsent")).to_have_count(0)
    expect(page.locator("#standing .unsent-notice")).to_have_count(0)
    assert page.evaluate("() => localStorage.getItem('scorepad.unsent-rounds')") == "[]"


def round_2_kept_then_home_back_online(page, hands: dict[str, str]):
    """Round 2 (Ben calls, `hands`) kept offline; the tab closed, back online, the phone
    opens the home page: the round goes from there."""
    start_match(page, "cabo", ["Ana", "Ben"])
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    controlled(page)
    page.context.set_offline(True)
    cabo_round(page, "Ben", hands)
    expect(page.locator(".unsent")).to_contain_text("Round 2 · not sent yet")
    return home_back_online(page)


def test_a_kept_round_sent_from_the_home_page_updates_its_list_and_says_so(page):
    home = round_2_kept_then_home_back_online(page, {"Ana": "20", "Ben": "1"})
    expect(home.locator("#going-on .notice")).to_have_text(
        "A score kept on this phone is now recorded."
    )
    expect(home.locator("#continue")).to_contain_text("Cabo · 2 rounds played")
    assert Match.objects.get().round_count == 2


def test_a_kept_round_that_ends_its_match_sent_from_the_home_page_is_said_recorded(page):
    """The match it ended is no longer one to continue: the list goes, the notice stays
    (it was said in that list, and went with it: the match vanished without a word)."""
    home = round_2_kept_then_home_back_online(page, {"Ana": "150", "Ben": "1"})
    expect(home.get_by_role("status")).to_have_text("A score kept on this phone is now recorded.")
    expect(home.locator("#continue")).to_have_count(0)
    assert Match.objects.get().finished
    home.screenshot(path=str(ARTIFACTS / "kept-round-that-ended-its-match-sent-from-home.png"))


def the_home_page(url: str) -> bool:
    return urlsplit(url).path == "/"


def the_lists_ask_lost(route) -> None:
    if route.request.headers.get("hx-request"):
        route.abort()
    else:
        route.fallback()


def kept_then_home_whose_lists_do_not_answer(page, *hands: dict[str, str], all_sent=True):
    """Round 1 recorded, then rounds 2 onwards (`hands`, Ben and Ana calling in turn)
    kept offline; the tab closed, back online, the phone opens the home page, whose ask
    for its lists once `all_sent` never comes back (the page is left for another);
    without `all_sent`, until the last round is on its way (the route holds it). Returns
    that page and the home page as it was served, before any round was sent."""
    start_match(page, "cabo", ["Ana", "Ben"])
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    controlled(page)
    page.context.set_offline(True)
    for number, points in enumerate(hands, start=2):
        cabo_round(page, "Ben" if number % 2 == 0 else "Ana", points)
    expect(page.locator(".unsent li")).to_have_count(len(hands))
    context = page.context
    page.close()
    context.set_offline(False)
    home = context.new_page()
    home.route(the_home_page, the_lists_ask_lost)
    if not all_sent:  # until the last round is on its way
        last = f"number={len(hands) + 1}"
        with home.expect_request(lambda request: last in (request.post_data or "")):
            served = home.goto("/").text()
        return home, served
    with home.expect_event("requestfailed", lambda request: the_home_page(request.url)):
        served = home.goto("/").text()
    return home, served


def reloaded_as_served(home, served: str) -> None:
    """The home page reloaded, and served as `served` (the server's answer to the Reload
    came before it recorded what the page left sent), its lists answering again."""
    home.unroute(the_home_page, the_lists_ask_lost)

    def as_served(route):
        if route.request.method == "GET" and not route.request.headers.get("hx-request"):
            route.fulfill(status=200, content_type="text/html; charset=utf-8", body=served)
        else:
            route.fallback()

    # Through the context: the service worker fetches the page.
    home.context.route(the_home_page, as_served, times=1)
    home.reload()


def test_a_reload_as_the_kept_round_goes_says_so_on_the_page_that_comes(page):
    """QA: the home page reloaded the moment the connection came back. The page left sent
    the kept round and went before saying so; the one that came was served before the
    round was recorded: "1 round played" and nothing said, until the next Reload."""
    home, served = kept_then_home_whose_lists_do_not_answer(page, {"Ana": "20", "Ben": "1"})
    assert "Cabo · 1 round played" in served
    sending_done(home)
    assert Match.objects.get().round_count == 2
    reloaded_as_served(home, served)
    notice = home.locator("#going-on .notice")
    expect(notice).to_have_text("A score kept on this phone is now recorded.")
    expect(home.locator("#continue")).to_contain_text("Cabo · 2 rounds played")
    home.screenshot(path=str(ARTIFACTS / "home-reloaded-as-the-kept-round-went.png"))
    # Said once.
    home.reload()
    expect(home.locator("#continue")).to_contain_text("Cabo · 2 rounds played")
    expect(notice).to_have_count(0)


def test_a_reload_as_kept_rounds_go_counts_those_the_page_left_sent(page):
    """QA: the page left sent the first kept round, the second was on its way (the Reload
    cut it short, and the page that came sent it): "A score kept … is now recorded" for
    two."""

    held = []

    def hold_round_3_once(route):
        if "number=3" in (route.request.post_data or "") and not held:
            held.append(route)  # on its way as the page goes
        else:
            route.fallback()

    page.context.route("**/rounds/", hold_round_3_once)
    home, served = kept_then_home_whose_lists_do_not_answer(
        page, {"Ana": "20", "Ben": "1"}, {"Ana": "3", "Ben": "8"}, all_sent=False
    )
    for _ in range(1000):  # each call hands Playwright's messages to the route
        if held:
            break
        home.evaluate("() => 0")
    assert held
    kept = "() => JSON.parse(localStorage.getItem('scorepad.unsent-rounds')).length"
    assert home.evaluate(kept) == 1  # round 2 sent, round 3 not yet
    assert Match.objects.get().round_count == 2
    reloaded_as_served(home, served)
    expect(home.locator("#going-on .notice")).to_have_text(
        "2 scores kept on this phone are now recorded."
    )
    expect(home.locator("#continue")).to_contain_text("Cabo · 3 rounds played")
    assert Match.objects.get().round_count == 3


def round_posted(request) -> list[str]:
    return [request.url] if request.method == "POST" and request.url.endswith("/rounds/") else []


def sending_done(page) -> None:
    """The page's sending of kept rounds, started as it loaded, is over (it holds a lock
    while it sends, and lock requests are granted in turn)."""
    page.evaluate("() => navigator.locks.request('scorepad.unsent-rounds', () => true)")


def keep_rounds_then_lose_their_match(page) -> None:
    """Round 1 recorded, then two rounds kept offline; meanwhile the match is deleted on
    another phone of the account."""
    start_match(page, "cabo", ["Ana", "Ben"])
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    controlled(page)
    page.context.set_offline(True)
    cabo_round(page, "Ben", {"Ana": "20", "Ben": "1"})
    cabo_round(page, "Ana", {"Ana": "3", "Ben": "8"})
    expect(page.locator(".unsent li")).to_have_count(2)
    services.delete_match(Match.objects.latest("created"))


def home_back_online(*pages, posts: list[str] | None = None):
    """The phone's tabs (`pages`) closed; back online, it opens the home page (whose round
    POSTs go in `posts`)."""
    context = pages[0].context
    for page in pages:
        page.close()
    context.set_offline(False)
    home = context.new_page()
    if posts is not None:
        home.on("request", lambda request: posts.extend(round_posted(request)))
    home.goto("/")
    return home


def home_after_losing_their_match(page, posts: list[str] | None = None):
    """The same, then the tab closes; back online, the phone opens the home page."""
    keep_rounds_then_lose_their_match(page)
    return home_back_online(page, posts=posts)


@pytest.mark.parametrize("language", ["English", "Français", "Nederlands"])
def test_kept_rounds_of_a_match_deleted_meanwhile_are_said_and_can_be_taken_off(page, language):
    """QA: such a round was sent again every minute (404), the home page said it would go
    when the connection was back, and it could not be taken off anywhere."""
    posts: list[str] = []
    home = home_after_losing_their_match(page, posts)
    sending_done(home)
    if language != "English":
        choose_language(home, language)  # the page sent again
    kept = home.locator("#kept-rounds")
    gone = {
        "English": "2 scores kept on this phone were not sent: their match is no longer open"
        " here (deleted, its link no longer works, or it is in another account).",
        "Français": "2 scores gardés sur ce téléphone n’ont pas été envoyés\u00a0: leur partie"
        " n’est plus ouverte ici (supprimée, son lien ne fonctionne plus, ou elle est dans un"
        " autre compte).",
        "Nederlands": "2 scores op deze telefoon zijn niet verstuurd: hun potje staat hier niet"
        " meer open (verwijderd, de link werkt niet meer, of het staat in een ander account).",
    }[language]
    expect(kept.locator(".kept-gone")).to_have_text(gone)
    expect(kept.locator(".kept-waiting")).to_be_hidden()
    expect(kept).to_be_in_viewport()
    sending_done(home)
    assert len(posts) == 1  # the first found its match gone; the second was not sent
    ARTIFACTS.mkdir(exist_ok=True)
    home.screenshot(path=str(ARTIFACTS / f"kept-for-a-deleted-match-{language[:2].lower()}.png"))
    # Not sent again on the next page either.
    home.reload()
    expect(kept.locator(".kept-gone")).to_have_text(gone)
    sending_done(home)
    assert len(posts) == 1
    take_off = kept.get_by_role("button")
    expect(take_off).to_have_count(1)
    box = take_off.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    take_off.click()
    expect(kept.locator(".kept-gone")).to_be_hidden()
    expect(kept.locator(".kept-taken-off")).to_be_focused()
    expect(kept.locator(".kept-taken-off")).to_have_text(
        {
            "English": "The scores were taken off this phone.",
            "Français": "Les scores ont été retirés de ce téléphone.",
            "Nederlands": "De scores zijn van deze telefoon gehaald.",
        }[language]
    )
    expect(kept).not_to_have_class(re.compile("is-error"))
    assert home.evaluate("() => localStorage.getItem('scorepad.unsent-rounds')") == "[]"
    home.reload()
    expect(kept).to_be_hidden()
    assert Match.objects.get().round_count == 1


def test_kept_rounds_taken_off_in_another_tab_are_not_said_recorded(page):
    """Rounds gone from the list in another tab are said recorded there (QA), unless they
    went as those of a match no longer open here, taken off."""
    home = home_after_losing_their_match(page)
    sending_done(home)
    other = home.context.new_page()
    other.goto("/")
    expect(other.locator("#kept-rounds .kept-gone")).to_be_visible()
    with other.expect_response(lambda answer: answer.request.headers.get("hx-request")):
        home.locator("#kept-rounds").get_by_role("button").click()
    expect(other.locator("#kept-rounds")).to_be_hidden()
    other.evaluate("() => new Promise((done) => setTimeout(done))")  # the answer swapped in
    expect(other.locator("#going-on .notice")).to_have_count(0)
    assert other.evaluate("() => sessionStorage.getItem('scorepad.sent-unsaid')") is None


def test_kept_rounds_of_a_match_deleted_meanwhile_are_sent_once_it_is_restored(page, shot):
    keep_rounds_then_lose_their_match(page)
    page.context.set_offline(False)  # this board sends them: its match is gone
    kept = page.locator("#kept-rounds")
    expect(kept.locator(".kept-gone")).to_contain_text("2 scores kept on this phone were not sent")
    # Its link leads to the deletion's "Undo".
    kept.get_by_role("link", name="Cabo · Ana, Ben").click()
    expect(page.get_by_text("Match deleted: Cabo with Ana and Ben.")).to_be_visible()
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_role("heading", name="Enter round 4")).to_be_visible()
    expect(page.locator(".unsent")).to_have_count(0)
    shot("kept-sent-once-restored")
    match = Match.objects.get()
    assert match.round_count == 3


def test_kept_rounds_of_a_match_restored_on_another_phone_go_from_the_home_page(page):
    """QA: the home page still said the match was gone, and offered to take its rounds
    off, while its "Continue" list named it."""
    home = home_after_losing_their_match(page)
    kept = home.locator("#kept-rounds")
    expect(kept.locator(".kept-gone")).to_contain_text("2 scores kept on this phone were not sent")
    services.restore_match(Match.objects.get())  # undone on the other phone
    home.reload()
    expect(home.locator("#going-on .notice")).to_have_text(
        "2 scores kept on this phone are now recorded."
    )
    expect(kept).to_be_hidden()
    expect(home.locator("#continue")).to_contain_text("Cabo · 3 rounds played")
    assert Match.objects.get().round_count == 3


def test_kept_rounds_sent_beside_those_of_a_match_deleted_meanwhile_are_counted(page, shot):
    """QA: beside the box of the rounds of a deleted match, not sent, the home page said
    "The rounds kept on this phone are now recorded.": true only of the other match's."""
    start_match(page, "cabo", ["Chloé", "Ben"])  # Ben deals next, and then in Ana's
    cabo_round(page, "Ben", {"Chloé": "4", "Ben": "1"})
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()  # recorded
    other = page.context.new_page()
    other.goto(page.url)
    expect(other.get_by_role("heading", name="Enter round 2")).to_be_visible()
    keep_rounds_then_lose_their_match(page)  # Ana and Ben's match, deleted meanwhile
    cabo_round(other, "Chloé", {"Chloé": "1", "Ben": "6"})  # offline too: kept
    expect(other.locator(".unsent li")).to_have_count(1)
    home = home_back_online(page, other)
    expect(home.locator("#going-on .notice")).to_have_text(
        "A score kept on this phone is now recorded."
    )
    expect(home.locator("#kept-rounds .kept-gone")).to_contain_text(
        "2 scores kept on this phone were not sent"
    )
    expect(home.locator("#continue")).to_contain_text("Cabo · 2 rounds played")
    home.screenshot(path=str(ARTIFACTS / "kept-sent-beside-gone.png"))
    matches = Match.objects.order_by("created")
    played = [(m.players, m.round_count, m.deleted_at is None) for m in matches]
    assert played == [(["Chloé", "Ben"], 2, True), (["Ana", "Ben"], 1, False)]


def test_away_from_their_board_the_kept_rounds_are_counted(page, shot):
    """QA25: the offline page did not say how many rounds the phone keeps, nor the home
    page that one was refused."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    cabo_round(page, "Ben", {"Ana": "20", "Ben": "1"})
    expect(page.locator(".unsent li")).to_have_count(2)
    page.reload()  # the board needs the server: the offline page stands in for it
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
    kept = page.locator("#kept-rounds")
    expect(kept).to_have_text(
        "2 scores are kept on this phone: they are sent when the connection is back."
    )
    shot("offline-page-counts")
    # The home page, online, names the match of a round the server did not take.
    page.context.set_offline(False)  # the board comes back and sends them
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    expect(page.locator(".unsent")).to_have_count(0)
    page.context.set_offline(True)
    row(page, "Ana").locator("input.points-input").fill("2")  # nobody called: refused
    row(page, "Ben").locator("input.points-input").fill("9")
    record(page)
    expect(page.locator(".unsent li")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator(".unsent li")).to_contain_text("Round 3 · refused")
    page.goto("/")
    kept = page.locator("#kept-rounds")
    expect(kept.locator(".kept-stopped")).to_have_text(
        "A score kept on this phone was not recorded: open its match to see why."
    )
    expect(kept).to_be_in_viewport()
    shot("home-refused")
    kept.get_by_role("link", name="Cabo · Ana, Ben").click()
    expect(page.locator(".unsent li")).to_contain_text("Round 3 · refused")


@pytest.mark.parametrize(
    ("language", "waiting", "recorded"),
    [
        (
            "English",
            "A score is kept on this phone: it is sent when the connection is back.",
            "A score kept on this phone is now recorded.",
        ),
        (
            "Nederlands",
            "Er staat een score op deze telefoon:"
            " die wordt verzonden zodra de verbinding terug is.",
            "Een score die op deze telefoon bewaard werd, is nu ingevoerd.",
        ),
    ],
)
def test_the_home_page_left_open_says_the_rounds_kept_while_the_connection_is_gone(
    page, language, waiting, recorded
):
    """QA: the home page open beside a board said nothing of the rounds the board kept
    with no connection (the board and the offline page did)."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    home = page.context.new_page()
    home.goto("/")
    if language != "English":
        choose_language(home, language)  # the board stays as it came
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    expect(page.locator(".unsent li")).to_have_count(1)
    kept = home.locator("#kept-rounds")
    expect(kept).to_have_text(waiting)
    expect(kept).to_be_in_viewport()
    home.screenshot(path=str(ARTIFACTS / f"home-open-offline-with-a-kept-round-{language}.png"))
    # Back online, the board sends it (the home page's try is cut short), and the home
    # page no longer says it waits: it says it is recorded (QA: it went without a word).
    home.route("**/rounds/", lambda route: route.abort())
    page.context.set_offline(False)
    expect(kept).to_be_hidden()
    expect(home.locator("#going-on .notice")).to_have_text(recorded)
    expect(home.locator("#continue")).to_contain_text("Cabo · 1 ")
    home.screenshot(path=str(ARTIFACTS / f"home-told-the-board-sent-its-round-{language}.png"))
    assert Match.objects.get().round_count == 1


def test_the_sign_out_warning_speaks_of_one_kept_round_in_the_singular(page):
    """QA: one round kept, and the warning said "drops them"."""
    page.goto("/")
    sign_up(page, "yves")
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    page.context.set_offline(True)
    row(page, "Ana").locator("input.points-input").fill("2")  # nobody called: refused
    row(page, "Ben").locator("input.points-input").fill("9")
    record(page)
    expect(page.locator(".unsent li")).to_have_count(1)  # kept before the connection is back
    page.context.set_offline(False)
    expect(page.locator(".unsent li")).to_contain_text("Round 1 · refused")
    page.goto("/account/")
    expect(page.locator("#kept-rounds .kept-sign-out")).to_have_text(
        "Signing out drops it from this phone: open its match with a connection first."
    )


def test_the_account_page_offers_to_take_off_kept_rounds_of_a_match_deleted_meanwhile(page):
    """QA: the sign-out warning said "open their match with a connection first" of rounds
    whose match was deleted on another phone, which opening it would not send; and the
    page named no match, nor let them go, as the home page does."""
    page.goto("/")
    sign_up(page, "xavier")
    home = home_after_losing_their_match(page)
    sending_done(home)
    home.goto("/account/")
    kept = home.locator("#kept-rounds")
    expect(kept.locator(".kept-gone")).to_contain_text("2 scores kept on this phone were not sent")
    expect(kept.locator(".kept-sign-out")).to_be_hidden()
    expect(kept).not_to_contain_text("Signing out")
    expect(kept.get_by_role("link", name="Cabo · Ana, Ben")).to_be_visible()
    take_off = kept.get_by_role("button", name="Take them off this phone")
    expect(take_off).to_be_in_viewport()
    home.screenshot(path=str(ARTIFACTS / "account-with-gone-rounds.png"))
    take_off.click()
    expect(kept.locator(".kept-taken-off")).to_have_text("The scores were taken off this phone.")
    assert home.evaluate("() => localStorage.getItem('scorepad.unsent-rounds')") == "[]"


def test_the_sign_out_button_says_it_drops_the_kept_rounds_and_the_next_page_counts_them(
    page, shot
):
    """QA: signing out on this phone dropped the rounds kept on it (as it must: the
    phone may go round the table) without a word before or after."""
    page.goto("/")
    sign_up(page, "zoe")
    start_match(page, "cabo", ["Ana", "Ben"])
    keep_a_refused_round_and_the_next(page)
    page.goto("/account/")
    kept = page.locator("#kept-rounds")
    expect(kept.locator(".kept-waiting")).to_have_text(
        "A score is kept on this phone: it is sent when the connection is back."
    )
    expect(kept.locator(".kept-stopped")).to_have_text(
        "A score kept on this phone was not recorded: open its match to see why."
    )
    expect(kept.locator(".kept-sign-out")).to_have_text(
        "Signing out drops them from this phone: open their match with a connection first."
    )
    sign_out = page.get_by_role("button", name="Sign out")
    sign_out.scroll_into_view_if_needed()
    expect(kept).to_be_in_viewport()
    shot("account-with-kept-rounds")
    sign_out.click()
    expect(page.locator("#kept-rounds .kept-dropped")).to_have_text(
        "2 scores kept on this phone were not sent before you were signed out, and are no"
        " longer kept: enter them again once signed in."
    )
    assert page.evaluate("() => localStorage.getItem('scorepad.unsent-rounds')") is None
    shot("signed-out-counts-them")
    # Nothing kept, nothing said, either side.
    sign_up(page, "yann")
    page.goto("/account/")
    expect(page.locator("#kept-rounds")).to_be_hidden()
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator("#kept-rounds")).to_be_hidden()


def test_offline_the_turn_line_and_the_form_go_as_far_as_the_rounds_agreed(page, shot):
    """Cabanga! of two rounds, both kept offline: the standing says who deals round 2,
    as the engine told it ahead, and nothing of a round 3 the match will not have."""
    page.goto("/matches/new/cabanga/")
    for number, name in enumerate(["Ana", "Ben", "Chloé"], start=1):
        page.get_by_placeholder(f"Player {number}", exact=True).fill(name)
    page.get_by_text("Adjust the options").click()
    options = page.locator("details.options")
    options.get_by_label("End of match", exact=True).select_option(value="rounds")
    options.get_by_label("Rounds", exact=True).fill("2")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    page.wait_for_load_state("load")
    controlled(page)
    turn = page.locator("#standing .turn")
    expect(turn).to_have_text("Round 1 · Ana deals, Ben plays first")
    page.context.set_offline(True)
    for went_out in ("Ben", "Chloé"):
        for name in ("Ana", "Ben", "Chloé"):
            if name == went_out:
                row(page, name).get_by_text("went out").click()
            else:
                row(page, name).locator(".points-input, input[name^=points_]").first.fill("3")
        record(page)
        if went_out == "Ben":
            expect(turn).to_have_text("Round 2 · Ben deals, Chloé plays first")
    expect(page.locator(".unsent li")).to_have_count(2)
    expect(turn).to_be_hidden()
    # No round 3 to type (QA: the form offered it, refused once sent): the form says so.
    past = page.locator("form.round-form .past-last-note")
    expect(past).to_have_text(
        "Round 2 was the last one agreed: the match ends with it once the rounds kept here"
        " are sent."
    )
    expect(past).to_be_in_viewport()
    expect(past).to_be_focused()
    expect(page.get_by_role("button", name="Record the round")).to_be_hidden()
    shot("past-the-last-round")
    page.context.set_offline(False)
    expect(page.locator(".standing-result")).to_contain_text("Ben and Chloé share the victory")
    expect(past).to_have_count(0)
    expect(page.locator(".unsent")).to_have_count(0)


def keep_a_round_after_the_end(page) -> None:
    """Offline: round 1 ends the match (Ben past 100), round 2 typed after it; back
    online, round 1 is recorded and round 2 refused: the match is over."""
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "0", "Ben": "150"})
    cabo_round(page, "Ben", {"Ana": "20", "Ben": "1"})
    expect(page.locator(".unsent li")).to_have_count(2)
    page.context.set_offline(False)
    refused = page.locator(".unsent li")
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("Round 2 · refused")
    expect(refused.locator(".unsent-error")).to_have_text(
        "The match is over: round 1 ended it, so round 2 was not recorded."
    )


def test_a_round_kept_after_the_end_is_sent_once_the_round_that_ended_it_is_corrected(page):
    """QA: refused because round 1 ended the match, round 2 stayed refused with that
    message once round 1 no longer ended it."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_a_round_after_the_end(page)
    page.goto(page.url.split("#")[0] + "rounds/1/")
    row(page, "Ben").locator("input.points-input").fill("15")
    page.get_by_role("button", name="Save the correction").click()
    # Round 2 comes right after round 1 still: recorded as played, and said so.
    expect(page.locator("#round-2 .pts")).to_have_text(["+20", "+0"])
    expect(page.locator(".unsent")).to_have_count(0)
    expect(page.locator("#standing .notice")).to_contain_text(
        "Round 2, kept on this phone, is now recorded."
    )
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    match = Match.objects.get()
    assert [(r.number, r.data["caller"]) for r in match.active_rounds()] == [(1, "Ana"), (2, "Ben")]


def test_a_round_kept_after_the_end_says_so_once_the_round_that_ended_it_is_deleted(page, shot):
    """QA: round 1, which ended the match, deleted: the kept round still said "round 1
    ended it" as round 2. It is not sent by itself in round 1's place (the table may
    enter round 1 again): it waits for the player, as the round it would be now."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_a_round_after_the_end(page)
    page.get_by_role("button", name="Delete round 1").click()
    kept = page.locator(".unsent li")
    goes_on = (
        "The match goes on again, but its rounds changed since this one was kept: correct"
        " it in the form to record it as round 1, or take it off the list."
    )
    expect(kept.locator(".unsent-name")).to_have_text("Round 1")
    expect(kept.locator(".unsent-error")).to_have_text(goes_on)
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    expect(page.locator("#standing .unsent-notice")).to_be_in_viewport()
    shot("goes-on-again")
    page.reload()
    expect(kept.locator(".unsent-name")).to_have_text("Round 1")
    expect(kept.locator(".unsent-error")).to_have_text(goes_on)
    assert Match.objects.get().round_count == 0  # not sent by itself
    # Round 1 restored, the match is over again: said so, true again.
    page.get_by_role("button", name="Restore round 1", exact=True).click()
    expect(kept.locator(".unsent-error")).to_have_text(
        "The match no longer goes on: round 1 was not recorded."
    )
    expect(page.locator(".unsent .help")).to_contain_text("Take it off the list.")
    page.reload()
    expect(kept.locator(".unsent-error")).to_have_text(
        "The match no longer goes on: round 1 was not recorded."
    )
    page.get_by_role("button", name="Delete round 1").click()
    expect(kept.locator(".unsent-error")).to_have_text(goes_on)
    # Put back in the form, it goes in as round 1, with nothing said wrong about it.
    kept.get_by_role("button", name="Correct it in the form").click()
    expect(page.get_by_role("heading", name="Enter round 1")).to_be_visible()
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("20")
    expect(page.locator("form.round-form .form-errors")).to_have_count(0)
    record(page)
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    expect(page.locator(".unsent")).to_have_count(0)
    match = Match.objects.get()
    assert [(r.number, r.data["caller"]) for r in match.active_rounds()] == [(1, "Ben")]


def keep_two_rounds_after_the_end(page) -> None:
    """Offline: round 1 ends the match, rounds 2 and 3 typed after it; back online, round
    1 is recorded and both others are refused, each saying why as the server does."""
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "0", "Ben": "150"})
    cabo_round(page, "Ben", {"Ana": "20", "Ben": "1"})
    cabo_round(page, "Ana", {"Ana": "3", "Ben": "12"})
    expect(page.locator(".unsent li")).to_have_count(3)
    page.context.set_offline(False)
    refused = page.locator(".unsent li")
    expect(refused.locator(".unsent-name")).to_have_text(["Round 2", "Round 3"])
    expect(refused.locator(".unsent-state")).to_have_text(["refused", "refused"])
    expect(refused.locator(".unsent-error")).to_have_text(
        [
            "The match is over: round 1 ended it, so round 2 was not recorded.",
            "The match is over: round 1 ended it, so round 3 was not recorded.",
        ]
    )


def test_rounds_kept_after_the_end_are_all_refused_and_each_taken_off_goes(page, shot):
    """QA: the round kept after a refused one waited behind it; taken off, the refused
    one gave its number to the next, which was refused again in the same words, so the
    tap seemed to do nothing. A match over refuses every round kept after its end: each
    is said so at once, and taking one off leaves the others as they were, unsent."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_two_rounds_after_the_end(page)
    expect(page.locator(".unsent .help")).to_have_text(
        "The server did not take these: see why under each. Take them off the list."
    )
    expect(page.locator("#standing .unsent-notice")).to_have_text(
        "Rounds kept on this phone were refused: see why below."
    )
    shot("refused-after-the-end")
    posts = []
    page.on(
        "request", lambda request: posts.append(request.url) if request.method == "POST" else None
    )
    refused = page.locator(".unsent li")
    refused.first.get_by_role("button", name="Take it off the list").click()
    expect(refused.locator(".unsent-name")).to_have_text(["Round 3"])
    expect(refused.locator(".unsent-error")).to_have_text(
        "The match is over: round 1 ended it, so round 3 was not recorded."
    )
    expect(page.locator(".unsent .help")).to_have_text(
        "The server did not take this one: see why under it. Take it off the list."
    )
    expect(page.locator("#standing .unsent-notice")).to_have_text(
        "A round kept on this phone was refused: see why below."
    )
    page.reload()
    expect(refused.locator(".unsent-name")).to_have_text(["Round 3"])
    assert posts == []  # nothing sent to be refused again
    refused.get_by_role("button", name="Take it off the list").click()
    expect(page.locator(".unsent")).to_have_count(0)
    assert page.evaluate("() => localStorage.getItem('scorepad.unsent-rounds')") == "[]"
    assert Match.objects.get().round_count == 1


def test_rounds_kept_after_the_end_are_all_sent_once_the_round_that_ended_it_is_corrected(page):
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_two_rounds_after_the_end(page)
    page.goto(page.url.split("#")[0] + "rounds/1/")
    row(page, "Ben").locator("input.points-input").fill("15")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#round-3 .pts")).to_have_text(["+0", "+12"])
    expect(page.locator(".unsent")).to_have_count(0)
    expect(page.get_by_role("heading", name="Enter round 4")).to_be_visible()
    match = Match.objects.get()
    assert [(r.number, r.data["caller"]) for r in match.active_rounds()] == [
        (1, "Ana"),
        (2, "Ben"),
        (3, "Ana"),
    ]


def test_a_round_refused_in_another_tab_is_said_with_the_board_that_refused_it(page, shot):
    """QA: in a second tab of the same match, a kept round refused in the first one went
    to the refused list without a word: the board there still showed the match going on
    and offered to correct the round in its form."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    other = page.context.new_page()
    other.goto(page.url.split("#")[0])
    expect(other.get_by_role("heading", name="Enter round 1")).to_be_visible()
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "0", "Ben": "9"})
    another_phone_records(1, "Ana", {"Ana": 0, "Ben": 150})  # ends the match
    page.context.set_offline(False)
    # Whichever tab sent it, both say why, on the board as the server has it.
    for tab in (page, other):
        refused = tab.locator(".unsent li")
        expect(refused).to_contain_text("Round 1 · refused")
        expect(refused.locator(".unsent-error")).to_have_text(
            "The match is over (it ended meanwhile, maybe on another phone): round 1 was not"
            " recorded."
        )
        expect(tab.locator("#standing .standing-result")).to_have_text("Ana wins")
        expect(tab.locator("form.round-form")).to_have_count(0)
        expect(refused.get_by_role("button", name="Correct it in the form")).to_be_hidden()
    other.screenshot(path=str(ARTIFACTS / "offline--other-tab-refused.png"), full_page=True)


def test_a_round_refused_again_from_the_form_is_said_in_the_other_tab_at_once(page):
    """The refusal in one tab reaches the other one without anything done there."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    keep_a_refused_round_and_the_next(page)
    other = page.context.new_page()
    other.goto(page.url.split("#")[0])
    expect(other.locator(".unsent li").first).to_contain_text("Tick who called")
    page.locator(".unsent li").first.get_by_role("button", name="Correct it in the form").click()
    row(page, "Ana").locator("label.caller-pick").click()
    another_phone_records(1, "Ben", {"Ana": 7, "Ben": 1})
    record(page)
    expect(page.locator(".unsent li").first).to_contain_text("Round 1 was already recorded")
    # The other tab, left alone: the same reason, and the other phone's round 1.
    expect(other.locator(".unsent li").first).to_contain_text("Round 1 was already recorded")
    expect(other.locator("#round-1 .pts")).to_have_text(["+7", "+0"])


def test_a_round_typed_after_a_refused_copy_goes_at_once(page, shot):
    """QA: a round this phone sent as round 2, which another phone had recorded first,
    was listed as refused, and the round the table typed next (the form said round 3,
    the server's next) waited behind it: the totals left it out as if lost. It counted
    on nothing kept on the phone: it goes, and the refused copy stays listed."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    another_phone_records(2, "Ben", {"Ana": 7, "Ben": 1})
    cabo_round(page, "Ana", {"Ana": "0", "Ben": "5"})
    refused = page.locator(".unsent li")
    expect(refused).to_contain_text("Round 2 · refused")
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    cabo_round(page, "Ben", {"Ana": "4", "Ben": "0"})
    expect(page.locator("#round-3 .pts")).to_have_text(["+4", "+0"])
    expect(page.get_by_role("heading", name="Enter round 4")).to_be_visible()
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("Round 2 · refused")
    expect(page.locator("#standing .turn")).to_contain_text("Round 4")
    shot("sent-past-a-refused-copy")
    # Typed with no connection, it goes when the connection is back, the same.
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "1", "Ben": "6"})
    expect(page.locator(".unsent li .unsent-name")).to_have_text(["Round 2", "Round 4"])
    expect(page.locator(".unsent .help")).not_to_contain_text("wait for it")
    page.context.set_offline(False)
    expect(page.locator("#round-4 .pts")).to_have_text(["+0", "+6"])
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("Round 2 · refused")
    expect(page.get_by_role("heading", name="Enter round 5")).to_be_visible()
    match = Match.objects.get()
    assert [(r.number, r.data["caller"]) for r in match.active_rounds()] == [
        (1, "Ana"),
        (2, "Ben"),
        (3, "Ben"),
        (4, "Ana"),
    ]
    # Taken off the list, nothing else moves.
    refused.get_by_role("button", name="Take it off the list").click()
    expect(page.locator(".unsent")).to_have_count(0)
    expect(page.get_by_role("heading", name="Enter round 5")).to_be_visible()
    assert Match.objects.get().round_count == 4


def test_an_escoba_deal_kept_offline_whose_counts_do_not_add_up_stays_refused(page):
    """QA38: a deal's cards over 40 are a fault of its whole column, said under the
    table, not beside a field: the kept deal was taken as sent, said recorded, and lost."""
    start_match(page, "escoba", ["Ana", "Ben"])
    choose_language(page, "Français")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    controlled(page)
    page.context.set_offline(True)
    for name, counts in (("Ana", ("22", "5", "1")), ("Ben", ("19", "5", "3"))):
        line = page.locator(".entry-table tbody tr", has_text=name)
        for column, count in zip(("cards", "oros", "sevens"), counts, strict=True):
            line.locator(f'input[name^="{column}_"]').fill(count)
    page.locator("fieldset", has_text="velo").get_by_text("Ana").click()
    page.locator("form.round-form button[type=submit]").click()
    expect(page.locator(".unsent li")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator(".unsent li").first).to_contain_text("refusée")
    expect(page.locator(".unsent li .unsent-error")).to_contain_text("40")
    expect(page.locator("#announcements")).not_to_contain_text("enregistrée")
    assert Match.objects.get().rounds.count() == 0


def test_a_round_put_back_in_a_form_already_holding_its_values_is_kept_in_the_tab(page):
    """CI (1 run in 10): the round put back into the form was kept in the tab, then
    forgotten at once as untouched, the form's own values (as the page came) being the
    same. Put back, it is the player's typing whatever the form held."""
    start_match(page, "cabo", ["Ana", "Ben"])
    controlled(page)
    page.context.set_offline(True)
    cabo_round(page, "Ana", {"Ana": "2", "Ben": "9"})
    another_phone_records(1, "Ben", {"Ana": 7, "Ben": 1})
    page.context.set_offline(False)
    refused = page.locator(".unsent li").first
    expect(refused).to_contain_text("Round 1 · refused")
    expect(refused.get_by_role("button", name="Put it in the form as round 2")).to_be_visible()
    # The form as a page holding these very values would come, then the tap.
    kept = put_back_in_one_turn(page, "Put it in the form as round 2", form_holding_it=True)
    assert kept and '"number":"2"' in kept
    page.reload()
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("2")
