"""The operator sees the claimed seats and may delete one; nobody but the account itself
makes or changes a claim (it is that player's consent)."""

from __future__ import annotations

from django.contrib import admin

from .models import Claim


@admin.register(Claim)
class ClaimAdmin(admin.ModelAdmin):
    list_display = ("user", "match", "position", "created")
    search_fields = ("user__username", "user__email")
    list_select_related = ("user", "match")
    fields = ("user", "match", "position", "created")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
