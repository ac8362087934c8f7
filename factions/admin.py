from django.contrib import admin

from .models import CommandCard, Faction, GameSystem, Option, OptionGroup, Unit, UnitSize


@admin.register(GameSystem)
class GameSystemAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "version", "position"]
    search_fields = ["name", "slug"]


class CommandCardInline(admin.TabularInline):
    model = CommandCard
    extra = 0


@admin.register(Faction)
class FactionAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "game", "version", "alignment"]
    list_filter = ["game", "alignment"]
    search_fields = ["name", "slug"]
    inlines = [CommandCardInline]


class OptionInline(admin.TabularInline):
    model = Option
    extra = 0


class OptionGroupInline(admin.TabularInline):
    model = OptionGroup
    extra = 0


class UnitSizeInline(admin.TabularInline):
    model = UnitSize
    extra = 0


@admin.register(Unit)
class UnitAdmin(admin.ModelAdmin):
    list_display = ["name", "faction", "cost", "unit_class", "kind", "rarity", "hero", "mercenary"]
    list_editable = ["cost"]
    list_filter = ["faction__game", "faction", "unit_class", "kind", "size", "rarity", "hero", "mercenary", "unique"]
    search_fields = ["name", "slug", "faction__name", "notes"]
    list_select_related = ["faction"]
    inlines = [OptionGroupInline, OptionInline, UnitSizeInline]
    fieldsets = [
        (None, {"fields": ["faction", "slug", "name", "position", "rules", "stats", "notes"]}),
        ("Age of Fantasy", {"fields": ["cost", "model_count", "hero"], "classes": ["collapse"]}),
        ("Battleground", {"fields": ["unit_class", "mercenary", "keywords"], "classes": ["collapse"]}),
        ("Diskwars", {"fields": ["kind", "size", "race", "unique", "elite", "recruitment_points",
                                 "command_value", "recruitment_cost"], "classes": ["collapse"]}),
        ("Dulce Bellum", {"fields": ["rarity", "limit", "type", "spellcaster"], "classes": ["collapse"]}),
    ]
