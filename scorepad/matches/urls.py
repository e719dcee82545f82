from django.urls import path

from . import live, views

app_name = "matches"
urlpatterns = [
    path("new/", views.pick_game, name="pick_game"),
    path("new/<slug:game_key>/", views.new_match, name="new"),
    path("<id:match_id>/", views.match_view, name="match"),
    path("<id:match_id>/sheet/", views.scoresheet, name="scoresheet"),
    path("<id:match_id>/rounds/", views.add_round, name="add_round"),
    path("<id:match_id>/rounds/<id:number>/", views.edit_round, name="edit_round"),
    path("<id:match_id>/rounds/<id:number>/why/", views.round_why, name="round_why"),
    path("<id:match_id>/rounds/delete-last/", views.delete_last_round, name="delete_last"),
    path("<id:match_id>/rounds/<id:round_id>/restore/", views.restore_round, name="restore"),
    path("<id:match_id>/rounds/<id:round_id>/undo/", views.undo_correction, name="undo_correction"),
    path("<id:match_id>/again/", views.play_again, name="again"),
    path("<id:match_id>/players/", views.correct_players, name="players"),
    path("<id:match_id>/abandon/", views.abandon_match, name="abandon"),
    path("<id:match_id>/resume/", views.resume_match, name="resume"),
    path("<id:match_id>/delete/", views.delete_match, name="delete"),
    path("<id:match_id>/restore/", views.restore_match, name="restore_match"),
    path("<id:match_id>/share/", live.share, name="share"),
    path("<id:match_id>/share/<str:kind>/revoke/", live.stop_sharing, name="stop_sharing"),
    path("<id:match_id>/share/<str:kind>/again/", live.share_again, name="share_again"),
]
