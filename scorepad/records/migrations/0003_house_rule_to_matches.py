"""House rules now belong to `matches` (its migration 0004 takes over the same table)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("records", "0002_random_ids"),
        ("matches", "0004_house_rule_from_records"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="HouseRule")],
            database_operations=[],
        ),
    ]
