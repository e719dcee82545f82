from __future__ import annotations

import html
import re
import uuid
from html.parser import HTMLParser

from django.urls import reverse
from django.utils.html import strip_tags

CABO_FR_OPTIONS = {
    "option_values": "fr",
    "option_caller_tie": "fails",
    "option_failed_call_penalty": "10",
    "option_failed_lowest_zero": "on",
    "option_kamikaze": "off",
    "option_reset_at_100": "off",
    "option_target": "100",
    "option_end_at": "reached",
    "option_final_tie": "shared",
}


def setup_data(players, *, preset, options=None, dealer=0) -> dict:
    data = {"preset": preset, "options_for": preset, "dealer": str(dealer)}
    data.update({f"player_{i}": name for i, name in enumerate(players)})
    data.update(options or {})
    return data


def create_match(client, game, players, *, preset, options=None, dealer=0) -> int:
    if options is None:
        options = default_option_fields(game, preset)
    response = client.post(
        reverse("matches:new", args=[game]),
        setup_data(players, preset=preset, options=options, dealer=dealer),
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    return int(re.search(r"/matches/(\d+)/", response["Location"]).group(1))


def default_option_fields(game_key: str, preset_key: str) -> dict:
    from scorepad.rules import get_game

    game = get_game(game_key)
    values = game.preset(preset_key).values
    fields = {}
    for option in game.options:
        value = values[option.name]
        if option.kind == "bool":
            if value:
                fields[f"option_{option.name}"] = "on"
        else:
            fields[f"option_{option.name}"] = str(value)
    return fields


def errors_by_seat(response, seats: int) -> list[list[str] | None]:
    """Each seat's faults on a refused set-up or names correction (None for none)."""
    errors = response.context["form"].errors
    return [errors.get(f"player_{seat}") for seat in range(seats)]


def round_post(number: int, **fields) -> dict:
    return {"number": str(number), "entry_key": str(uuid.uuid4()), **fields}


class _FormReader(HTMLParser):
    """What a browser without JavaScript would send: every named input as rendered."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, str] = {}
        self._select: str | None = None

    def handle_starttag(self, tag, attrs) -> None:
        attrs = {name: value if value is not None else "" for name, value in attrs}
        name = attrs.get("name")
        if tag == "input" and name and name != "csrfmiddlewaretoken":
            kind = attrs.get("type", "text")
            if kind in {"radio", "checkbox"}:
                if "checked" in attrs:
                    self.data[name] = attrs.get("value", "on")
            elif kind != "submit":
                self.data[name] = attrs.get("value", "")
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select and "selected" in attrs:
            self.data[self._select] = attrs.get("value", "")

    def handle_endtag(self, tag) -> None:
        if tag == "select":
            self._select = None


def rendered_form_data(content: bytes | str) -> dict[str, str]:
    reader = _FormReader()
    reader.feed(content.decode() if isinstance(content, bytes) else content)
    return reader.data


def post_setup(client, game: str, players, *, preset: str):
    """The set-up form posted with the preset's options, whatever the answer."""
    return client.post(
        reverse("matches:new", args=[game]),
        setup_data(players, preset=preset, options=default_option_fields(game, preset)),
    )


def text_of(content: str) -> str:
    """What a page reads, its tags taken out: "Ana deals, Ben plays first" though each
    name in it is a span of its own, kept whole on a line (QA48)."""
    return html.unescape(strip_tags(content))
