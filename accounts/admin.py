"""Admin pages for accounts and ratings."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import ApiToken, Rating, RatingChange, User


@admin.register(User)
class AccountAdmin(UserAdmin):
    """The stock user admin plus the fields a computer player needs."""

    list_display = ("username", "display_name", "is_bot", "bot_level", "is_staff")
    list_filter = ("is_bot", "bot_level", "is_staff", "is_superuser")
    fieldsets = (
        *(UserAdmin.fieldsets or ()),
        ("Player", {"fields": ("display_name", "is_bot", "bot_level")}),
    )


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """Ratings, searchable by player."""

    list_display = ("user", "variant", "value", "rated_matches")
    list_filter = ("variant",)
    search_fields = ("user__username", "user__display_name")


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    """The rating history, to answer "why did my rating move?"."""

    list_display = ("user", "variant", "match", "before", "after", "expected", "result")
    list_filter = ("variant",)
    search_fields = ("user__username",)
    raw_id_fields = ("user", "match")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens can be seen and revoked here; their keys were never stored."""

    list_display = ("user", "name", "prefix", "created_at", "last_used_at")
    search_fields = ("user__username", "name")
    readonly_fields = ("prefix", "digest", "created_at", "last_used_at")
