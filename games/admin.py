"""Admin views of live tables: read mostly; the event log is never edited by hand."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from games.models import ChatMessage, Match, MatchPlayer, Seat, Table, TableEvent


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["number", "user", "timeouts_in_row", "bot_holding"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["id", "variant", "status", "bot_level", "rated", "version", "created_at"]
    list_filter = ["status", "variant", "rated"]
    readonly_fields = ["version", "created_at", "updated_at"]
    inlines = [SeatInline]


class MatchPlayerInline(admin.TabularInline):
    model = MatchPlayer
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "table", "variant", "score", "winner_team", "rated", "finished_at"]
    list_filter = ["variant", "rated"]
    readonly_fields = ["engine"]
    inlines = [MatchPlayerInline]


@admin.register(TableEvent)
class TableEventAdmin(admin.ModelAdmin):
    list_display = ["table", "version", "hand", "kind", "seat", "actor", "created_at"]
    list_filter = ["kind"]

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        """Append-only: replays depend on the log as it was written."""
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ["table", "user", "channel", "text", "created_at"]
    list_filter = ["channel"]
