// The game in the words players use: every engine code (bids, outcomes, declarations) turned
// into a translatable word or symbol, with each rule set's own terms.

// Django's JavaScript catalog (/jsi18n/) defines gettext and interpolate; without it, English.
const gettext = globalThis.gettext ?? ((text) => text);
const interpolate = globalThis.interpolate ?? ((text, values) => text.replace(/%\(([a-z_]+)\)s/g, (_, k) => values[k]));

/** Translate `text`, then fill its %(name)s placeholders. */
export function t(text, values = null) {
  return values ? interpolate(gettext(text), values, true) : gettext(text);
}

export const SUITS = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
const SUIT_NAMES = {
  clubs: () => t("Clubs"),
  diamonds: () => t("Diamonds"),
  hearts: () => t("Hearts"),
  spades: () => t("Spades"),
};
const CODE_SUIT = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };

const CALLS = {
  pass: () => t("Pass"),
  double: () => t("Double"),
  redouble: () => t("Redouble"),
  coinche: () => t("Coinche"),
  surcoinche: () => t("Surcoinche"),
  take: () => t("Take"),
  no_trumps: () => t("No trumps"),
  all_trumps: () => t("All trumps"),
};

/** The suit of a card code ("Qs" -> "spades"). */
export function suitOfCard(code) {
  return CODE_SUIT[code[1]];
}

/** A bid as players say it: "♥ Hearts", "100 ♠", "No trumps", "Pass", "Take ♠". */
export function bidWords(bid, turned = null) {
  if (bid === "take" && turned) return `${CALLS.take()} ${SUITS[suitOfCard(turned)]}`;
  if (CALLS[bid]) return CALLS[bid]();
  if (SUITS[bid]) return `${SUITS[bid]} ${SUIT_NAMES[bid]()}`;
  const [value, suit] = bid.split(" ");
  if (SUITS[suit]) return `${value === "capot" ? t("Capot") : value} ${SUITS[suit]}`;
  return bid;
}

/** Whether a bid names a contract (not pass, double and the like). */
export function isContractBid(bid) {
  return !["pass", "double", "redouble", "coinche", "surcoinche"].includes(bid);
}

/** The trump mode of a contract bid, in words: "♥ Hearts trumps", "No trumps". */
export function trumpsWords(bid) {
  const suit = Object.keys(SUITS).find((s) => bid.endsWith(s));
  if (suit) return t("%(suit)s %(name)s are trumps", { suit: SUITS[suit], name: SUIT_NAMES[suit]() });
  return CALLS[bid] ? CALLS[bid]() : bid;
}

/** The all-tricks bonus in each rule set's own word. */
export function sweepWord(variant) {
  if (variant === "bulgarian") return t("Valat");
  if (variant === "bela") return t("Štiglja");
  return t("Capot");
}

/** The belot (king and queen of trumps) in each rule set's own word. */
export function belotWord(variant) {
  if (variant === "bela") return t("Bela");
  if (variant === "bulgarian") return t("Belot");
  return t("Belote");
}

const KINDS = {
  tierce: () => t("Tierce"),
  quarte: () => t("Quarte"),
  quinte: () => t("Quinte"),
  four: () => t("Four of a kind"),
};

/** A declaration: "Tierce (20)", "Four of a kind (100)", "Belote (20)". */
export function declarationWords(kind, points, variant) {
  const name = kind === "belot" ? belotWord(variant) : KINDS[kind] ? KINDS[kind]() : kind;
  return `${name} (${points})`;
}

/** The outcome of a hand, as a word. */
export function outcomeWords(outcome) {
  return {
    made: () => t("made"),
    failed: () => t("failed"),
    tie: () => t("hanging (a tie)"),
    thrown_in: () => t("Thrown in"),
    incomplete: () => t("not finished"),
  }[outcome]?.() ?? outcome;
}

/** A card as read aloud: "10♥", "Q♠". */
export function cardWords(code) {
  const rank = code[0] === "T" ? "10" : code[0];
  return `${rank}${SUITS[suitOfCard(code)]}`;
}
