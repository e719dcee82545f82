"""What the scoreboard shows, all read off the rules engine's match state."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.http import HttpRequest
from django.utils.translation import gettext

from scorepad.guide.links import section_url, topic_title
from scorepad.rules import cabo
from scorepad.rules.base import MatchState

from .forms import ROUND_FORMS, RoundForm, round_form_for
from .models import Match, Owner, Round

RECENT_MATCHES_FOR_NAMES = 50


def short_name(name: str, columns: int) -> str:
    """Column headings must fit in 360 px: the more players, the shorter the names."""
    room = max(6, 30 // max(columns, 1))
    return name if len(name) <= room else name[: room - 1] + "…"


def fresh_round_form(state: MatchState) -> RoundForm:
    return round_form_for(
        state, initial={"number": len(state.rounds) + 1, "entry_key": uuid.uuid4()}
    )


def scoreboard_context(
    request: HttpRequest,
    match: Match,
    *,
    state: MatchState | None = None,
    form: RoundForm | None = None,
    notice: str | None = None,
    status_error: bool = False,
    undo: Round | None = None,
    read_only: bool = False,
) -> dict:
    state = state or match.state()
    sides = list(state.setup.sides)
    rows = []
    for result in state.rounds:
        rows.append(
            {
                "result": result,
                "cells": [
                    {"points": result.points.get(side), "total": result.totals[side]}
                    for side in sides
                ],
                "why": [text.render(gettext) for text in result.explanation],
                "links": [
                    (topic_title(topic), section_url(match.game, topic, match.preset))
                    for topic in result.topics
                ],
            }
        )
    if form is None and not state.finished and not read_only:
        form = fresh_round_form(state)
    return {
        "match": match,
        "game": match.rules,
        "state": state,
        "sides": [
            {
                "name": side,
                "short": short_name(side, len(sides)),
                "total": state.totals[side],
                "leader": side in state.leaders and bool(state.rounds),
                "winner": side in state.winners,
                "distance": state.distance.get(side) if state.distance else None,
            }
            for side in sides
        ],
        "rows": rows,
        "form": form,
        "notice": notice,
        "status_error": status_error,
        "undo": undo,
        "read_only": read_only,
        "rules_url": section_url(match.game, "", match.preset),
        "card_buttons": card_picker(state.setup.options) if match.game == "cabo" else [],
    }


def restorable_round(match: Match, round_id: str | None) -> Round | None:
    """The deleted round `round_id` of this match, while it would again be the last one."""
    # isdigit() alone takes "²", which int() refuses.
    if not round_id or not (round_id.isascii() and round_id.isdigit()):
        return None
    rounds = list(match.rounds.all())
    live = sum(1 for r in rounds if r.deleted_at is None)
    for candidate in rounds:
        if candidate.pk == int(round_id) and candidate.deleted_at and candidate.number == live + 1:
            return candidate
    return None


def edit_form_for(match: Match, rounds: Sequence[Round], number: int, data=None) -> RoundForm:
    """The entry form of round `number`, checked against the match as it stood before it."""
    before = match.rules.score(match.setup(), [r.data for r in rounds[: number - 1]])
    entry = rounds[number - 1].data
    form_class = ROUND_FORMS[match.game]
    if data is not None:
        return round_form_for(before, data)
    players = list(before.needs_tiebreak) if match.game == "cabo" else []
    names = players or (
        list(before.setup.sides) if match.game == "escoba" else list(before.setup.players)
    )
    initial = form_class.initial_from(entry, names)
    initial.update(number=number, entry_key=rounds[number - 1].entry_key or uuid.uuid4())
    return round_form_for(before, initial=initial)


def known_players(owner: Owner | None) -> list[str]:
    """Names this owner has used, most recent first, for the set-up suggestions."""
    if owner is None:
        return []
    names: list[str] = []
    recent = Match.objects.filter(owner=owner).values_list("players", flat=True)
    for players in recent[:RECENT_MATCHES_FOR_NAMES]:
        for name in players:
            if name not in names:
                names.append(name)
    return names


def chosen_rules(request: HttpRequest, game, house_rules) -> dict:
    """Initial preset and options from `?preset=` or a saved house rule `?house_rule=`."""
    wanted = request.GET.get("house_rule")
    for rule in house_rules:
        if wanted == str(rule.pk):
            options = {f"option_{name}": value for name, value in rule.options.items()}
            return {"preset": rule.preset, "options_for": rule.preset, **options}
    preset = request.GET.get("preset")
    if preset in {p.key for p in game.presets}:
        return {"preset": preset, "options_for": preset}
    return {}


def last_lineup(owner: Owner | None, game_key: str) -> dict:
    """The last line-up for this game, offered first at set-up."""
    if owner is None:
        return {}
    last = Match.objects.filter(owner=owner, game=game_key).first()
    if last is None:
        return {}
    initial: dict[str, object] = {f"player_{i}": name for i, name in enumerate(last.players)}
    initial["preset"] = last.preset
    initial["options_for"] = last.preset
    initial["dealer"] = last.players.index(last.setup().dealer_of(2))
    initial.update({f"option_{name}": value for name, value in last.options.items()})
    return initial


SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_picker(options) -> list[dict]:
    """The Cabo card grid: one button per distinct (rank, value), so red and black kings
    get their own buttons where they count differently; a tap takes a free card of it."""
    groups: dict[tuple[str, int], list[str]] = {}
    for code in cabo.card_codes(options):
        rank = (
            code
            if code == cabo.JOKER or (code.isdigit() and options.get("values") == "deck")
            else code[:-1]
        )
        groups.setdefault((rank, cabo.card_value(code, options)), []).append(code)
    buttons = []
    for (rank, value), codes in groups.items():
        suits = {code[-1] for code in codes if code != cabo.JOKER and not code.isdigit()}
        label = rank
        if 0 < len(suits) < 4:
            label = rank + "".join(SUIT_SYMBOLS[s] for s in sorted(suits, key="SHDC".index)[:1])
        buttons.append(
            {
                "label": "🃏" if rank == cabo.JOKER else label,
                "value": value,
                "codes": " ".join(codes),
                "red": bool(suits) and suits <= {"H", "D"},
            }
        )
    return buttons
