from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    condition,
    require_http_methods,
    require_POST,
    require_safe,
)
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from scorepad.core.forms import OnceForm
from scorepad.core.htmx import VARY, form_status, render_page_or_partial, wants_fragment
from scorepad.core.wording import later_rounds_text, round_text
from scorepad.rules import GAMES
from scorepad.rules.base import (
    Game,
    MatchState,
    RoundInvalid,
    SetupInvalid,
    SetupSuggestion,
)
from scorepad.rules.kept import result_from_json as kept_result

from . import etags, rendered, services
from .access import current_owner, get_own_match, reserve_owner
from .forms import (
    DeleteRoundForm,
    MatchSetupForm,
    PlayersForm,
    RoundForm,
    UndoCorrectionForm,
    round_form_for,
)
from .house_rules import house_rules_for
from .models import HouseRule, Match, Round, ShareLink, board_of
from .scoreboard import (
    RECENT_ROUNDS,
    card_picker,
    chosen_rules,
    edit_form_for,
    just_started,
    known_players,
    last_lineup,
    last_match,
    restorable_round,
    round_url,
    scoreboard_context,
    why_context,
)


@dataclass(frozen=True)
class Board:
    """Where a scoreboard is seen and changed: its owner's page, or a co-scorer's link
    (`live`), which shares the owner's round views through `record_round_from` and
    `correct_round_from`."""

    page: str  # the whole page's template (it includes the `scoreboard` partial)
    url: str  # where a change sent without JavaScript lands
    live: ShareLink | None = None


def owner_board(match: Match) -> Board:
    return Board("matches/match.html", reverse("matches:match", args=[match.pk]))


def _game_or_404(game_key: str):
    if game_key not in GAMES:
        raise Http404
    return GAMES[game_key]


@require_safe
def pick_game(request: HttpRequest) -> HttpResponse:
    return render(request, "matches/pick_game.html", {"games": GAMES.values()})


# The set-up's regions htmx swaps on their own (`new_match.html`).
SETUP_REGIONS = {"options", "preset-changes"}


def _setup_shown(
    request: HttpRequest, game: Game, last: Match | None, house_rules: list[HouseRule]
) -> MatchSetupForm:
    """The set-up as offered: the last line-up (of `last`, the newest match of the game)
    with the rules asked for in the address; or, for the note on the preset's changes
    (asked for as an option is changed), the options as the scorer has set them."""
    if request.htmx.target == "preset-changes":
        return MatchSetupForm(request.GET, game_key=game.key)
    initial = last_lineup(last)
    initial.update(chosen_rules(request, game, house_rules))
    return MatchSetupForm(initial=initial, game_key=game.key)


def _suggestion(suggestion: SetupSuggestion) -> dict:
    """A suggestion of the engine's as the set-up page's script reads it: the field it
    sets, and the fields (by name) that must show one of some values."""
    when = {
        f"option_{name}": [str(value) for value in values]
        for name, values in suggestion.when.items()
    }
    return {
        "players": suggestion.players,
        "field": f"option_{suggestion.option}",
        "value": str(suggestion.value),
        "when": json.dumps(when),
        "text": suggestion.text,
        "action": suggestion.action,
        "done": suggestion.done,
    }


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Target")
def new_match(request: HttpRequest, game_key: str) -> HttpResponse:
    game = _game_or_404(game_key)
    owner = current_owner(request)
    house_rules = house_rules_for(owner, game.key)
    started = None  # a match of this game set up within the hour, named by Back
    if request.method == "POST":
        form = MatchSetupForm(request.POST, game_key=game.key)
        once = OnceForm(request.POST)
        if form.has_forged_fields() or not once.is_valid():
            return HttpResponseBadRequest()
        if request.POST.get("seats") == "empty":  # "Empty the seats" without JavaScript
            form = form.with_seats_emptied()
        elif form.is_valid():
            owner = owner or current_owner(request, create=True)
            preset, key = form.cleaned_data["preset"], once.cleaned_data["key"]
            try:
                match = services.start_match(owner, preset, form.setup, key=key)
            except services.TooManyMatches as refused:
                form.add_error(None, str(refused))
            else:  # the same form sent twice: the first post's match
                return (
                    redirect("matches:match", match_id=match.pk)
                    if match
                    else redirect(request.path)
                )
    else:
        if owner is None:
            reserve_owner(request)
        # The note on a preset's changes reads the options sent, not the last match.
        last = None if request.htmx.target == "preset-changes" else last_match(owner, game.key)
        form = _setup_shown(request, game, last, house_rules)
        if form.has_forged_fields():  # the note asked with fields no page sends
            return HttpResponseBadRequest()
        started = just_started(last)
    context = {
        "form": form,
        "game": game,
        "just_started": started,
        # The seats offered are the last match's: said, with a way to empty them.
        "seats_from_last": request.method != "POST"
        and any(form.initial.get(f"player_{seat}") for seat in range(game.max_players)),
        "known_players": known_players(owner),
        "house_rules": house_rules,
        "house_rule_shown": form.house_rule_shown(house_rules),
        "suggestions": [_suggestion(suggestion) for suggestion in game.setup_suggestions],
    }
    # A preset tap swaps only the options; an option changed, the note on its changes.
    partial = request.htmx.target if request.htmx.target in SETUP_REGIONS else None
    return render_page_or_partial(
        request, "matches/new_match.html", partial, context, status=form_status(request, form)
    )


def _all_rounds(request: HttpRequest) -> bool:
    return request.GET.get("rounds") == "all"


@require_safe
# A 304 answers before the view: it varies as the page it stands for.
@vary_on_headers("HX-Request", "HX-History-Restore-Request", "HX-Boosted")
@condition(etag_func=etags.scoreboard_etag)
def match_view(request: HttpRequest, match_id: int) -> HttpResponse:
    kept = rendered.kept_board(request, match_id)
    if kept is not None:
        return kept
    try:
        match = get_own_match(request, match_id)
    except Http404:
        # The asker's own match, deleted (Back after deleting it, or from another tab):
        # the home page, where the deletion can be undone, rather than "not found".
        if not _own_deleted(request, match_id):
            raise
        return _go_to(request, f"{reverse('home')}?deleted={match_id}")
    # After a deletion without JavaScript, the page offers to undo it.
    undo = restorable_round(match, request.GET.get("undo"))
    notice = round_text(match.rules, "deleted", number=undo.number) if undo else None
    context = scoreboard_context(
        match,
        notice=notice,
        undo=undo,
        all_rounds=_all_rounds(request),
        entry_key=rendered.ENTRY_KEY_SLOT,
    )
    return rendered.render_board(request, context)


def _own_deleted(request: HttpRequest, match_id: int) -> bool:
    try:
        get_own_match(request, match_id, rounds=False, deleted=True)
    except Http404:
        return False
    return True


@require_safe
@condition(etag_func=etags.scoresheet_etag)
def scoresheet(request: HttpRequest, match_id: int) -> HttpResponse:
    """The scoreboard to look at, from the history: nothing on it changes the match."""
    kept = rendered.kept_board(request, match_id, read_only=True)
    if kept is not None:
        return kept
    match = get_own_match(request, match_id)
    context = scoreboard_context(match, read_only=True, all_rounds=_all_rounds(request))
    return rendered.render_board(request, context)


@require_safe
def round_why(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False)
    return why_answer(request, match, number)


def why_answer(
    request: HttpRequest, match: Match, number: int, live: ShareLink | None = None
) -> HttpResponse:
    """A round's "why this score?": a page, or the row under the round for htmx."""
    found = match.rounds.filter(number=number, deleted_at__isnull=True).first()
    if found is None or found.result is None:
        raise Http404
    context = why_context(match, kept_result(found.result), live)
    return render_page_or_partial(request, "matches/round_why.html", "why_row", context)


def _changed(
    request: HttpRequest,
    match: Match,
    *,
    notice: str | None = None,
    status_error: bool = False,
    undo: Round | None = None,
    restorable_round: Round | bool | None = False,
    board: Board | None = None,
    recorded: bool = False,
    added: bool = False,
    retyped: RoundForm | None = None,
    correction: str = "",
) -> HttpResponse:
    """After a change: htmx gets what changed (the `changes` regions); a plain form post
    is redirected, and the notice (or the offer to undo a deletion) follows it. Without
    a notice the redirect lands on the standing, which shows what the change did.
    `match` is the one the change saved (`live_state`), or it is read again. `board`:
    where the change was made (the owner's page by default, or a co-scorer's link).
    `recorded`: the change is a round recorded; `added`: to a board that showed the
    match just before it, which then needs only what that round changed (`round_added`).
    `retyped`: the next round's form, filled with what was typed for a round deleted
    meanwhile (`_deleted_meanwhile`), in place of a fresh one; without htmx, the board's
    page with it (a redirect would lose it). `correction`: the correction left open on
    the board (HTML), which the change otherwise closes."""
    board = board or owner_board(match)
    if not request.htmx and retyped is None:
        url = board.url
        if undo is not None:
            url += f"?undo={undo.pk}"
        if notice:
            level = messages.ERROR if status_error else messages.INFO
            messages.add_message(request, level, notice)
        return redirect(url if notice else f"{url}#standing")
    state = getattr(match, "live_state", None)
    if state is None:  # read again as changed (the view checked who may change it)
        match = Match.objects.prefetch_related("rounds").get(pk=match.pk)
        state = match.state()
    context = scoreboard_context(
        match,
        state=state,
        form=retyped,
        notice=notice,
        status_error=status_error,
        undo=undo,
        restorable_round=restorable_round,
        live=board.live,
        last_rows=1 if added else None,  # the added round's row only
        last_change=not added,  # a round added to the board as it was: told in its row
        before_added=recorded,  # a board left behind: what changed before the round
    )
    context["correction"] = correction
    if retyped is not None:
        context["retyped"] = True  # kept in the tab as a round being typed is (app.js)
        if not request.htmx:
            context["card_buttons"] = card_picker(match.rules, match.options)
            return render(request, board.page, context)
    regions = "round_added" if added else "changes"
    if added and _shows_all_rounds(request):  # the new row joins them: no "Show all" link
        context["earlier"] = 0
    elif added and context["earlier"]:  # the board keeps its last rounds: the oldest goes
        context["dropped_row"] = context["round_count"] - RECENT_ROUNDS
    changes = render_to_string(f"matches/match.html#{regions}", context, request)
    response = HttpResponse(rendered.entry_html(request, context) + changes)
    patch_vary_headers(response, VARY)
    return response


def _shows_all_rounds(request: HttpRequest) -> bool:
    """Whether the page that sent this htmx request shows all the rounds (`?rounds=all`).
    A header no browser sends ("http://[::1") is no such page: the round, saved by
    then, is answered as for the board's last rounds, not with a 500."""
    try:
        query = urlsplit(request.htmx.current_url or "").query
    except ValueError:
        return False
    return parse_qs(query).get("rounds") == ["all"]


@require_http_methods(["GET", "HEAD", "POST"])
def add_round(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False)
    if request.method != "POST":
        return round_checked_again(request, match, owner_board(match))
    return record_round_from(request, match, owner_board(match))


def round_checked_again(request: HttpRequest, match: Match, board: Board) -> HttpResponse:
    """A GET of the address rounds are sent to. From app.js (htmx, with the round's
    fields): a round sent back with its faults, put back in its form after a Reload or
    Back from the tab's draft, checked as sending it was (nothing is recorded), so that
    its faults show again, in the page's language. 204 when there is nothing to show:
    no fault now, or a round no longer the next one. Otherwise (the address of a page a
    refused round came back in without JavaScript, asked again: a language switched
    there, Back, a reload after it) the board."""
    if not (wants_fragment(request) and request.GET):
        response = redirect(board.url)
    else:
        state = match.kept_state(last=1)
        form = round_form_for(state, request.GET)
        valid = form.is_valid()
        if form.has_forged_fields():
            return HttpResponseBadRequest()
        nothing_to_show = (
            valid
            or state.finished
            or not form.has_entry()
            or form.cleaned_data["number"] != len(state.rounds) + 1
        )
        response = (
            HttpResponse(status=204)
            if nothing_to_show
            else _refused(request, match, state, form, board)
        )
    patch_vary_headers(response, VARY)
    return response


def record_round_from(request: HttpRequest, match: Match, board: Board) -> HttpResponse:
    """A round's POST, to a match the asker may score, answered on its `board`."""
    # The engine plays a round after the last one's result alone (`Game.play_next`), and
    # the answer to a round added shows that round's row alone: one is read.
    state = match.kept_state(last=1)
    form = round_form_for(state, request.POST)
    if form.has_forged_fields():
        return HttpResponseBadRequest()
    if form.typed_for_another_match(match.pk):  # before its link went on to this one
        notice = round_text(match.rules, "other_match")
        return _changed(request, match, notice=notice, status_error=True, board=board)
    # A match ended meanwhile (another phone's round or correction) refuses the round
    # whatever it holds: the service says so, or that this very round ended it.
    if form.is_valid() or (state.finished and form.has_entry()):
        try:
            new = services.record_round(
                match,
                form.round,
                number=form.cleaned_data["number"],
                entry_key=form.cleaned_data["entry_key"],
                owner=current_owner(request),
                state=state,  # the kept state the form was checked against
            )
        except services.AlreadyRecorded as retried:  # a retry of a round that got through
            return _changed(request, match, notice=str(retried), board=board)
        except services.RoundConflict as conflict:
            return _changed(request, match, notice=str(conflict), status_error=True, board=board)
        except RoundInvalid as invalid:  # the match changed since the form was checked
            form.show_engine_errors(invalid.errors)
        else:  # a round recorded since a deletion took the deleted round's place
            return _recorded(request, new, form.cleaned_data["seen"], board)
    elif form.has_entry() and form.cleaned_data["number"] != len(state.rounds) + 1:
        # Another phone's round took this number meanwhile, or deleted one before it:
        # said so with the board as it is now, as a round without faults is, not its
        # faults under the next round's title (QA29). What was typed stays on the phone,
        # refused (offline-rounds.js).
        number, upcoming = form.cleaned_data["number"], len(state.rounds) + 1
        said = "already_recorded" if number < upcoming else "gone_before"
        notice = round_text(match.rules, said, number=number, next=upcoming)
        return _changed(request, match, notice=notice, status_error=True, board=board)
    return _refused(request, match, state, form, board)


def _recorded(request: HttpRequest, new: Round, seen: int | None, board: Board) -> HttpResponse:
    """The answer to round `new` recorded from the board at version `seen`: only what
    the round changed if the board was the match as it was just before, else its last
    rounds all again (read: the engine's state holds the last one alone)."""
    added = seen is not None and seen == new.match.version - 1
    if not added:
        new.match.live_state = new.match.kept_state(last=RECENT_ROUNDS)
    return _changed(
        request, new.match, restorable_round=None, board=board, recorded=True, added=added
    )


def _refused(
    request: HttpRequest, match: Match, state: MatchState, form: RoundForm, board: Board
) -> HttpResponse:
    """A round's entry sent back with its faults: the form where it was (htmx), or the
    board's page with its last rounds."""
    if request.htmx:
        context = scoreboard_context(match, state=state, form=form, live=board.live, last_rows=0)
        context["retyped"] = True  # what was typed: kept in the tab through a Reload (app.js)
        return render(request, "matches/match.html#entry", context)
    state = match.kept_state(last=RECENT_ROUNDS)
    context = scoreboard_context(match, state=state, form=form, live=board.live)
    context["retyped"] = True
    # The page opens at a list of every fault above the form (QA32: the first one came
    # up at the screen's bottom, the others below it).
    context["faults_listed"] = form.listed_faults()
    context["faults_at_top"] = True
    context["card_buttons"] = card_picker(match.rules, match.options)
    return render(request, board.page, context, status=form_status(request, form))


@require_http_methods(["GET", "HEAD", "POST"])
def edit_round(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    match = get_own_match(request, match_id)
    return correct_round_from(request, match, number, owner_board(match))


def correct_round_from(
    request: HttpRequest, match: Match, number: int, board: Board
) -> HttpResponse:
    """The correction of round `number` (its form, and its POST), on `board`."""
    rounds = match.active_rounds()
    if number > len(rounds) and (request.method == "POST" or _was_deleted(match, number)):
        return _deleted_meanwhile(request, match, number, board)
    if not 1 <= number <= len(rounds):
        raise Http404
    form = edit_form_for(match, rounds, number, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.has_forged_fields():
        return HttpResponseBadRequest()
    if request.method == "POST" and form.typed_for_another_match(match.pk):
        notice = round_text(match.rules, "other_match")
        return _changed(request, match, notice=notice, status_error=True, board=board)
    later_offer = None  # the rounds after it, when the correction no longer fits them
    if request.method == "POST" and form.is_valid():
        try:
            corrected = services.correct_round(
                match,
                number,
                form.round,
                owner=current_owner(request),
                shown=form.cleaned_data["shown"] or None,
                delete_later=form.cleaned_data["delete_later"] or None,
            )
        except services.NothingToCorrect as unchanged:  # the board as it was, and why
            return _instead_of_correction(
                request, _changed(request, match, notice=str(unchanged), board=board)
            )
        except services.DeletedMeanwhile:
            fresh = Match.objects.prefetch_related("rounds").get(pk=match.pk)
            fresh.owner = match.owner
            return _deleted_meanwhile(request, fresh, number, board)
        except services.ChangedMeanwhile as changed:
            return _changed_meanwhile(request, match, number, board, changed)
        except services.RoundConflict as conflict:
            return _instead_of_correction(
                request,
                _changed(request, match, notice=str(conflict), status_error=True, board=board),
            )
        except services.LaterRoundsInTheWay as in_the_way:
            later_offer = _later_rounds_refused(form, in_the_way, match.rules, number)
        except RoundInvalid as invalid:
            form.show_engine_errors(invalid.errors)
        else:
            after = corrected.match  # as the correction saved it (`live_state`)
            # What it did to the round's points and to the match's end is told by the
            # board itself, as every board of the table tells it, beside the Undo it offers
            # (in sight in the standing: the row may be far up).
            if request.htmx:  # the board shows what changed, the correction closed
                return _instead_of_correction(request, _changed(request, after, board=board))
            return redirect(round_url(match, number, board.live))
    return _correction_page(
        request, _correction_context(request, match, number, board, form, later_offer)
    )


def _correction_context(
    request: HttpRequest,
    match: Match,
    number: int,
    board: Board,
    form: RoundForm,
    later_offer: dict | None = None,
) -> dict:
    return {
        "later_offer": later_offer,
        "live": board.live,
        "match": match,
        "form": form,
        "number": number,
        "game": match.rules,
        "card_buttons": card_picker(match.rules, match.options),
        "round_url": round_url(match, number, board.live),
        "board_of": board_of(match.pk),
        # Loaded into the scoreboard (htmx), under its rounds; else a page of its own.
        "inline": wants_fragment(request),
    }


def _correction_page(request: HttpRequest, context: dict) -> HttpResponse:
    """The correction of `_correction_context`: on the board (htmx), or its own page."""
    status = form_status(request, context["form"])
    return render_page_or_partial(
        request, "matches/edit_round.html", "correction", context, status=status
    )


def _changed_meanwhile(
    request: HttpRequest,
    match: Match,
    number: int,
    board: Board,
    changed: services.ChangedMeanwhile,
) -> HttpResponse:
    """A correction sent for round `number`, which another phone changed since its form
    was shown: not saved, and not lost (QA58: the form closed, what was typed gone). The
    board shows the round as it now is, under it the correction still open with what was
    typed, set to replace the round as it now is when sent again."""
    fresh = Match.objects.prefetch_related("rounds").get(pk=match.pk)
    fresh.owner = match.owner
    data = request.POST.copy()
    data["shown"] = changed.fingerprint
    form = edit_form_for(fresh, fresh.active_rounds(), number, data)
    context = _correction_context(request, fresh, number, board, form)
    if not request.htmx:  # its own page, the fault above the form
        form.add_error(None, str(changed))
        return _correction_page(request, context)
    correction = render_to_string("matches/edit_round.html#correction", context, request)
    response = _changed(
        request, fresh, notice=str(changed), status_error=True, board=board, correction=correction
    )
    return _instead_of_correction(request, response)


def _later_rounds_refused(
    form: RoundForm, in_the_way: services.LaterRoundsInTheWay, game: Game, number: int
) -> dict:
    """A correction refused for the rounds after it: said above its form (with why the
    first of them no longer holds, unless the match would be over before it), and the
    offer, under it, to delete them with the correction (its button's value and words)."""
    form.add_error(None, in_the_way.message)
    if not in_the_way.ends:
        form.show_engine_errors(in_the_way.errors)
    first, last = in_the_way.first, in_the_way.last
    words = later_rounds_text(game, "delete", number=number, first=first, last=last)
    return {"value": in_the_way.offer, "label": words}


def _deleted_meanwhile(
    request: HttpRequest, match: Match, number: int, board: Board
) -> HttpResponse:
    """Round `number` was deleted since its correction (or its "why") was shown: said on
    the board. A correction sent for it is not lost: when the deleted round was the last
    (as a deletion always takes it) and none came since, what was typed fills the form of
    the round in its place, to be recorded again (checked, as any round is)."""
    state = match.state()
    retyped = None
    if (
        request.method == "POST"
        and number == len(state.rounds) + 1
        and not state.finished
        and match.abandoned_at is None
    ):
        data = request.POST.copy()
        data.update({"number": str(number), "entry_key": str(uuid.uuid4())})
        data["seen"] = str(match.version)
        retyped = round_form_for(state, data)
        if retyped.has_forged_fields():
            return HttpResponseBadRequest()
        retyped.is_valid()  # its faults, if any, beside their fields
    said = "deleted_retyped" if retyped is not None else "deleted_meanwhile"
    notice = round_text(match.rules, said, number=number)
    match.live_state = state
    return _instead_of_correction(
        request,
        _changed(request, match, notice=notice, status_error=True, board=board, retyped=retyped),
    )


def _instead_of_correction(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """A change's answer (`_changed`) to a correction asked for or sent from the board
    (into #correction): it goes where every change's goes, in place of the round form,
    and closes the correction (out of band)."""
    return reswap(retarget(response, "#entry"), "outerHTML") if request.htmx else response


def _was_deleted(match: Match, number: int) -> bool:
    return match.rounds.filter(number=number, deleted_at__isnull=False).exists()


@require_POST
def delete_last_round(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id)
    form = DeleteRoundForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest()
    number = form.cleaned_data["number"]
    try:
        deleted = services.delete_last_round(match, number=number, owner=current_owner(request))
    except services.RoundConflict as conflict:
        return _changed(request, match, notice=str(conflict), status_error=True)
    if not request.htmx:  # the page itself offers to undo, in the standing
        url = reverse("matches:match", args=[match.pk])
        return redirect(f"{url}?undo={deleted.pk}#standing")
    notice = round_text(match.rules, "deleted", number=deleted.number)
    return _changed(request, deleted.match, notice=notice, undo=deleted, restorable_round=deleted)


@require_POST
def restore_round(request: HttpRequest, match_id: int, round_id: int) -> HttpResponse:
    match = get_own_match(request, match_id)
    try:
        restored = services.restore_round(match, round_id, owner=current_owner(request))
    except services.RoundConflict as conflict:
        return _changed(request, match, notice=str(conflict), status_error=True)
    notice = round_text(match.rules, "restored", number=restored.number)
    # Rounds deleted one after the other come back one after the other: offer the next,
    # while it fits (QA: a tiebreak round a correction had deleted, offered, then refused).
    following = services.restorable_now(restored.match, restored.match.live_state)
    return _changed(
        request, restored.match, notice=notice, undo=following, restorable_round=following
    )


@require_POST
def undo_correction(request: HttpRequest, match_id: int, round_id: int) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False)
    return undo_correction_from(request, match, round_id, owner_board(match))


def undo_correction_from(
    request: HttpRequest, match: Match, round_id: int, board: Board
) -> HttpResponse:
    """Undo of a correction, from `board`: the board tells what came back (its last
    change), also to the same Undo sent again."""
    form = UndoCorrectionForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest()
    try:
        corrected = services.undo_correction(
            match, round_id, owner=current_owner(request), change_id=form.cleaned_data["change"]
        )
    except services.AlreadyUndone:
        return _changed(request, match, board=board)
    except services.RoundConflict as conflict:
        return _changed(request, match, notice=str(conflict), status_error=True, board=board)
    return _changed(request, corrected.match, board=board)


@require_POST
def abandon_match(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False)
    if match.finished:
        notice = _("This match is finished: there is nothing to abandon.")
        return _changed(request, match, notice=notice, status_error=True)
    services.abandon_match(match)
    notice = _("Match abandoned. It stays in the history; you can resume it at any time.")
    return _changed(request, match, notice=notice)


@require_POST
def resume_match(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False)
    services.resume_match(match)
    return _changed(request, match, notice=_("Match resumed."))


def _go_to(request: HttpRequest, url: str) -> HttpResponse:
    """A whole new page: htmx is told to load it, a plain form post is redirected."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_POST
def delete_match(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False)
    services.delete_match(match)
    # The home page offers to undo it.
    return _go_to(request, f"{reverse('home')}?deleted={match.pk}")


@require_POST
def restore_match(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False, deleted=True)
    try:
        services.restore_match(match)
    except services.BackAlready as back:  # not twice: the copy a match file brought back
        said = _("This match is back already, from a match file: here it is.")
        once = _("It was not restored twice.")
        messages.info(request, f"{said} {once}")
        return _go_to(request, reverse("matches:match", args=[back.twin.pk]))
    messages.info(request, _("Match restored."))
    return _go_to(request, reverse("matches:match", args=[match.pk]))


@require_POST
def play_again(request: HttpRequest, match_id: int) -> HttpResponse:
    match: Match = get_own_match(request, match_id, rounds=False)
    once = OnceForm(request.POST)
    if not once.is_valid():
        return HttpResponseBadRequest()
    key = once.cleaned_data["key"]
    try:
        new = services.play_again(match, owner=current_owner(request), key=key)
    except services.TooManyMatches as refused:
        messages.error(request, str(refused))
        new = None
    return redirect("matches:match", match_id=(new or match).pk)


@require_http_methods(["GET", "POST"])
def correct_players(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False)
    data = request.POST if request.method == "POST" else None
    form = PlayersForm(data, setup=match.setup(), game=match.rules)
    if form.has_forged_fields():
        return HttpResponseBadRequest()
    if form.is_valid():
        try:
            services.correct_players(
                match, form.names, form.first_dealer, owner=current_owner(request)
            )
        except (SetupInvalid, RoundInvalid) as invalid:  # the match changed meanwhile
            form.show_engine_errors(invalid.errors)
        else:
            messages.info(request, _("Names and first dealer saved."))
            return redirect("matches:match", match_id=match.pk)
    context = {"match": match, "form": form, "game": match.rules}
    return render(request, "matches/players.html", context, status=form_status(request, form))
