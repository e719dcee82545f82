from __future__ import annotations

import json
from collections.abc import Iterator
from typing import NamedTuple

from django.contrib import messages
from django.core.exceptions import BadRequest
from django.core.paginator import Paginator
from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, F, IntegerField, OuterRef, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.http import Http404, HttpRequest, HttpResponse, QueryDict, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import reswap, retarget

from scorepad.core.htmx import form_status, render_page_or_partial, wants_fragment
from scorepad.core.middleware import phone_time
from scorepad.core.pagecache import ONCE_SLOT, kept_page
from scorepad.core.wording import changes_text, folded, join_whole, preset_changes, sentence_html
from scorepad.matches.access import current_owner, get_own_match, owner_stamp
from scorepad.matches.forms import JustDeletedForm
from scorepad.matches.models import HouseRule, Match, Owner, Seat
from scorepad.matches.services import TooManyMatches
from scorepad.rules import GAMES

from . import exchange, stats
from .forms import HistoryFilterForm, HouseRuleForm, ImportForm
from .house_rules import rule_names, rule_of
from .names import one_per_player, spelling_of, spellings_among
from .stats import PlayerRecord

PER_PAGE = 20
MOST_NAMES_SUGGESTED = 200
MATCHES_FOR_NAMES = 500


def _own_matches(owner: Owner | None) -> QuerySet[Match]:
    return Match.objects.listed().filter(owner=owner) if owner else Match.objects.none()


def _counted_matches(owner: Owner | None) -> QuerySet[Match]:
    """What the statistics count: finished matches, not abandoned or deleted ones."""
    return _own_matches(owner).counted()


def _tallies(
    seats: QuerySet[Seat], *, figures: bool = True, usual: dict[str, int] | None = None
) -> list[PlayerRecord]:
    """The players' records, summed by the database from the kept seats: one query. The
    game figures (read out of each seat's JSON, the costly part) only when asked for.
    `usual`: the spellings of the whole history, for seats of some matches only."""
    sums = {name: Sum(Cast(KT(f"figures__{name}"), IntegerField())) for name in stats.event_names()}
    rows = (
        seats.values("name", game=F("match__game"))
        .annotate(
            played=Count("pk"),
            wins=Count("pk", filter=Q(won=True)),
            shared_wins=Count("pk", filter=Q(shared=True)),
            **(sums if figures else {}),
        )
        .order_by("name", "game")
    )
    return stats.from_tallies(rows, usual)


def _seats_of(matches: QuerySet[Match] | list[Match]) -> QuerySet[Seat]:
    if isinstance(matches, QuerySet):
        return Seat.objects.filter(match__in=matches)
    return Seat.objects.filter(match__in=[match.pk for match in matches])


def _own_rules(owner: Owner | None) -> list[HouseRule]:
    rules = HouseRule.objects.filter(owner=owner) if owner else []
    return sorted(rules, key=lambda rule: (rule.game, folded(rule.name), rule.name))


class Filtered(NamedTuple):
    form: HistoryFilterForm
    matches: QuerySet[Match] | list[Match]
    # Names seated in the matches the other filters leave: all of them for a typed
    # player, those of the latest matches for the history's suggestions, else none.
    names: list[str]


def _filtered(
    request: HttpRequest,
    owner: Owner | None,
    matches: QuerySet[Match],
    *,
    with_names: bool = False,
) -> Filtered:
    """The filter form and the matches that pass its valid fields.

    Game, status, a player (through the kept seats) and a house rule's preset are
    filtered in SQL; the complete options of a house rule only in Python, on what SQL
    left. A field a person got wrong is shown with its error (and not applied); a game
    or a status the lists do not offer (an old bookmark, an edited address) is ignored.
    """
    form, matches, names = _narrowed(request, owner, matches, with_names=with_names)
    if form.needs_keep:
        return Filtered(form, [match for match in matches if form.keep(match)], names)
    return Filtered(form, matches, names)


def _narrowed(
    request: HttpRequest, owner: Owner | None, matches: QuerySet[Match], *, with_names: bool
) -> tuple[HistoryFilterForm, QuerySet[Match], list[str]]:
    """What `_filtered` does in SQL: its form must still `keep` each match."""
    form = HistoryFilterForm(request.GET, house_rules=_own_rules(owner))
    form.is_valid()
    matches = form.narrow(matches)
    names: dict[str, int] = {}
    if form.typed_player:
        names = _player_names(matches)
    elif with_names:
        names = _latest_player_names(matches)
    return form, form.narrow_to_player(matches, names), names


def _player_names(matches: QuerySet[Match]) -> dict[str, int]:
    """Every name seated in `matches` and in how many, for a typed player, who may have
    played only long ago: the database reads the kept seats and groups them, Python gets
    only the distinct names (one query)."""
    names = matches.values_list("seats__name").annotate(seated=Count("seats")).order_by()
    return {name: seated for name, seated in names if name is not None}  # no seats


def _latest_player_names(matches: QuerySet[Match]) -> dict[str, int]:
    """The names seated in the latest of `matches` and in how many, to suggest: one
    query, bounded however long the history."""
    latest = _seats_of(matches[:MATCHES_FOR_NAMES]).values_list("name")
    names = latest.annotate(seated=Count("pk")).order_by("name")[:MOST_NAMES_SUGGESTED]
    return dict(names)


def _page_link(query: QueryDict, number: int) -> str:
    """The history's page `number`, with the filters of `query`."""
    query = query.copy()
    query["page"] = str(number)
    return f"?{query.urlencode()}"


def _suggested(names: dict[str, int]) -> list[str]:
    """The players the filter suggests, each once as the statistics name them, in
    alphabetical order."""
    players = one_per_player(names)
    return sorted(players, key=lambda name: (folded(name), name))[:MOST_NAMES_SUGGESTED]


def _totals(match: Match) -> list[tuple[str, int]]:
    """Each side's total as kept (what tells two matches of one evening apart)."""
    return list((match.standing or {}).get("totals", {}).items()) if match.round_count else []


def _rules_of(match: Match) -> str | None:
    """The rules a match was played by, where no house rule names them: its preset, for a
    game of several, and what was changed in it (QA26: two Cabo matches of an evening,
    French and official rules, read the same in the history)."""
    game = match.rules
    try:
        preset = game.preset(match.preset)
    except KeyError:
        return None
    changes = preset_changes(game, preset, match.options)
    if len(game.presets) < 2 and not changes:
        return None
    label = _(preset.label)
    return f"{label} ({changes_text(changes)})" if changes else label


def _history_context(request: HttpRequest, owner: Owner | None, **extra) -> dict:
    form, matches, players = _filtered(request, owner, _own_matches(owner), with_names=True)
    names = rule_names(form.house_rules.values())
    paginator = Paginator(matches, PER_PAGE)
    page = paginator.get_page(request.GET.get("page"))
    rows = [
        {
            "match": match,
            "rules": rule_of(match, names) or _rules_of(match),
            "totals": _totals(match),
        }
        for match in page
    ]
    query = request.GET.copy()
    query.pop("page", None)
    return {
        "filters": form,
        "page": page,
        "rows": rows,
        "query": query.urlencode(),
        "newer": _page_link(query, page.previous_page_number()) if page.has_previous() else None,
        "older": _page_link(query, page.next_page_number()) if page.has_next() else None,
        "known_players": _suggested(players),
        "import_form": ImportForm(),
        **extra,
    }


@require_safe
@kept_page(stamp=owner_stamp)
def history(request: HttpRequest) -> HttpResponse:
    import_form = ImportForm(initial={"key": ONCE_SLOT})  # a fresh key in each answer
    context = _history_context(request, current_owner(request), import_form=import_form)
    form = context["filters"]
    if wants_fragment(request) and form.errors:
        # The list swap would hide the fault: swap the form instead, errors beside the fields.
        response = render_page_or_partial(request, "records/history.html", "filters", context)
        return reswap(retarget(response, "#filters"), "outerHTML")
    context["say_count"] = wants_fragment(request)  # the list swapped: its count said
    return render_page_or_partial(
        request, "records/history.html", "results", context, status=form_status(request, form)
    )


@require_http_methods(["GET", "HEAD", "POST"])
def import_matches(request: HttpRequest) -> HttpResponse:
    """Import a match file; a refused one gets the history back, its faults next to the
    field, at this address. A GET here is that address reloaded, reopened, or asked again
    by the language switcher (which returns to the current address): it lands on the
    history, never on a bare 405, and carries nothing of the file that was refused."""
    if request.method != "POST":
        return redirect("records:history")
    form = ImportForm(request.POST, request.FILES)
    if form.has_error("key"):
        raise BadRequest("malformed one-time key")
    if form.is_valid():
        owner = current_owner(request, create=True)
        changed = exchange.held_changed_since(owner, form.checked)
        try:
            created = exchange.save_entries(
                owner, form.checked, key=form.cleaned_data["key"], new_only=True
            )
        except TooManyMatches as refused:
            form.add_error("file", str(refused))
        except exchange.AlreadyImported:
            messages.info(request, _("This file was already imported."))
            return redirect("records:history")
        else:
            further_on = [match.held for match in changed if match.further_on]
            otherwise = [match.held for match in changed if not match.further_on]
            count, held = len(created), len(form.checked) - len(created) - len(changed)
            if count or not (held or changed):
                messages.success(
                    request,
                    ngettext("%(count)s match imported.", "%(count)s matches imported.", count)
                    % {"count": count},
                )
            if held:
                messages.info(
                    request,
                    ngettext(
                        "%(count)s match of the file was already in your history: left out.",
                        "%(count)s matches of the file were already in your history: left out.",
                        held,
                    )
                    % {"count": held},
                )
            if further_on:
                messages.info(request, _further_on_notice(further_on))
            if otherwise:
                messages.info(request, _changed_notice(otherwise))
            if recomputed := [match for entry, match in created if entry.written_otherwise]:
                messages.info(request, _recomputed_notice(recomputed))
            return redirect("records:history")
    context = _history_context(request, current_owner(request))
    context["import_form"] = form
    return render(request, "records/history.html", context, status=form_status(request, form))


def _named_matches(matches: list[Match | exchange.CheckedMatch]) -> SafeString:
    """The matches an import left out, each named as the history lists it (QA44: "1
    match" said not which), the first ten: as HTML, each player's name kept whole on a
    line."""
    named = [_named(match) for match in matches[:MAX_CHANGED_NAMED]]
    listed = format_html_join("; ", "{}", ((said,) for said in named))
    if len(matches) > MAX_CHANGED_NAMED:
        listed = sentence_html(
            _("%(matches)s and %(count)s more"),
            matches=listed,
            count=len(matches) - MAX_CHANGED_NAMED,
        )
    return listed


def _further_on_notice(further_on: list[Match | exchange.CheckedMatch]) -> SafeString:
    """What an import says of the matches it left out because the history holds them
    further on (an export taken before the last rounds): nothing to do (QA: told to
    delete theirs to take the file's, a scorer would have lost the rounds since)."""
    said = ngettext(
        "%(count)s match of the file is in your history with rounds played since:"
        " %(matches)s. Left out: your history holds every round of the file, and more.",
        "%(count)s matches of the file are in your history with rounds played since:"
        " %(matches)s. Left out: your history holds every round of the file, and more.",
        len(further_on),
    )
    return sentence_html(said, count=len(further_on), matches=_named_matches(further_on))


def _changed_notice(changed: list[Match | exchange.CheckedMatch]) -> SafeString:
    """What an import says of the matches it left out because the history holds them
    otherwise (corrected, renamed, or short of the file's last rounds): each named, so
    that the scorer can find the one to delete to take the file's."""
    matches = _named_matches(changed)
    said = ngettext(
        "%(count)s match of the file is in your history, but not as the file has it:"
        " %(matches)s. Left out, yours is kept. To take the file’s, delete yours, then"
        " import the file again.",
        "%(count)s matches of the file are in your history, but not as the file has them:"
        " %(matches)s. Left out, yours are kept. To take the file’s, delete yours, then"
        " import the file again.",
        len(changed),
    )
    return sentence_html(said, count=len(changed), matches=matches)


def _recomputed_notice(matches: list[Match]) -> SafeString:
    """What an import says of the matches whose file wrote other results (totals,
    winners…) than their rounds give: imported with their rounds' (FORMAT.md), named."""
    said = ngettext(
        "The file wrote results for %(count)s match other than its rounds give:"
        " %(matches)s. It was imported with the results its rounds give.",
        "The file wrote results for %(count)s matches other than their rounds give:"
        " %(matches)s. They were imported with the results their rounds give.",
        len(matches),
    )
    return sentence_html(said, count=len(matches), matches=_named_matches(matches))


MAX_CHANGED_NAMED = 10


def _named(match: Match | exchange.CheckedMatch) -> SafeString:
    """ "Cabo with Ana, Ben (29 November 2026)": the game, players and day of the match as
    the history lists it."""
    if isinstance(match, Match):
        game, players, created = match.rules, match.players, match.created
    else:
        game, players, created = GAMES[match.setup.game], match.setup.players, match.created
    return sentence_html(
        _("%(game)s with %(players)s (%(date)s)"),
        game=_(game.name),  # marked in the rules engine
        players=join_whole(players, ", "),
        date=date_format(phone_time(created), "DATE_FORMAT"),
    )


@require_safe
@kept_page(stamp=owner_stamp)
def players(request: HttpRequest) -> HttpResponse:
    owner = current_owner(request)
    form, matches, _names = _filtered(request, owner, _counted_matches(owner))
    # Filtered, each player keeps the spelling of the whole history (QA: "Zoe" for the
    # Cabo matches, "Zoë" for every game).
    usual = _player_names(_counted_matches(owner)) if form.has_changed() else None
    # The list shows matches and wins, not the game figures of each player's page.
    records = _tallies(_seats_of(matches), figures=False, usual=usual)
    context = {"filters": form, "records": records}
    return render(request, "records/players.html", context, status=form_status(request, form))


def _spellings(matches: QuerySet[Match], name: str) -> dict[str, int]:
    """The names seated in `matches` that are the player `name` (`names.player_key`, as
    the players' list counts them), and in how many matches each."""
    seated = _player_names(matches)
    return {spelling: seated[spelling] for spelling in spellings_among(seated, name)}


def _nothing_counted_yet(request: HttpRequest, owner: Owner | None, name: str) -> HttpResponse:
    """The page of a player seated only in matches that do not count yet (QA: Anke's page
    was a 404 while her first match went on): it says why, and leads to those matches.
    A name no match of the visitor's seats is not found."""
    spellings = _spellings(_own_matches(owner), name)
    if not spellings:
        raise Http404
    context = {"name": spelling_of(spellings), "nothing_counted": True}
    return render(request, "records/player.html", context)


@require_safe
@kept_page(stamp=owner_stamp)
def player(request: HttpRequest, name: str) -> HttpResponse:
    owner = current_owner(request)
    form, matches, _names = _filtered(request, owner, _counted_matches(owner))
    usual = _spellings(_counted_matches(owner), name)
    spellings = list(usual) or [name]
    records = _tallies(_seats_of(matches).filter(name__in=spellings), usual=usual)
    if not records and not form.has_changed():
        return _nothing_counted_yet(request, owner, name)
    if isinstance(matches, QuerySet):
        seated = Seat.objects.filter(match=OuterRef("pk"), name__in=spellings)
        recent = list(matches.filter(Exists(seated))[:10])
    else:
        recent = [match for match in matches if set(spellings) & set(match.players)][:10]
    record = records[0] if records else PlayerRecord(spelling_of(usual) if usual else name)
    context = {"filters": form, "record": record, "name": record.name, "matches": recent}
    return render(request, "records/player.html", context, status=form_status(request, form))


@require_safe
@kept_page(stamp=owner_stamp)
def chart(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id)
    state = match.state()
    context = {"match": match, "state": state, "from_board": request.GET.get("from") == "board"}
    return render(request, "records/chart.html", context)


def _attachment(response: HttpResponse, filename: str) -> HttpResponse:
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
def export_match_json(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id)
    body = json.dumps(exchange.match_document(match), ensure_ascii=False, indent=2)
    response = HttpResponse(body + "\n", content_type="application/json; charset=utf-8")
    return _attachment(response, f"scorepad-match-{match.pk}.json")


@require_safe
def export_match_csv(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id)
    body = "".join(exchange.csv_lines([match]))
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    return _attachment(response, f"scorepad-match-{match.pk}.csv")


def _exported(request: HttpRequest) -> Iterator[Match]:
    """The matches the history shows with the filters of this address (all of them
    without), oldest first, a chunk at a time: its export links say so (QA39)."""
    owner = current_owner(request)
    if not request.GET:  # the whole history: no filter, nor its house rules, to read
        return exchange.oldest_first(_own_matches(owner))
    form, matches, _names = _narrowed(request, owner, _own_matches(owner), with_names=False)
    return (match for match in exchange.oldest_first(matches) if form.keep(match))


@require_safe
def export_all_json(request: HttpRequest) -> StreamingHttpResponse:
    matches = _exported(request)
    response = StreamingHttpResponse(
        exchange.json_list(matches), content_type="application/json; charset=utf-8"
    )
    return _attachment(response, "scorepad-history.json")


@require_safe
def export_all_csv(request: HttpRequest) -> StreamingHttpResponse:
    matches = _exported(request)
    response = StreamingHttpResponse(
        exchange.csv_lines(matches), content_type="text/csv; charset=utf-8"
    )
    return _attachment(response, "scorepad-history.csv")


@require_safe
@kept_page(stamp=owner_stamp)
def house_rules(request: HttpRequest) -> HttpResponse:
    owner = current_owner(request)
    rules = _own_rules(owner)
    context = {"rules": rules, "deleted": _just_deleted_rule(request, owner)}
    return render(request, "records/house_rules.html", context)


def _just_deleted_rule(request: HttpRequest, owner: Owner | None) -> HouseRule | None:
    """The house rule this browser just deleted (`?deleted=`), if it can still come back:
    deleted, and the owner's last deleted one."""
    form = JustDeletedForm(request.GET)
    if owner is None or not form.is_valid():
        return None
    found = HouseRule.with_deleted.filter(owner=owner, pk=form.cleaned_data["deleted"])
    return found.filter(deleted_at__isnull=False).first()


def _create_house_rule(form: HouseRuleForm, owner: Owner | None, match: Match) -> bool:
    """Save the checked house rule; False, with the form's error, when the name was taken
    meanwhile (two requests at once both pass the form's check; the constraint decides)."""
    name = form.cleaned_data["name"]
    try:
        with transaction.atomic():
            HouseRule.objects.create(
                owner=owner,
                game=match.game,
                name=name,
                preset=match.preset,
                options=dict(match.options),
            )
    except IntegrityError:
        form.add_error("name", form.name_taken(name))
        return False
    return True


# The pages of a match that offer to save its rules, and take the scorer back to it.
BOARDS = {"board": "match", "scoresheet": "scoresheet"}


@require_http_methods(["GET", "HEAD", "POST"])
def save_house_rule(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False)
    owner = current_owner(request)
    data = request.POST if request.method == "POST" else None
    form = HouseRuleForm(data, owner=owner, match=match)
    # Opened from the match's own board (or its scoresheet), the page goes back there.
    # Its address says so; a form on a page opened before it did says so in a field.
    came_from = request.GET.get("from") or (data or {}).get("from")
    back = reverse(f"matches:{BOARDS[came_from]}", args=[match.pk]) if came_from in BOARDS else None
    if request.method == "POST" and form.is_valid() and _create_house_rule(form, owner, match):
        messages.success(request, _("House rule saved."))
        return redirect(back or "records:house_rules")
    context = {
        "form": form,
        "back": back,
        "came_from": came_from,
        "match": match,
        "game": match.rules,
        "preset": match.rules.preset(match.preset),
    }
    status = form_status(request, form)
    return render(request, "records/save_house_rule.html", context, status=status)


@require_POST
def delete_house_rule(request: HttpRequest, rule_id: int) -> HttpResponse:
    owner = current_owner(request)
    if owner is None:
        raise Http404
    rule = get_object_or_404(HouseRule, pk=rule_id, owner=owner)
    with transaction.atomic():
        # One deleted house rule kept for its Undo, the last: the one before goes for good.
        HouseRule.with_deleted.filter(owner=owner, deleted_at__isnull=False).delete()
        rule.deleted_at = timezone.now()
        rule.save(update_fields=["deleted_at"])
    # The page says it, with its Undo (QA: one tap deleted a house rule for good).
    return redirect(f"{reverse('records:house_rules')}?deleted={rule.pk}")


@require_POST
def restore_house_rule(request: HttpRequest, rule_id: int) -> HttpResponse:
    """A deleted house rule's Undo: back as it was, unless its name or its rules were
    saved meanwhile. Tapped twice, the second tap finds it back already."""
    owner = current_owner(request)
    if owner is None:
        raise Http404
    rule = get_object_or_404(HouseRule.with_deleted, pk=rule_id, owner=owner)
    if rule.deleted_at is None:
        return redirect("records:house_rules")
    called, holding = HouseRule.clashes(owner, rule.game, rule.name, rule.key)
    if not called and not holding:
        try:
            with transaction.atomic():
                rule.deleted_at = None
                rule.save(update_fields=["deleted_at"])
        except IntegrityError:  # saved under that name meanwhile, by another request
            called = rule.name
    if called:
        said = _("A house rule called “%(name)s” was saved since: the deleted one stays deleted.")
        messages.error(request, said % {"name": called})
    elif holding:
        # Its rules saved since under another name: the set-up names one rule for them.
        said = _("Its rules were saved since, as “%(name)s”: “%(deleted)s” stays deleted.")
        messages.error(request, said % {"name": holding, "deleted": rule.name})
    else:
        messages.success(request, _("House rule “%(name)s” restored.") % {"name": rule.name})
    return redirect("records:house_rules")
