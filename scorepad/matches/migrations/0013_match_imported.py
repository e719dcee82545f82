"""When an import added a match: the day's quota counts it from then, not from the date
its file gives it."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("matches", "0012_kept_cabo_tiebreaks")]

    operations = [
        migrations.AddField(
            model_name="match",
            name="imported",
            field=models.DateTimeField(
                blank=True, editable=False, null=True, verbose_name="imported"
            ),
        ),
    ]
