"""Admin pages for tournaments."""

from django.contrib import admin

from tournaments.models import Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Tournaments by status and rule set."""

    list_display = ("name", "variant", "format", "status", "organizer", "created_at")
    list_filter = ("status", "variant", "format")
    search_fields = ("name",)
