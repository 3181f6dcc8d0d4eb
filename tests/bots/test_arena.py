"""The arena: mirrored deals, the figures issue 5 lists, the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from games.bots import Bot, get_bot
from games.bots.arena import Tally, ask, figures, run_deals, run_matches
from games.rules.actions import Action
from games.rules.hand import HandState

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"points_per_deal", "ci95", "pair_win_share", "elo", "ms_median", "ms_p99"}


def test_mirrored_deals_cancel_out_between_equal_bots() -> None:
    # The same deterministic bot on both sides: each deck is worth the same to either team.
    tally = run_deals("bulgarian", get_bot("easy"), get_bot("easy"), 6, seed=3, budget_ms=10)
    result = figures(tally)
    assert result["pairs"] == 6
    assert result["margin"] == 0 and result["pair_win_share"] == 0.5 and result["elo"] == 0
    assert result["pair_win_share_ci95"] == [0.5, 0.5]  # every pair tied: no spread
    assert result["points_per_deal"]["a"] == result["points_per_deal"]["b"]
    assert len(tally.a_points) == 12


def test_easy_beats_random_on_a_handful_of_deals() -> None:
    tally = run_deals("bela", get_bot("easy"), get_bot("random"), 8, seed=1, budget_ms=10)
    result = figures(tally)
    assert result["margin"] > 0 and result["pair_win_share"] > 0.5 and result["elo"] > 0
    low, high = result["ci95"]
    assert low <= result["margin"] <= high
    low, high = result["pair_win_share_ci95"]
    assert 0 <= low <= result["pair_win_share"] <= high <= 1
    assert result["ms_median"]["a"] <= result["ms_p99"]["a"]


def test_the_win_share_interval_comes_from_the_spread_of_the_pair_scores() -> None:
    # 100 pairs, half won and half lost: a standard deviation of 0.5025 over 10 = +-9.85%.
    tally = Tally(pair_margins=[1.0, -1.0] * 50, pair_scores=[1.0, 0.0] * 50)
    assert figures(tally)["pair_win_share_ci95"] == [0.4015, 0.5985]
    # Ties narrow it: they are pairs nobody won.
    tally = Tally(pair_margins=[1.0, 0.0] * 50, pair_scores=[1.0, 0.5] * 50)
    assert figures(tally)["pair_win_share_ci95"] == [0.7008, 0.7992]


def test_matches_are_played_to_the_end_and_scored_per_pair() -> None:
    tally = run_matches("bulgarian", get_bot("easy"), get_bot("random"), 1, seed=2, budget_ms=10)
    result = figures(tally)
    assert result["pairs"] == 1 and len(tally.a_points) == 2
    assert max(tally.a_points[0], tally.b_points[0]) >= 151


def test_command_line_prints_the_figures_as_json() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "games.bots.arena", "--variant", "bela", "--a", "easy", "--b",
         "random", "--deals", "3", "--seed", "1", "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    result = json.loads(done.stdout)
    assert KEYS <= set(result)
    assert set(result["ms_median"]) == {"a", "b"}
    text = subprocess.run(
        [sys.executable, "-m", "games.bots.arena", "--a", "easy", "--b", "random", "--deals",
         "2"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert "95% CI" in text and "Elo" in text and "ms per decision" in text


def test_processes_change_no_figure_but_the_timings() -> None:
    easy, rand = get_bot("easy"), get_bot("random")
    for run in (run_deals, run_matches):
        count = 4 if run is run_deals else 2
        alone = figures(run("belote", easy, rand, count, seed=5, budget_ms=10))
        shared = figures(run("belote", easy, rand, count, seed=5, budget_ms=10, jobs=2))
        for timing in ("ms_median", "ms_p99"):
            del alone[timing], shared[timing]
        assert alone == shared


def test_mixed_mode_seats_the_partner_in_the_second_seat_of_a_team() -> None:
    """A's team is easy with a random partner against two easies: easy alone would tie."""
    easy, rand = get_bot("easy"), get_bot("random")
    mixed = figures(run_deals("bela", easy, easy, 6, seed=1, budget_ms=10, a_partner=rand))
    level = figures(run_deals("bela", easy, easy, 6, seed=1, budget_ms=10))
    assert level["margin"] == 0
    assert mixed["margin"] < 0


def test_a_decide_hook_sees_every_decision_and_its_action_is_played() -> None:
    """A bench script's look at each decision (`bench/seer.py`, `bench/regret.py`)."""
    steps: list[int] = []

    def looking_on(
        state: HandState, bot: Bot, budget_ms: float | None, seed: int, step: int
    ) -> Action:
        steps.append(step)
        return ask(state, bot, budget_ms, seed, step)

    easy, rand = get_bot("easy"), get_bot("random")
    plain = figures(run_deals("bela", easy, easy, 3, seed=2, budget_ms=10))
    watched = figures(run_deals("bela", easy, easy, 3, seed=2, budget_ms=10, decide=looking_on))
    for timing in ("ms_median", "ms_p99"):
        del plain[timing], watched[timing]
    assert watched == plain
    assert steps.count(0) == 6  # three pairs, two hands each
    assert sum(step >= 32 for step in steps) >= 6  # every card of every hand, bids before

    def random_for_a(
        state: HandState, bot: Bot, budget_ms: float | None, seed: int, step: int
    ) -> Action:
        return ask(state, rand if bot is easy else bot, budget_ms, seed, step)

    other = get_bot("easy")  # B's own bot, so only A's is swapped
    swapped = figures(run_deals("bela", easy, other, 3, seed=2, budget_ms=10, decide=random_for_a))
    assert plain["margin"] == 0 and swapped["margin"] < 0  # easy against itself ties
