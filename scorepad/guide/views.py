"""The rules pages. Each depends only on its address (with its query), the language and
the release: it is kept rendered (`kept_page`) and rendered again only when one changes."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from scorepad.core.htmx import render_page_or_partial
from scorepad.core.pagecache import kept_page
from scorepad.guide import tables
from scorepad.guide.cards import language
from scorepad.guide.walkthroughs import WALKTHROUGHS
from scorepad.guide.walkthroughs.base import Walkthrough, show
from scorepad.rules import GAMES, Game


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


@require_safe
@kept_page()
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "guide/index.html", {"games": GAMES.values()})


def _prose(kind: str, game: Game) -> str:
    """The game's prose of that kind ("content", "quick", "faq") in the reader's language."""
    found = select_template(
        [f"guide/{kind}/{game.key}.{language()}.html", f"guide/{kind}/{game.key}.en.html"]
    )
    return found.template.name


def _sheet(request: HttpRequest, game_key: str, kind: str, page: str) -> HttpResponse:
    game = _game(game_key)
    preset = tables.chosen_preset(game, request.GET.get("preset", ""), get_language())
    context = {
        "game": game,
        "preset": preset,
        "content": _prose(kind, game),
        "values": tables.card_values(game, preset),
        "presets_table": tables.presets(game),
    }
    return render(request, page, context)


@require_safe
@kept_page()
def rules(request: HttpRequest, game_key: str) -> HttpResponse:
    return _sheet(request, game_key, "content", "guide/rules.html")


@require_safe
@kept_page()
def quick(request: HttpRequest, game_key: str) -> HttpResponse:
    """One screen to keep open at the table, printable on one page."""
    return _sheet(request, game_key, "quick", "guide/quick.html")


@require_safe
@kept_page()
def faq(request: HttpRequest, game_key: str) -> HttpResponse:
    return _sheet(request, game_key, "faq", "guide/faq.html")


@require_safe
@kept_page()
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
    return render_page_or_partial(request, "guide/walkthrough.html", "step", context)
