from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe

from scorepad.guide import tables
from scorepad.guide.cards import language, spanish_card
from scorepad.guide.forms import PracticeForm
from scorepad.guide.walkthroughs import WALKTHROUGHS
from scorepad.guide.walkthroughs.base import Walkthrough, show
from scorepad.rules import GAMES, Game
from scorepad.rules.escoba import NUMBERS, SUITS, fifteens


def _game(game_key: str) -> Game:
    try:
        return GAMES[game_key]
    except KeyError:
        raise Http404("unknown game") from None


def _walkthrough(game_key: str) -> Walkthrough:
    try:
        return WALKTHROUGHS[game_key]
    except KeyError:
        raise Http404("unknown game") from None


def _by_request(request: HttpRequest, template: str, partial: str, context: dict) -> HttpResponse:
    """The whole page, or only its swappable region for htmx; caches must tell them apart."""
    name = f"{template}#{partial}" if request.htmx else template
    response = render(request, name, context)
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "guide/index.html", {"games": GAMES.values()})


@require_safe
def rules(request: HttpRequest, game_key: str) -> HttpResponse:
    game = _game(game_key)
    preset = tables.chosen_preset(game, request.GET.get("preset", ""))
    content = select_template(
        [f"guide/content/{game.key}.{language()}.html", f"guide/content/{game.key}.en.html"]
    )
    context = {
        "game": game,
        "preset": preset,
        "content": content.template.name,
        "values": tables.card_values(game, preset),
        "presets_table": tables.presets(game),
    }
    return render(request, "guide/rules.html", context)


@require_safe
def walkthrough(request: HttpRequest, game_key: str, number: int = 1) -> HttpResponse:
    walk = _walkthrough(game_key)
    if not 1 <= number <= len(walk.steps):
        raise Http404("no such step")
    context = {
        "game": _game(game_key),
        "walk": walk,
        "title": walk.title.render(walk.card),
        "intro": walk.intro.render(walk.card),
        "step": show(walk, walk.steps[number - 1]),
        "number": number,
        "total": len(walk.steps),
        "previous": number - 1 if number > 1 else None,
        "next": number + 1 if number < len(walk.steps) else None,
    }
    return _by_request(request, "guide/walkthrough.html", "step", context)


@require_safe
def practice(request: HttpRequest) -> HttpResponse:
    form = PracticeForm(request.GET or None)
    captures = None
    if form.is_valid():
        captures = fifteens(form.cleaned_data["table"], form.cleaned_data["played"])
    context = {
        "form": form,
        "captures": [
            ([spanish_card(code) for code in capture.cards], capture.escoba)
            for capture in captures or ()
        ],
        "checked": captures is not None,
        "suits": [[spanish_card(f"{number}{suit}") for number in NUMBERS] for suit in SUITS],
        "played": spanish_card(form.cleaned_data["played"]) if captures is not None else None,
    }
    return _by_request(request, "guide/practice.html", "results", context)
