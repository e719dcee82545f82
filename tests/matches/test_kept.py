"""What the engine derived is kept by every service, and equals a replay of the rounds."""

from __future__ import annotations

import importlib
import random
import uuid
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction
from django.urls import reverse

from scorepad.bench.data import history_match
from scorepad.matches import kept, services
from scorepad.matches.models import (
    Match,
    Owner,
    Round,
    Seat,
    plain_insert,
    plain_rows,
    plain_update,
)
from scorepad.records import exchange
from scorepad.rules import get_game
from scorepad.rules.base import Game, LastRounds, Setup, Team
from tests.matches.helpers import round_post
from tests.records.conftest import build, build_match
from tests.records.matches import (
    ALL,
    CABO_FR,
    CABO_RESET,
    CABO_TIEBREAK,
    ESCOBA,
    ESCOBA_TEAMS,
)

pytestmark = pytest.mark.django_db


def assert_kept_is_replayed(match: Match) -> None:
    match = Match.objects.get(pk=match.pk)
    rounds = match.active_rounds()
    state, replayed = match.state(rounds), match.replayed(rounds)
    # The entered round as parsed (`detail`) is not kept: the statistics keep their own.
    assert state == replace(
        replayed, rounds=tuple(replace(r, detail=None) for r in replayed.rounds)
    )
    assert [r.carried for r in state.rounds] == [r.carried for r in replayed.rounds]
    assert (match.finished, match.winners) == (replayed.finished, list(replayed.winners))
    assert match.round_count == len(rounds)
    assert list(match.seats.values("name", "position", "won", "shared", "figures")) == (
        kept.seat_fields(replayed)
    )
    assert not Round.objects.filter(match=match, deleted_at__isnull=False, result__isnull=False)


def test_a_new_match_is_kept_before_any_round(owner):
    match = build_match(owner, "cabo", ["Ana", "Ben"])
    assert match.version == 1
    assert_kept_is_replayed(match)


@pytest.mark.parametrize("spec", ALL, ids=lambda spec: f"{spec['game']}-{spec['preset']}")
def test_every_recorded_round_keeps_the_replayed_state(owner, spec):
    assert_kept_is_replayed(build(owner, spec))


@pytest.mark.parametrize("seed", range(12))
def test_random_matches_keep_what_a_replay_derives_played_or_imported(owner, seed):
    document = history_match(random.Random(seed), datetime(2026, 1, 1, tzinfo=UTC))
    [imported] = exchange.save_matches(owner, exchange.check_documents([document]))
    assert_kept_is_replayed(imported)
    played = build_match(
        owner,
        document["game"],
        document["players"],
        document["rounds"],
        preset=document["preset"],
        options=document["options"],
        teams=document["teams"],
    )
    assert_kept_is_replayed(played)
    assert list(played.seats.values_list("figures", flat=True)) == list(
        imported.seats.values_list("figures", flat=True)
    )


def test_corrections_deletions_restorations_and_renames_keep_the_replayed_state(owner):
    match = build(owner, CABO_TIEBREAK)
    versions = [match.version]

    def changed() -> None:
        assert_kept_is_replayed(match)
        versions.append(Match.objects.get(pk=match.pk).version)

    first = dict(match.active_rounds()[0].data)
    first["hands"] = dict.fromkeys(first["hands"], 0)
    services.correct_round(match, 1, first, owner=owner)
    changed()
    last = services.delete_last_round(match, number=match.round_count, owner=owner)
    changed()
    services.restore_round(match, last.pk, owner=owner)
    changed()
    services.correct_players(match, ["Zoë", "Yann", "Xavi"], "Yann", owner=owner)
    changed()
    assert list(match.seats.values_list("name", flat=True)) == ["Zoë", "Yann", "Xavi"]
    assert versions == sorted(set(versions))


def test_abandoning_resuming_deleting_and_restoring_a_match_change_its_version(owner):
    match = build_match(
        owner, "cabo", ["Ana", "Ben"], [{"caller": "Ana", "hands": {"Ana": 1, "Ben": 9}}]
    )
    versions = [match.version]
    for change in (
        services.abandon_match,
        services.resume_match,
        services.delete_match,
        services.restore_match,
    ):
        change(match)
        versions.append(Match.objects.get(pk=match.pk).version)
    assert versions == sorted(set(versions))
    assert_kept_is_replayed(match)


def test_a_team_match_keeps_the_teams_figures_for_each_partner(owner):
    match = build(owner, ESCOBA_TEAMS)
    figures = {seat.name: seat.figures for seat in match.seats.all()}
    team = match.teams[0]["players"]
    assert figures[team[0]] == figures[team[1]]
    assert figures[team[0]]["deals"] == match.round_count


def test_the_rebuild_command_puts_back_what_was_changed_behind_the_services_back(owner):
    match = build(owner, ESCOBA_TEAMS)
    other = build(owner, CABO_TIEBREAK)
    Round.objects.filter(match=match).update(result=None)
    Match.objects.filter(pk=match.pk).update(standing=None, round_count=0, finished=False)
    Seat.objects.filter(match=other).delete()
    call_command("rebuild_results")
    assert_kept_is_replayed(match)
    assert_kept_is_replayed(other)
    call_command("rebuild_results", match=match.pk)
    assert_kept_is_replayed(match)
    with pytest.raises(CommandError):
        call_command("rebuild_results", match=1)


def test_reading_a_match_never_replays_it(owner, visitor, monkeypatch):
    match = build(owner, CABO_TIEBREAK)
    abandoned = build_match(owner, "cabo", ["Ana", "Ben"])
    services.abandon_match(abandoned)

    def no_replay(*args, **kwargs):
        raise AssertionError("a page replayed a match")

    urls = (
        reverse("matches:match", args=[match.pk]),
        reverse("matches:scoresheet", args=[match.pk]),
        reverse("matches:edit_round", args=[match.pk, 2]),
        reverse("matches:match", args=[abandoned.pk]),
        reverse("records:chart", args=[match.pk]),
        reverse("records:history"),
        reverse("records:players"),
        reverse("records:player", args=["Ana"]),
        reverse("records:match_json", args=[match.pk]),
    )
    monkeypatch.setattr(Game, "score", no_replay)
    for url in urls:
        assert visitor.get(url).status_code == 200, url


def test_a_round_post_plays_the_new_round_after_the_kept_state_without_a_replay(
    owner, visitor, monkeypatch
):
    match = build_match(owner, "cabo", ["Ana", "Ben"])
    url = reverse("matches:add_round", args=[match.pk])
    replays = []
    real_score = Game.score

    def counted(self, *args, **kwargs):
        replays.append(self.key)
        return real_score(self, *args, **kwargs)

    monkeypatch.setattr(Game, "score", counted)
    for number, hands in enumerate(((3, 7), (0, 12), (5, 1)), start=1):
        data = round_post(number, caller="0", hand_0=str(hands[0]), hand_1=str(hands[1]))
        response = visitor.post(url, data, headers={"HX-Request": "true"})
        assert response.status_code == 200
    assert Match.objects.get(pk=match.pk).round_count == 3
    assert replays == []
    monkeypatch.setattr(Game, "score", real_score)
    assert_kept_is_replayed(match)


def test_a_round_recorded_after_a_change_meanwhile_is_played_on_the_replayed_match(owner):
    match = build_match(
        owner, "cabo", ["Ana", "Ben"], [{"caller": "Ana", "hands": {"Ana": 1, "Ben": 9}}]
    )
    seen = Match.objects.get(pk=match.pk)  # as a phone read it, before another changed it
    services.correct_round(match, 1, {"caller": "Ben", "hands": {"Ana": 8, "Ben": 2}}, owner=owner)
    services.record_round(
        seen,
        {"caller": "Ana", "hands": {"Ana": 0, "Ben": 4}},
        number=2,
        entry_key=uuid.uuid4(),
        owner=owner,
        state=seen.state(),
    )
    assert_kept_is_replayed(match)
    # Round 1 as corrected (Ben called: Ana 8, Ben 0), not as the phone saw it.
    assert Match.objects.get(pk=match.pk).state().totals == {"Ana": 8, "Ben": 4}


def test_an_entry_key_used_again_for_another_round_is_a_conflict_and_saves_nothing(owner):
    """Two tabs given one copy of a page, or a page from the history, send the key of a
    round already recorded with another round: refused, never reported as kept."""
    match = build_match(owner, "cabo", ["Ana", "Ben"])
    key = uuid.uuid4()
    round_1 = {"caller": "Ana", "hands": {"Ana": 1, "Ben": 9}}
    services.record_round(match, round_1, number=1, entry_key=key, owner=owner, state=match.state())
    seen = Match.objects.get(pk=match.pk)
    before = (seen.version, Owner.objects.get(pk=owner.pk).version, Round.objects.count())
    round_2 = {"caller": "Ben", "hands": {"Ana": 8, "Ben": 2}}
    with pytest.raises(services.RoundConflict) as refused:
        services.record_round(
            seen, round_2, number=2, entry_key=key, owner=owner, state=seen.state()
        )
    assert not isinstance(refused.value, services.AlreadyRecorded)
    after = Match.objects.get(pk=match.pk)
    assert (after.version, Owner.objects.get(pk=owner.pk).version, Round.objects.count()) == before
    assert_kept_is_replayed(match)


@pytest.mark.parametrize("seed", range(40))
def test_a_round_played_after_the_last_round_alone_derives_what_a_replay_does(seed):
    """The kept state a round POST reads holds only the last rounds (`LastRounds`)."""
    document = history_match(random.Random(seed), datetime(2026, 1, 1, tzinfo=UTC))
    [checked] = exchange.check_documents([document])
    game, setup, entries = get_game(checked.setup.game), checked.setup, checked.rounds
    for played in range(len(entries)):
        whole = game.score(setup, entries[:played])
        last = replace(whole, rounds=LastRounds(played, whole.rounds[-1:]))
        expected = game.play_next(setup, whole, entries[played])
        found = game.play_next(setup, last, entries[played])
        assert replace(found, rounds=()) == replace(expected, rounds=())
        assert len(found.rounds) == len(expected.rounds) == played + 1
        assert found.rounds[-2:] == expected.rounds[-2:]


def test_a_round_post_reads_the_last_rounds_only(owner, visitor, django_assert_max_num_queries):
    rounds = [{"caller": "Ana", "hands": {"Ana": 0, "Ben": 1}}] * 60
    match = build_match(owner, "cabo", ["Ana", "Ben"], rounds, options={"target": 900})
    url = reverse("matches:add_round", args=[match.pk])
    data = round_post(61, caller="0", hand_0="0", hand_1="1")
    response = visitor.post(url, data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "Enter round 62" in response.content.decode()
    assert_kept_is_replayed(match)


@pytest.mark.parametrize("change", ["add", "delete"])
def test_a_round_sent_from_a_match_read_before_another_phones_change_is_refused(owner, change):
    """The match read, then its rounds read after another phone changed them: the kept
    state is read whole, as it is, and the round is refused as already recorded."""
    round_1 = {"caller": "Ana", "hands": {"Ana": 1, "Ben": 9}}
    round_2 = {"caller": "Ben", "hands": {"Ana": 8, "Ben": 2}}
    match = build_match(owner, "cabo", ["Ana", "Ben"], [round_1, round_1])
    seen = Match.objects.get(pk=match.pk)  # as the POST read it
    other = Match.objects.get(pk=match.pk)
    if change == "add":
        state = other.kept_state(last=10)
        services.record_round(
            other, round_2, number=3, entry_key=uuid.uuid4(), owner=owner, state=state
        )
    else:
        services.delete_last_round(other, number=2, owner=owner)
    state = seen.kept_state(last=10)  # no longer what `seen` says: read whole
    assert len(state.rounds) == (3 if change == "add" else 1)
    with pytest.raises(services.RoundConflict):  # round 3, from a board showing 2 rounds
        services.record_round(
            seen, round_2, number=3, entry_key=uuid.uuid4(), owner=owner, state=state
        )
    assert_kept_is_replayed(match)
    assert Match.objects.get(pk=match.pk).round_count == (3 if change == "add" else 1)


def test_a_plain_read_gives_each_column_as_its_field_reads_it(owner):
    match = build(owner, CABO_TIEBREAK)
    fields = [Round._meta.get_field("number"), Round._meta.get_field("result")]
    rows = plain_rows(
        "SELECT number, result FROM matches_round WHERE match_id = %s ORDER BY number",
        [match.pk],
        fields,
    )
    assert rows == list(match.rounds.order_by("number").values_list("number", "result"))
    assert isinstance(rows[0][1], dict)


def test_a_plain_insert_writes_each_value_as_save_does(owner):
    match = build(owner, CABO_TIEBREAK)
    key = uuid.uuid4()
    made = Round(match=match, number=99, data={"hands": [1, 2]}, result={"é": [None]})
    made.entry_key = key
    plain_insert([made])
    assert not made._state.adding
    saved = Round.objects.get(pk=made.pk)
    assert (saved.match_id, saved.number, saved.data, saved.result) == (
        match.pk,
        99,
        {"hands": [1, 2]},
        {"é": [None]},
    )
    assert saved.entry_key == key and saved.deleted_at is None
    assert saved.created == made.created is not None  # auto_now_add, set as save() sets it


def test_a_plain_insert_keeps_the_databases_constraints(owner):
    match = build(owner, CABO_TIEBREAK)
    taken = match.rounds.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        plain_insert([Round(match=match, number=50, data={}, entry_key=taken.entry_key)])


def test_a_plain_upsert_updates_the_rows_it_meets_and_inserts_the_others(owner):
    match = build(owner, CABO_TIEBREAK)
    before = list(match.seats.order_by("position").values_list("name", "figures"))
    seats = [
        Seat(match=match, name="Zoé", position=0, won=True, shared=True, figures={"x": 1}),
        Seat(match=match, name="Yan", position=len(before), figures={}),
    ]
    plain_insert(seats, on_conflict=("match", "position"), update=("name", "won", "figures"))
    after = list(match.seats.order_by("position").values_list("name", "won", "shared", "figures"))
    assert after[0] == ("Zoé", True, False, {"x": 1})  # `shared` is not among the updated
    assert [name for name, *_ in after[1:-1]] == [name for name, _ in before[1:]]
    assert after[-1] == ("Yan", False, False, {})


def test_a_plain_update_sets_its_values_where_every_test_holds(owner):
    match = build(owner, CABO_TIEBREAK)
    version = match.version
    assert (
        plain_update(
            Match, {"winners": ["Ana"], "round_count": 7}, {"id": match.pk, "version": version + 1}
        )
        == 0
    )
    assert (
        plain_update(
            Match, {"winners": ["Ana"], "round_count": 7}, {"id": match.pk, "version": version}
        )
        == 1
    )
    match.refresh_from_db()
    assert (match.winners, match.round_count) == (["Ana"], 7)


def test_the_resets_kept_before_the_board_marked_them_are_kept_again(owner):
    from django.apps import apps

    match = build_match(owner, "cabo", ["Ana", "Ben"], CABO_RESET, preset="official")
    untouched = build(owner, CABO_TIEBREAK)
    assert [r.result["adjusted"] for r in match.rounds.order_by("number")] == [[], ["Ben"]]
    for round_ in Round.objects.filter(match=match):  # as kept before the engine said it
        del round_.result["adjusted"]
        round_.save(update_fields=["result"])
    assert match.kept_state(last=1).rounds[-1].adjusted == frozenset()
    version = Match.objects.get(pk=match.pk).version
    migration = importlib.import_module("scorepad.matches.migrations.0010_kept_cabo_resets")
    migration.keep_the_resets(apps, None)
    assert_kept_is_replayed(match)
    assert Match.objects.get(pk=match.pk).kept_state(last=1).rounds[-1].adjusted == {"Ben"}
    assert Match.objects.get(pk=match.pk).version == version + 1  # its kept pages change
    assert Match.objects.get(pk=untouched.pk).version == untouched.version


def test_the_tiebreaks_kept_before_the_standings_counted_them_are_kept_again(owner):
    from django.apps import apps

    match = build(owner, CABO_TIEBREAK)
    untouched = build_match(owner, "cabo", ["Ana", "Ben"], CABO_RESET, preset="official")
    for round_ in Round.objects.filter(match=match):  # as kept before the engine said it
        del round_.result["carried"]["lasted"]
        round_.save(update_fields=["result"])
    Match.objects.filter(pk=match.pk).update(standing={**match.standing, "leaders": ["Chloé"]})
    before = Match.objects.get(pk=match.pk)
    assert not match.rules.tiebreaks_played(before.kept_state(last=1))
    migration = importlib.import_module("scorepad.matches.migrations.0012_kept_cabo_tiebreaks")
    migration.keep_the_tiebreaks(apps, None)
    assert_kept_is_replayed(match)
    after = Match.objects.get(pk=match.pk)
    assert match.rules.tiebreaks_played(after.kept_state(last=1)) == {"Ana": 1, "Ben": 1}
    assert after.standing["leaders"] == list(after.winners)  # its standing kept again too
    assert after.version == before.version + 1  # its kept pages change
    assert Match.objects.get(pk=untouched.pk).version == untouched.version


def test_escoba_seats_kept_before_they_counted_team_deals_count_them(owner):
    from django.apps import apps

    teams, two_handed = build(owner, ESCOBA_TEAMS), build(owner, ESCOBA)
    not_started = build_match(owner, "escoba", ["Ana", "Ben"])
    for seat in Seat.objects.all():  # as kept before the engine counted them
        seat.figures.pop("team_deals", None)
        seat.save(update_fields=["figures"])
    migration = importlib.import_module("scorepad.matches.migrations.0017_kept_escoba_team_deals")
    migration.count_the_team_deals(apps, None)
    for match in (teams, two_handed, not_started):
        assert_kept_is_replayed(match)
    assert {seat.figures["team_deals"] for seat in teams.seats.all()} == {3}


def kept_with_names_typed(owner: Owner, spec: dict, typed: dict[str, str]) -> Match:
    """The match of `spec` as the app kept it before it removed what shows nothing from
    names (QA50): each name of `typed` as typed there, a zero-width space and all."""
    game = get_game(spec["game"])
    named = [typed.get(name, name) for name in spec["players"]]
    teams = tuple(
        Team(typed.get(t["name"], t["name"]), tuple(typed.get(p, p) for p in t["players"]))
        for t in spec.get("teams") or ()
    )
    options = game.resolve_options(spec["preset"], spec["options"])
    setup = Setup(game.key, tuple(named), options, named[0], teams or None)
    match = services.create_match(owner, spec["preset"], setup)
    for number, data in enumerate(spec["rounds"], start=1):
        entry = game.rename_round(data, typed)
        services.record_round(match, entry, number=number, entry_key=uuid.uuid4(), owner=owner)
    return Match.objects.get(pk=match.pk)


def test_the_names_kept_with_what_shows_nothing_are_kept_without_it(owner):
    from django.apps import apps

    typed = {"Ana": "Ana\u200b", "Chloé": "\u2066Chloé\u2069", "Us": "\ufeffUs"}
    match = kept_with_names_typed(owner, ESCOBA_TEAMS, typed)
    services.delete_last_round(match, number=3, owner=owner)  # renamed too, to be restored
    match = Match.objects.get(pk=match.pk)
    assert match.players[0] == "Ana\u200b"
    owner_version = Owner.objects.get(pk=owner.pk).version
    twins = kept_with_names_typed(owner, CABO_FR, {"Ben": "Ana\u200b"})
    nobody = kept_with_names_typed(owner, CABO_FR, {"Ben": "\u200b"})
    untouched = build(owner, CABO_FR)
    migration = importlib.import_module("scorepad.matches.migrations.0014_names_shown_as_kept")
    migration.keep_the_names_shown(apps, None)
    after = Match.objects.get(pk=match.pk)
    assert after.players == ESCOBA_TEAMS["players"]
    assert after.first_dealer == "Ana"
    assert after.teams == ESCOBA_TEAMS["teams"]
    entries = list(Round.objects.filter(match=match).order_by("number"))
    assert [r.data for r in entries] == ESCOBA_TEAMS["rounds"]
    assert entries[-1].deleted_at is not None
    assert_kept_is_replayed(after)
    assert after.version == match.version + 1  # its kept pages change
    assert Owner.objects.get(pk=owner.pk).version > owner_version
    # Journaled as the names corrected are: each round renamed, no points to tell.
    renamed = after.changes.filter(action="edit")
    assert renamed.count() == 3 and not renamed.filter(points__isnull=False).exists()
    services.restore_round(after, entries[-1].pk, owner=owner)
    assert_kept_is_replayed(after)
    # Matches the names so kept would not fit are left for their scorer to correct.
    for left in (twins, nobody, untouched):
        assert Match.objects.get(pk=left.pk).players == left.players
        assert Match.objects.get(pk=left.pk).version == left.version
