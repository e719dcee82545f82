"""A page of the guide that only one game has, registered beside that game's other guide
pages (`scorepad.guide.tools`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpResponse


@dataclass(frozen=True)
class Tool:
    """A page about one game that its rules pages link to: where it lives
    (/rules/<game>/<slug>/, named `guide:<name>`), its view, its title, and whether the
    game's rules page and the guide's index offer it as a button."""

    game: str  # the key of its game in the engine
    slug: str
    name: str
    view: Callable[..., HttpResponse]
    title: str
    offered: bool = False
