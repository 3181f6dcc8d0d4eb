"""A finished match is never paused: clear the pause that tables decided while paused kept."""

from django.db import migrations


def unpause_finished_tables(apps, schema_editor):
    table = apps.get_model("games", "Table")
    table.objects.filter(status="finished", paused_at__isnull=False).update(paused_at=None)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_table_waits_for_people"),
    ]

    operations = [
        migrations.RunPython(unpause_finished_tables, migrations.RunPython.noop),
    ]
