"""Template helpers that bridge the Django-free rules engine and the web layer."""

from __future__ import annotations

import json
from datetime import datetime

from django import template
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from scorepad.core import wording
from scorepad.core.forms import OnceForm
from scorepad.core.middleware import phone_time

register = template.Library()


@register.filter
def tr(text: object) -> str:
    """Translate an engine message (a `Text`, or a plain marked string) for display."""
    if text is None or text == "":
        return ""
    render = getattr(text, "render", None)
    if render is not None:
        return render(gettext)
    return gettext(str(text))


@register.filter(expects_localtime=False)
def in_phone_zone(moment: datetime) -> datetime:
    """A stored time as the phone's zone shows it (`middleware.phone_time`), before
    `date` or `time`: a match's date that falls out of the calendar there does not fail
    the page."""
    return phone_time(moment)


# The names of a sentence kept whole on a line (QA48): see `wording.whole_name`.
LONGEST_WHOLE_NAME = wording.LONGEST_WHOLE_NAME


@register.filter
def whole_name(name: object) -> SafeString:
    """`{{ dealer|whole_name }}`: a player's name that a line breaks around, never
    inside, unless too long to fit one line (`wording.whole_name`)."""
    return wording.whole_name(name)


@register.simple_tag
def turns_after_next(state) -> str:
    """`data-turns="{% turns_after_next state %}"`: the turn lines of the rounds after
    the next ("Ben deals, Cy plays first"), as the engine has them, and how many such
    rounds there are at most: JSON, for offline-rounds.js to show while rounds wait on
    the phone (escaped as any attribute)."""
    turns, after_next = state.turns_after_next()
    lines = [
        gettext("%(dealer)s deals, %(first)s plays first") % {"dealer": dealer, "first": first}
        for dealer, first in turns
    ]
    return json.dumps({"lines": lines, "most": after_next}, ensure_ascii=False)


@register.filter
def join_whole(names: object, separator: str) -> SafeString:
    """`{{ match.players|join_whole:" · " }}`: `join`, each name a `whole_name`."""
    return wording.join_whole(names, separator)


@register.filter
def said_names_whole(names: object) -> SafeString:
    """`{{ match.winners|said_names_whole }}`: "Ana and Ben", as the board says them,
    each name a `whole_name`."""
    return wording.said_names_whole(names)


@register.filter
def tr_names_whole(text: object) -> SafeString:
    """`{{ state.status|tr_names_whole }}`: `tr`, with the names in it kept whole
    ("Tiebreak: Anne-Sophie and Jean-Baptiste play one more round")."""
    return wording.names_whole(text)


@register.filter
def get(mapping: object, key: object) -> object:
    """Look a key up in a mapping: `{{ totals|get:side }}`."""
    try:
        return mapping[key]  # type: ignore[index]
    except (KeyError, IndexError, TypeError):
        return ""


@register.filter
def number(value: object) -> object:
    """`{{ total|number }}`: a whole number with a minus sign, not a hyphen ("−1"), as
    the scoreboards write it (`number_text`); anything else as it is."""
    return wording.number_text(value) if isinstance(value, int) else value


@register.filter
def changes_text(changes: list[tuple[str, str]]) -> str:
    """`{{ changes|changes_text }}`: "Target score: 10; Decks: 2" (`preset_changes`)."""
    return wording.changes_text(changes)


@register.simple_tag
def round_text(game: object, key: str, **params: object) -> str:
    """`{% round_text game "number" number=4 %}`: "Round 4", or "Deal 4" for Escoba."""
    return wording.round_text(game, key, **params)


@register.simple_tag
def rounds_played(game: object, count: int, colon: bool = False) -> str:
    """`{% rounds_played game 3 %}`: "3 rounds played", or "3 deals played" for Escoba."""
    return wording.rounds_played(game, count, colon=colon)


@register.simple_tag
def of_name(key: str, name: str) -> str:
    """`{% of_name "points" row.name %}`: "Points of Ana" (French "Points d’Ana")."""
    return wording.of_name(key, name)


@register.simple_tag(takes_context=True)
def once_key(context) -> str:
    """The hidden one-time key of a form that is not otherwise a Django form (a slot
    instead, `once_key_slot`, in a page rendered to be kept: see matches.rendered)."""
    slot = context.get("once_key_slot")
    return OnceForm(initial={"key": slot} if slot else None)["key"].as_hidden()


@register.simple_tag
def readable_offline() -> str:
    """The address prefixes the service worker keeps to read offline ("/rules/"), for the
    page's script: a link elsewhere, tapped without a connection, stays on its page."""
    from scorepad.core.pwa import READABLE_OFFLINE

    return " ".join(READABLE_OFFLINE)
