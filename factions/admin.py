"""The game library in the admin. Every save or delete here says the game's data changed
(`data_changed`), so checks stop using the unit data they keep in memory."""
from django.contrib import admin
from django.http import HttpResponseRedirect
from django.urls import path, reverse

from .admin_armyforge import import_book_view, import_rules_view
from .admin_details import (
    PREFIX,
    FactionDetailsForm,
    GameDetailsForm,
    OptionDetailsForm,
    UnitDetailsForm,
    faction_form_for,
    form_for,
    in_use,
    option_form_for,
)
from .models import (
    Faction,
    GameSystem,
    Option,
    OptionGroup,
    Unit,
    data_changed,
)


class ChangesGameData(admin.ModelAdmin):
    """A model admin whose objects (and inlines) are part of a game's unit data."""

    def game_id(self, obj) -> int:
        raise NotImplementedError

    def save_related(self, request, form, formsets, change):
        # After the object and its inlines are saved; list_editable rows come through here too.
        super().save_related(request, form, formsets, change)
        data_changed(self.game_id(form.instance))

    def delete_model(self, request, obj):
        game_id = self.game_id(obj)
        super().delete_model(request, obj)
        data_changed(game_id)

    def delete_queryset(self, request, queryset):
        game_ids = {self.game_id(obj) for obj in queryset}
        super().delete_queryset(request, queryset)
        data_changed(*game_ids)


@admin.register(GameSystem)
class GameSystemAdmin(ChangesGameData):
    form = GameDetailsForm  # its own fields of its faction files (Dulce Bellum's grimoires), as JSON
    list_display = ["name", "slug", "version", "position"]
    search_fields = ["name", "slug"]

    def game_id(self, obj) -> int:
        return obj.pk


class OwnFieldsAdmin(ChangesGameData):
    """A row's shared fields, then its game's own, one form field each (`admin_details.py`); a new row is made
    with the shared ones first, since they say which game's fields it has. A row whose game is not in use on
    this site has its shared fields alone (`admin_details.py`)."""

    SHARED: list[str]

    def game_of(self, obj) -> GameSystem:
        raise NotImplementedError

    def form_of(self, game: str):
        raise NotImplementedError

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is not None:
            kwargs["form"] = self.form_of(self.game_of(obj).slug)
            kwargs["fields"] = self.SHARED
        return super().get_form(request, obj, change, **kwargs)

    def response_add(self, request, obj, post_url_continue=None):
        """A new row goes on to its change page, where its game's own fields are filled in (unless the
        admin asked for another form or a pop-up)."""
        if "_addanother" in request.POST or "_popup" in request.POST:
            return super().response_add(request, obj, post_url_continue)
        self.message_user(request, f"Now fill in {obj.name}'s {self.game_of(obj).name} fields.")
        meta = self.model._meta
        return HttpResponseRedirect(reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk]))

    def get_fieldsets(self, request, obj=None):
        fieldsets = [(None, {"fields": self.SHARED})]
        form = None if obj is None else self.form_of(self.game_of(obj).slug)
        if form is not None and form.home is not None:
            fieldsets.append((f"{form.home.system['name']}: its own fields",
                              {"fields": [PREFIX + f.name for f in form.own_fields]}))
        return fieldsets


@admin.register(Faction)
class FactionAdmin(OwnFieldsAdmin):
    list_display = ["name", "slug", "game", "version"]
    list_filter = ["game"]
    search_fields = ["name", "slug"]
    list_select_related = ["game"]
    SHARED = FactionDetailsForm.Meta.fields

    def game_of(self, obj) -> GameSystem:
        return obj.game

    def form_of(self, game: str):
        return faction_form_for(game)

    def game_id(self, obj) -> int:
        return obj.game_id

    def get_urls(self):
        own = [path("army-forge/", self.admin_site.admin_view(import_book_view), name="factions_faction_army_forge"),
               path("army-forge-rules/", self.admin_site.admin_view(import_rules_view),
                    name="factions_faction_army_forge_rules")]
        return own + super().get_urls()


class OptionInline(admin.TabularInline):
    """A unit's options: what every game's option has, then its game's own fields, one form field each
    (`admin_details.py`); the game is the unit's, so a unit being added offers the shared fields alone."""

    model = Option
    extra = 0

    def get_formset(self, request, obj=None, **kwargs):
        kwargs["form"] = OptionDetailsForm if obj is None else option_form_for(obj.faction.game.slug)
        return super().get_formset(request, obj, **kwargs)


class OptionGroupInline(admin.TabularInline):
    model = OptionGroup
    extra = 0


@admin.register(Unit)
class UnitAdmin(OwnFieldsAdmin):
    list_display = ["name", "faction", "price", "tags"]
    list_filter = ["faction__game", "faction"]
    search_fields = ["name", "slug", "faction__name", "notes"]
    list_select_related = ["faction__game"]
    inlines = [OptionGroupInline, OptionInline]
    SHARED = UnitDetailsForm.Meta.fields

    def game_of(self, obj) -> GameSystem:
        return obj.faction.game

    def form_of(self, game: str):
        return form_for(game)

    @admin.display(description="Price")
    def price(self, obj) -> str:
        return obj.price if in_use(obj.faction.game.slug) else ""  # its game's, where it is in use

    @admin.display(description="Tags")
    def tags(self, obj) -> str:
        home = in_use(obj.faction.game.slug)
        return ", ".join(home.library.unit_tags(obj.details, {})) if home else ""

    def game_id(self, obj) -> int:
        return obj.faction.game_id
