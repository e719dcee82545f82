"""House rules move from `records` to `matches`, which offers them at the set-up.

The table keeps its name (`records_houserule`) and its rows: only Django's idea of the
model moves (records 0003 forgets it). Then the name becomes unique whatever its case,
as the form already checked it.
"""

import django.db.models.deletion
import django.db.models.functions.text
from django.db import migrations, models

import scorepad.matches.models


def content_type_to_matches(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label="records", model="houserule").update(app_label="matches")


def content_type_to_records(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label="matches", model="houserule").update(app_label="records")


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("matches", "0003_match_abandoned_deleted"),
        ("records", "0002_random_ids"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="HouseRule",
                    fields=[
                        (
                            "id",
                            models.BigIntegerField(
                                default=scorepad.matches.models.random_id,
                                editable=False,
                                primary_key=True,
                                serialize=False,
                            ),
                        ),
                        (
                            "game",
                            models.CharField(
                                choices=[
                                    ("cabo", "Cabo"),
                                    ("escoba", "Escoba"),
                                    ("cabanga", "Cabanga!"),
                                ],
                                max_length=16,
                                verbose_name="game",
                            ),
                        ),
                        ("name", models.CharField(max_length=40, verbose_name="name")),
                        ("preset", models.CharField(max_length=32, verbose_name="preset")),
                        ("options", models.JSONField(default=dict, verbose_name="options")),
                        ("key", models.CharField(editable=False, max_length=2000)),
                        (
                            "created",
                            models.DateTimeField(auto_now_add=True, verbose_name="created"),
                        ),
                        (
                            "owner",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="house_rules",
                                to="matches.owner",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "house rule",
                        "verbose_name_plural": "house rules",
                        "db_table": "records_houserule",
                        "ordering": ["game", "name"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("owner", "game", "name"),
                                name="one_house_rule_name_per_game",
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_type_to_matches, content_type_to_records),
        migrations.RemoveConstraint(model_name="houserule", name="one_house_rule_name_per_game"),
        migrations.AddConstraint(
            model_name="houserule",
            constraint=models.UniqueConstraint(
                models.F("owner"),
                models.F("game"),
                django.db.models.functions.text.Lower("name"),
                name="one_house_rule_name_per_game",
            ),
        ),
    ]
