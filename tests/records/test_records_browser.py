from __future__ import annotations

import json
import re
from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from scorepad.bench.data import history_documents
from scorepad.matches import services
from scorepad.matches.access import SESSION_KEY
from scorepad.matches.models import HouseRule, Match, Owner
from scorepad.matches.sessions import SessionStore
from scorepad.records.exchange import FORMAT, check_documents, match_document, save_matches
from tests.browser.test_thumb_browser import small_targets
from tests.conftest import ARTIFACTS, PHONE, choose_language

from .conftest import build, build_match
from .matches import CABANGA_SHARED, CABO_FR, CABO_TIEBREAK, ESCOBA_TEAMS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_in_as(page, live_server, owner: Owner) -> None:
    """Give the browser the session that holds `owner`, as if it had made the matches."""
    session = SessionStore()
    session[SESSION_KEY] = str(owner.token)
    session.create()
    page.context.add_cookies(
        [{"name": "sessionid", "value": session.session_key, "url": live_server.url}]
    )


def test_a_visitor_browses_filters_charts_and_imports_their_history(page, shot, live_server):
    owner = Owner.objects.create()
    for spec in (CABO_FR, ESCOBA_TEAMS, CABO_TIEBREAK, CABANGA_SHARED):
        build(owner, spec)
    sign_in_as(page, live_server, owner)

    page.goto("/")
    page.goto("/history/")
    expect(page.get_by_role("heading", name="History", exact=True)).to_be_visible()
    expect(page.locator(".match-item")).to_have_count(4)
    shot("history")

    page.get_by_label("Game").select_option("escoba")
    expect(page).to_have_url(re.compile(r"game=escoba"))
    expect(page.locator(".match-item")).to_have_count(1)
    expect(page.locator(".match-item")).to_contain_text("Ana, Ben, Chloé, Dan")
    shot("filtered")

    # Filters change the address in place: a Reload keeps them, Back leaves the page
    # (QA: Back stepped through every filter tried).
    page.get_by_label("Status").select_option("finished")
    expect(page).to_have_url(re.compile(r"game=escoba.*status=finished"))
    page.reload()
    expect(page.get_by_label("Game")).to_have_value("escoba")
    expect(page.get_by_label("Status")).to_have_value("finished")
    page.go_back()
    expect(page).to_have_url(live_server.url + "/")

    page.goto("/history/")
    page.get_by_role("link", name="Players", exact=True).click()
    expect(page.get_by_role("heading", name="Players")).to_be_visible()
    page.get_by_role("link", name="Ana", exact=True).click()
    expect(page.get_by_role("heading", name="Ana")).to_be_visible()
    expect(page.get_by_text("Successful calls")).to_be_visible()
    shot("player")

    page.goto("/history/")
    cabo = Match.objects.get(game="cabo", preset="nl")
    page.locator(f'a[href="/history/matches/{cabo.pk}/chart/"]').click()
    expect(page.locator("svg.sc")).to_be_visible()
    expect(page.get_by_text("Target 10")).to_be_visible()
    shot("chart")
    page.emulate_media(color_scheme="dark")
    shot("chart-dark")

    page.get_by_role("link", name="Save as house rule").click()
    page.get_by_label("Name of the house rule").fill("Chez Marie")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("House rule saved.")).to_be_visible()
    expect(page.locator(".house-rule")).to_contain_text("Chez Marie")
    shot("house-rules-dark")

    page.goto("/history/")
    page.get_by_label("Match file (JSON)").set_input_files(
        files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b"{oops"}]
    )
    page.get_by_role("button", name="Import").click()
    expect(page.locator("#import-errors")).to_contain_text("The file is not valid JSON")
    shot("import-error-dark")

    document = {
        "format": FORMAT,
        "game": "cabanga",
        "players": ["Zoé", "Yann", "Xavier"],
        "rounds": [{"hands": {"Zoé": 0, "Yann": 4, "Xavier": 7}}],
    }
    page.get_by_label("Match file (JSON)").set_input_files(
        files=[
            {
                "name": "one.json",
                "mimeType": "application/json",
                "buffer": json.dumps(document).encode(),
            }
        ]
    )
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_text("1 match imported.")).to_be_visible()
    expect(page.locator(".match-item")).to_have_count(5)
    expect(page.locator(".match-item").first).to_contain_text("Zoé, Yann, Xavier")
    shot("imported-dark")


# Every element a screen reader watches for changes, tagged as the page has it now.
TAG_LIVE_REGIONS = """() => document.querySelectorAll('[aria-live], [role="status"]')
    .forEach((region) => { region.wasThere = true; })"""

# The text of each live region that holds `text`, and whether it was tagged.
LIVE_REGIONS_SAYING = """(text) => [...document.querySelectorAll('[aria-live], [role="status"]')]
    .filter((region) => region.getAttribute("aria-live") !== "off")
    .filter((region) => region.textContent.includes(text))
    .map((region) => Boolean(region.wasThere))"""


def test_a_filters_result_is_said_by_a_live_region_that_was_there_before(page, live_server):
    """QA: the list of matches, its own live region, was swapped whole by each filter;
    a region that comes with its new content is not watched yet, and may say nothing.
    The count is said in a region the page had all along."""
    owner = Owner.objects.create()
    for spec in (CABO_FR, ESCOBA_TEAMS):
        build(owner, spec)
    sign_in_as(page, live_server, owner)
    page.goto("/history/")
    expect(page.locator(".match-item")).to_have_count(2)
    page.evaluate(TAG_LIVE_REGIONS)

    page.get_by_label("Game").select_option("escoba")
    expect(page.locator(".match-item")).to_have_count(1)
    live = page.locator('[aria-live]:not([aria-live="off"]), [role="status"]')
    expect(live.filter(has_text="1 match")).to_have_count(1)
    assert page.evaluate(LIVE_REGIONS_SAYING, "1 match") == [True]


def test_back_to_a_deletion_a_match_file_undid_offers_no_undo(page, shot, live_server):
    """QA28: deleted, brought back by importing its file, then Back (and Reload) to the
    home page of the deletion: its "Undo" stood beside the match already back."""
    owner = Owner.objects.create()
    match = build(owner, ESCOBA_TEAMS)  # in progress
    exported = json.dumps(match_document(match)).encode()
    sign_in_as(page, live_server, owner)

    page.goto(f"/matches/{match.pk}/")
    page.get_by_role("button", name="Delete the match").click()
    expect(page).to_have_url(re.compile(rf"/\?deleted={match.pk}$"))
    notice = page.locator(".notice", has_text="Match deleted: Escoba with Ana, Ben, Chloé and Dan.")
    expect(notice.get_by_role("button", name="Undo")).to_be_visible()

    page.goto("/history/")
    page.get_by_label("Match file (JSON)").set_input_files(
        files=[{"name": "match.json", "mimeType": "application/json", "buffer": exported}]
    )
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_text("1 match imported.")).to_be_visible()
    copy = Match.objects.get(owner=owner, deleted_at__isnull=True)

    page.go_back()
    page.go_back()
    expect(page).to_have_url(re.compile(rf"/\?deleted={match.pk}$"))
    back = page.locator(f'.in-progress-list a[href="/matches/{copy.pk}/"]')
    expect(back).to_be_visible()
    expect(notice).to_contain_text("The same match is still in your history: nothing to undo.")
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    shot("back-to-the-deletion")
    page.reload()
    expect(back).to_be_visible()
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)


def test_the_older_matches_open_at_the_top_of_their_page_and_back_returns(page, shot, live_server):
    owner = Owner.objects.create()
    documents = history_documents(45, datetime(2026, 11, 1, tzinfo=UTC))
    save_matches(owner, check_documents(documents))
    sign_in_as(page, live_server, owner)

    page.goto("/history/")
    expect(page.locator(".match-item")).to_have_count(20)
    for link in page.locator(".match-item").first.locator(".match-links a").all():
        box = link.bounding_box()  # "Chart", the shortest word, too
        assert box["height"] >= 44 and box["width"] >= 44, link.inner_text()
    older = page.get_by_role("link", name="Older matches")
    older.scroll_into_view_if_needed()
    box = older.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    shot("first-page-bottom")
    older.click()
    expect(page).to_have_url(re.compile(r"/history/\?page=2$"))
    expect(page.get_by_text("Page 2 of 3")).to_be_visible()
    expect(page.locator(".match-item")).to_have_count(20)
    expect(page.locator(".match-item").first).to_be_in_viewport()
    shot("older")
    page.go_back()
    expect(page.get_by_text("Page 1 of 3")).to_be_visible()
    expect(page.get_by_role("link", name="Older matches")).to_be_visible()


def test_back_from_the_older_matches_of_a_filter_shows_the_filter_still_chosen(page, live_server):
    """QA: Cabo chosen, "Older matches", Back: the Cabo matches under "All games", and a
    status then chosen dropped the game unseen."""
    owner = Owner.objects.create()
    documents = history_documents(45, datetime(2026, 11, 1, tzinfo=UTC))  # 23 of Cabo
    save_matches(owner, check_documents(documents))
    sign_in_as(page, live_server, owner)

    page.goto("/history/")
    page.get_by_label("Game").select_option(label="Cabo")
    expect(page).to_have_url(re.compile(r"/history/\?game=cabo&"))
    expect(page.get_by_text("Page 1 of 2")).to_be_visible()
    page.get_by_role("link", name="Older matches").click()
    expect(page.get_by_text("Page 2 of 2")).to_be_visible()
    page.go_back()
    expect(page.get_by_text("Page 1 of 2")).to_be_visible()
    expect(page.get_by_label("Game")).to_have_value("cabo")
    page.get_by_label("Status").select_option("finished")
    expect(page).to_have_url(re.compile(r"game=cabo&status=finished&"))


def test_a_dutch_phone_after_a_refused_import_switches_language_and_filters_by_name(
    page, shot, live_server
):
    """The four reports of the QA pass in the Dutch interface, at phone size."""
    owner = Owner.objects.create()
    build(owner, CABO_TIEBREAK)  # Ana, Ben and Chloé
    build(owner, ESCOBA_TEAMS)  # Ana, Ben, Chloé and Dan
    build(owner, CABO_FR)  # Ana and Ben
    sign_in_as(page, live_server, owner)

    page.goto("/history/")
    page.get_by_label("Match file (JSON)").set_input_files(
        files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b"not json"}]
    )
    page.get_by_role("button", name="Import").click()
    expect(page.locator("#import-errors")).to_have_text(
        "The file is not valid JSON (line 1, column 1)."
    )
    expect(page).to_have_url(re.compile(r"/history/import/$"))

    choose_language(page, "Nederlands")
    expect(page).to_have_url(re.compile(r"/history/$"))
    expect(page.get_by_role("heading", name="Geschiedenis", exact=True)).to_be_visible()
    page.reload()
    expect(page.locator(".match-item")).to_have_count(3)

    page.get_by_label("Speler").fill("chloe")
    page.get_by_label("Speler").press("Enter")
    expect(page).to_have_url(re.compile(r"player=chloe"))
    expect(page.locator(".match-item")).to_have_count(2)
    page.get_by_label("Speler").fill("ANA")
    page.get_by_label("Speler").press("Enter")
    expect(page.locator(".match-item")).to_have_count(3)
    shot("filtered-by-a-name-in-lower-case")
    # A part of a name, as typed at a table: Dan's match only.
    page.get_by_label("Speler").fill("da")
    page.get_by_label("Speler").press("Enter")
    expect(page).to_have_url(re.compile(r"player=da"))
    expect(page.locator(".match-item")).to_have_count(1)
    expect(page.locator(".match-item")).to_contain_text("Ana, Ben, Chloé, Dan")
    shot("filtered-by-a-part-of-a-name")

    page.goto("/history/?game=poker&status=xx")
    expect(page.locator(".match-item")).to_have_count(3)
    page.goto("/history/import/")
    expect(page).to_have_url(re.compile(r"/history/$"))


def test_a_long_house_rule_name_wraps_in_its_button_on_the_set_up_page(page, shot, live_server):
    owner = Owner.objects.create()
    match = build(owner, CABO_FR)
    HouseRule.objects.create(
        owner=owner, game="cabo", name="A" * 40, preset=match.preset, options=match.options
    )
    sign_in_as(page, live_server, owner)
    page.goto("/matches/new/cabo/")
    rule = page.get_by_role("link", name="A" * 40)
    expect(rule).to_be_visible()
    # Before, the name ran on past the screen: the page was 575 px wide on a 390 px phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert rule.bounding_box()["x"] + rule.bounding_box()["width"] <= 390
    shot("long-house-rule-name")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("#standing")).to_be_visible()
    # On the house rules page its "Delete" stays whole beside it (it wrapped a letter a line).
    page.goto("/history/house-rules/")
    delete = page.get_by_role("button", name=f"Delete {'A' * 40}")
    expect(delete).to_have_text("Delete")
    assert delete.bounding_box()["height"] < 60 and delete.bounding_box()["width"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_finished_match_seen_from_the_history_is_played_again_in_one_tap(
    page, seen_shot, live_server
):
    """QA39: a finished match's scoreboard reached from the history offered only "Open to
    correct"; "Play again" came after that tap."""
    owner = Owner.objects.create()
    match = build(owner, CABO_TIEBREAK)
    sign_in_as(page, live_server, owner)

    page.goto("/history/")
    page.get_by_role("link", name="Scoreboard").click()
    expect(page).to_have_url(re.compile(rf"/matches/{match.pk}/sheet/$"))
    again = page.get_by_role("button", name="Play again")
    expect(again).to_be_in_viewport()
    box = again.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    seen_shot("finished-from-the-history")
    again.click()
    expect(page.get_by_role("button", name="Record the round")).to_be_visible()
    new = Match.objects.exclude(pk=match.pk).get(owner=owner)
    expect(page).to_have_url(re.compile(rf"/matches/{new.pk}/$"))
    assert new.players == match.players


def in_sight(page, locator) -> None:
    """Wholly on the screen, below the sticky top bar."""
    expect(locator).to_be_in_viewport(ratio=1)
    box, bar = locator.bounding_box(), page.locator("header.topbar").bounding_box()
    assert bar["y"] + bar["height"] - 1 <= box["y"], (box, bar)


@pytest.mark.parametrize("javascript", [False, True], ids=["without-javascript", "with-javascript"])
def test_a_refused_import_opens_at_its_fault_and_a_good_one_at_its_message(
    browser, live_server, javascript
):
    """QA42 saw, without JavaScript, a refused file come back with the file input at the
    screen's bottom edge, its message cut off under it (not seen again here: the file
    input's autofocus brings the import, at the page's end, into sight). The page opens
    with the message and the button in sight; a file then imported opens at the top,
    where it is said."""
    owner = Owner.objects.create()
    for spec in (CABO_FR, ESCOBA_TEAMS, CABO_TIEBREAK, CABANGA_SHARED):
        build(owner, spec)  # a history longer than the screen
    context = browser.new_context(
        base_url=live_server.url, viewport=PHONE, java_script_enabled=javascript, locale="en-GB"
    )
    page = context.new_page()
    sign_in_as(page, live_server, owner)
    page.goto("/history/")
    bad = document_with(rounds=[{"hands": {"Zoé": 1, "Yann": 4, "Xavier": 7}}])
    import_file(page, bad)
    errors = page.locator("#import-errors")
    expect(errors).to_contain_text("at least one player must have no card left")
    in_sight(page, errors)
    in_sight(page, page.get_by_role("button", name="Import"))
    name = "with" if javascript else "without"
    page.screenshot(path=str(ARTIFACTS / f"import-refused-{name}-javascript-screen.png"))

    import_file(page, document_with(rounds=[{"hands": {"Zoé": 0, "Yann": 4, "Xavier": 7}}]))
    said = page.get_by_text("1 match imported.")
    expect(said).to_be_visible()
    in_sight(page, said)
    in_sight(page, page.get_by_role("heading", name="History", exact=True))
    page.screenshot(path=str(ARTIFACTS / f"import-done-{name}-javascript-screen.png"))
    context.close()


def test_a_file_with_results_edited_by_hand_is_imported_and_said_in_french(page, shot):
    """QA: a total edited by hand in the file was imported without a word (its rounds'
    results are taken, as FORMAT.md says)."""
    page.goto("/history/")
    choose_language(page, "Français")
    document = json.loads(document_with(rounds=[{"hands": {"Zoé": 0, "Yann": 4, "Xavier": 7}}]))
    document |= {"created": "2026-11-01T20:00:00Z", "totals": {"Zoé": 50, "Yann": 4, "Xavier": 7}}
    import_file(
        page, json.dumps(document).encode(), label="Fichier de parties (JSON)", button="Importer"
    )
    said = page.get_by_text("Le fichier donne pour 1 partie d’autres résultats")
    expect(said).to_have_text(
        "Le fichier donne pour 1 partie d’autres résultats que ceux de ses manches\u00a0:"
        " Cabanga! avec Zoé, Yann, Xavier (1 novembre 2026). Elle a été importée avec les"
        " résultats de ses manches."
    )
    expect(said).to_be_in_viewport()
    shot("import-results-edited-fr")
    assert Match.objects.get().state().totals == {"Zoé": 0, "Yann": 4, "Xavier": 7}


def document_with(rounds: list) -> bytes:
    players = ["Zoé", "Yann", "Xavier"]
    document = {"format": FORMAT, "game": "cabanga", "players": players, "rounds": rounds}
    return json.dumps(document).encode()


def import_file(
    page, content: bytes, label: str = "Match file (JSON)", button: str = "Import"
) -> None:
    page.get_by_label(label).set_input_files(
        files=[{"name": "match.json", "mimeType": "application/json", "buffer": content}]
    )
    page.get_by_role("button", name=button).click()


def test_an_end_line_at_the_top_of_the_chart_has_its_name_inside_the_chart(page, shot, live_server):
    """QA: the scale ending at the target, "Target 100" was cut in half by the chart's
    top edge (in French, "Score cible 100")."""
    owner = Owner.objects.create()
    match = build(owner, dict(CABO_FR, options={"target": 100}))
    sign_in_as(page, live_server, owner)
    page.goto(f"/history/matches/{match.pk}/chart/")
    label = page.locator("text.sc-end-label")
    expect(label).to_have_text("Target 100")
    chart = page.locator("svg.sc").bounding_box()
    box = label.bounding_box()
    assert box["y"] >= chart["y"] and box["y"] + box["height"] <= chart["y"] + chart["height"]
    shot("chart-target-at-the-top")


def test_an_abandoned_matchs_chart_says_so_and_resumes_it_in_french(page, shot, live_server):
    """QA: the chart of an abandoned match said "In progress" and offered "Continue", to
    a board that said "Abandoned". It says what the history says, and resumes it."""
    owner = Owner.objects.create()
    match = build_match(
        owner, "cabo", ["Ana", "Ben"], [{"caller": "Ana", "hands": {"Ana": 2, "Ben": 9}}]
    )
    services.abandon_match(match)
    sign_in_as(page, live_server, owner)
    page.goto("/history/")
    choose_language(page, "Français")
    page.goto(f"/history/matches/{match.pk}/chart/")
    expect(page.locator("main")).to_contain_text("Abandonnée")
    expect(page.locator("main")).not_to_contain_text("En cours")
    resume = page.get_by_role("button", name="Reprendre la partie")
    expect(resume).to_be_in_viewport()
    assert small_targets(page) == []
    shot("chart-of-an-abandoned-match-fr")
    resume.click()
    expect(page).to_have_url(re.compile(rf"/matches/{match.pk}/$"))
    expect(page.get_by_text("Partie reprise.")).to_be_visible()
    expect(page.get_by_role("heading", name="Saisir la manche 2")).to_be_visible()
    match.refresh_from_db()
    assert match.abandoned_at is None
