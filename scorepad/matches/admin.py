"""The operator's view of matches: read-mostly, since scores are derived, never edited.

Entered data is read-only here; a wrong round is corrected in the app, which replays
the match and journals the change. The operator may link an owner to an account and
delete what must go.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _

from .models import HouseRule, Match, Owner, Round, RoundChange


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class RoundInline(ReadOnlyInline):
    model = Round
    fields = ("number", "data", "deleted_at", "created")
    readonly_fields = fields


class RoundChangeInline(ReadOnlyInline):
    model = RoundChange
    fields = ("at", "action", "round", "before", "after", "owner", "user")
    readonly_fields = fields


@admin.register(Owner)
class OwnerAdmin(admin.ModelAdmin):
    list_display = ("__str__", "user", "match_count", "created")
    list_filter = (("user", admin.EmptyFieldListFilter), "created")
    search_fields = ("token", "user__username", "user__email")
    readonly_fields = ("token", "created")
    fields = ("token", "user", "created")
    raw_id_fields = ("user",)
    date_hierarchy = "created"

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("user")
            .annotate(match_total=Count("matches"))
        )

    @admin.display(description=_("matches"), ordering="match_total")
    def match_count(self, owner: Owner) -> int:
        return owner.match_total


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "game",
        "preset",
        "player_names",
        "finished",
        "winner_names",
        "round_count",
        "owner",
        "created",
    )
    list_filter = ("game", "finished", "preset", "created")
    search_fields = ("=id", "players", "winners", "owner__user__username", "owner__token")
    date_hierarchy = "created"
    list_select_related = ("owner__user",)
    readonly_fields = (
        "owner",
        "game",
        "preset",
        "options",
        "players",
        "teams",
        "first_dealer",
        "created",
        "updated",
        "finished",
        "winners",
    )
    inlines = (RoundInline, RoundChangeInline)

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(live_rounds=Count("rounds", filter=Q(rounds__deleted_at__isnull=True)))
        )

    def has_add_permission(self, request) -> bool:
        return False

    def save_model(self, request, obj, form, change) -> None:
        """A match abandoned or deleted here shows so at once on its kept pages."""
        obj.version += 1
        super().save_model(request, obj, form, change)

    @admin.display(description=_("players"))
    def player_names(self, match: Match) -> str:
        return ", ".join(match.players)

    @admin.display(description=_("winners"))
    def winner_names(self, match: Match) -> str:
        return ", ".join(match.winners)

    @admin.display(description=_("rounds"), ordering="live_rounds")
    def round_count(self, match: Match) -> int:
        return match.live_rounds


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "match", "number", "deleted_at", "created")
    list_filter = ("match__game", ("deleted_at", admin.EmptyFieldListFilter), "created")
    search_fields = ("=match__id",)
    list_select_related = ("match",)
    readonly_fields = ("match", "number", "data", "entry_key", "created", "deleted_at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RoundChange)
class RoundChangeAdmin(admin.ModelAdmin):
    list_display = ("at", "match", "round", "action", "owner", "user")
    list_filter = ("action", "match__game", "at")
    search_fields = ("=match__id", "user__username")
    date_hierarchy = "at"
    list_select_related = ("match", "round", "owner__user", "user")
    readonly_fields = ("match", "round", "action", "before", "after", "owner", "user", "at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


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
