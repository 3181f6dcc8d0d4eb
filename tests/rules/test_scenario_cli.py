"""The scenario runner's command line: output, stdin, exit codes."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import InvalidInputError
from games.rules.scenario import run

ROOT = Path(__file__).resolve().parents[2]
HANDS = [
    ["Ad", "Kd", "Qd", "Jd", "Ts", "9s", "8s", "7s"],
    ["Ac", "Kc", "Qc", "Jc", "Tc", "9c", "8c", "7c"],
    ["Ah", "Th", "Kh", "Qh", "8h", "7h", "Qs", "Js"],
    ["9h", "Jh", "As", "Ks", "7d", "8d", "9d", "Td"],
]
GOOD = {
    "variant": "bulgarian",
    "dealer": 0,
    "hands": HANDS,
    "actions": [{"seat": 1, "bid": "clubs"}],
}
AFTER_CLUBS = ["pass", "diamonds", "hearts", "spades", "no_trumps", "all_trumps", "double"]


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games.rules.scenario", *args],
        cwd=ROOT, input=stdin, capture_output=True, text=True, check=False,
    )  # fmt: skip


def test_a_scenario_file_prints_its_result(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(GOOD))
    done = cli(str(path))
    assert done.returncode == 0
    result = json.loads(done.stdout)
    assert result["next"] == {"seat": 2, "legal": AFTER_CLUBS}
    assert result["outcome"] == "incomplete" and result["error"] is None


def test_standard_input_and_rules_errors_exit_zero() -> None:
    bad_bid = {**GOOD, "actions": [{"seat": 1, "bid": "clubs"}, {"seat": 2, "bid": "clubs"}]}
    done = cli("-", stdin=json.dumps(bad_bid))
    assert done.returncode == 0
    assert json.loads(done.stdout)["error"]["code"] == "illegal_bid"


@pytest.mark.parametrize(
    "broken",
    [
        "not json",
        json.dumps({**GOOD, "variant": "whist"}),
        json.dumps({**GOOD, "house_rules": {"nonsense": 1}}),
        json.dumps({**GOOD, "deck": [c for h in HANDS for c in h]}),
        json.dumps({**GOOD, "hands": [HANDS[0]] * 4}),
        json.dumps({**GOOD, "dealer": 7}),
        json.dumps({**GOOD, "dealer": None}),
        json.dumps({**GOOD, "deck": [c for h in HANDS for c in h], "hands": None, "actions": 1}),
        "[" * 100_000 + "]" * 100_000,
    ],
)
def test_an_invalid_file_exits_2_with_a_message(broken: str) -> None:
    done = cli("-", stdin=broken)
    assert done.returncode == 2
    assert done.stdout == "" and "invalid scenario" in done.stderr


def test_run_takes_and_returns_dicts() -> None:
    result: dict[str, Any] = run({**GOOD, "actions": [{"seat": 1, "bid": "Clubs"}]})
    assert result["contract"] == {"bid": "clubs", "team": 1, "multiplier": 1}
    with pytest.raises(InvalidInputError):
        run({**GOOD, "dealer": None})


@pytest.mark.parametrize("key", ["deck", "house_rules", "match_score", "hanging"])
def test_a_null_optional_key_counts_as_absent(key: str) -> None:
    assert run({**GOOD, key: None}) == run(GOOD)
    done = cli("-", stdin=json.dumps({**GOOD, key: None}))
    assert done.returncode == 0 and json.loads(done.stdout) == run(GOOD)


def test_null_actions_and_hands_beside_a_deck_count_as_absent() -> None:
    deck = {"variant": "bela", "dealer": 0, "deck": [c for h in HANDS for c in h]}
    assert run({**deck, "hands": None, "actions": None}) == run(deck)


@pytest.mark.parametrize(
    "unreadable",
    [
        {"bid": "clubs"},
        {"seat": 4, "bid": "clubs"},
        {"seat": "2", "bid": "clubs"},
        "pass",
        None,
        [2, "pass"],
        {"seat": 2},
        {"seat": 2, "bid": "pass", "play": "Ah"},
        {"seat": 2, "bid": "pass", "declare": False},
        {"seat": 2, "bid": "pass", "shout": True},
        {"seat": 2, "play": "Ah", "belot": "no"},
    ],
)
def test_an_unreadable_action_is_malformed_at_its_index_with_the_hand_so_far(
    unreadable: object,
) -> None:
    data = {
        **GOOD,
        "actions": [{"seat": 1, "bid": "clubs"}, unreadable, {"seat": 2, "bid": "pass"}],
    }
    result = run(data)
    assert result["error"]["action"] == 1 and result["error"]["code"] == "malformed"
    assert result["error"]["message"]
    assert result["contract"] == {"bid": "clubs", "team": 1, "multiplier": 1}
    assert result["next"] == {"seat": 2, "legal": AFTER_CLUBS}
    done = cli("-", stdin=json.dumps(data))
    assert done.returncode == 0 and json.loads(done.stdout)["error"]["code"] == "malformed"


def test_a_malformed_action_reports_its_index() -> None:
    result = run({**GOOD, "actions": [{"seat": 1, "bid": "clubs"}, {"seat": 2, "play": "Zz"}]})
    assert result["error"]["action"] == 1 and result["error"]["code"] == "malformed"
    assert result["contract"] == {"bid": "clubs", "team": 1, "multiplier": 1}


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.sampled_from(["Js", "pass", "x", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


def outcome_of(data: dict[str, Any]) -> None:
    """A scenario either is refused as invalid input or runs and reports every output key."""
    try:
        result = run(data)
    except InvalidInputError:
        return
    assert set(result) >= {"contract", "outcome", "next", "error", "match_score"}


@settings(max_examples=200, deadline=None)
@given(key=st.sampled_from([*GOOD, "house_rules", "match_score", "hanging", "deck"]), value=JSON)
def test_any_broken_field_is_refused_or_reported(key: str, value: object) -> None:
    outcome_of({**GOOD, key: value})


@settings(max_examples=200, deadline=None)
@given(field=st.sampled_from(["seat", "bid", "play", "declare", "belot"]), value=JSON)
def test_any_broken_action_is_refused_or_reported(field: str, value: object) -> None:
    base = {"seat": 1, "bid": "clubs"} if field in ("seat", "bid") else {"seat": 1, "play": "Ac"}
    outcome_of({**GOOD, "actions": [{**base, field: value}]})
