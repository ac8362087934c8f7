"""A game's grimoires and their spells (Dulce Bellum), rows of their own until now, become its own top-level
fields of its faction files, kept on its row as the files name them (docs/architecture.md, "A game is one
package"): `details["grimoires"]`, a list of {"slug", "name", "spells": [{"slug", "name", "basic", "difficulty",
"text"}]}, in their order, a spell's field left out at its default (not basic, no difficulty, no text), as an
export leaves it out. Back, they are rows again, numbered in the same order."""

from django.db import migrations, models

SPELL_FIELDS = ("slug", "name", "basic", "difficulty", "text")  # as the faction file writes a spell


def rows_to_details(apps, schema_editor):
    GameSystem = apps.get_model("factions", "GameSystem")
    Grimoire = apps.get_model("factions", "Grimoire")
    games = list(GameSystem.objects.filter(pk__in=Grimoire.objects.values("game")))
    for game in games:
        grimoires = Grimoire.objects.filter(game=game).order_by("position", "name").prefetch_related("spells")
        game.details = {**game.details, "grimoires": [
            {"slug": g.slug, "name": g.name, "spells": [
                {k: getattr(s, k) for k in SPELL_FIELDS if getattr(s, k)}
                for s in sorted(g.spells.all(), key=lambda s: (s.position, s.pk))]}
            for g in grimoires]}
    GameSystem.objects.bulk_update(games, ["details"])


def details_to_rows(apps, schema_editor):
    GameSystem = apps.get_model("factions", "GameSystem")
    Grimoire = apps.get_model("factions", "Grimoire")
    Spell = apps.get_model("factions", "Spell")
    games = [g for g in GameSystem.objects.all() if "grimoires" in (g.details or {})]
    for game in games:
        for position, data in enumerate(game.details["grimoires"]):
            grimoire = Grimoire.objects.create(game_id=game.pk, slug=data["slug"], name=data["name"], position=position)
            Spell.objects.bulk_create(
                Spell(grimoire_id=grimoire.pk, position=i, slug=s["slug"], name=s["name"], basic=s.get("basic", False),
                      difficulty=s.get("difficulty") or "", text=s.get("text") or "")
                for i, s in enumerate(data["spells"]))
        game.details = {k: v for k, v in game.details.items() if k != "grimoires"}
    GameSystem.objects.bulk_update(games, ["details"])


class Migration(migrations.Migration):

    dependencies = [
        ('factions', '0013_unit_sizes_in_details'),
    ]

    operations = [
        migrations.AddField(
            model_name='gamesystem',
            name='details',
            field=models.JSONField(blank=True, default=dict, help_text="The game's own fields of its faction files, as they name them."),
        ),
        migrations.RunPython(rows_to_details, details_to_rows),
        migrations.DeleteModel(
            name='Spell',
        ),
        migrations.DeleteModel(
            name='Grimoire',
        ),
    ]
