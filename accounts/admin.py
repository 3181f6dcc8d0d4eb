"""Admin pages for accounts and ratings."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import Rating, User


@admin.register(User)
class AccountAdmin(UserAdmin):
    """The stock user admin plus the fields a computer player needs."""

    list_display = ("username", "display_name", "is_bot", "bot_level", "is_staff")
    list_filter = ("is_bot", "bot_level", "is_staff", "is_superuser")
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Player", {"fields": ("display_name", "is_bot", "bot_level")}),
    )


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """Ratings, searchable by player."""

    list_display = ("user", "variant", "value", "rated_matches")
    list_filter = ("variant",)
    search_fields = ("user__username", "user__display_name")
