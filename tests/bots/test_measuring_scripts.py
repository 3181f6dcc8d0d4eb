"""The bot measuring scripts under bench/ run, and say what they measured."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCH / script), *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
def test_a_seer_that_sees_every_card_beats_medium() -> None:
    out = _run("seer.py", "--variant", "belote", "--deals", "12", "--seed", "1")
    share = float(re.search(r"pairs won ([\d.]+)%", out).group(1))
    assert share > 50.0, out


@pytest.mark.slow
def test_a_seer_that_sees_only_to_lead_says_so() -> None:
    out = _run("seer.py", "--variant", "bela", "--deals", "3", "--lead-tricks", "2")
    assert "every card seen to lead the first 2 tricks only" in out, out
    assert re.search(r"pairs won [\d.]+%", out), out


@pytest.mark.slow
def test_a_seer_shown_nothing_plays_as_hard_does() -> None:
    """With no card shown, the seer's hook changes nothing: hard's own figures."""
    out = _run("seer.py", "--variant", "bela", "--deals", "3", "--reveal", "0")
    seer = re.search(r"pairs won ([\d.]+)%.*margin ([+-][\d.]+) a deal", out)
    arena = subprocess.run(
        [sys.executable, "-m", "games.bots.arena", "--variant", "bela", "--a", "hard", "--b",
         "medium", "--deals", "3", "--seed", "1", "--json"],
        cwd=BENCH.parent, capture_output=True, text=True, check=True,
    )  # fmt: skip
    hard = json.loads(arena.stdout)
    assert seer is not None, out
    assert float(seer.group(1)) == pytest.approx(100 * hard["pair_win_share"]), out
    assert float(seer.group(2)) == pytest.approx(hard["margin"]), out


@pytest.mark.slow
def test_weighted_worlds_place_hidden_cards_no_worse_than_a_coin() -> None:
    out = _run("inference.py", "--variant", "bela", "--deals", "3", "--worlds", "40",
               "--powers", "0", "1", "--auction")  # fmt: skip
    chances = [float(x) for x in re.findall(r"mean probability ([\d.]+)", out)]
    assert len(chances) == 2 and all(0.34 < chance <= 1 for chance in chances), out


@pytest.mark.slow
def test_regret_values_every_level_s_cards_against_the_seer_s_best() -> None:
    out = _run("regret.py", "--variant", "bela", "--deals", "2", "--seed", "3")
    summaries = re.findall(r"^(\w+): (\d+) decisions, mean regret ([\d.]+)$", out, re.M)
    assert [level for level, _, _ in summaries] == ["hard", "medium"], out
    assert all(int(count) > 0 for _, count, _ in summaries), out
    cells = [float(x) for x in re.findall(r"(-?[\d.]+) \(\s*\d+\)", out)]
    assert cells and min(cells) >= 0.0, out


@pytest.mark.slow
def test_the_computer_players_ratings_come_from_their_matches() -> None:
    out = _run("computer_ratings.py", "--variants", "bela", "--easy-pairs", "2",
               "--hard-pairs", "1", "--jobs", "1")  # fmt: skip
    gaps = re.findall(r"^bela: (\w+) vs (\w+): \d+ match pairs, .* Elo gap ([+-]\d+)", out, re.M)
    assert [(a, b) for a, b, _ in gaps] == [("medium", "easy"), ("hard", "medium")], out
    easy, medium, hard = re.search(r"^bela: (\d+), (\d+), (\d+)$", out, re.M).groups()
    assert int(medium) == 1500, out
    assert int(easy) == round(1500 - int(gaps[0][2]), -1), out
    assert int(hard) == round(1500 + int(gaps[1][2]), -1), out
