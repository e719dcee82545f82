"""A house rule deleted is kept until its owner deletes another, for its Undo
(`deleted_at`; `HouseRule.objects` reads the others only), and a deleted one's name is
free again: the one-name-per-game constraint holds among the house rules not deleted."""

import django.db.models.functions.text
import django.db.models.manager
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0014_names_shown_as_kept"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="houserule",
            options={
                "base_manager_name": "with_deleted",
                "default_manager_name": "objects",
                "ordering": ["game", "name"],
                "verbose_name": "house rule",
                "verbose_name_plural": "house rules",
            },
        ),
        migrations.AlterModelManagers(
            name="houserule",
            managers=[
                ("with_deleted", django.db.models.manager.Manager()),
                ("objects", django.db.models.manager.Manager()),
            ],
        ),
        migrations.RemoveConstraint(
            model_name="houserule",
            name="one_house_rule_name_per_game",
        ),
        migrations.AddField(
            model_name="houserule",
            name="deleted_at",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
        migrations.AddConstraint(
            model_name="houserule",
            constraint=models.UniqueConstraint(
                models.F("owner"),
                models.F("game"),
                django.db.models.functions.text.Lower("name"),
                condition=models.Q(("deleted_at__isnull", True)),
                name="one_live_house_rule_name_per_game",
            ),
        ),
    ]
