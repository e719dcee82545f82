"""The owner's share panel on the scoreboard (`scorepad.matches.sharing`)."""

from __future__ import annotations

from django import template

from scorepad.matches import sharing

register = template.Library()


@register.inclusion_tag("matches/_share.html", takes_context=True)
def share_panel(context, match) -> dict:
    return {
        "share": sharing.share_panel(context["request"], match),
        "csrf_token": context.get("csrf_token"),
    }
