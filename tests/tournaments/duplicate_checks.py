"""What every duplicate round must satisfy, checked from the stored tables and their logs."""

from __future__ import annotations

from games import rules
from games.models import TableEvent
from games.queries import hands_finished
from tournaments.models import Round, RoundTable
from tournaments.pairing import Comparison, comparison_scores, duplicate_schedule


def deals_of(table_id: int) -> list[tuple[tuple[str, ...], int]]:
    """Each hand's deck and dealer, as the table dealt it."""
    deals = TableEvent.objects.filter(table_id=table_id, kind=TableEvent.Kind.DEAL)
    return [
        (tuple(e.payload["hand"]["deck"]), e.payload["hand"]["dealer"])
        for e in deals.order_by("version")
    ]


def holdings(variant: str, deck: tuple[str, ...], dealer: int) -> list[frozenset[str]]:
    """The eight cards each seat was dealt."""
    cards = [rules.Card.parse(code) for code in deck]
    return [frozenset(map(str, hand)) for hand in rules.get_variant(variant).deal(cards, dealer)]


def check_round(round_: Round, deals: int) -> dict[int, int]:
    """Assert the round dealt the same cards everywhere, each side held by both directions,
    and scored each entry by comparison; return the entries' matchpoints."""
    tables = list(RoundTable.objects.filter(round=round_).order_by("number"))
    assert len(tables) >= 2 and all(t.finished and t.table_id for t in tables)
    variant = round_.tournament.variant
    dealt = [deals_of(t.table_id) for t in tables]
    assert all(len(d) == deals for d in dealt), "every table played every deal"
    schedule = duplicate_schedule([(t.home_id, t.away_id) for t in tables], deals)
    for deal in range(deals):
        decks = {table_deals[deal][0] for table_deals in dealt}
        assert len(decks) == 1, f"deal {deal + 1}: one deck at every table"
        reference = holdings(variant, dealt[0][deal][0], deal % 4)
        north_south = frozenset({reference[0], reference[2]})
        for index, table_deals in enumerate(dealt):
            seats = holdings(variant, *table_deals[deal])
            held = frozenset({seats[0], seats[2]})
            turned = schedule.board(index, deal).turned
            assert (held == north_south) != turned, "turned tables give home the other side"
            assert set(seats) == set(reference), "the same four hands"
        assert {schedule.board(i, deal).turned for i in range(len(tables))} == {True, False}
    points = {
        (index, deal): tuple(end.payload["result"]["hand_points"])
        for index, table in enumerate(tables)
        for deal, end in enumerate(hands_finished(table_id=table.table_id))
    }
    expected = comparison_scores(schedule, points, Comparison.MATCHPOINTS)
    scored = {}
    for table in tables:
        scored[table.home_id] = table.home_points
        scored[table.away_id] = table.away_points
    assert scored == {entry: round(score) for entry, score in expected.items()}
    # Each pair of tables shares 2 matchpoints on each side of each deal.
    assert sum(scored.values()) == deals * 2 * len(tables) * (len(tables) - 1)
    return scored
