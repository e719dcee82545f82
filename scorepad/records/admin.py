from __future__ import annotations

from django.contrib import admin

from .models import HouseRule


@admin.register(HouseRule)
class HouseRuleAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "preset", "owner", "created")
    list_filter = ("game", "preset", "created")
    search_fields = ("name", "owner__user__username", "owner__token")
    list_select_related = ("owner__user",)
    readonly_fields = ("owner", "game", "preset", "options", "created")
    fields = ("name", "owner", "game", "preset", "options", "created")

    def has_add_permission(self, request) -> bool:
        return False
