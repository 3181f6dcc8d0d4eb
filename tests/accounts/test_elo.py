"""The Elo arithmetic against figures worked by hand."""

from __future__ import annotations

import pytest

from accounts.elo import PlayerBefore, expected_score, k_factor, match_changes, team_rating


def player(user_id: int, rating: float, rated_matches: int = 0) -> PlayerBefore:
    return PlayerBefore(user_id=user_id, rating=rating, rated_matches=rated_matches)


def test_equal_teams_expect_half_and_new_players_move_by_20() -> None:
    changes = match_changes(
        ((player(1, 1500), player(2, 1500)), (player(3, 1500), player(4, 1500))), 1.0
    )
    assert [(c.user_id, c.after, c.expected, c.result) for c in changes] == [
        (1, 1520.0, 0.5, 1.0),
        (2, 1520.0, 0.5, 1.0),
        (3, 1480.0, 0.5, 0.0),
        (4, 1480.0, 0.5, 0.0),
    ]


def test_team_rating_is_the_mean_of_its_players() -> None:
    assert team_rating([player(1, 1600), player(2, 1400)]) == 1500.0


def test_expected_score_of_a_100_point_underdog() -> None:
    # 1 / (1 + 10 ** (100 / 400)) = 1 / (1 + 1.778279) = 0.359935
    assert expected_score(1500, 1600) == pytest.approx(0.359935, abs=1e-6)
    assert expected_score(1600, 1500) == pytest.approx(0.640065, abs=1e-6)


def test_established_underdogs_win_12_8_points_each() -> None:
    # Teams 1500 (1600 + 1400) and 1600 (1700 + 1500); K = 20: 20 x (1 - 0.359935) = 12.8013.
    underdogs = (player(1, 1600, 30), player(2, 1400, 25))
    favourites = (player(3, 1700, 40), player(4, 1500, 20))
    after = {c.user_id: c.after for c in match_changes((underdogs, favourites), 1.0)}
    assert after == pytest.approx(
        {1: 1612.8013, 2: 1412.8013, 3: 1687.1987, 4: 1487.1987}, abs=1e-4
    )


def test_k_is_40_for_the_first_20_rated_matches_then_20() -> None:
    assert [k_factor(n) for n in (0, 19, 20, 21, 500)] == [40.0, 40.0, 20.0, 20.0, 20.0]


def test_partners_move_by_their_own_k() -> None:
    # 400 points apart: expected 1 / (1 + 10) = 0.090909; the winners gain K x 0.909091.
    winners = (player(1, 1300, 19), player(2, 1300, 20))
    losers = (player(3, 1700), player(4, 1700))
    after = {c.user_id: c.after for c in match_changes((winners, losers), 1.0)}
    assert after[1] == pytest.approx(1300 + 36.3636, abs=1e-4)
    assert after[2] == pytest.approx(1300 + 18.1818, abs=1e-4)
    assert after[3] == pytest.approx(1700 - 36.3636, abs=1e-4)


def test_a_draw_moves_the_favourites_down() -> None:
    changes = match_changes(
        ((player(1, 1600), player(2, 1600)), (player(3, 1500), player(4, 1500))), 0.5
    )
    # 40 x (0.5 - 0.640065) = -5.6026
    assert changes[0].after == pytest.approx(1594.3974, abs=1e-4)
    assert changes[2].after == pytest.approx(1505.6026, abs=1e-4)


def test_ratings_are_conserved_between_equal_k_teams() -> None:
    changes = match_changes(
        ((player(1, 1432), player(2, 1611)), (player(3, 1555), player(4, 1390))), 0.0
    )
    assert sum(c.after - c.before for c in changes) == pytest.approx(0.0, abs=1e-9)


def test_a_result_outside_0_to_1_is_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        match_changes(((player(1, 1500), player(2, 1500)), (player(3, 1500), player(4, 1500))), 2.0)


def test_an_account_on_both_sides_does_not_move_but_counts_in_the_means() -> None:
    # One bot account in seats 1, 2 and 3: the person partners it against it.
    bot = player(9, 1700)
    changes = match_changes(((player(1, 1500), bot), (bot, bot)), 1.0)
    # Means 1600 against 1700: expected 0.359935; K 40 x 0.640065 = 25.6026.
    assert [(c.user_id, round(c.after, 4)) for c in changes] == [(1, 1525.6026)]


def test_an_account_in_both_seats_of_one_side_moves_once() -> None:
    bot = player(9, 1500)
    changes = match_changes(((player(1, 1500), player(2, 1500)), (bot, bot)), 0.0)
    assert [(c.user_id, c.after) for c in changes] == [(1, 1480.0), (2, 1480.0), (9, 1520.0)]
