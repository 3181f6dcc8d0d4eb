"""The organizer's form: a tournament's settings."""

from __future__ import annotations

from django import forms

from tournaments.models import Tournament

SETTINGS = [
    "name", "variant", "format", "match_deals", "swiss_rounds", "third_place",
    "registration_opens_at", "registration_closes_at", "check_in_opens_at",
    "check_in_closes_at", "starts_at", "round_minutes", "bots_allowed", "bot_level", "rated",
]  # fmt: skip


class TournamentForm(forms.ModelForm):
    """Create or edit a tournament; rule set and format are fixed once created."""

    target = forms.IntegerField(
        required=False, min_value=1, help_text="Score that ends a match (empty: the rule set's)."
    )

    class Meta:
        model = Tournament
        fields = SETTINGS

    def settings(self) -> dict[str, object]:
        """The cleaned settings as services take them, the target as a house rule."""
        values = {field: self.cleaned_data[field] for field in SETTINGS if field in self.fields}
        target = self.cleaned_data.get("target")
        values["house_rules"] = {"target": target} if target else {}
        return values
