"""Single-elimination brackets: seeding, byes for the top seeds, advancing winners."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    Bracket,
    Entry,
    LoserOf,
    Seed,
    WinnerOf,
    seed_positions,
    single_elimination,
)


def field(count: int) -> list[Entry[str]]:
    """Entries named e0, e1, ... rated so that e0 is the top seed."""
    return [Entry(f"e{index}", 2000 - index) for index in range(count)]


def play_out(bracket: Bracket[str], pick: st.DataObject | None = None) -> dict[int, str]:
    """Play every match as it becomes playable; the higher seed wins unless `pick` chooses."""
    seeds = {
        slot.entry: slot.seed
        for match in bracket.rounds[0]
        for slot in (match.home, match.away)
        if isinstance(slot, Seed)
    }
    winners: dict[int, str] = {}
    while playable := bracket.playable(winners):
        entrants = bracket.entrants(winners)
        for match in playable:
            home, away = entrants[match.number]
            assert home is not None and away is not None
            if pick is None:
                winners[match.number] = min((home, away), key=seeds.__getitem__)
            else:
                winners[match.number] = pick.draw(st.sampled_from([home, away]))
    return winners


def test_seed_positions_follow_the_standard_draw() -> None:
    assert seed_positions(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


def test_brackets_are_valid_for_every_entry_count_from_2_to_300() -> None:
    for count in range(2, 301):
        entries = field(count)
        bracket = single_elimination(entries, third_place=count >= 4)
        size = 1 << math.ceil(math.log2(count))
        first = bracket.rounds[0]
        assert len(bracket.rounds) == math.ceil(math.log2(count))
        assert len(first) == size // 2
        seeded = [slot for m in first for slot in (m.home, m.away) if isinstance(slot, Seed)]
        assert sorted(slot.entry for slot in seeded) == sorted(e.id for e in entries)
        byes = [match for match in first if match.is_bye]
        assert len(byes) == size - count
        assert all(isinstance(m.home, Seed) and m.home.seed <= len(byes) for m in byes)
        for earlier, later in zip(bracket.rounds, bracket.rounds[1:], strict=False):
            fed = [(m.home, m.away) for m in later if not m.third_place]
            assert fed == [
                (WinnerOf(home.number), WinnerOf(away.number))
                for home, away in zip(earlier[::2], earlier[1::2], strict=True)
            ]
        winners = play_out(bracket)
        assert bracket.champion(winners) == "e0"
        real_matches = [match for match in bracket.matches() if not match.is_bye]
        assert len(winners) == len(real_matches) == count - 1 + (count >= 4)


def test_the_top_four_seeds_meet_only_from_the_semi_finals() -> None:
    bracket = single_elimination(field(16))
    entrants = bracket.entrants(play_out(bracket))
    semis, final = bracket.rounds[-2], bracket.final()
    assert [set(entrants[match.number]) for match in semis] == [{"e0", "e3"}, {"e1", "e2"}]
    assert set(entrants[final.number]) == {"e0", "e1"}


def test_the_first_seed_plays_the_last_and_eight_plays_nine() -> None:
    first = single_elimination(field(16)).rounds[0]
    assert [(m.home, m.away) for m in first[:2]] == [
        (Seed("e0", 1), Seed("e15", 16)),
        (Seed("e7", 8), Seed("e8", 9)),
    ]


def test_the_third_place_match_is_between_the_semi_final_losers() -> None:
    bracket = single_elimination(field(5), third_place=True)
    semis = bracket.rounds[-2]
    third = bracket.rounds[-1][-1]
    assert third.third_place
    assert (third.home, third.away) == (LoserOf(semis[0].number), LoserOf(semis[1].number))
    winners = {2: "e4", 5: "e0", 6: "e2"}
    assert bracket.entrants(winners)[third.number] == ("e4", "e1")


def test_a_bye_advances_its_seed_without_a_result() -> None:
    bracket = single_elimination(field(3))
    final = bracket.final()
    assert final.home == WinnerOf(1)
    assert bracket.entrants({})[final.number] == ("e0", None)
    assert [match.number for match in bracket.playable({})] == [2]


def test_a_winner_who_is_not_playing_the_match_is_refused() -> None:
    bracket = single_elimination(field(4))
    with pytest.raises(ValueError, match="cannot win match 1"):
        bracket.entrants({1: "e1"})
    with pytest.raises(ValueError, match="cannot win match 3"):
        bracket.entrants({3: "e0"})
    with pytest.raises(ValueError, match="no such match"):
        bracket.entrants({9: "e0"})


def test_a_third_place_match_needs_four_entries() -> None:
    with pytest.raises(ValueError, match="four entries"):
        single_elimination(field(3), third_place=True)


def test_a_bracket_needs_two_distinct_entries() -> None:
    with pytest.raises(ValueError, match="two entries"):
        single_elimination(field(1))
    with pytest.raises(ValueError, match="twice"):
        single_elimination([Entry("a"), Entry("a")])


@settings(max_examples=60, deadline=None)
@given(count=st.integers(2, 70), third_place=st.booleans(), data=st.data())
def test_any_results_lead_to_one_champion_who_never_lost(
    count: int, third_place: bool, data: st.DataObject
) -> None:
    bracket = single_elimination(field(count), third_place=third_place and count >= 4)
    winners = play_out(bracket, data)
    entrants = bracket.entrants(winners)
    losses = [
        next(e for e in entrants[match.number] if e is not None and e != winners[match.number])
        for match in bracket.matches()
        if not match.is_bye and not match.third_place
    ]
    champion = bracket.champion(winners)
    assert champion is not None and champion not in losses
    assert sorted(losses + [champion]) == sorted(entry.id for entry in field(count))
