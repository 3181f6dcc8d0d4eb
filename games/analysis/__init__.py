"""Card-by-card analysis of a finished hand (pure Python, no Django): what each legal card was
worth with every card known (double dummy) and from the seat's own view (the hard bot's
sampled worlds, seeded), and what the card played lost by each measure."""

from games.analysis.cards import ANALYSIS_VERSION, analyse_hand

__all__ = ["ANALYSIS_VERSION", "analyse_hand"]
