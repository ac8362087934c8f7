from django.contrib import admin

from .models import ArmyList


@admin.register(ArmyList)
class ArmyListAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "game", "faction", "shared", "version", "updated"]
    list_filter = ["game", "shared"]
    search_fields = ["name", "owner__username"]
    list_select_related = ["owner", "game", "faction"]
    readonly_fields = ["version", "share_token", "created", "updated"]
    raw_id_fields = ["owner"]
