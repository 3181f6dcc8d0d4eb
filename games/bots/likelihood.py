"""Soft inference from the play: how likely a world makes the cards the others chose.

Hard constraints (voids, announced cards) decide which worlds are possible; this weighs the
possible ones by how natural each past play would have been with the cards the world gives.
A player last to a trick who let an opponent keep it while holding a card that beats it,
or who threw points away while holding a cheaper card, probably held no such card. More
broadly, natural players mostly make the card the greedy playout would make with the cards a
world gives them, so each free play that greedy would not have made can count against it.
Weights are never zero, so a surprising player (or a person) only shifts the odds.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bots.easy import cards
from games.bots.kernel import Context, greedy_misses
from games.bots.view import SeatView
from games.rules.cards import BEATEN_BY, NO_TRUMPS, POINTS, SUIT_MASK, TRUMP_MASK
from games.rules.play import legal_mask

# How much less likely a play is when the world shows a natural alternative (measured
# choices of the levels themselves; kept mild because people play otherwise too).
LET_TRICK_GO = 0.25  # last to play, an opponent winning, a card that beats it held
THREW_POINTS = 0.35  # discarded a ten or an ace while a card worth at most 4 was there


@dataclass(frozen=True, slots=True)
class _Choice:
    """A past play by another seat, made while it could have chosen otherwise."""

    seat: int
    card: int
    led: int
    win_card: int
    win_seat: int
    last: bool  # the fourth card of its trick
    points: int  # points in the trick before the card
    later: int  # cards this seat played from this one on (held at the time)


class PlayLikelihood:
    """Weights worlds by the others' past free choices, for one seat's view; `greedy_miss`:
    by this factor for each of them that the greedy playout card was not (1: not at all)."""

    def __init__(self, view: SeatView, greedy_miss: float = 1.0) -> None:
        contract = view.contract
        self.view = view
        self.greedy_miss = greedy_miss
        self.rules = view.rules()
        self.choices: list[_Choice] = []
        if contract is None or self.rules is None:
            return
        mode = contract.mode
        self.beaten, self.table = BEATEN_BY[mode], POINTS[mode]
        self.trumps = TRUMP_MASK[mode] if mode < NO_TRUMPS else 0
        before: list[int] = []  # points in the trick before each play
        fourth: list[bool] = []
        running = position = 0
        for p in view.plays:
            running, position = (0, 0) if p.led < 0 else (running, position + 1)
            before.append(running)
            fourth.append(position == 3)
            running += self.table[p.card]
        later = [0, 0, 0, 0]
        # Walk back to know what each seat still held at each of its plays.
        for index in range(len(view.plays) - 1, -1, -1):
            p = view.plays[index]
            later[p.seat] |= 1 << p.card
            if p.seat != view.seat and p.led >= 0:
                self.choices.append(
                    _Choice(p.seat, p.card, p.led, p.win_card, p.win_seat, fourth[index],
                            before[index], later[p.seat])
                )  # fmt: skip

    def weights(self, worlds: list[list[int]]) -> list[float]:
        """Relative likelihood of the others' free plays in each world."""
        weights = [self.weight(world) for world in worlds]
        view = self.view
        if self.greedy_miss == 1.0 or self.rules is None or not view.plays:
            return weights
        ctx = Context.of(self.rules, view.variant.belot_needs_suit)
        played = [view.played_by(s) for s in range(4)]
        dealt = [[world[s] | played[s] for s in range(4)] for world in worlds]
        plays = view.plays
        first, cards_played = plays[0].seat, [p.card for p in plays]
        seats = [p.seat for p in plays]
        misses = greedy_misses(ctx, dealt, first, cards_played, seats, view.seat).tolist()
        return [w * self.greedy_miss**m for w, m in zip(weights, misses, strict=True)]

    def weight(self, world: list[int]) -> float:
        """Relative likelihood of the others' free plays in this world."""
        rules = self.rules
        if rules is None:
            return 1.0
        beaten, table = self.beaten, self.table
        weight = 1.0
        for c in self.choices:
            held = world[c.seat] | c.later
            legal = legal_mask(held, c.seat, c.led, c.win_card, c.win_seat, rules)
            if not legal & (legal - 1):
                continue  # forced
            partner_wins = c.win_seat ^ c.seat == 2
            won = beaten[c.win_card] >> c.card & 1
            if c.last and not partner_wins and not won:
                winners = legal & beaten[c.win_card]
                plain = winners & ~self.trumps
                if plain or (winners and c.points + table[c.card] >= 10):
                    weight *= LET_TRICK_GO
            discard = c.card >> 3 != c.led and not self.trumps >> c.card & 1
            if discard and not partner_wins and table[c.card] >= 10:
                cheap = legal & ~self.trumps & ~SUIT_MASK[c.card >> 3]
                if any(table[x] <= 4 for x in cards(cheap)):
                    weight *= THREW_POINTS
        return weight
