from __future__ import annotations

from django.urls import path

from scorepad.guide import views
from scorepad.guide.tools import TOOLS

app_name = "guide"
urlpatterns = [
    path("", views.index, name="index"),
    # The pages only one game has, registered beside its guide (`guide.tools`).
    *(path(f"{tool.game}/{tool.slug}/", tool.view, name=tool.name) for tool in TOOLS),
    path("<slug:game_key>/quick/", views.quick, name="quick"),
    path("<slug:game_key>/faq/", views.faq, name="faq"),
    path("<slug:game_key>/", views.rules, name="rules"),
    path("<slug:game_key>/walkthrough/", views.walkthrough, name="walkthrough_start"),
    path("<slug:game_key>/walkthrough/<id:number>/", views.walkthrough, name="walkthrough"),
]
