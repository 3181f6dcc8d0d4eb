"""Admin views of live tables: read mostly; the event log is never edited by hand. A player or
a table is picked by search or by id, never from a list of every one the site holds."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from games.models import ChatMessage, Match, MatchPlayer, Seat, Table, TableEvent


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["number", "user", "timeouts_in_row", "bot_holding"]
    autocomplete_fields = ["user"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["id", "variant", "status", "bot_level", "rated", "version", "created_at"]
    list_filter = ["status", "variant", "rated"]
    readonly_fields = ["version", "created_at", "updated_at"]
    autocomplete_fields = ["created_by"]
    inlines = [SeatInline]


class MatchPlayerInline(admin.TabularInline):
    model = MatchPlayer
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "table", "variant", "score", "winner_team", "rated", "finished_at"]
    list_filter = ["variant", "rated"]
    readonly_fields = ["engine"]
    raw_id_fields = ["table"]
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
    # A report of abuse names a player or quotes a line.
    search_fields = ["text", "user__username", "user__display_name"]
    raw_id_fields = ["table"]
    autocomplete_fields = ["user"]
