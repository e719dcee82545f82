"""Words that depend on the game or on a name.

Escoba's players speak of deals where the other games have rounds (French "donne",
Dutch "ronde" as on its rules page), and French elides "de" before a vowel ("Points
d’Ana"). Each variant is a whole message of its own; a context tells apart the same
English words that need two translations.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import replace

from django.utils.html import conditional_escape, escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import (
    get_language,
    gettext,
    ngettext,
    npgettext,
    pgettext,
    pgettext_lazy,
)
from django.utils.translation import gettext_lazy as _

from scorepad.rules.base import (
    Text,
    join_names,
    number_text,  # the engine's way, for the pages' numbers too
    player_key,
)

ROUND_TEXTS = {
    "round": {
        "number": _("Round %(number)s"),
        "enter": _("Enter round %(number)s"),
        "why": _("Round %(number)s: why this score?"),
        "dealt_by": _("Round %(number)s · dealt by %(dealer)s"),
        "correct_this": _("Correct this round"),
        "correct_number": _("Correct round %(number)s"),
        "hint": _("Tap a round number to see why it scored what it did."),
        "live": _("Live: each round appears here as soon as it is recorded."),
        "live_scoring": _(
            "You score this match together with its scorer: each round either of you "
            "records appears on both phones."
        ),
        "hint_correct": _("Tap a round number to see why it scored what it did, or to correct it."),
        "record": _("Record the round"),
        "delete_last": _("Delete the last round"),
        "deleted": _("Round %(number)s deleted."),
        "restored": _("Round %(number)s restored."),
        "corrected": _("Round %(number)s corrected."),
        # Undo of a correction, on the board's notice of it, and what the board then tells.
        "undo_correction": _("Undo: round %(number)s as it was"),
        "undone": _("Round %(number)s is as it was again."),
        # A correction saved with nothing changed: nothing is saved, nor offered to undo.
        "unchanged": _("Nothing to correct: round %(number)s is as it was."),
        "delete_number": _("Delete round %(number)s"),
        "unsent_notice": _(
            "Rounds kept on this phone are not counted yet: who deals next shows once they"
            " are sent."
        ),
        "no_longer_fits": _(
            "Round %(number)s no longer fits the match as it stands now (a round before it"
            " was corrected): it cannot be restored."
        ),
        "restore_number": _("Restore round %(number)s"),
        "undo_restore": _("Undo: restore round %(number)s"),
        "recorded_once": _("Round %(number)s is recorded (it was sent twice, and kept once)."),
        # A round kept with no connection, said by offline-rounds.js: whole sentences, so
        # that French can say "la manche 4" (QA: "Manche 4 est gardée", no article).
        "kept_offline": _("No connection: round %(number)s is kept on this phone."),
        "kept_behind": _(
            "Round %(number)s is kept on this phone, to be sent after the ones kept before it."
        ),
        "kept_sent": _("Round %(number)s, kept on this phone, is now recorded."),
        # The form past the last round agreed, rounds kept (offline-rounds.js).
        "past_last": _(
            "Round %(number)s was the last one agreed: the match ends with it once the "
            "rounds kept here are sent."
        ),
        "already_recorded": _("Round %(number)s was already recorded, maybe from another phone."),
        "gone_before": _(
            "Round %(number)s was not recorded: a round before it was deleted meanwhile,"
            " maybe on another phone. The next round is now round %(next)s."
        ),
        # Typed on a co-scorer's link for the match it showed before it went on to the
        # match played again (QA: recorded in the new match as its round).
        "other_match": _(
            "This round was typed for the match this link showed before: it was not"
            " recorded in the new one."
        ),
        "over_meanwhile": _(
            "The match is over (it ended meanwhile, maybe on another phone): round"
            " %(number)s was not recorded."
        ),
        "over_before": _(
            "The match is over: round %(last)s ended it, so round %(number)s was not recorded."
        ),
        # Said at a round's form typed into, nothing sent, as the match changes under it
        # (static/js/live.js): no round "not recorded", only one that cannot be, or moved.
        "deleted_typing": _(
            "Round %(number)s was deleted meanwhile, maybe on another phone: the round you"
            " are typing is now round %(number)s."
        ),
        "over_typing": _(
            "The match is over (it ended meanwhile, maybe on another phone): round"
            " %(number)s can no longer be recorded."
        ),
        "abandoned_typing": _(
            "The match was abandoned meanwhile, maybe on another phone: round %(number)s"
            " cannot be recorded unless its scorer resumes the match."
        ),
        "restored_typing": _(
            "A round was restored meanwhile, maybe on another phone: the round you are typing"
            " is round %(number)s again."
        ),
        "recorded_same": _(
            "Round %(number)s is recorded: another phone sent the same round first."
        ),
        # A kept round whose number another phone took first (QA42: put in the next
        # round's form without a word, it was recorded twice).
        "see_recorded": _("See round %(number)s as recorded"),
        "enter_as_new": _("Put it in the form as round %(number)s"),
        "correct_with_kept": _("Correct round %(number)s with these values"),
        "kept_for_correction": _(
            "These are the values this phone typed for round %(number)s. Compare them with"
            " the round as recorded before you save: saving puts them in its place."
        ),
        "typed_for": _(
            "These values were typed for round %(number)s, which another phone recorded"
            " first. Recorded from this form, they count as a new round: round %(next)s."
        ),
        # A kept round refused while the match was over or abandoned, and the rounds
        # before it changed since (the one that ended it deleted): not sent by itself.
        "goes_on_again": _(
            "The match goes on again, but its rounds changed since this one was kept:"
            " correct it in the form to record it as round %(number)s, or take it off"
            " the list."
        ),
        "no_longer_goes_on": _("The match no longer goes on: round %(number)s was not recorded."),
        "deleted_meanwhile": _("Round %(number)s was deleted meanwhile: it was not corrected."),
        "deleted_retyped": _(
            "Round %(number)s was deleted meanwhile: what you typed for it is in the form,"
            " to record it again."
        ),
        "changed_meanwhile": _(
            "Round %(number)s was changed meanwhile, maybe on another phone: your correction "
            "was not saved. What you typed is still in its form: check the round as it now "
            "is, then save the correction again or leave it as it is."
        ),
        "not_last": _("Round %(number)s is no longer the last round: nothing was deleted."),
        # A correction that was to delete the rounds after it, which changed since (QA35:
        # it named the corrected round, which had not changed).
        "later_changed": _(
            "The rounds after round %(number)s changed meanwhile, maybe on another phone:"
            " nothing was saved. Check them, then correct round %(number)s again."
        ),
        # Undo of a correction that deleted the rounds after it, the match changed since.
        "undo_changed": _(
            "This can no longer be undone: the match changed since, maybe on another phone."
        ),
        "not_restorable": _(
            "This round can no longer be restored: it is back already, or"
            " another round took its place."
        ),
        "at_most": _("A match has at most %(count)s rounds."),
        # A long match shows its last rounds: always more than ten in all.
        "show_all": _("Show all %(count)s rounds"),
        "later_checked": _(
            "Every later round is checked again and the scoreboard recomputed; the board then"
            " says what changed."
        ),
        "not_sent": _(
            "The round could not be sent (no connection?). Nothing is lost: tap the button again."
        ),
        "not_taken": _("The server could not take this round."),
        # A round or correction answered 403/404: the match is gone for this phone.
        "not_reachable": _(
            "The round was not recorded: this match is no longer open on this phone. It was"
            " deleted on another phone, or this phone was signed out of its account. What you"
            " typed stays here."
        ),
        "correction_not_reachable": _(
            "The correction was not saved: this match is no longer open on this phone. It was"
            " deleted on another phone, or this phone was signed out of its account. What you"
            " typed stays here, and comes back after signing in."
        ),
        # A co-scorer's round typed when the scorer stopped the link (static/js/live.js).
        "link_stopped": _(
            "The scorer stopped sharing this match: rounds typed here can no longer be"
            " recorded. Read this one out so it is entered on the scorer's phone."
        ),
        # A correction kept over a language switch or a sign-in, its round changed since.
        "typed_not_put_back": _(
            "Round %(number)s was changed meanwhile, maybe on another phone: here it is as it"
            " now is, without what you typed."
        ),
        "refused_notice": _("A round kept on this phone was refused: see why below."),
        "refused_notice_other": _("Rounds kept on this phone were refused: see why below."),
        "share_follow": _(
            "Anyone with this link sees the scoreboard on their own phone, round after round,"
            " in their own language. They cannot change anything."
        ),
        "share_score": _(
            "This second link lets another phone record and correct rounds. Give it only to"
            " someone who keeps score with you."
        ),
        "column": _("Round"),
        "totals_caption": _("Total of each side after each round"),
        "none_yet": _("No round yet."),
        "chart_later": _("The chart appears once the first round is recorded."),
    },
    "deal": {
        "number": pgettext_lazy("a deal of cards", "Deal %(number)s"),
        "enter": pgettext_lazy("a deal of cards", "Enter deal %(number)s"),
        "why": pgettext_lazy("a deal of cards", "Deal %(number)s: why this score?"),
        "dealt_by": pgettext_lazy("a deal of cards", "Deal %(number)s · dealt by %(dealer)s"),
        "correct_this": pgettext_lazy("a deal of cards", "Correct this deal"),
        "correct_number": pgettext_lazy("a deal of cards", "Correct deal %(number)s"),
        "hint": pgettext_lazy(
            "a deal of cards", "Tap a deal number to see why it scored what it did."
        ),
        "live": pgettext_lazy(
            "a deal of cards", "Live: each deal appears here as soon as it is recorded."
        ),
        "live_scoring": pgettext_lazy(
            "a deal of cards",
            "You score this match together with its scorer: each deal either of you "
            "records appears on both phones.",
        ),
        "hint_correct": pgettext_lazy(
            "a deal of cards",
            "Tap a deal number to see why it scored what it did, or to correct it.",
        ),
        "record": pgettext_lazy("a deal of cards", "Record the deal"),
        "delete_last": pgettext_lazy("a deal of cards", "Delete the last deal"),
        "deleted": pgettext_lazy("a deal of cards", "Deal %(number)s deleted."),
        "restored": pgettext_lazy("a deal of cards", "Deal %(number)s restored."),
        "corrected": pgettext_lazy("a deal of cards", "Deal %(number)s corrected."),
        "undo_correction": pgettext_lazy("a deal of cards", "Undo: deal %(number)s as it was"),
        "undone": pgettext_lazy("a deal of cards", "Deal %(number)s is as it was again."),
        "unchanged": pgettext_lazy(
            "a deal of cards", "Nothing to correct: deal %(number)s is as it was."
        ),
        "delete_number": pgettext_lazy("a deal of cards", "Delete deal %(number)s"),
        "unsent_notice": pgettext_lazy(
            "a deal of cards",
            "Deals kept on this phone are not counted yet: who deals next shows once they"
            " are sent.",
        ),
        "restore_number": pgettext_lazy("a deal of cards", "Restore deal %(number)s"),
        "undo_restore": pgettext_lazy("a deal of cards", "Undo: restore deal %(number)s"),
        "recorded_once": pgettext_lazy(
            "a deal of cards", "Deal %(number)s is recorded (it was sent twice, and kept once)."
        ),
        "kept_offline": pgettext_lazy(
            "a deal of cards", "No connection: deal %(number)s is kept on this phone."
        ),
        "kept_behind": pgettext_lazy(
            "a deal of cards",
            "Deal %(number)s is kept on this phone, to be sent after the ones kept before it.",
        ),
        "kept_sent": pgettext_lazy(
            "a deal of cards", "Deal %(number)s, kept on this phone, is now recorded."
        ),
        "past_last": pgettext_lazy(
            "a deal of cards",
            "Deal %(number)s was the last one agreed: the match ends with it once the "
            "deals kept here are sent.",
        ),
        "already_recorded": pgettext_lazy(
            "a deal of cards", "Deal %(number)s was already recorded, maybe from another phone."
        ),
        "gone_before": pgettext_lazy(
            "a deal of cards",
            "Deal %(number)s was not recorded: a deal before it was deleted meanwhile,"
            " maybe on another phone. The next deal is now deal %(next)s.",
        ),
        "other_match": pgettext_lazy(
            "a deal of cards",
            "This deal was typed for the match this link showed before: it was not recorded"
            " in the new one.",
        ),
        "over_meanwhile": pgettext_lazy(
            "a deal of cards",
            "The match is over (it ended meanwhile, maybe on another phone): deal %(number)s"
            " was not recorded.",
        ),
        "over_before": pgettext_lazy(
            "a deal of cards",
            "The match is over: deal %(last)s ended it, so deal %(number)s was not recorded.",
        ),
        "deleted_typing": pgettext_lazy(
            "a deal of cards",
            "Deal %(number)s was deleted meanwhile, maybe on another phone: the deal you"
            " are typing is now deal %(number)s.",
        ),
        "over_typing": pgettext_lazy(
            "a deal of cards",
            "The match is over (it ended meanwhile, maybe on another phone): deal"
            " %(number)s can no longer be recorded.",
        ),
        "abandoned_typing": pgettext_lazy(
            "a deal of cards",
            "The match was abandoned meanwhile, maybe on another phone: deal %(number)s"
            " cannot be recorded unless its scorer resumes the match.",
        ),
        "restored_typing": pgettext_lazy(
            "a deal of cards",
            "A deal was restored meanwhile, maybe on another phone: the deal you are typing"
            " is deal %(number)s again.",
        ),
        "recorded_same": pgettext_lazy(
            "a deal of cards",
            "Deal %(number)s is recorded: another phone sent the same deal first.",
        ),
        "see_recorded": pgettext_lazy("a deal of cards", "See deal %(number)s as recorded"),
        "enter_as_new": pgettext_lazy("a deal of cards", "Put it in the form as deal %(number)s"),
        "correct_with_kept": pgettext_lazy(
            "a deal of cards", "Correct deal %(number)s with these values"
        ),
        "kept_for_correction": pgettext_lazy(
            "a deal of cards",
            "These are the values this phone typed for deal %(number)s. Compare them with"
            " the deal as recorded before you save: saving puts them in its place.",
        ),
        "typed_for": pgettext_lazy(
            "a deal of cards",
            "These values were typed for deal %(number)s, which another phone recorded"
            " first. Recorded from this form, they count as a new deal: deal %(next)s.",
        ),
        "goes_on_again": pgettext_lazy(
            "a deal of cards",
            "The match goes on again, but its deals changed since this one was kept:"
            " correct it in the form to record it as deal %(number)s, or take it off"
            " the list.",
        ),
        "no_longer_goes_on": pgettext_lazy(
            "a deal of cards", "The match no longer goes on: deal %(number)s was not recorded."
        ),
        "deleted_meanwhile": pgettext_lazy(
            "a deal of cards", "Deal %(number)s was deleted meanwhile: it was not corrected."
        ),
        "deleted_retyped": pgettext_lazy(
            "a deal of cards",
            "Deal %(number)s was deleted meanwhile: what you typed for it is in the form,"
            " to record it again.",
        ),
        "changed_meanwhile": pgettext_lazy(
            "a deal of cards",
            "Deal %(number)s was changed meanwhile, maybe on another phone: your correction "
            "was not saved. What you typed is still in its form: check the deal as it now "
            "is, then save the correction again or leave it as it is.",
        ),
        "later_changed": pgettext_lazy(
            "a deal of cards",
            "The deals after deal %(number)s changed meanwhile, maybe on another phone:"
            " nothing was saved. Check them, then correct deal %(number)s again.",
        ),
        "undo_changed": _(
            "This can no longer be undone: the match changed since, maybe on another phone."
        ),
        "not_last": pgettext_lazy(
            "a deal of cards", "Deal %(number)s is no longer the last deal: nothing was deleted."
        ),
        "not_restorable": pgettext_lazy(
            "a deal of cards",
            "This deal can no longer be restored: it is back already, or another deal took"
            " its place.",
        ),
        "no_longer_fits": pgettext_lazy(
            "a deal of cards",
            "Deal %(number)s no longer fits the match as it stands now (a deal before it was"
            " corrected): it cannot be restored.",
        ),
        "at_most": pgettext_lazy("a deal of cards", "A match has at most %(count)s deals."),
        "show_all": pgettext_lazy("a deal of cards", "Show all %(count)s deals"),
        "later_checked": pgettext_lazy(
            "a deal of cards",
            "Every later deal is checked again and the scoreboard recomputed; the board then"
            " says what changed.",
        ),
        "not_sent": pgettext_lazy(
            "a deal of cards",
            "The deal could not be sent (no connection?). Nothing is lost: tap the button again.",
        ),
        "not_taken": pgettext_lazy("a deal of cards", "The server could not take this deal."),
        "not_reachable": pgettext_lazy(
            "a deal of cards",
            "The deal was not recorded: this match is no longer open on this phone. It was"
            " deleted on another phone, or this phone was signed out of its account. What you"
            " typed stays here.",
        ),
        "correction_not_reachable": pgettext_lazy(
            "a deal of cards",
            "The correction was not saved: this match is no longer open on this phone. It was"
            " deleted on another phone, or this phone was signed out of its account. What you"
            " typed stays here, and comes back after signing in.",
        ),
        "link_stopped": pgettext_lazy(
            "a deal of cards",
            "The scorer stopped sharing this match: deals typed here can no longer be"
            " recorded. Read this one out so it is entered on the scorer's phone.",
        ),
        "typed_not_put_back": pgettext_lazy(
            "a deal of cards",
            "Deal %(number)s was changed meanwhile, maybe on another phone: here it is as it"
            " now is, without what you typed.",
        ),
        "refused_notice": pgettext_lazy(
            "a deal of cards", "A deal kept on this phone was refused: see why below."
        ),
        "refused_notice_other": pgettext_lazy(
            "a deal of cards", "Deals kept on this phone were refused: see why below."
        ),
        "share_follow": pgettext_lazy(
            "a deal of cards",
            "Anyone with this link sees the scoreboard on their own phone, deal after deal,"
            " in their own language. They cannot change anything.",
        ),
        "share_score": pgettext_lazy(
            "a deal of cards",
            "This second link lets another phone record and correct deals. Give it only to"
            " someone who keeps score with you.",
        ),
        "column": pgettext_lazy("a deal of cards", "Deal"),
        "totals_caption": pgettext_lazy("a deal of cards", "Total of each side after each deal"),
        "none_yet": pgettext_lazy("a deal of cards", "No deal yet."),
        "chart_later": pgettext_lazy(
            "a deal of cards", "The chart appears once the first deal is recorded."
        ),
    },
}


def rounds_played(game, count: int, *, colon: bool = False) -> str:
    """ "3 rounds played" ("3 deals played" for Escoba); with a `colon` before a list
    (French spaces it)."""
    if game.round_noun == "deal":
        if colon:
            text = npgettext(
                "a deal of cards", "%(count)s deal played:", "%(count)s deals played:", count
            )
        else:
            text = npgettext(
                "a deal of cards", "%(count)s deal played", "%(count)s deals played", count
            )
    elif colon:
        text = ngettext("%(count)s round played:", "%(count)s rounds played:", count)
    else:
        text = ngettext("%(count)s round played", "%(count)s rounds played", count)
    return text % {"count": count}


def chart_description(game, count: int) -> str:
    """What the score chart shows, for screen readers: each side's total after each of
    `count` rounds (deals for Escoba)."""
    if game.round_noun == "deal":
        text = npgettext(
            "a deal of cards",
            "Each side's total after %(count)s deal; the table below the chart gives the same"
            " figures.",
            "Each side's total after each of %(count)s deals; the table below the chart gives"
            " the same figures.",
            count,
        )
    else:
        text = ngettext(
            "Each side's total after %(count)s round; the table below the chart gives the same"
            " figures.",
            "Each side's total after each of %(count)s rounds; the table below the chart gives"
            " the same figures.",
            count,
        )
    return text % {"count": count}


def later_rounds_text(game, key: str, *, number: int, first: int, last: int) -> str:
    """What a correction does to the rounds after it that no longer fit, `first` to
    `last` (one or several; deals for Escoba), with round `number` corrected: the
    refusal ("fails", or "ends" when the match is over before them), its offer
    ("delete"), what the board then tells ("deleted"), what Undo does ("undo") and then
    tells ("undone")."""
    count = last - first + 1
    deal = game.round_noun == "deal"
    if key == "fails":  # the refusal: round `first` no longer holds
        text = (
            npgettext(
                "a deal of cards",
                "With this correction deal %(first)s no longer holds: correct or delete it first.",
                "With this correction deal %(first)s no longer holds: correct or delete"
                " deals %(first)s–%(last)s first.",
                count,
            )
            if deal
            else ngettext(
                "With this correction round %(first)s no longer holds: correct or delete it first.",
                "With this correction round %(first)s no longer holds: correct or delete"
                " rounds %(first)s–%(last)s first.",
                count,
            )
        )
    elif key == "ends":  # the refusal: the match is over before round `first`
        text = (
            npgettext(
                "a deal of cards",
                "With this correction the match is over after deal %(end)s: delete deal"
                " %(first)s first.",
                "With this correction the match is over after deal %(end)s: delete deals"
                " %(first)s–%(last)s first.",
                count,
            )
            if deal
            else ngettext(
                "With this correction the match is over after round %(end)s: delete round"
                " %(first)s first.",
                "With this correction the match is over after round %(end)s: delete rounds"
                " %(first)s–%(last)s first.",
                count,
            )
        )
    elif key == "delete":
        text = (
            npgettext(
                "a deal of cards",
                "Correct deal %(number)s and delete deal %(first)s",
                "Correct deal %(number)s and delete deals %(first)s–%(last)s",
                count,
            )
            if deal
            else ngettext(
                "Correct round %(number)s and delete round %(first)s",
                "Correct round %(number)s and delete rounds %(first)s–%(last)s",
                count,
            )
        )
    elif key == "deleted":
        text = (
            npgettext(
                "a deal of cards",
                "Deal %(first)s was deleted with it.",
                "Deals %(first)s–%(last)s were deleted with it.",
                count,
            )
            if deal
            else ngettext(
                "Round %(first)s was deleted with it.",
                "Rounds %(first)s–%(last)s were deleted with it.",
                count,
            )
        )
    elif key == "undo":  # always two rounds or more: the corrected one and the deleted
        text = (
            pgettext("a deal of cards", "Undo: deals %(number)s–%(last)s as they were")
            if deal
            else gettext("Undo: rounds %(number)s–%(last)s as they were")
        )
    else:
        text = (
            npgettext(
                "a deal of cards",
                "Deal %(number)s is as it was again, and deal %(first)s is back.",
                "Deal %(number)s is as it was again, and deals %(first)s–%(last)s are back.",
                count,
            )
            if deal
            else ngettext(
                "Round %(number)s is as it was again, and round %(first)s is back.",
                "Round %(number)s is as it was again, and rounds %(first)s–%(last)s are back.",
                count,
            )
        )
    return text % {"number": number, "first": first, "last": last, "end": first - 1}


def round_text(game, key: str, **params: object) -> str:
    """One of the round's sentences, in the words of `game` (its `round_noun`)."""
    text = str(ROUND_TEXTS[game.round_noun][key])
    return text % params if params else text


# "h" is nearly always mute in first names: d’Hugo, d’Hélène.
ELIDING = frozenset("aeiouh")

OF_NAME = {
    "points": (
        _("Points of %(name)s"),
        pgettext_lazy("before a name starting with a vowel", "Points of %(name)s"),
    ),
    "cards": (
        _("Cards of %(name)s"),
        pgettext_lazy("before a name starting with a vowel", "Cards of %(name)s"),
    ),
    "sign": (
        _("Plus or minus: %(name)s's hand"),
        pgettext_lazy("before a name starting with a vowel", "Plus or minus: %(name)s's hand"),
    ),
}


def starts_with_vowel(name: str) -> bool:
    first = unicodedata.normalize("NFD", name.strip()[:1].casefold())[:1]
    return first in ELIDING


def of_name(key: str, name: str) -> str:
    """ "Points of Ana": French says "Points d’Ana" but "Points de Ben"."""
    plain, elided = OF_NAME[key]
    return str(elided if starts_with_vowel(name) else plain) % {"name": name}


def engine_text(message, translate=gettext, *, sentence: bool = False) -> str:
    """One of the rules engine's texts (`rules.base.Text`) in the reader's language;
    French elides "de" before a player's name starting with a vowel, as `of_name` does
    ("la main d’Ana", not "la main de Ana")."""
    text = message.render(translate, sentence=sentence)
    if not (get_language() or "").startswith("fr"):
        return text
    for name in message.params.values():
        if isinstance(name, str) and name and starts_with_vowel(name):
            text = text.replace(f"de {name}", f"d’{name}").replace(f"De {name}", f"D’{name}")
    return text


def preset_changes(game, preset, values: Mapping[str, object]) -> list[tuple[str, str]]:
    """Each option of `game` whose value in `values` is not `preset`'s, as (its name, its
    value) the way the set-up and the house rules page show them ("Target score", "10")."""
    return [
        (gettext(option.label), option_text(option, values[option.name]))
        for option in game.options
        if option.name in values and values[option.name] != preset.values.get(option.name)
    ]


def changes_text(changes: list[tuple[str, str]]) -> str:
    """`preset_changes` as one line: "Target score: 10; Decks: 2", with the language's
    own colon and separator (French spaces them: "Score cible : 10 ; ...")."""
    separator = pgettext("between the items of a list", "; ")
    return separator.join(
        gettext("%(option)s: %(value)s") % {"option": option, "value": value}
        for option, value in changes
    )


def points_changed_text(sides, before: Mapping[str, int], after: Mapping[str, int]) -> SafeString:
    """What a correction did to a round's points, side by side in seat order: "Points:
    Ana 0 → 3; Ben 5 → 100." (the sides whose points changed), or that none did. As
    HTML, each name kept whole (`whole_name`), and each change's arrow between its two
    numbers on one line: "Ben 5 →" / "100" at a line's end read as a change to nothing."""
    change = gettext("%(side)s %(before)s → %(after)s")
    change = change.replace(" →", "\u00a0→").replace("→ ", "→\u00a0")
    changed = [
        sentence_html(
            change,
            side=whole_name(side),
            before=number_text(before[side]),
            after=number_text(after[side]),
        )
        for side in sides
        if side in before and side in after and before[side] != after[side]
    ]
    if not changed:
        return escape(gettext("The points did not change."))
    separator = pgettext("between the items of a list", "; ")
    changes = SafeString(escape(separator).join(changed))
    return sentence_html(gettext("Points: %(changes)s."), changes=changes)


# Names kept whole ------------------------------------------------------------------

# The longest name kept whole on a line: sixteen "W"s in the standing's bold still fit a
# 320 px screen. A longer one may break (anywhere) rather than run off it.
LONGEST_WHOLE_NAME = 16


def whole_name(name: object) -> SafeString:
    """A player's name (escaped) that a line breaks around, never inside (QA48: "Anne-" /
    "Sophie" at a hyphen reads as two people), unless too long to fit one line."""
    if len(str(name)) > LONGEST_WHOLE_NAME:
        return format_html("{}", name)
    return format_html('<span class="name-whole">{}</span>', name)


def join_whole(names: Iterable[object], separator: str) -> SafeString:
    """The names one after the other, `separator` between them, each a `whole_name`."""
    return format_html_join(separator, "{}", ((whole_name(name),) for name in names))


def sentence_html(template: str, **params: object) -> SafeString:
    """A translated sentence with %-parameters as HTML: its words escaped, and each
    parameter too, unless it is HTML already (a `whole_name`)."""
    values = {key: conditional_escape(value) for key, value in params.items()}
    return mark_safe(escape(template) % values)  # every piece escaped just above


def names_whole(text: Text | str, *, sentence: bool = False) -> SafeString:
    """An engine's text (`Text`) in the reader's language as HTML, each name in it a
    `whole_name` ("Tiebreak: Anne-Sophie and Jean-Baptiste play one more round"); a
    plain marked string translated. `sentence`: as `Text.render`'s."""
    if text is None or text == "":
        return SafeString("")
    if not isinstance(text, Text):
        return escape(gettext(str(text)))
    # Every piece is escaped here: the translated words, and each name by `whole_name`.
    rendered = _params_whole(text).render(lambda words: escape(gettext(words)), sentence=sentence)
    return mark_safe(rendered)


def said_names_whole(names: Iterable[str]) -> SafeString:
    """ "Ana, Ben and Chloé" as the board says them (`join_names`), each name whole."""
    said = join_names(list(names))
    if not said:
        return SafeString("")
    return names_whole(said) if isinstance(said, Text) else whole_name(said)


def _params_whole(value: object) -> object:
    """A text's parameters, each name in it (any text given as it is) a `whole_name`."""
    if isinstance(value, Text):
        return replace(value, params={key: _params_whole(v) for key, v in value.params.items()})
    if isinstance(value, str):
        return whole_name(value)
    # A number stays one, for the text to write it (a minus sign below zero).
    return value if isinstance(value, int) else conditional_escape(value)


def option_text(option, value: object) -> str:
    """An option's value as the set-up and the rules pages show it: on or off, a
    choice's label, or the number."""
    if option.kind == "bool":
        return gettext("on") if value else gettext("off")
    if option.kind == "choice":
        for choice in option.choices:
            if choice.value == value:
                return gettext(choice.label)
    return number_text(value) if isinstance(value, int) else str(value)


def spelling_of(counts: Mapping[str, int]) -> str:
    """The spelling one player is shown under, among `counts` (spelling: matches): the
    most typed; of two typed as often, the one typed with care, a capital first, then
    the more accents ("Sébastien", not "Sebastien", QA40), then the first in code point
    order, so that every page picks the same."""
    return min(counts, key=lambda name: (-counts[name], *_care(name), name))


def _care(name: str) -> tuple[bool, int]:
    return not name[:1].isupper(), -_accents(name)


def _accents(name: str) -> int:
    return sum(unicodedata.combining(char) > 0 for char in unicodedata.normalize("NFD", name))


def folded(name: str) -> str:
    """`name` as a search compares it: case folded (ß is ss), accents dropped (é is e),
    spaces collapsed; the engine's rule for one player's names (`player_key`)."""
    return player_key(name)
