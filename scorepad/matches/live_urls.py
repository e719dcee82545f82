"""The live table's pages, reached through a shared link's token (`scorepad.matches.live`)."""

from django.urls import path

from . import live

app_name = "live"
urlpatterns = [
    path("<str:token>/", live.page, name="page"),
    path("<str:token>/board/", live.board, name="board"),
    path("<str:token>/rounds/", live.add_round, name="add_round"),
    path("<str:token>/rounds/<id:number>/", live.edit_round, name="edit_round"),
    path("<str:token>/rounds/<id:number>/why/", live.round_why, name="round_why"),
    path("<str:token>/rounds/<id:round_id>/undo/", live.undo_correction, name="undo_correction"),
]
