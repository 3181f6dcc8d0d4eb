"""Admin pages for tournaments."""

from django.contrib import admin
from django.http import HttpRequest

from tournaments.models import ResultAdjustment, Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Tournaments by status and rule set."""

    list_display = ("name", "variant", "format", "status", "organizer", "created_at")
    list_filter = ("status", "variant", "format")
    search_fields = ("name",)
    autocomplete_fields = ("organizer",)


@admin.register(ResultAdjustment)
class ResultAdjustmentAdmin(admin.ModelAdmin):
    """The organizers' corrections of results: a log, read only."""

    list_display = ("table", "points_before", "points_after", "reason", "by", "created_at")
    readonly_fields = ("table", "by", "reason", "points_before", "points_after", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
