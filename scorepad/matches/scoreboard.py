"""What the scoreboard shows, all read off the rules engine's match state."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.html import escape, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext_lazy

from scorepad.core.wording import (
    engine_text,
    later_rounds_text,
    names_whole,
    number_text,
    points_changed_text,
    round_text,
    sentence_html,
    spelling_of,
)
from scorepad.guide.cards import french_card
from scorepad.guide.links import section_url, topic_title
from scorepad.rules import Game
from scorepad.rules.base import MatchState, player_key, points_text
from scorepad.rules.kept import decode

from .forms import RoundForm, UndoCorrectionForm, round_form_class, round_form_for
from .models import JUST_STARTED, Match, Owner, Round, RoundChange, ShareLink, board_of
from .services import is_undo, journaled_since, restorable_now, undoable

RECENT_MATCHES_FOR_NAMES = 50
# A name sharing its first letters, this many or more, with another side's reads alike
# once the standing's narrow column cuts both (`alike_when_cut`).
ALIKE_LETTERS = 4


def alike_when_cut(names: Sequence[str]) -> set[str]:
    """The names that begin as another does, `ALIKE_LETTERS` letters or more, case aside
    ("Marie-Anne" and "Marie-Claire", "Bernard" and "Bernadette"). Cut to what the
    standing's column holds at five or six sides (QA: "Mari…", "Mari…", "Jean-…",
    "Jean-…" at 320 px) they read alike: the standing breaks those anywhere instead, on
    its two lines, so that each shows where it differs."""
    folded = [name.casefold() for name in names]
    return {
        name
        for name, mine in zip(names, folded, strict=True)
        if any(
            other != mine and mine[:ALIKE_LETTERS] == other[:ALIKE_LETTERS]
            for other in folded
            if len(other) >= ALIKE_LETTERS
        )
        and len(mine) >= ALIKE_LETTERS
    }


def fresh_round_form(
    state: MatchState, entry_key: object = None, number: int | None = None, seen: int | None = None
) -> RoundForm:
    """The next round's form, with a fresh one-time key (or `entry_key`, a slot), shown
    with the match at version `seen`."""
    initial = {
        "number": number or len(state.rounds) + 1,
        "entry_key": entry_key or uuid.uuid4(),
        "seen": seen,
    }
    return round_form_for(state, initial=initial)


# A long match shows its last rounds; the earlier ones are one tap away (`?rounds=all`).
RECENT_ROUNDS = 10


def scoreboard_context(
    match: Match,
    *,
    state: MatchState | None = None,
    form: RoundForm | None = None,
    notice: str | None = None,
    status_error: bool = False,
    undo: Round | None = None,
    read_only: bool = False,
    live: ShareLink | None = None,
    all_rounds: bool = False,
    restorable_round: Round | bool | None = False,
    entry_key: object = None,
    last_rows: int | None = None,
    last_change: bool = True,
    before_added: bool = False,
) -> dict:
    """Everything the board's regions show. `live`: the board seen through a shared link,
    which offers nothing of the owner's (read-only for a follower; a co-scorer records
    and corrects rounds only). `restorable_round` is the round undo would bring back
    when the caller knows it (None: none), else it is read; `entry_key` is the fresh
    form's one-time key (a new one by default). `last_rows`: how many of the last rounds'
    rows to make, when the answer shows fewer than the board (a round added: one), so
    that `state` needs only those at hand (`Match.kept_state`). `last_change`: whether
    the last change of the rounds may be one to tell (`last_round_change`); not after a
    round just added, unless `before_added`: the change before that round is told (the
    round came from a board that did not show it)."""
    state = state or match.state()
    sides = list(state.setup.sides)
    alike = alike_when_cut(sides)
    on_the_line_ends = match.rules.ends_on_the_line(state.setup.options)
    count = len(state.rounds)
    on_board = count if all_rounds else min(count, RECENT_ROUNDS)
    made = on_board if last_rows is None else min(on_board, last_rows)
    shown = state.rounds[count - made :]
    # Numbers as text here: a board shows hundreds, and the template's localization of
    # each (no thousands separator for these) costs more than the rest of a row.
    rows = [
        {
            "number": result.number,
            "label": str(result.number),
            "tiebreak": result.tiebreak,
            # (total, points, marked: a rule set the total, `RoundResult.adjusted`)
            "cells": [
                ("", "–", False)
                if result.points.get(side) is None
                else (
                    number_text(result.totals[side]),
                    points_text(result.points[side]),
                    side in result.adjusted,
                )
                for side in sides
            ],
            "adjusted": bool(result.adjusted),
            "why_url": why_url(match, result.number, live),
        }
        for result in shown
    ]
    abandoned = match.abandoned_at is not None
    fresh = form is None and not state.finished and not read_only and not abandoned
    if fresh:  # built only if it is rendered (a kept one may stand in for it)
        form = SimpleLazyObject(lambda: fresh_round_form(state, entry_key, seen=match.version))
    last = state.rounds[-1] if state.rounds else None
    if restorable_round is False:
        restorable_round = None if read_only or live else restorable_now(match, state)
    url_name = "matches:scoresheet" if read_only else "matches:match"
    # An abandoned match's board says so, not the last change of its rounds before (QA:
    # reloaded, it read "Round 11 restored." above "Abandoned").
    told = (
        last_round_change(match, before_added=before_added)
        if last_change
        and notice is None
        and last_rows is None
        and (live or not read_only)
        and not abandoned
        else None
    )
    return {
        "match": match,
        "board_of": board_of(match.pk),
        "game": match.rules,
        "state": state,
        "round_count": len(state.rounds),
        "next_number": len(state.rounds) + 1,
        "sides": [
            {
                "name": side,
                "alike": side in alike,
                "total": number_text(state.totals[side]),
                # Once the match is over the star is the winners' alone (a tiebreak
                # leaves equal totals).
                "leader": side in state.winners
                if state.finished
                else side in state.leaders and bool(state.rounds),
                "winner": side in state.winners,
                "distance": state.distance.get(side) if state.distance else None,
                "over": -state.distance[side] if state.distance and state.distance[side] < 0 else 0,
                # On a line the match ends only by going over, a total on it plays on.
                "on_the_line": bool(state.distance)
                and state.distance[side] == 0
                and not on_the_line_ends,
                # A rule set the total after the last round's points (`RoundResult.adjusted`).
                "adjusted": last is not None and side in last.adjusted,
                "last_points": "–"
                if last is None or last.points.get(side) is None
                else points_text(last.points[side]),
            }
            for side in sides
        ],
        "last_adjusted": last is not None and bool(last.adjusted),
        "standings": final_standings(match.rules, state),
        "rows": rows,
        # The board marks a tiebreak round's number with "*": said under the rounds.
        "tiebreak_shown": any(row["tiebreak"] for row in rows),
        # The same for a total a rule set ("↺", the game's `adjusted_note`).
        "adjusted_shown": any(row["adjusted"] for row in rows),
        "earlier": count - on_board,
        "all_rounds": all_rounds,
        "all_rounds_url": board_url(match, live, url_name) + "?rounds=all",
        "form": form,
        "fresh_form": fresh,
        "notice": notice,
        # Told to every phone showing the board (a notice is the changing phone's own).
        "last_change": change_text(match, sides, told) if told else None,
        # A deletion told after a reload offers its undo beside it, as when it was made.
        "last_change_undo": restorable_round
        if told
        and told[0] == RoundChange.Action.DELETE
        and restorable_round
        and restorable_round.number == told[1]
        and not live
        and not read_only
        else None,
        # A correction that deleted the rounds after it offers to put them all back.
        "undo_correction": undo_correction(match, told, live) if told and not read_only else None,
        "status_error": status_error,
        "undo": undo,
        "read_only": read_only,
        "live": live,
        "abandoned": abandoned,
        "last_round": last,
        "restorable": None if read_only or live else restorable_round,
        "rules_url": section_url(match.game, "", match.preset),
    }


# The last change of a board's rounds that its standing does not show by itself.
CHANGE_TEXTS = {
    RoundChange.Action.EDIT: "corrected",
    RoundChange.Action.DELETE: "deleted",
    RoundChange.Action.RESTORE: "restored",
}


def last_round_change(match: Match, *, before_added: bool = False) -> tuple | None:
    """The last change of the match's rounds that the board tells, if not a round added
    ("Round 2 corrected. Points: Ben 7 → 8.", `change_text`): every phone of the table
    sees it, beside its Undo, until the next round. `before_added`: the change before
    the round just added (by a phone whose board did not show that change yet). As
    journaled:
    (action, the round's number, the points it changed, the round's id, the entry's id,
    whether anything was journaled after it); None for a round added."""
    changes = (
        RoundChange.objects.filter(match_id=match.pk)
        # The players' names corrected are journaled as rounds corrected, without points:
        # not a change of the rounds to tell, nor one that hides the change before it
        # (but one after which it can no longer be undone: `services.undoable`).
        .exclude(action=RoundChange.Action.EDIT, points__isnull=True)
        # Nor one made before the match was abandoned and taken up again.
        .filter(**({"at__gt": match.resumed_at} if match.resumed_at else {}))
        .order_by("-id")
        .values_list("action", "round__number", "points", "round_id", "id", journaled_since())
    )
    last = list(changes[:2])[1:] if before_added else list(changes[:1])
    return last[0] if last and last[0][0] in CHANGE_TEXTS else None


def change_text(match: Match, sides: Sequence[str], change: tuple) -> SafeString:
    """`change` (`last_round_change`) said as the board tells it, as HTML: each player's
    name in it kept whole on a line (QA48)."""
    action, number, points = change[:3]
    points = points or {}
    undone = is_undo(points)  # a correction's Undo (`services.undo_correction`)
    if restored := points.get("restored"):
        first, last = restored
        said = later_rounds_text(match.rules, "undone", number=number, first=first, last=last)
    elif undone:
        said = round_text(match.rules, "undone", number=number)
    else:
        said = round_text(match.rules, CHANGE_TEXTS[action], number=number)
    parts = [said]
    if "before" in points:  # in seat order: the sides' names may have been corrected since
        before, after = (
            {
                side: value
                for side, value in zip(sides, points[when], strict=False)
                if value is not None
            }
            for when in ("before", "after")
        )
        parts.append(points_changed_text(sides, before, after))
    if deleted := points.get("deleted"):
        first, last = deleted
        parts.append(
            later_rounds_text(match.rules, "deleted", number=number, first=first, last=last)
        )
    if points.get("end"):
        parts.append(end_changed_text(**points["end"], undone=undone))
    return format_html_join(" ", "{}", ((part,) for part in parts))


def undo_correction(match: Match, change: tuple, live: ShareLink | None) -> dict | None:
    """Undo of the last change (`last_round_change`) when it is a correction, not an undo
    itself (`services.undo_correction`): where it posts, the form naming the correction,
    and what it says. Also on a co-scorer's board, which made or could have made it."""
    action, number, points, round_id, change_id, since = change
    if not undoable(action, points, journaled_since=since):
        return None
    if live is None:
        url = reverse("matches:undo_correction", args=[match.pk, round_id])
    elif live.kind == ShareLink.Kind.SCORE:
        url = reverse("live:undo_correction", args=[live.token, round_id])
    else:
        return None
    if deleted := points.get("deleted"):
        label = later_rounds_text(
            match.rules, "undo", number=number, first=number + 1, last=deleted[1]
        )
    else:
        label = round_text(match.rules, "undo_correction", number=number)
    form = UndoCorrectionForm(initial={"change": change_id}, auto_id=False)
    return {"url": url, "label": label, "form": form}


def end_changed_text(change: str, status: object, *, undone: bool = False) -> SafeString:
    """What a correction did to the match's end (`services._end_changed`), which the
    player did not ask for: called for a tiebreak, undid its end, changed its winners,
    ended it. `status`: the status sentence it left, encoded. After a correction's Undo
    (`undone`) the same, not said as the correction's doing. As HTML, the names in it
    kept whole."""
    if change == "reopened":
        if undone:
            return escape(gettext("The match is no longer over."))
        return escape(gettext("With this correction the match is no longer over."))
    if change == "untied":
        if undone:
            return escape(gettext("No tiebreak is needed any more: the match goes on."))
        return escape(gettext("With this correction no tiebreak is needed: the match goes on."))
    if change == "tied":
        result = names_whole(decode(status), sentence=True)
        if undone:
            return sentence_html(gettext("The match is tied again. %(result)s."), result=result)
        text = gettext("With this correction the match is tied. %(result)s.")
        return sentence_html(text, result=result)
    result = names_whole(decode(status))
    if change == "changed":
        if undone:
            return sentence_html(gettext("The result changes back: %(result)s."), result=result)
        text = gettext("With this correction the result changes: %(result)s.")
        return sentence_html(text, result=result)
    if undone:
        return sentence_html(gettext("The match is over again: %(result)s."), result=result)
    text = gettext("With this correction the match is over: %(result)s.")
    return sentence_html(text, result=result)


def board_url(match: Match, live: ShareLink | None, url_name: str = "matches:match") -> str:
    """The board's page: the owner's (`url_name`), or the shared link's."""
    if live is not None:
        return reverse("live:page", args=[live.token])
    return reverse(url_name, args=[match.pk])


def why_url(match: Match, number: int, live: ShareLink | None = None) -> str:
    if live is not None:
        return reverse("live:round_why", args=[live.token, number])
    return reverse("matches:round_why", args=[match.pk, number])


def round_url(match: Match, number: int, live: ShareLink | None = None) -> str:
    """The scoreboard at round `number`: a round before the last ones shown is on the
    board of all the rounds."""
    url = board_url(match, live)
    if number <= match.round_count - RECENT_ROUNDS:
        url += "?rounds=all"
    return f"{url}#round-{number}"


def why_context(match: Match, result, live: ShareLink | None = None) -> dict:
    """A round's "why this score?": the engine's explanation and the rules it used, and
    where to correct it (nowhere for a follower)."""
    if live is None:
        correct_url = reverse("matches:edit_round", args=[match.pk, result.number])
    elif live.kind == ShareLink.Kind.SCORE:
        correct_url = reverse("live:edit_round", args=[live.token, result.number])
    else:
        correct_url = None
    return {
        "match": match,
        "game": match.rules,
        "result": result,
        "number": result.number,
        "columns": len(match.setup().sides) + 1,
        "round_url": round_url(match, result.number, live),
        "correct_url": correct_url,
        "why": [engine_text(text) for text in result.explanation],
        "links": [
            (topic_title(topic), section_url(match.game, topic, match.preset))
            for topic in result.topics
        ],
    }


PLACES = (
    pgettext_lazy("place in the final standings", "1st"),
    pgettext_lazy("place in the final standings", "2nd"),
    pgettext_lazy("place in the final standings", "3rd"),
    pgettext_lazy("place in the final standings", "4th"),
    pgettext_lazy("place in the final standings", "5th"),
    pgettext_lazy("place in the final standings", "6th"),
)


def final_standings(game, state: MatchState) -> list[dict]:
    """Every side's place once the match is over, as the engine ranks them."""
    if not state.finished:
        return []
    return [
        {
            "place_label": PLACES[standing.place - 1],
            "side": standing.side,
            "total": number_text(standing.total),
            "winner": standing.winner,
            "note": standing.note.render(gettext),
        }
        for standing in game.standings(state)
    ]


def restorable_round(match: Match, round_id: str | None) -> Round | None:
    """The deleted round `round_id` of this match, while undo would bring it back, and
    it still fits the match (`restorable_now`)."""
    if not round_id:
        return None
    candidate = restorable_now(match, match.state())
    if candidate is None or round_id != str(candidate.pk):
        return None
    return candidate


def edit_form_for(match: Match, rounds: Sequence[Round], number: int, data=None) -> RoundForm:
    """The entry form of round `number`, checked against the match as it stood before it
    (concluded from the kept results before it: nothing is replayed)."""
    before = match.rules.conclude(match.setup(), match.state(rounds).rounds[: number - 1])
    entry = rounds[number - 1].data
    if data is not None:
        return round_form_for(before, data, auto_id=CORRECTION_IDS)
    names = match.rules.entry_names(before)
    initial = round_form_class(match.game).initial_from(entry, names)
    initial.update(
        number=number,
        entry_key=rounds[number - 1].entry_key or uuid.uuid4(),
        shown=rounds[number - 1].fingerprint,
    )
    return round_form_for(before, initial=initial, auto_id=CORRECTION_IDS)


# A correction is loaded on the board beside the next round's form: its fields' ids differ,
# so that labels, the card picker and the ± key reach the form they belong to.
CORRECTION_IDS = "fix_%s"


def known_players(owner: Owner | None) -> list[str]:
    """Players this owner has seated, most recent first, for the set-up suggestions:
    each once, under the spelling the statistics show (`player_key`: "Zoe" and "Zoë"
    are one player, offered once, QA40)."""
    if owner is None:
        return []
    players: dict[str, dict[str, int]] = {}  # key: spelling: matches, in order of recency
    recent = Match.objects.listed().filter(owner=owner).values_list("players", flat=True)
    for seated in recent[:RECENT_MATCHES_FOR_NAMES]:
        for name in seated:
            spellings = players.setdefault(player_key(name), {})
            spellings[name] = spellings.get(name, 0) + 1
    return [spelling_of(spellings) for spellings in players.values()]


def chosen_rules(request: HttpRequest, game, house_rules) -> dict:
    """Initial preset and options from `?preset=` or a saved house rule `?house_rule=`.

    Every option is given, so that the rules just picked replace all the options of
    the line-up offered before (the last match's)."""
    wanted = request.GET.get("house_rule")
    for rule in house_rules:
        if wanted == str(rule.pk):
            options = dict(game.preset(rule.preset).values) | dict(rule.options)
            return {"preset": rule.preset, "options_for": rule.preset, **_option_initial(options)}
    preset = request.GET.get("preset")
    if preset in {p.key for p in game.presets}:
        values = game.preset(preset).values
        return {"preset": preset, "options_for": preset, **_option_initial(values)}
    return {}


def _option_initial(options) -> dict:
    return {f"option_{name}": value for name, value in options.items()}


def last_match(owner: Owner | None, game_key: str) -> Match | None:
    """The owner's newest match of this game (not deleted)."""
    if owner is None:
        return None
    return Match.objects.listed().filter(owner=owner, game=game_key).first()


def just_started(last: Match | None) -> Match | None:
    """`last` (`last_match`) if it was set up within the hour and is still played: the
    set-up page, shown again by Back, says so before it is started twice."""
    if last is None or last.finished or last.abandoned_at is not None:
        return None
    return last if last.created >= timezone.now() - JUST_STARTED else None


def last_lineup(last: Match | None) -> dict:
    """The line-up of `last` (`last_match`), offered first at set-up: the deal one seat
    on, as the next match deals, unless `last` never got a round (set up, then the
    set-up asked for again: the same match, `services.start_match`, deals as it was)."""
    if last is None:
        return {}
    initial: dict[str, object] = {f"player_{i}": name for i, name in enumerate(last.players)}
    initial["preset"] = last.preset
    initial["options_for"] = last.preset
    dealer = last.setup().dealer_of(2) if last.round_count else last.first_dealer
    initial["dealer"] = last.players.index(dealer)
    initial["dealer_offered"] = {"seat": initial["dealer"], "name": dealer}
    initial.update(_option_initial(last.options))
    return initial


def card_picker(game: Game, options) -> list[dict]:
    """The card grid of a game whose hands can be picked as cards (Cabo's): a button per
    group of cards the engine gives. Faces read as in the reader's language (V/D/R in
    French), like the rules pages."""
    buttons = []
    for group in game.card_groups(options):
        faces = [french_card(code) for code in group.codes]
        suits = {face.suit for face in faces if face.suit}
        label = faces[0].rank
        if 0 < len(suits) < 4:
            label += faces[0].suit
        buttons.append(
            {
                "label": "🃏" if faces[0].tone == "joker" else label,
                "value": group.value,
                "codes": " ".join(group.codes),
                # How each picked card reads once picked, in the order of `codes`.
                "faces": " ".join(
                    "🃏" if face.tone == "joker" else face.rank + face.suit for face in faces
                ),
                "copies": "" if group.copies is None else group.copies,
                "red": bool(suits) and all(face.tone == "red" for face in faces),
            }
        )
    return buttons
