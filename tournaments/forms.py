"""The organizer's form: a tournament's settings."""

from __future__ import annotations

from django import forms

from tournaments.models import Tournament

SETTINGS = [
    "name", "variant", "format", "entry_type", "match_deals", "swiss_rounds", "third_place",
    "registration_opens_at", "registration_closes_at", "check_in_opens_at",
    "check_in_closes_at", "starts_at", "round_minutes", "bots_allowed", "bot_level", "rated",
]  # fmt: skip
# What a tournament is can't change once people enter it.
FIXED_SETTINGS = ("variant", "format", "entry_type")


class TournamentForm(forms.ModelForm):
    """Create or edit a tournament; rule set, format and entry type are fixed once created."""

    target = forms.IntegerField(
        required=False, min_value=1, help_text="Score that ends a match (empty: the rule set's)."
    )

    class Meta:
        model = Tournament
        fields = SETTINGS

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        # Scripts and old forms that leave it out enter fixed pairs, the model's default.
        self.fields["entry_type"].required = False

    def settings(self) -> dict[str, object]:
        """The cleaned settings as services take them, the target as a house rule."""
        values = {field: self.cleaned_data[field] for field in SETTINGS if field in self.fields}
        if not values.get("entry_type"):
            values["entry_type"] = Tournament.EntryType.PAIRS
        target = self.cleaned_data.get("target")
        values["house_rules"] = {"target": target} if target else {}
        return values
