from __future__ import annotations

from django.urls import path

from scorepad.guide import views

app_name = "guide"
urlpatterns = [
    path("", views.index, name="index"),
    path("escoba/practice/", views.practice, name="practice"),
    path("cabo/cards/", views.cabo_cards, name="cabo_cards"),
    path("<slug:game_key>/quick/", views.quick, name="quick"),
    path("<slug:game_key>/faq/", views.faq, name="faq"),
    path("<slug:game_key>/", views.rules, name="rules"),
    path("<slug:game_key>/walkthrough/", views.walkthrough, name="walkthrough_start"),
    path("<slug:game_key>/walkthrough/<id:number>/", views.walkthrough, name="walkthrough"),
]
