from django.urls import path, register_converter

from . import views
from .converters import PlayerNameConverter

register_converter(PlayerNameConverter, "player")

app_name = "records"
urlpatterns = [
    path("", views.history, name="history"),
    path("import/", views.import_matches, name="import"),
    path("export.json", views.export_all_json, name="export_json"),
    path("export.csv", views.export_all_csv, name="export_csv"),
    path("players/", views.players, name="players"),
    path("players/<player:name>/", views.player, name="player"),
    path("matches/<id:match_id>/chart/", views.chart, name="chart"),
    path("matches/<id:match_id>/export.json", views.export_match_json, name="match_json"),
    path("matches/<id:match_id>/export.csv", views.export_match_csv, name="match_csv"),
    path("matches/<id:match_id>/house-rule/", views.save_house_rule, name="save_house_rule"),
    path("house-rules/", views.house_rules, name="house_rules"),
    path("house-rules/<id:rule_id>/delete/", views.delete_house_rule, name="delete_house_rule"),
    path("house-rules/<id:rule_id>/restore/", views.restore_house_rule, name="restore_house_rule"),
]
