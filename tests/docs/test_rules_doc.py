"""docs/rules.md's house-rule table matches what each rule set offers, defaults first."""

from __future__ import annotations

from games.rules import VARIANTS
from tests.helpers import ROOT


def documented_house_rules() -> dict[tuple[str, str], list[str]]:
    text = (ROOT / "docs" / "rules.md").read_text()
    section = text.split("\n## House rules\n", 1)[1].split("\n## ", 1)[0]
    rows = [
        line.strip("| ").split(" | ") for line in section.splitlines() if line.startswith("| `")
    ]
    return {(rs.strip("`"), rule.strip("`")): values.split(", ") for rs, rule, values in rows}


def test_the_house_rule_table_lists_every_choice_default_first() -> None:
    offered = {
        (name, rule): [str(v).lower() for v in choices]
        for name, variant in VARIANTS.items()
        for rule, choices in variant.house_rule_choices.items()
    }
    assert documented_house_rules() == offered
