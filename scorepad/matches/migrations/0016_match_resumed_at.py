"""When a match was last resumed: its board tells no change of its rounds made before it
was abandoned (`scoreboard.last_round_change`)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0015_house_rule_undo"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="resumed_at",
            field=models.DateTimeField(
                blank=True, editable=False, null=True, verbose_name="resumed"
            ),
        ),
    ]
