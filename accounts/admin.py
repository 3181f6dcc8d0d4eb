"""Admin pages for accounts and ratings."""

from functools import partial

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.db import transaction
from django.forms import ModelForm
from django.http import HttpRequest, HttpResponse

from accounts.models import ApiToken, Rating, RatingChange, User
from accounts.notifications import recheck_sockets


@admin.register(User)
class AccountAdmin(UserAdmin):
    """The stock user admin plus the fields a computer player needs."""

    list_display = ("username", "display_name", "is_bot", "bot_level", "is_staff")
    list_filter = ("is_bot", "bot_level", "is_staff", "is_superuser")
    # Players know each other by their display names; the other admins' player fields search
    # here too.
    search_fields = ("username", "display_name", "email")
    fieldsets = (
        *(UserAdmin.fieldsets or ()),
        ("Player", {"fields": ("display_name", "is_bot", "bot_level")}),
    )

    def save_model(self, request: HttpRequest, obj: User, form: ModelForm, change: bool) -> None:
        """Save; an account made inactive (a ban) loses its sockets' sign-ins."""
        super().save_model(request, obj, form, change)
        transaction.on_commit(partial(recheck_sockets, obj.pk))

    def user_change_password(
        self,
        request: HttpRequest,
        id: str,  # noqa: A002 (the admin's URL passes it by this name)
        form_url: str = "",
    ) -> HttpResponse:
        """Set someone's password (a support desk's answer to a stolen account): their
        sessions end, and their sockets close."""
        response = super().user_change_password(request, id, form_url)
        if request.method == "POST" and response.status_code == 302:
            recheck_sockets(int(id))
        return response


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """Ratings, searchable by player."""

    list_display = ("user", "variant", "value", "rated_matches")
    list_filter = ("variant",)
    search_fields = ("user__username", "user__display_name")
    autocomplete_fields = ("user",)


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
    autocomplete_fields = ("user",)
