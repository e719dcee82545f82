"""Export and import of the match file, through the web pages."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone, translation

from scorepad.limits import MAX_ROUNDS_PER_MATCH
from scorepad.matches import services
from scorepad.matches.models import HouseRule, Match, Round
from scorepad.records import exchange
from tests.matches.helpers import text_of

from .conftest import build, build_match, client_of
from .matches import (
    ALL,
    CABANGA_SHARED,
    CABO_FR,
    CABO_TIEBREAK,
    ESCOBA,
    ESCOBA_TEAMS,
    escoba_deal,
    state_of,
)
from .schema import errors, load_schema

pytestmark = pytest.mark.django_db
IMPORT = reverse("records:import")


def export_all(client, filters: dict | None = None) -> list:
    response = client.get(reverse("records:export_json"), filters or {})
    assert response.status_code == 200
    assert response.streaming
    return json.loads(b"".join(response.streaming_content))


def upload(client, document, name="matches.json"):
    content = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post(IMPORT, {"file": SimpleUploadedFile(name, content, "application/json")})


def document_of(spec: dict, **changes) -> dict:
    document = {"format": exchange.FORMAT, "first_dealer": spec["players"][0], **spec}
    document.update(changes)
    return document


# Export ---------------------------------------------------------------------------


def test_one_match_exports_as_the_format_says_with_the_computed_fields(owner, visitor):
    match = build(owner, CABO_TIEBREAK)
    response = visitor.get(reverse("records:match_json", args=[match.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    document = json.loads(response.content)
    assert document["format"] == "scorepad.match/1"
    assert document["game"] == "cabo" and document["preset"] == "nl"
    assert document["players"] == ["Ana", "Ben", "Chloé"]
    assert document["teams"] is None
    assert document["rounds"] == CABO_TIEBREAK["rounds"]
    assert document["round_points"] == [{"Ana": 5, "Ben": 5, "Chloé": 22}, {"Ana": 7, "Ben": 0}]
    assert document["totals"] == {"Ana": 5, "Ben": 5, "Chloé": 22}
    assert document["finished"] is True
    assert document["winners"] == ["Ben"]
    assert document["needs_tiebreak"] == []
    assert datetime.fromisoformat(document["created"]).tzinfo is not None


def test_a_deleted_round_is_not_exported(owner, visitor):
    match = build(owner, ESCOBA)
    Round.objects.filter(match=match, number=6).update(deleted_at=datetime.now(UTC))
    call_command("rebuild_results", match=match.pk)  # changed behind the services' back
    document = json.loads(visitor.get(reverse("records:match_json", args=[match.pk])).content)
    assert len(document["rounds"]) == 5
    assert document["finished"] is False


def test_the_whole_history_exports_as_a_list_oldest_first(owner, visitor, stranger):
    first = build(owner, CABO_FR)
    build(owner, ESCOBA)
    build(stranger, CABANGA_SHARED)
    documents = export_all(visitor)
    assert [document["game"] for document in documents] == ["cabo", "escoba"]
    assert documents[0]["created"] == exchange.timestamp(first.created)


def test_the_history_exports_what_its_filters_show(owner, visitor):
    """QA39: "Export all (JSON) · CSV" beside "20 matches" of Escoba gave every match."""
    fr = build(owner, CABO_FR)
    escoba = build(owner, ESCOBA)
    other = build_match(owner, "cabo", ["Ana", "Ben"], preset="fr")  # target 100, not 50
    rule = HouseRule.objects.create(
        owner=owner, game="cabo", name="Chez Marie", preset=fr.preset, options=fr.options
    )
    filtered = visitor.get(reverse("records:history"), {"game": "escoba"}).content.decode()
    assert f'href="{reverse("records:export_json")}?game=escoba"' in filtered
    assert f'href="{reverse("records:export_csv")}?game=escoba"' in filtered
    assert "Export these (JSON)" in filtered and "Export all" not in filtered
    assert "Export all (JSON)" in visitor.get(reverse("records:history")).content.decode()

    documents = export_all(visitor, {"game": "escoba"})
    assert [document["game"] for document in documents] == ["escoba"]
    response = visitor.get(reverse("records:export_csv"), {"game": "escoba"})
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig"))))
    assert {row[0] for row in rows[1:]} == {str(escoba.pk)}
    # The house rule's complete options are checked in Python, as the history does.
    documents = export_all(visitor, {"house_rule": rule.pk})
    assert [document["options"]["target"] for document in documents] == [50]
    assert other.options["target"] == 100
    # A filter in error is not applied, as on the page: everything is exported.
    assert len(export_all(visitor, {"house_rule": 999999})) == 3


def test_every_exported_file_fits_the_json_schema(owner, visitor):
    for spec in ALL:
        build(owner, spec)
    schema = load_schema()
    documents = export_all(visitor)
    assert errors(documents, schema) == []
    for document in documents:
        assert errors(document, schema) == []


def test_the_schema_refuses_what_the_format_forbids():
    schema = load_schema()
    good = document_of(CABO_FR)
    assert errors(good, schema) == []
    assert errors(dict(good, format="scorepad.match/2"), schema)
    assert errors(dict(good, game="poker"), schema)
    assert errors(dict(good, options={"target": 5}), schema)
    assert errors(dict(good, rounds=[{"caller": "Ana", "hands": {"Ana": ["ZZ"]}}]), schema)
    assert errors(dict(good, colour="red"), schema)
    assert errors(dict(document_of(ESCOBA), rounds=[{"sides": {"You": {"cards": 3}}}]), schema)


def test_the_schema_knows_every_option_of_the_engine():
    from scorepad.rules import GAMES

    definitions = load_schema()["$defs"]
    for key, game in GAMES.items():
        assert set(definitions[f"{key}Options"]["properties"]) == {o.name for o in game.options}


def test_the_csv_has_a_row_per_round_and_side(owner, visitor):
    match = build(owner, CABO_TIEBREAK)
    response = visitor.get(reverse("records:match_csv", args=[match.pk]))
    assert response["Content-Type"].startswith("text/csv")
    # UTF-8 said by its byte order mark, for spreadsheets on Windows ("Chloé", not "ChloÃ©").
    assert response.content.startswith("\ufeffmatch,game".encode())
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    created = exchange.timestamp(match.created)
    header = ["match", "game", "created", "status", "round", "tiebreak", "side", "points"]
    assert rows == [
        [*header, "total", "won"],
        [str(match.pk), "cabo", created, "finished", "1", "0", "Ana", "5", "5", "0"],
        [str(match.pk), "cabo", created, "finished", "1", "0", "Ben", "5", "5", "1"],
        [str(match.pk), "cabo", created, "finished", "1", "0", "Chloé", "22", "22", "0"],
        [str(match.pk), "cabo", created, "finished", "2", "1", "Ana", "7", "5", "0"],
        [str(match.pk), "cabo", created, "finished", "2", "1", "Ben", "0", "5", "1"],
    ]


def test_the_csv_says_each_matchs_status_and_who_won_only_once_it_is_over(owner, visitor):
    """Carried leftover: the CSV had neither, and a spreadsheet could not tell a finished
    match from one abandoned or still going, nor who won it."""
    going = build_match(owner, "cabo", ["Ana", "Ben"], [CABO_FR["rounds"][0]], preset="fr")
    left = build_match(owner, "cabo", ["Ana", "Ben"], [CABO_FR["rounds"][0]], preset="fr")
    services.abandon_match(left)
    shared = build(owner, CABANGA_SHARED)
    response = visitor.get(reverse("records:export_csv"))
    rows = list(
        csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig")))
    )
    said = {(row["match"], row["side"]): (row["status"], row["won"]) for row in rows}
    assert said[str(going.pk), "Ana"] == ("in_progress", "")
    assert said[str(left.pk), "Ben"] == ("abandoned", "")
    winners = {side for (pk, side), (_, won) in said.items() if pk == str(shared.pk) and won == "1"}
    assert winners == {"B", "C", "D"}
    assert {status for (pk, _), (status, _) in said.items() if pk == str(shared.pk)} == {"finished"}


def test_the_history_csv_names_teams_as_sides(owner, visitor):
    build(owner, ESCOBA_TEAMS)
    build(owner, CABO_FR)
    response = visitor.get(reverse("records:export_csv"))
    rows = list(
        csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig")))
    )
    assert len(rows) == 3 * 2 + 3 * 2
    assert {row["side"] for row in rows if row["game"] == "escoba"} == {"Us", "Them"}
    assert rows[-1]["total"] == "54"


@pytest.mark.parametrize("name", ["records:match_json", "records:match_csv", "records:chart"])
def test_a_match_export_of_someone_else_or_nobody_is_not_found(owner, other_visitor, visitor, name):
    match = build(owner, CABO_FR)
    assert other_visitor.get(reverse(name, args=[match.pk])).status_code == 404
    assert visitor.get(reverse(name, args=[match.pk + 100])).status_code == 404
    assert visitor.post(reverse(name, args=[match.pk])).status_code == 405


def test_the_history_exports_refuse_post(visitor):
    assert visitor.post(reverse("records:export_json")).status_code == 405
    assert visitor.post(reverse("records:export_csv")).status_code == 405


def test_a_thousand_matches_stream_out_in_chunks(owner, visitor, django_assert_max_num_queries):
    matches = Match.objects.bulk_create(
        Match(
            owner=owner,
            game="escoba",
            preset="classic",
            options=state_of(ESCOBA).setup.options,
            players=["You", "Ada"],
            first_dealer="You",
        )
        for _ in range(1000)
    )
    Round.objects.bulk_create(
        Round(match=match, number=n, data=ESCOBA["rounds"][0]) for match in matches for n in (1, 2)
    )
    with django_assert_max_num_queries(20):
        documents = export_all(visitor)
    assert len(documents) == 1000
    assert documents[0]["totals"] == {"You": 8, "Ada": 4}


# Import ---------------------------------------------------------------------------


def test_export_then_import_gives_the_same_matches(owner, visitor, other_visitor, stranger):
    for spec in ALL:
        build(owner, spec)
    exported = export_all(visitor)
    response = upload(other_visitor, json.dumps(exported).encode())
    assert response.status_code == 302
    imported = export_all(other_visitor)
    assert imported == exported
    copies = Match.objects.filter(owner=stranger).order_by("created", "updated")
    originals = Match.objects.filter(owner=owner).order_by("created", "updated")
    for copy, original in zip(copies, originals, strict=True):
        assert (copy.finished, copy.winners, copy.teams) == (
            original.finished,
            original.winners,
            original.teams,
        )
        assert [r.number for r in copy.active_rounds()] == list(
            range(1, len(copy.active_rounds()) + 1)
        )


def messages_of(client) -> list[str]:
    """What the history page says, as read: the names in it are spans kept whole."""
    messages = client.get(reverse("records:history")).context["messages"]
    return [text_of(str(message)) for message in messages]


def test_a_file_imported_again_adds_only_the_matches_not_held_yet(owner, visitor, stranger):
    """The same backup imported twice, or brought back to the history it came from,
    does not double the history nor its statistics."""
    for spec in ALL:
        build(owner, spec)
    exported = export_all(visitor)
    assert upload(visitor, exported).status_code == 302
    assert Match.objects.filter(owner=owner).count() == len(ALL)
    assert messages_of(visitor) == [
        f"{len(ALL)} matches of the file were already in your history: left out."
    ]
    # Into another history: all of them; once more: none.
    other = client_of(stranger)
    upload(other, exported)
    assert messages_of(other) == [f"{len(ALL)} matches imported."]
    upload(other, [*exported, document_of(ESCOBA, created="2026-11-01T20:00:00Z")])
    assert messages_of(other) == [
        "1 match imported.",
        f"{len(ALL)} matches of the file were already in your history: left out.",
    ]
    assert Match.objects.filter(owner=stranger).count() == len(ALL) + 1


def test_a_match_held_changed_since_is_left_out_and_said_so(owner, visitor):
    """An export taken earlier (or later) of a match played on is that match: imported
    again it would count twice in the statistics (QA19). Another date, or the match
    deleted from the history, is another match."""
    document = document_of(CABO_FR, created="2026-11-01T20:00:00Z")
    upload(visitor, document)
    messages_of(visitor)
    shorter = document_of(CABO_FR, created="2026-11-01T20:00:00Z", rounds=CABO_FR["rounds"][:1])
    later = document_of(CABO_FR, created="2026-11-01T20:00:01Z")
    upload(visitor, [shorter, later])
    assert Match.objects.filter(owner=owner).count() == 2
    assert messages_of(visitor) == [
        "1 match imported.",
        further_on("Cabo with Ana, Ben (1 Nov 2026)"),
    ]
    held = Match.objects.get(owner=owner, created=datetime(2026, 11, 1, 20, tzinfo=UTC))
    assert held.round_count == len(CABO_FR["rounds"])
    held.deleted_at = datetime(2026, 11, 2, tzinfo=UTC)
    held.save()
    upload(visitor, shorter)
    taken = Match.objects.get(owner=owner, deleted_at__isnull=True, created=held.created)
    assert taken.round_count == 1


def test_only_a_match_held_short_of_the_files_rounds_or_otherwise_asks_for_a_deletion(
    owner, visitor
):
    """QA: an export taken before the last rounds was said to be "in your history, but not
    as the file has it ... To take the file's, delete yours": a scorer following it lost
    the rounds played since. That advice is for a history short of the file's rounds, or
    holding a round otherwise; a history further on than the file needs nothing."""
    full = document_of(CABO_FR, created="2026-11-01T20:00:00Z")
    first = CABO_FR["rounds"][:1]
    upload(visitor, document_of(CABO_FR, created="2026-11-01T20:00:00Z", rounds=first))
    messages_of(visitor)
    upload(visitor, full)
    assert messages_of(visitor) == [changed_since("Cabo with Ana, Ben (1 Nov 2026)")]
    corrected = json.loads(json.dumps(first))
    corrected[0]["hands"]["Ben"] += 1
    upload(visitor, document_of(CABO_FR, created="2026-11-01T20:00:00Z", rounds=corrected))
    assert messages_of(visitor) == [changed_since("Cabo with Ana, Ben (1 Nov 2026)")]
    assert Match.objects.get(owner=owner).round_count == 1


def test_each_match_held_changed_since_is_named_as_the_history_lists_it(owner, visitor):
    """QA44: "2 matches of the file are in your history, but not as the file has them"
    said not which: the scorer could not tell which to delete to take the file's."""
    cabo = document_of(CABO_FR, created="2026-11-01T20:00:00Z")
    escoba = document_of(ESCOBA, created="2026-11-03T22:30:00Z")  # 23:30 in Brussels
    upload(visitor, [cabo, escoba])
    messages_of(visitor)
    earlier = [
        document_of(CABO_FR, created="2026-11-01T20:00:00Z", rounds=CABO_FR["rounds"][:1]),
        document_of(ESCOBA, created="2026-11-03T22:30:00Z", rounds=ESCOBA["rounds"][:2]),
    ]
    upload(visitor, earlier)
    assert messages_of(visitor) == [
        further_on("Cabo with Ana, Ben (1 Nov 2026)", "Escoba with You, Ada (3 Nov 2026)")
    ]
    visitor.cookies["django_language"] = "fr"  # the day as a French history lists it
    upload(visitor, earlier)
    said = messages_of(visitor)[0]
    assert "(1 novembre 2026)" in said and "(3 novembre 2026)" in said
    assert Match.objects.filter(owner=owner).count() == 2


def test_a_match_held_changed_since_is_named_with_each_player_whole_and_escaped(visitor):
    """QA48: "Cabo with Anne-" / "Sophie" on a narrow phone. Each name of the matches
    said is kept whole on a line, and escaped: a file says what anyone typed."""
    renamed = json.dumps(CABO_FR).replace('"Ana"', '"<b>Ana</b>"').replace('"Ben"', '"Anne-Sophie"')
    spec = json.loads(renamed)
    upload(visitor, document_of(spec, created="2026-11-01T20:00:00Z"))
    messages_of(visitor)
    upload(visitor, document_of(spec, created="2026-11-01T20:00:00Z", rounds=spec["rounds"][:1]))
    page = visitor.get(reverse("records:history")).content.decode()
    ana = '<span class="name-whole">&lt;b&gt;Ana&lt;/b&gt;</span>'
    anne = '<span class="name-whole">Anne-Sophie</span>'
    assert f"with rounds played since: Cabo with {ana}, {anne} (1 Nov 2026)." in page
    assert "<b>Ana" not in page


def test_many_matches_held_changed_since_name_the_first_ten(owner, visitor):
    created = [f"2026-11-{day:02}T20:00:00Z" for day in range(1, 13)]
    short = ESCOBA["rounds"][:1]
    upload(visitor, [document_of(ESCOBA, created=moment, rounds=short) for moment in created])
    messages_of(visitor)
    # The file has rounds the history lacks: the history's copies are the ones to delete.
    upload(visitor, [document_of(ESCOBA, created=moment) for moment in created])
    named = "; ".join(f"Escoba with You, Ada ({day} Nov 2026)" for day in range(1, 11))
    assert messages_of(visitor) == [
        f"12 matches of the file are in your history, but not as the file has them: {named}"
        " and 2 more. Left out, yours are kept. To take the file’s, delete yours, then"
        " import the file again."
    ]


def test_a_match_twice_in_one_file_is_imported_once_as_if_already_held(owner, visitor):
    """QA39: a file holding the same match twice imported both copies, so that match
    counted twice in the statistics; a copy met earlier in the file is held already."""
    document = document_of(CABO_FR, created="2026-11-01T20:00:00Z")
    upload(visitor, [document, document])
    assert Match.objects.filter(owner=owner).count() == 1
    assert messages_of(visitor) == [
        "1 match imported.",
        "1 match of the file was already in your history: left out.",
    ]
    # Two exports of it at different stages: the first of the file is kept, as the
    # history's would be.
    other = document_of(ESCOBA, created="2026-11-02T20:00:00Z")
    shorter = document_of(ESCOBA, created="2026-11-02T20:00:00Z", rounds=ESCOBA["rounds"][:1])
    upload(visitor, [other, shorter])
    # Named as the file's first copy is, imported and listed.
    said = further_on("Escoba with You, Ada (2 Nov 2026)")
    assert messages_of(visitor) == ["1 match imported.", said]
    kept = Match.objects.get(owner=owner, game="escoba")
    assert kept.round_count == len(ESCOBA["rounds"])


def test_the_command_imports_a_match_twice_in_its_file_once(owner, tmp_path):
    document = document_of(CABO_FR, created="2026-11-01T20:00:00Z")
    file = tmp_path / "twice.json"
    file.write_text(json.dumps([document, document]))
    out, err = io.StringIO(), io.StringIO()
    call_command("import_matches", str(file), stdout=out, stderr=err)
    assert len(out.getvalue().split()) == 1
    assert "1 of the file's matches already there" in err.getvalue()


def test_undoing_a_deletion_after_a_file_brought_the_match_back_keeps_it_once(owner, visitor):
    """QA: a match deleted, then brought back by importing its file, then "Undo" on the
    home page: it was in the history twice."""
    match = build(owner, CABO_FR)
    exported = export_all(visitor)
    visitor.post(reverse("matches:delete", args=[match.pk]))
    upload(visitor, exported)
    assert messages_of(visitor) == ["1 match imported."]
    copy = Match.objects.get(owner=owner, deleted_at__isnull=True)
    response = visitor.post(reverse("matches:restore_match", args=[match.pk]))
    assert response["Location"] == reverse("matches:match", args=[copy.pk])
    assert messages_of(visitor) == [
        "This match is back already, from a match file: here it is. It was not restored twice."
    ]
    assert list(Match.objects.filter(owner=owner, deleted_at__isnull=True)) == [copy]
    # Another match, deleted, comes back as ever.
    other = build(owner, ESCOBA)
    visitor.post(reverse("matches:delete", args=[other.pk]))
    visitor.post(reverse("matches:restore_match", args=[other.pk]))
    assert messages_of(visitor)[-1] == "Match restored."
    assert Match.objects.filter(owner=owner, deleted_at__isnull=True).count() == 2


def test_a_deletion_undone_by_a_match_file_is_no_longer_offered_for_undo(owner, visitor):
    """QA28: Back to the home page of the deletion, after the match file brought the
    match back, still offered "Undo" beside the match already listed again."""
    match = build(owner, ESCOBA_TEAMS)  # in progress
    exported = export_all(visitor)
    visitor.post(reverse("matches:delete", args=[match.pk]))
    home = f"{reverse('home')}?deleted={match.pk}"
    assert "Match deleted" in visitor.get(home).content.decode()
    upload(visitor, exported)
    copy = Match.objects.get(owner=owner, deleted_at__isnull=True)
    content = visitor.get(home).content.decode()
    assert "Match deleted" in content  # what was done is still said, without its undo
    assert NOTHING_TO_UNDO in content
    assert reverse("matches:restore_match", args=[match.pk]) not in content
    assert reverse("matches:match", args=[copy.pk]) in content  # listed to continue
    # The copy deleted in turn: the first deletion may be undone again.
    visitor.post(reverse("matches:delete", args=[copy.pk]))
    assert reverse("matches:restore_match", args=[match.pk]) in visitor.get(home).content.decode()


NOTHING_TO_UNDO = "The same match is still in your history: nothing to undo."


def test_deleting_one_of_twin_matches_says_so_without_an_undo(owner, visitor):
    """QA39: one of two copies of a match (imported twice before QA39) deleted: the home
    page said nothing at all; only its undo, which would list the match twice, is not
    offered."""
    first, second = build(owner, CABO_FR), build(owner, CABO_FR)
    Match.objects.filter(pk=second.pk).update(created=first.created)
    response = visitor.post(reverse("matches:delete", args=[second.pk]), follow=True)
    content = response.content.decode()
    assert response.redirect_chain[-1][0] == f"{reverse('home')}?deleted={second.pk}"
    assert "Match deleted: Cabo with Ana and Ben." in text_of(content)
    assert NOTHING_TO_UNDO in content
    assert reverse("matches:restore_match", args=[second.pk]) not in content
    # The other deleted too: nothing is back, its undo is offered.
    visitor.post(reverse("matches:delete", args=[first.pk]))
    content = visitor.get(f"{reverse('home')}?deleted={first.pk}").content.decode()
    assert reverse("matches:restore_match", args=[first.pk]) in content
    assert NOTHING_TO_UNDO not in content


def further_on(*matches: str) -> str:
    """What the history page says of the matches of a file it holds with every round of
    the file and rounds played since."""
    if len(matches) == 1:
        return (
            f"1 match of the file is in your history with rounds played since: {matches[0]}."
            " Left out: your history holds every round of the file, and more."
        )
    return (
        f"{len(matches)} matches of the file are in your history with rounds played since:"
        f" {'; '.join(matches)}. Left out: your history holds every round of the file, and"
        " more."
    )


def changed_since(*matches: str) -> str:
    """What the history page says of the matches of a file it holds otherwise, each named."""
    if len(matches) == 1:
        return (
            f"1 match of the file is in your history, but not as the file has it: {matches[0]}."
            " Left out, yours is kept. To take the file’s, delete yours, then import the file"
            " again."
        )
    return (
        f"{len(matches)} matches of the file are in your history, but not as the file has"
        f" them: {'; '.join(matches)}. Left out, yours are kept. To take the file’s, delete"
        " yours, then import the file again."
    )


def test_a_match_held_with_its_players_renamed_or_another_first_dealer_is_that_match(
    owner, visitor
):
    """QA20: "Correct names / dealer" after the export made the old file a new match."""
    document = document_of(CABO_FR, created="2026-11-01T20:00:00Z")
    upload(visitor, document)
    match = Match.objects.get(owner=owner)
    players = list(match.players)
    services.correct_players(match, ["Anna", *players[1:]], players[1], owner=owner)
    messages_of(visitor)
    upload(visitor, document)
    assert Match.objects.filter(owner=owner).count() == 1
    # Named as the history lists it, with the new name: the one to delete for the file's.
    assert messages_of(visitor) == [changed_since("Cabo with Anna, Ben (1 Nov 2026)")]
    # A match of the same game and date with another number of players is another match.
    three = document_of(CABO_FR, created="2026-11-01T20:00:00Z", players=[*players, "Zed"])
    three["rounds"] = []
    upload(visitor, three)
    assert Match.objects.filter(owner=owner).count() == 2


def test_an_import_ignores_the_computed_fields_and_says_so(owner, visitor):
    """QA: a total edited by hand in the file was imported without a word."""
    document = document_of(
        CABO_FR,
        created="2026-11-01T20:00:00Z",
        totals={"Ana": 999, "Ben": 0},
        winners=["Ben"],
        finished=False,
    )
    assert upload(visitor, document).status_code == 302
    match = Match.objects.get(owner=owner)
    assert match.finished and match.winners == ["Ana"]
    assert messages_of(visitor) == [
        "1 match imported.",
        "The file wrote results for 1 match other than its rounds give: Cabo with Ana, Ben"
        " (1 Nov 2026). It was imported with the results its rounds give.",
    ]


def test_a_file_as_exported_is_imported_without_a_word_on_its_results(owner, visitor, stranger):
    for spec in ALL:
        build(owner, spec)
    exported = export_all(visitor)
    other = client_of(stranger)
    upload(other, exported)
    assert messages_of(other) == [f"{len(ALL)} matches imported."]
    # One total edited, in another history: that match only is named.
    exported[0]["totals"] = {side: total + 1 for side, total in exported[0]["totals"].items()}
    upload(visitor, exported)
    said = messages_of(visitor)
    assert said[0] == f"{len(ALL)} matches of the file were already in your history: left out."
    assert len(said) == 1  # the edited one is held: nothing imported, nothing recomputed


def test_an_import_takes_defaults_for_preset_options_dealer_and_date(visitor):
    document = {
        "format": exchange.FORMAT,
        "game": "cabanga",
        "players": ["A", "B", "C"],
        "rounds": [],
    }
    assert upload(visitor, document).status_code == 302
    match = Match.objects.get()
    assert (match.preset, match.first_dealer, match.options["threshold"]) == ("classic", "A", 18)


def test_a_first_visitor_gets_an_owner_for_the_imported_matches(client):
    assert upload(client, document_of(ESCOBA)).status_code == 302
    assert len(export_all(client)) == 1


# Files that once ended in a 500 (and a traceback from `import_matches`).
FILES_THAT_CRASHED = [
    (
        json.dumps(document_of(CABO_FR, game=[])).encode(),
        "Match 1 (Ana, Ben): unknown game []",
    ),
    (
        json.dumps(document_of(CABO_FR, game={})).encode(),
        "Match 1 (Ana, Ben): unknown game {}",
    ),
    (
        json.dumps(document_of(CABO_FR, created="0001-01-01T00:00:00+05:00")).encode(),
        "Match 1 (Ana, Ben): created must fall between the year 1900 and today"
        " (in the file: created)",
    ),
    (
        json.dumps(document_of(CABO_FR, created="9999-12-31T23:59:59-05:00")).encode(),
        "Match 1 (Ana, Ben): created must fall between the year 1900 and today"
        " (in the file: created)",
    ),
    (
        b"[" * 100_000,
        "The file is not a valid match file: its lists or objects nest too deeply.",
    ),
    (
        b"[" + b"7" * 5000 + b"]",
        "The file is not a valid match file: it holds a number too long to read.",
    ),
    (
        json.dumps(document_of(CABO_FR, players=["A\u0000na", "Ben"], first_dealer="Ben")).encode(),
        "Match 1: a name cannot hold control characters (in the file: players)",
    ),
    (
        json.dumps(
            document_of(
                ESCOBA_TEAMS,
                teams=[
                    {"name": "Us\u001b", "players": ["Ana", "Chloé"]},
                    {"name": "Them", "players": ["Ben", "Dan"]},
                ],
            )
        ).encode(),
        "Match 1 (Ana, Ben, Chloé, Dan): a name cannot hold control characters"
        " (in the file: teams.1)",
    ),
    (
        json.dumps(document_of(CABANGA_SHARED, rounds=[{"hands": {}}] * 1001)).encode(),
        "Match 1 (A, B, C, D): a match has at most 1000 rounds; this one has 1001"
        " (in the file: rounds)",
    ),
]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "The file is not valid JSON (line 1, column 2)."),
        (
            b"match,game,created,status,round,tiebreak,side,points,total,won\r\n",
            "This is a CSV export, made for spreadsheets: only a JSON export can be imported.",
        ),
        (  # as exported before the status and won columns
            b"match,game,created,round,tiebreak,side,points,total\r\n",
            "This is a CSV export, made for spreadsheets: only a JSON export can be imported.",
        ),
        (b"\xff\xfe", "The file is not UTF-8 text."),
        (b"42", "The file must hold one match or a list of matches."),
        (b"[]", "The file holds no match."),
        (
            b'{"format": "nope"}',
            "This is not a Scorepad match file. Export one from a match&#x27;s page or from"
            " the history, then import that file.",
        ),
        (
            b'[{"name": "a settings file"}, 3]',
            "This is not a Scorepad match file. Export one from a match&#x27;s page or from"
            " the history, then import that file.",
        ),
        (
            json.dumps(document_of(CABO_FR, format="scorepad.match/0")).encode(),
            # QA39: one kind of quotes, the reader's, not "…" beside ‘…’ in a translation.
            "Match 1 (Ana, Ben): format must be “scorepad.match/1”; got “scorepad.match/0”",
        ),
        (
            # QA: a newer app's file is no fault of the player's to mend.
            json.dumps(document_of(CABO_FR, format="scorepad.match/9")).encode(),
            "Match 1 (Ana, Ben): this file was written by a newer version of Scorepad (format"
            " “scorepad.match/9”), which this one cannot read yet: it reads “scorepad.match/1”",
        ),
        (
            json.dumps(document_of(CABO_FR, format=1)).encode(),
            "Match 1 (Ana, Ben): format must be “scorepad.match/1”; got 1",
        ),
        (
            json.dumps({k: v for k, v in document_of(CABO_FR).items() if k != "format"}).encode(),
            "Match 1 (Ana, Ben): format is missing; each match of a match file gives "
            "“scorepad.match/1”",
        ),
        (
            json.dumps(document_of(CABO_FR, game="poker")).encode(),
            "Match 1 (Ana, Ben): unknown game “poker”",
        ),
        (
            json.dumps(document_of(CABO_FR, preset="us")).encode(),
            "Match 1 (Ana, Ben): unknown preset us (in the file: preset)",
        ),
        (
            json.dumps(document_of(CABO_FR, options={"colour": 1})).encode(),
            "Match 1 (Ana, Ben): unknown option colour (in the file: options.colour)",
        ),
        (
            json.dumps(document_of(CABO_FR, options={"target": 5})).encode(),
            "(in the file: options.target)",
        ),
        (
            json.dumps(document_of(CABO_FR, players=["Ana", "Ana"])).encode(),
            "Match 1 (Ana, Ana): Ana appears twice (in the file: players)",
        ),
        (
            json.dumps(document_of(CABO_FR, players="Ana")).encode(),
            "Match 1: players must be a list of names (in the file: players)",
        ),
        (
            json.dumps(
                document_of(CABO_FR, teams=[{"name": "Us", "players": ["Ana", "Ben"]}])
            ).encode(),
            "Match 1 (Ana, Ben): this game is not played in teams (in the file: teams)",
        ),
        (
            json.dumps(document_of(CABO_FR, colour="red")).encode(),
            "Match 1 (Ana, Ben): unknown field (in the file: colour)",
        ),
        (
            json.dumps(document_of(CABO_FR, created="yesterday")).encode(),
            "(in the file: created)",
        ),
        *FILES_THAT_CRASHED,
    ],
)
def test_a_bad_file_is_refused_with_a_message_next_to_the_field(owner, visitor, content, message):
    response = upload(visitor, content)
    assert response.status_code == 422
    html = response.content.decode()
    assert message in html
    assert 'id="import-errors"' in html
    assert Match.objects.count() == 0


@pytest.mark.parametrize(
    ("content", "line", "column"),
    [
        (b"not json", 1, 1),
        (b'{"format": "scorepad.match/1",}', 1, 30),
        (b'[\n  {"players": ["Ana" "Ben"]}\n]', 2, 22),
        (b'{"game": "cabo', 1, 10),
        (b"[1] 2", 1, 5),
    ],
)
def test_a_file_that_is_not_json_is_told_where_in_the_visitors_words_only(content, line, column):
    """Python's parser explains in English ("Expecting value"): only the place is shown."""
    where = {"line": line, "column": column}
    with translation.override("nl"):
        with pytest.raises(exchange.ImportRefused) as refused:
            exchange.read_documents(content)
        wording = translation.gettext(
            "The file is not valid JSON (line %(line)s, column %(column)s)."
        )
    assert refused.value.faults == [wording % where]


@pytest.mark.parametrize(
    "created",
    ["0001-01-01T00:00:00Z", "1899-12-31T23:59:59Z", "9999-12-31T23:59:59Z", "tomorrow"],
)
def test_a_match_dated_before_1900_or_in_the_future_is_refused(visitor, created):
    """Year 1 broke every page showing the match west of UTC (and 9999 east of it),
    another account's too; a match from the future is a broken file."""
    if created == "tomorrow":
        created = exchange.timestamp(timezone.now() + timedelta(days=1, minutes=5))
    response = upload(visitor, document_of(CABO_FR, created=created))
    assert response.status_code == 422
    assert (
        "Match 1 (Ana, Ben): created must fall between the year 1900 and today"
        " (in the file: created)" in response.content.decode()
    )
    assert not Match.objects.exists()


def test_a_match_of_1900_or_of_a_phone_a_little_ahead_is_imported_as_it_was(visitor):
    early = document_of(CABO_FR, created="1900-01-01T05:00:00+05:00")
    ahead = exchange.timestamp(timezone.now() + timedelta(hours=20))
    late = document_of(CABO_FR, created=ahead)
    assert upload(visitor, [early, late]).status_code == 302
    created = [document["created"] for document in export_all(visitor)]
    assert created == ["1900-01-01T00:00:00Z", ahead]


def test_a_thousand_rounds_are_still_imported(visitor):
    document = document_of(
        CABANGA_SHARED,
        rounds=[{"hands": {"A": 0, "B": 0, "C": 0, "D": 0}}] * MAX_ROUNDS_PER_MATCH,
    )
    assert upload(visitor, document).status_code == 302
    assert Round.objects.count() == MAX_ROUNDS_PER_MATCH


def test_an_invalid_round_names_the_match_the_round_and_the_field(visitor):
    good = document_of(ESCOBA)
    deal = json.loads(json.dumps(ESCOBA["rounds"][0]))
    deal["sides"]["You"]["cards"] = 22
    deal["sides"]["Ada"]["oros"] = -1
    bad = document_of(
        CABANGA_SHARED,
        rounds=[*CABANGA_SHARED["rounds"][:2], {"hands": {"A": 1, "B": 2, "C": 3, "D": 4}}],
    )
    wrong_deal = document_of(ESCOBA, rounds=[ESCOBA["rounds"][0], deal])
    html = upload(visitor, [good, bad, wrong_deal]).content.decode()
    assert (
        "Match 2 (A, B, C, D), round 3: at least one player must have no card left"
        " (in the file: hands)" in html
    )
    assert (
        "Match 3 (You, Ada), deal 2: oros must be a whole number, 0 or more"
        " (in the file: sides.Ada.oros)" in html
    )
    assert Match.objects.count() == 0


def bad_deal(**counts) -> dict:
    """Deal 1 of ESCOBA with some of the counts of "You" changed."""
    deal = json.loads(json.dumps(ESCOBA["rounds"][0]))
    deal["sides"]["You"].update(counts)
    return deal


SUM_FAULTS = [
    (
        document_of(ESCOBA, rounds=[*ESCOBA["rounds"][:2], bad_deal(cards=22)]),
        {
            "en": "Match 1 (You, Ada), deal 3: cards must total 40; got 41",
            "fr": "Partie 1 (You, Ada), donne 3\u00a0: les cartes doivent totaliser 40\u00a0;"
            " total saisi\u00a0: 41",
            "nl": "Potje 1 (You, Ada), ronde 3: de kaarten moeten samen 40 zijn; nu 41",
        },
    ),
    (
        document_of(ESCOBA, rounds=[ESCOBA["rounds"][0], bad_deal(velo=False)]),
        {
            "en": "Match 1 (You, Ada), deal 2: exactly one side must hold the velo",
            "fr": "Partie 1 (You, Ada), donne 2\u00a0:",
            "nl": "Potje 1 (You, Ada), ronde 2:",
        },
    ),
    (
        document_of(
            CABANGA_SHARED,
            rounds=[*CABANGA_SHARED["rounds"][:2], {"hands": {"A": 1, "B": 2, "C": 3, "D": 4}}],
        ),
        {
            "en": "Match 1 (A, B, C, D), round 3: at least one player must have no card left",
            # QA: "ne doit plus avoir de carte" read stiffly; the form's "main vidée".
            "fr": "Partie 1 (A, B, C, D), manche 3\u00a0: au moins un joueur doit avoir vidé"
            " sa main",
            "nl": "Potje 1 (A, B, C, D), ronde 3:",
        },
    ),
    (
        document_of(
            CABO_FR,
            rounds=[
                CABO_FR["rounds"][0],
                {"caller": "Ana", "hands": {"Ana": ["KS", "2H"], "Ben": ["KS", "3D"]}},
            ],
        ),
        {
            "en": "Match 1 (Ana, Ben), round 2: KS appears more than once in this round",
            "fr": "Partie 1 (Ana, Ben), manche 2\u00a0:",
            "nl": "Potje 1 (Ana, Ben), ronde 2:",
        },
    ),
]


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
@pytest.mark.parametrize(("document", "said"), SUM_FAULTS)
def test_a_round_that_does_not_add_up_is_named_by_its_number_in_the_visitors_language(
    visitor, document, said, language
):
    """QA22: a sum fault names the match and the round as a player says them ("round
    3"), not by a key or an index of the file."""
    response = visitor.post(
        IMPORT,
        {"file": SimpleUploadedFile("m.json", json.dumps([document]).encode())},
        headers={"accept-language": language},
    )
    assert response.status_code == 422
    faults = response.context["import_form"].errors["file"]
    assert len(faults) == 1
    assert faults[0].startswith(said[language])
    assert "rounds[" not in faults[0] and "index" not in faults[0]
    assert Match.objects.count() == 0


@pytest.mark.parametrize(
    ("changes", "setup_fault"),
    [
        ({"players": ["Ana"]}, "Match 1 (Ana): "),
        ({"options": {"values": "es"}}, "Match 1 (Ana, Ben): "),
        ({"options": "fr"}, "Match 1 (Ana, Ben): options must be a JSON object"),
        ({"game": "poker"}, "Match 1 (Ana, Ben): unknown game"),
    ],
)
def test_a_set_up_fault_says_the_rounds_are_not_checked_yet(visitor, changes, setup_fault):
    """QA: a match refused for its set-up showed only that; once it was mended, its
    rounds' faults came as a second surprise. Rounds read with wrong players or rules
    cannot be checked, so the person is told they were not."""
    rounds = [{"caller": "Ana", "hands": {"Ana": 1, "Ben": 2, "Zoé": 3}}]
    document = document_of(CABO_FR, rounds=rounds, **changes)
    faults = upload(visitor, document).context["import_form"].errors["file"]
    assert faults[0].startswith(setup_fault)
    assert faults[-1] == (
        f"{faults[-1].split(':')[0]}: its rounds are checked once the faults above are"
        " mended; more faults may show then."
    )
    assert not any("Zoé" in fault for fault in faults)
    mended = document_of(CABO_FR, rounds=rounds)
    faults = upload(visitor, mended).context["import_form"].errors["file"]
    assert faults == ["Match 1 (Ana, Ben), round 1: unknown player Zoé (in the file: hands)"]


def test_a_newer_apps_file_is_said_so_alone(visitor):
    """QA: a file of a later format was refused as "format must be …/1", its rounds
    "checked once the faults above are mended": nothing a player can mend."""
    rounds = [{"caller": "Ana", "hands": {"Ana": 1, "Ben": 2}}]
    document = document_of(CABO_FR, rounds=rounds, format="scorepad.match/2")
    faults = upload(visitor, document).context["import_form"].errors["file"]
    assert faults == [
        "Match 1 (Ana, Ben): this file was written by a newer version of Scorepad (format"
        " “scorepad.match/2”), which this one cannot read yet: it reads “scorepad.match/1”"
    ]
    for tag in ("scorepad.match/1.5", "scorepad.match/²", "scorepad.match/x"):
        document = document_of(CABO_FR, rounds=rounds, format=tag)
        faults = upload(visitor, document).context["import_form"].errors["file"]
        assert faults[0].startswith("Match 1 (Ana, Ben): format must be")


def test_a_set_up_fault_of_an_escoba_match_speaks_of_its_deals(visitor):
    document = document_of(ESCOBA, options={"target": 1000})
    faults = upload(visitor, document).context["import_form"].errors["file"]
    assert faults[-1] == (
        "Match 1 (You, Ada): its deals are checked once the faults above are mended;"
        " more faults may show then."
    )


def test_a_match_without_rounds_or_with_other_faults_only_is_not_said_unchecked(visitor):
    no_rounds = document_of(CABO_FR, players=["Ana"], rounds=[])
    unknown_field = document_of(CABO_FR, colour="red")
    faults = upload(visitor, [no_rounds, unknown_field]).context["import_form"].errors["file"]
    assert not any("checked" in fault for fault in faults)
    assert faults[-1] == "Match 2 (Ana, Ben): unknown field (in the file: colour)"


def test_an_unknown_field_or_a_bad_date_does_not_stop_the_rounds_being_checked(visitor):
    rounds = [{"caller": "Ana", "hands": {"Ana": 1, "Ben": 2, "Zoé": 3}}]
    document = document_of(CABO_FR, rounds=rounds, colour="red", created="yesterday")
    faults = upload(visitor, document).context["import_form"].errors["file"]
    assert faults[0] == "Match 1 (Ana, Ben): unknown field (in the file: colour)"
    assert faults[-1] == "Match 1 (Ana, Ben), round 1: unknown player Zoé (in the file: hands)"


def test_a_round_after_the_end_is_refused(visitor):
    document = document_of(ESCOBA, rounds=ESCOBA["rounds"] * 2)
    html = upload(visitor, document).content.decode()
    assert "Match 1 (You, Ada), deal 7: the match is over" in html
    assert Match.objects.count() == 0


def test_an_unknown_player_in_a_round_is_refused(visitor):
    document = document_of(
        CABO_FR, rounds=[{"caller": "Ana", "hands": {"Ana": 1, "Ben": 2, "Zoé": 3}}]
    )
    html = upload(visitor, document).content.decode()
    assert "Match 1 (Ana, Ben), round 1: unknown player Zoé (in the file: hands)" in html


def test_hand_written_names_are_read_as_the_app_keeps_them_everywhere_in_the_file(owner, visitor):
    """QA44: a name written with a decomposed accent or a trailing space, the same way in
    `players` and in the rounds, was "unknown player Mathéo (hands)" and "Mathéo has no
    hand (hands.Mathéo)": the players were read composed and trimmed, the rounds not."""
    matheo, lieke = "Mathe\u0301o", "Lieke "
    cabo = document_of(
        CABO_FR,
        players=[matheo, lieke],
        first_dealer=lieke,
        rounds=[{"caller": matheo, "hands": {matheo: 2, lieke: 9}}],
        created="2026-11-01T20:00:00Z",
    )
    cabanga = document_of(
        CABANGA_SHARED,
        players=[matheo, lieke, "Ana"],
        first_dealer=matheo,
        rounds=[{"hands": {matheo: 3, lieke: {"1": 2}, "Ana": 0}}],
    )
    escoba = document_of(
        ESCOBA, players=[matheo, lieke], first_dealer=matheo, rounds=[escoba_deal(matheo, lieke)]
    )
    assert upload(visitor, [cabo, cabanga, escoba]).status_code == 302
    assert messages_of(visitor) == ["3 matches imported."]
    for match in Match.objects.filter(owner=owner):
        assert match.players[:2] == ["Mathéo", "Lieke"]
        assert all({"Mathéo", "Lieke"} <= set(result.points) for result in match.state().rounds)
    match = Match.objects.get(owner=owner, game="cabo")
    assert match.first_dealer == "Lieke"
    assert match.state().totals == {"Mathéo": 0, "Lieke": 9}
    # Exported as kept, so the same file, hand-written or exported, is one match.
    assert export_all(visitor)[0]["rounds"] == [
        {"caller": "Mathéo", "hands": {"Mathéo": 2, "Lieke": 9}}
    ]
    upload(visitor, cabo)
    assert messages_of(visitor) == ["1 match of the file was already in your history: left out."]


def test_names_that_are_one_once_kept_are_refused_as_twins(visitor):
    players = document_of(CABO_FR, players=["Ana", "Ana "], rounds=[])
    html = upload(visitor, players).content.decode()
    assert "Match 1 (Ana, Ana ): Ana appears twice (in the file: players)" in html
    hands = document_of(
        CABO_FR, rounds=[{"caller": "Ana", "hands": {"Ana": 1, "Ana ": 3, "Ben": 2}}]
    )
    html = upload(visitor, hands).content.decode()
    assert "Match 1 (Ana, Ben), round 1: Ana appears twice (in the file: hands)" in html
    assert Match.objects.count() == 0


def test_a_files_names_are_read_without_what_shows_nothing(owner, visitor):
    """QA50: a zero-width space set "Anne" apart from "Anne" at one table. In a file, as
    typed on a page, a name is kept without it: the same in `players` and the rounds,
    a twin once kept, and a name of it alone no name."""
    anne = "Anne\u200b"
    kept = document_of(
        CABO_FR,
        players=[anne, "\u2060Ben"],
        first_dealer=anne,
        rounds=[{"caller": anne, "hands": {anne: 2, "Ben\ufeff": 9}}],
    )
    assert upload(visitor, kept).status_code == 302
    match = Match.objects.get(owner=owner)
    assert match.players == ["Anne", "Ben"]
    assert match.first_dealer == "Anne"
    assert match.rounds.get().data == {"caller": "Anne", "hands": {"Anne": 2, "Ben": 9}}
    twins = document_of(CABO_FR, players=["Anne", anne], rounds=[])
    html = upload(visitor, twins).content.decode()
    assert "Anne appears twice (in the file: players)" in html
    nobody = document_of(CABO_FR, players=["\u200b", "Ben"], first_dealer="Ben", rounds=[])
    html = upload(visitor, nobody).content.decode()
    assert "every player needs a name (in the file: players)" in html
    assert Match.objects.count() == 1


def test_a_file_over_two_megabytes_is_refused(visitor):
    padding = b" " * (2 * 1024 * 1024)
    response = upload(visitor, json.dumps(document_of(CABO_FR)).encode() + padding)
    assert response.status_code == 422
    assert "The file is larger than 2 MB." in response.content.decode()
    assert Match.objects.count() == 0


def test_an_import_without_a_file_is_refused(visitor):
    response = visitor.post(IMPORT, {})
    assert response.status_code == 422
    assert "This field is required." in response.content.decode()


@pytest.mark.parametrize("method", ["get", "head"])
def test_the_import_address_opened_again_lands_on_the_history(visitor, method):
    response = getattr(visitor, method)(IMPORT, {"file": "secret.json"})
    assert response.status_code == 302
    assert response["Location"] == reverse("records:history")


def test_a_language_chosen_after_a_refused_import_shows_the_history(visitor):
    """The switcher returns to the address shown only after a GET: after a form sent back
    (here the import's, POST only) to the page the form was sent from. Never a 405."""
    refused = upload(visitor, b"{not json")
    assert 'name="next"' not in refused.content.decode()
    history = reverse("records:history")
    response = visitor.post(
        reverse("set_language"), {"language": "nl"}, headers={"referer": history}, follow=True
    )
    assert response.status_code == 200
    assert response.redirect_chain[-1] == (reverse("records:history"), 302)
    assert '<html lang="nl"' in response.content.decode()
    assert "import-errors" not in response.content.decode()


def test_the_import_refuses_other_methods(visitor):
    assert visitor.put(IMPORT).status_code == 405


def test_a_two_deck_cabo_match_travels_with_its_decks(owner, visitor, other_visitor):
    six = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fay"]
    twice = {"Ana": ["KH", "KH"], "Ben": 5, "Chloé": ["KD", "5S"], "Dan": 6, "Eve": 7, "Fay": 8}
    document = {
        "format": exchange.FORMAT,
        "game": "cabo",
        "preset": "nl",
        "options": {"decks": 2},
        "players": six,
        "rounds": [{"caller": "Ana", "hands": twice}],
    }
    assert upload(visitor, document).status_code == 302
    exported = export_all(visitor)[0]
    assert exported["options"]["decks"] == 2
    assert exported["round_points"][0]["Ana"] == 0
    assert errors(exported, load_schema()) == []
    one_deck = dict(document, options={"decks": 1})
    response = upload(other_visitor, one_deck)
    assert response.status_code == 422
    assert "KH appears more than once in this round" in response.content.decode()
    assert errors(dict(document, options={"decks": 3}), load_schema())


def test_a_fault_of_a_round_is_told_in_the_readers_language(visitor):
    """In words, not the file's keys, but for where to look in the file."""
    visitor.cookies["django_language"] = "fr"
    document = document_of(ESCOBA, rounds=ESCOBA["rounds"] * 2)
    html = upload(visitor, document).content.decode()
    assert "Partie 1 (You, Ada), donne 7\u00a0: la partie est terminée" in html
    document = document_of(
        CABO_FR, rounds=[{"caller": "Ana", "hands": {"Ana": 1, "Ben": 2, "Zoé": 3}}]
    )
    html = upload(visitor, document).content.decode()
    assert "(dans le fichier\u00a0: hands)" in html and "round:" not in html


def test_a_french_fault_elides_de_before_a_name_starting_with_a_vowel(visitor):
    visitor.cookies["django_language"] = "fr"
    rounds = [{"caller": "Ana", "hands": {"Ana": 500, "Ben": 2}}]
    html = upload(visitor, document_of(CABO_FR, rounds=rounds)).content.decode()
    assert "la main d’Ana doit être comprise entre 0 et 200" in html
    assert "de Ana" not in html


def test_the_csv_export_brought_back_to_the_import_is_told_to_take_the_json(owner, visitor):
    build(owner, CABO_FR)
    exported = b"".join(visitor.get(reverse("records:export_csv")).streaming_content)
    response = upload(visitor, exported, name="scorepad.csv")
    assert response.status_code == 422
    assert "only a JSON export can be imported" in response.content.decode()
    assert Match.objects.count() == 1
