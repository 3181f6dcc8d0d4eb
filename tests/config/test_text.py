"""Shown text keeps only what a reader sees."""

from __future__ import annotations

import pytest

from config.text import visible_text


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ann", "Ann"),
        ("\u202eAnn", "Ann"),
        ("A\u200bn\u200dn\ufeff", "Ann"),
        ("\u2066Ann\u2069\u200e", "Ann"),
        ("Ann\x00\x07", "Ann"),
        (" Ann\tLee\n", "Ann Lee"),
        ("Ана Иванова", "Ана Иванова"),
        ("مريم", "مريم"),
    ],
)
def test_control_and_format_characters_are_taken_out(raw: str, shown: str) -> None:
    assert visible_text(raw) == shown
