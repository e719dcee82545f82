from django.urls import path

from . import live, views

app_name = "matches"
urlpatterns = [
    path("new/", views.pick_game, name="pick_game"),
    path("new/<slug:game_key>/", views.new_match, name="new"),
    path("<int:match_id>/", views.match_view, name="match"),
    path("<int:match_id>/sheet/", views.scoresheet, name="scoresheet"),
    path("<int:match_id>/rounds/", views.add_round, name="add_round"),
    path("<int:match_id>/rounds/<int:number>/", views.edit_round, name="edit_round"),
    path("<int:match_id>/rounds/<int:number>/why/", views.round_why, name="round_why"),
    path("<int:match_id>/rounds/delete-last/", views.delete_last_round, name="delete_last"),
    path("<int:match_id>/rounds/<int:round_id>/restore/", views.restore_round, name="restore"),
    path(
        "<int:match_id>/rounds/<int:round_id>/undo/", views.undo_correction, name="undo_correction"
    ),
    path("<int:match_id>/again/", views.play_again, name="again"),
    path("<int:match_id>/players/", views.correct_players, name="players"),
    path("<int:match_id>/abandon/", views.abandon_match, name="abandon"),
    path("<int:match_id>/resume/", views.resume_match, name="resume"),
    path("<int:match_id>/delete/", views.delete_match, name="delete"),
    path("<int:match_id>/restore/", views.restore_match, name="restore_match"),
    path("<int:match_id>/share/", live.share, name="share"),
    path("<int:match_id>/share/<str:kind>/revoke/", live.stop_sharing, name="stop_sharing"),
]
