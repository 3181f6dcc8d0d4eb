"""Client JSON is read with limits: every refusal is a JsonInputError, never a crash."""

from __future__ import annotations

import pytest

from config.json_input import MAX_DEPTH, JsonInputError, json_loads


@pytest.mark.parametrize(
    "text",
    [
        "[" * 1000 + "]" * 1000,
        '{"a":' * 100_000 + "1" + "}" * 100_000,
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
        "NaN",
        "[Infinity]",
        "1" * 5000,
        "{not json",
        "",
        b"\xff\xfe",
    ],
    ids=["1000 arrays", "100k objects", "one too deep", "NaN", "Infinity", "huge int",
         "syntax", "empty", "not utf-8"],
)  # fmt: skip
def test_refused_input_is_a_json_input_error(text: str | bytes) -> None:
    with pytest.raises(JsonInputError) as refused:
        json_loads(text)
    assert refused.value.message


def test_the_deepest_accepted_nesting_reads_back() -> None:
    text = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    value = json_loads(text)
    for _ in range(MAX_DEPTH - 1):
        value = value[0]
    assert value == []


def test_many_brackets_side_by_side_are_not_deep() -> None:
    assert json_loads("[" + ",".join(["[]"] * 500) + "]") == [[]] * 500


def test_bytes_are_read_as_utf8() -> None:
    assert json_loads('{"name": "Ана"}'.encode()) == {"name": "Ана"}
