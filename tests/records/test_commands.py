from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import transaction

from scorepad.matches.models import Match, Owner

from .conftest import build
from .matches import CABANGA_SHARED, CABO_TIEBREAK, ESCOBA_TEAMS

pytestmark = pytest.mark.django_db


def test_export_writes_every_match_oldest_first_to_stdout(owner, stranger, capsys):
    first = build(owner, CABO_TIEBREAK)
    second = build(stranger, ESCOBA_TEAMS)
    call_command("export_matches")
    documents = json.loads(capsys.readouterr().out)
    assert [d["game"] for d in documents] == [first.game, second.game]


def test_export_of_one_match_writes_one_object_to_a_file(owner, tmp_path):
    match = build(owner, CABANGA_SHARED)
    target = tmp_path / "one.json"
    call_command("export_matches", str(target), "--match", str(match.pk))
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["winners"] == ["B", "C", "D"]


def test_export_of_a_missing_match_fails(db):
    with pytest.raises(CommandError, match="no match with id 5"):
        call_command("export_matches", "--match", "5")


def test_import_prints_the_new_ids_in_order_for_the_owner(owner, tmp_path, capsys):
    build(owner, CABO_TIEBREAK)
    build(owner, ESCOBA_TEAMS)
    call_command("export_matches", str(tmp_path / "all.json"))
    user = get_user_model().objects.create_user("marie")
    call_command("import_matches", str(tmp_path / "all.json"), "--owner", "marie")
    ids = [int(line) for line in capsys.readouterr().out.split()]
    imported = Match.objects.filter(owner__user=user).order_by("created", "updated")
    assert ids == [match.pk for match in imported]
    assert [match.game for match in imported] == ["cabo", "escoba"]
    # Imported again: the matches already there are left out, and said so.
    call_command("import_matches", str(tmp_path / "all.json"), "--owner", "marie")
    printed = capsys.readouterr()
    assert printed.out == "" and "2 of the file's matches already there" in printed.err
    assert Owner.objects.filter(user=user).count() == 1
    assert Match.objects.filter(owner__user=user).count() == 2


def test_import_says_which_match_had_results_other_than_its_rounds_give(owner, tmp_path, capsys):
    build(owner, CABANGA_SHARED)
    build(owner, CABO_TIEBREAK)
    call_command("export_matches", str(tmp_path / "all.json"))
    documents = json.loads((tmp_path / "all.json").read_text(encoding="utf-8"))
    documents[1]["winners"] = ["Nobody"]
    (tmp_path / "all.json").write_text(json.dumps(documents), encoding="utf-8")
    call_command("import_matches", str(tmp_path / "all.json"))
    printed = capsys.readouterr()
    first, second = (int(line) for line in printed.out.split())
    assert printed.err == (
        f"match {second}: the file's results differ from its rounds';"
        " imported with its rounds' results\n"
    )
    original = Match.objects.filter(owner=owner).order_by("created", "updated")[1]
    assert Match.objects.get(pk=second).winners == original.winners != ["Nobody"]
    assert Match.objects.get(pk=first).owner != owner


def test_import_without_owner_makes_a_new_one(owner, tmp_path, capsys):
    build(owner, CABANGA_SHARED)
    call_command("export_matches", str(tmp_path / "all.json"))
    call_command("import_matches", str(tmp_path / "all.json"))
    new_id = int(capsys.readouterr().out)
    assert Match.objects.get(pk=new_id).owner != owner


def test_import_of_a_bad_file_exits_non_zero_and_saves_nothing(owner, tmp_path):
    build(owner, CABANGA_SHARED)
    call_command("export_matches", str(tmp_path / "all.json"))
    documents = json.loads((tmp_path / "all.json").read_text(encoding="utf-8"))
    documents.append(dict(documents[0], game="poker"))
    (tmp_path / "bad.json").write_text(json.dumps(documents), encoding="utf-8")
    with pytest.raises(CommandError, match=r"Match 2 .*unknown game") as refused:
        call_command("import_matches", str(tmp_path / "bad.json"))
    assert "nothing imported" in str(refused.value)
    assert Match.objects.count() == 1


def test_import_for_an_unknown_user_fails_and_saves_nothing(owner, tmp_path):
    build(owner, CABANGA_SHARED)
    call_command("export_matches", str(tmp_path / "all.json"))
    with pytest.raises(CommandError, match="no user named ghost"):
        call_command("import_matches", str(tmp_path / "all.json"), "--owner", "ghost")
    assert Match.objects.count() == 1


def test_import_of_a_missing_file_fails(db, tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_matches", str(tmp_path / "nope.json"))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[" * 100_000, "nest too deeply"),
        (b"[" + b"7" * 5000 + b"]", "a number too long to read"),
        (
            json.dumps({"format": "scorepad.match/1", "game": [], "players": ["A", "B"]}).encode(),
            "Match 1 [(]A, B[)]: unknown game",
        ),
        (
            json.dumps(
                dict(
                    CABANGA_SHARED,
                    format="scorepad.match/1",
                    created="0001-01-01T00:00:00+05:00",
                )
            ).encode(),
            "created must fall between the year 1900 and today \\(in the file: created\\)",
        ),
        (
            json.dumps(
                dict(CABANGA_SHARED, format="scorepad.match/1", players=["A", "B", "C", "D\0"])
            ).encode(),
            "Match 1: a name cannot hold control characters \\(in the file: players\\)",
        ),
    ],
)
def test_import_of_a_file_that_once_crashed_fails_with_a_message(db, tmp_path, content, message):
    (tmp_path / "bad.json").write_bytes(content)
    with pytest.raises(CommandError, match=message):
        call_command("import_matches", str(tmp_path / "bad.json"))
    assert not Match.objects.exists()
    assert not Owner.objects.exists()


def test_import_from_the_shell_prints_the_fault_and_no_traceback(tmp_path):
    (tmp_path / "deep.json").write_bytes(b"[" * 100_000)
    # The process gets a throwaway database of its own, never the developer's or CI's.
    environment = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'throwaway.sqlite3'}")
    finished = subprocess.run(
        [sys.executable, "manage.py", "import_matches", str(tmp_path / "deep.json")],
        cwd=Path(__file__).resolve().parents[2],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert finished.returncode != 0
    assert "nest too deeply" in finished.stderr
    assert "Traceback" not in finished.stderr


def test_import_saves_in_one_transaction_of_its_own(owner, tmp_path, monkeypatch):
    build(owner, CABANGA_SHARED)
    call_command("export_matches", str(tmp_path / "all.json"))
    entered = []
    real_atomic = transaction.atomic

    def counting_atomic(*args, **kwargs):
        caller = sys._getframe(1).f_globals["__name__"]
        if not caller.startswith("django."):  # Django's own bulk statements are not ours
            entered.append(caller)
        return real_atomic(*args, **kwargs)

    monkeypatch.setattr(transaction, "atomic", counting_atomic)
    call_command("import_matches", str(tmp_path / "all.json"))
    assert len(entered) == 1  # save_matches' own, with nothing wrapped around it
