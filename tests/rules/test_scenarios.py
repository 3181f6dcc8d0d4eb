"""Every scenario file under tests/rules/scenarios runs and matches its expected output."""

import json
from pathlib import Path
from typing import Any

import pytest

from games.rules.scenario import run

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*/*.json"))
UNORDERED = ("declarations",)


def _sorted(items: list[Any]) -> list[Any]:
    return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))


def _check(key: str, expected: Any, actual: Any) -> None:
    if key == "error":
        if expected is None or actual is None:
            assert actual == expected
            return
        assert {k: actual[k] for k in ("action", "code")} == {
            k: expected[k] for k in ("action", "code")
        }
        if "message_contains" in expected:
            assert expected["message_contains"] in actual["message"]
    elif key in UNORDERED:
        assert _sorted(actual) == _sorted(expected)
    elif key == "next" and expected is not None and actual is not None:
        assert actual["seat"] == expected["seat"]
        assert sorted(actual["legal"]) == sorted(expected["legal"])
    else:
        assert actual == expected


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_scenario(path: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    output = run(scenario["input"])
    for key, expected in scenario["expect"].items():
        assert key in output, f"unknown output key {key!r}"
        try:
            _check(key, expected, output[key])
        except AssertionError:
            pytest.fail(f"{key}: expected {expected!r}, got {output[key]!r}")
