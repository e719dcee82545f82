"""Template helpers that bridge the Django-free rules engine and the web layer."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from django import template
from django.utils.html import conditional_escape, escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scorepad.core import wording
from scorepad.core.forms import OnceForm
from scorepad.core.middleware import phone_time
from scorepad.rules.base import Text, join_names

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


@register.filter
def said_names(names: object) -> str:
    """`{{ match.winners|said_names }}`: "Ana and Ben", as the board says them."""
    return tr(join_names(list(names)))


# The longest name kept whole on a line: sixteen "W"s in the standing's bold still fit a
# 320 px screen. A longer one may break (anywhere) rather than run off it.
LONGEST_WHOLE_NAME = 16


@register.filter
def whole_name(name: object) -> SafeString:
    """`{{ dealer|whole_name }}`: a player's name that a line breaks around, never
    inside (QA48: "Anne-" / "Sophie" at a hyphen), unless too long to fit one line."""
    if len(str(name)) > LONGEST_WHOLE_NAME:
        return format_html("{}", name)
    return format_html('<span class="name-whole">{}</span>', name)


@register.filter
def join_whole(names: object, separator: str) -> SafeString:
    """`{{ match.players|join_whole:" · " }}`: `join`, each name a `whole_name`."""
    return format_html_join(separator, "{}", ((whole_name(name),) for name in names))


def _names_whole(value: object) -> object:
    """A text's parameters, each name in it (any text given as it is) a `whole_name`."""
    if isinstance(value, Text):
        return replace(value, params={key: _names_whole(v) for key, v in value.params.items()})
    if isinstance(value, str):
        return whole_name(value)
    # A number stays one, for the text to write it (a minus sign below zero).
    return value if isinstance(value, int) else conditional_escape(value)


@register.filter
def tr_names_whole(text: object) -> SafeString:
    """`{{ state.status|tr_names_whole }}`: `tr`, with the names in it kept whole
    ("Tiebreak: Anne-Sophie and Jean-Baptiste play one more round")."""
    if text is None or text == "":
        return SafeString("")
    if not isinstance(text, Text):
        return escape(gettext(str(text)))
    # Every piece is escaped here: the translated words, and each name by `whole_name`.
    return mark_safe(_names_whole(text).render(lambda words: escape(gettext(words))))


@register.filter
def get(mapping: object, key: object) -> object:
    """Look a key up in a mapping: `{{ totals|get:side }}`."""
    try:
        return mapping[key]  # type: ignore[index]
    except (KeyError, IndexError, TypeError):
        return ""


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
