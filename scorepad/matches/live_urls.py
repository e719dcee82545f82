"""The live table's pages, reached through a shared link's token (`scorepad.matches.live`)."""

from django.urls import path

from . import live

app_name = "live"
urlpatterns = [
    path("<token:token>/", live.page, name="page"),
    path("<token:token>/board/", live.board, name="board"),
    path("<token:token>/rounds/", live.add_round, name="add_round"),
    path("<token:token>/rounds/<id:number>/", live.edit_round, name="edit_round"),
    path("<token:token>/rounds/<id:number>/why/", live.round_why, name="round_why"),
    path("<token:token>/rounds/<id:round_id>/undo/", live.undo_correction, name="undo_correction"),
]
