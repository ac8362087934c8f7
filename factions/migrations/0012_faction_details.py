"""A faction's game-specific columns and its command cards become one JSON object, `details`, keyed as the
faction file names each field (docs/architecture.md, "A game is one package"): a Diskwars faction's
`alignment` and `command_cards`, a Dulce Bellum faction's `grimoires` (slugs), an OPR faction's `spells` and
`army_forge`. The values move as they are, in their order; an empty one is left out, as an export leaves it
out. Back, they move into their columns and rows again."""

from django.db import migrations, models

CARD_FIELDS = ("slug", "title", "alignment_only", "text")  # as the faction file writes a command card


def columns_to_details(apps, schema_editor):
    Faction = apps.get_model("factions", "Faction")
    factions = list(Faction.objects.prefetch_related("command_cards", "grimoires"))
    for faction in factions:
        cards = [{k: getattr(c, k) for k in CARD_FIELDS if getattr(c, k)}
                 for c in sorted(faction.command_cards.all(), key=lambda c: (c.position, c.pk))]
        grimoires = [g.slug for g in sorted(faction.grimoires.all(), key=lambda g: (g.position, g.name))]
        own = {"alignment": faction.alignment, "command_cards": cards, "grimoires": grimoires,
               "spells": faction.spells, "army_forge": faction.army_forge}
        faction.details = {name: value for name, value in own.items() if value}
    Faction.objects.bulk_update(factions, ["details"], batch_size=500)


def details_to_columns(apps, schema_editor):
    Faction = apps.get_model("factions", "Faction")
    CommandCard = apps.get_model("factions", "CommandCard")
    Grimoire = apps.get_model("factions", "Grimoire")
    factions = list(Faction.objects.all())
    cards = []
    for faction in factions:
        details = faction.details or {}
        faction.alignment = details.get("alignment") or ""
        faction.spells = details.get("spells") or []
        faction.army_forge = details.get("army_forge") or {}
        cards += [CommandCard(faction_id=faction.pk, position=i, slug=c["slug"], title=c["title"],
                              alignment_only=c.get("alignment_only") or "", text=c.get("text") or "")
                  for i, c in enumerate(details.get("command_cards", ()))]
        faction.grimoires.set(Grimoire.objects.filter(game_id=faction.game_id, slug__in=details.get("grimoires", ())))
    Faction.objects.bulk_update(factions, ["alignment", "spells", "army_forge"], batch_size=500)
    CommandCard.objects.bulk_create(cards, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('factions', '0011_option_details'),
    ]

    operations = [
        migrations.AddField(
            model_name='faction',
            name='details',
            field=models.JSONField(blank=True, default=dict, help_text='The fields its game declares for its factions, as its file names them.'),
        ),
        migrations.RunPython(columns_to_details, details_to_columns),
        migrations.RemoveField(
            model_name='faction',
            name='alignment',
        ),
        migrations.RemoveField(
            model_name='faction',
            name='army_forge',
        ),
        migrations.RemoveField(
            model_name='faction',
            name='grimoires',
        ),
        migrations.RemoveField(
            model_name='faction',
            name='spells',
        ),
        migrations.DeleteModel(
            name='CommandCard',
        ),
    ]
