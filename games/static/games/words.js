// The game in the words players use: every engine code (bids, outcomes, declarations) turned
// into a translatable word or symbol, with each rule set's own terms.

// Django's JavaScript catalog (/jsi18n/) defines gettext, pgettext, ngettext and interpolate;
// without it, English.
const gettext = globalThis.gettext ?? ((text) => text);
const pgettext = globalThis.pgettext ?? ((context, text) => text);
/** The form of a message the language uses for `n` (fill it in with `fill`). */
export const ngettext = globalThis.ngettext ?? ((singular, plural, n) => (n === 1 ? singular : plural));
const interpolate = globalThis.interpolate ?? ((text, values) => text.replace(/%\(([a-z_]+)\)s/g, (_, k) => values[k]));

/** The page's language, for numbers written as it writes them (Intl). */
export const LANGUAGE = globalThis.document?.documentElement.lang || "en";

/** Translate `text`, then fill its %(name)s placeholders. */
export function _(text, values = null) {
  return values ? interpolate(gettext(text), values, true) : gettext(text);
}

/** Fill a translated message's %(name)s placeholders. */
export function fill(text, values) {
  return interpolate(text, values, true);
}

// The rule set's own words in the viewer's language (games/glossary.py), put on the page by the
// server; a word missing there falls back to the catalog.
const GLOSSARY = JSON.parse(globalThis.document?.getElementById("glossary")?.textContent ?? "{}");

/** A game term in this rule set's own word, else `fallback()`. */
export function term(key, fallback) {
  return GLOSSARY[key] ?? fallback();
}

export const SUITS = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
const SUIT_NAMES = {
  clubs: () => _("Clubs"),
  diamonds: () => _("Diamonds"),
  hearts: () => _("Hearts"),
  spades: () => _("Spades"),
};
export const CODE_SUIT = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };

const CALLS = {
  pass: () => term("pass", () => _("Pass")),
  double: () => term("double", () => _("Double")),
  redouble: () => term("redouble", () => _("Redouble")),
  coinche: () => term("coinche", () => _("Coinche")),
  surcoinche: () => term("surcoinche", () => _("Surcoinche")),
  take: () => term("take", () => _("Take")),
  no_trumps: () => term("no_trumps", () => _("No trumps")),
  all_trumps: () => term("all_trumps", () => _("All trumps")),
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
  if (SUITS[suit]) return `${value === "capot" ? _("Capot") : value} ${SUITS[suit]}`;
  return bid;
}

// A call's short form, for an auction column too narrow for its words ("Surcoinche" on a
// phone): the sign a scorer writes. Calls already short (a pass, "100 ♠") have none.
const SHORT_CALLS = {
  double: () => "×2",
  coinche: () => "×2",
  redouble: () => "×4",
  surcoinche: () => "×4",
  no_trumps: () => pgettext("short call", "NT"),
  all_trumps: () => pgettext("short call", "AT"),
};

/** A bid in a sign or two ("×4", "♥", "NT"), or null where its words are already short. */
export function bidShort(bid, turned = null) {
  if (bid === "take" && turned) return SUITS[suitOfCard(turned)];
  if (SUITS[bid]) return SUITS[bid];
  return SHORT_CALLS[bid]?.() ?? null;
}

const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
let cardsWritten = null;

/** Every card as written short ("Q♥", in French "D♥") and its code, and a pattern of cards in
 * a row: made once, on first use (spoken runs on every drawing of the table). */
function cardsInWords() {
  if (cardsWritten) return cardsWritten;
  const codes = Object.keys(RANK_NAMES).flatMap((rank) => Object.keys(CODE_SUIT).map((suit) => rank + suit));
  const codeOf = new Map(codes.map((code) => [cardWords(code), code]));
  const card = [...codeOf.keys()].map(escaped).join("|");
  cardsWritten = { codeOf, row: new RegExp(`(?:${card})(?: (?:${card}))*`, "g") };
  return cardsWritten;
}

/** Text for a screen reader, which may skip a sign or read it in another language: a card
 * written short as its name ("Q♥" -> "queen of hearts"), cards in a row as a list ("Q♥ K♥" ->
 * "queen of hearts, king of hearts"), each suit sign as its name, a multiplier as the call
 * that made it ("160 ♠ ×2" -> "160 Spades Coinche" in Coinche, "♥ Hearts ×2" -> "Hearts
 * Double"). */
export function spoken(text) {
  const { row, codeOf } = cardsInWords();
  let words = text.replace(row, (cards) => cards.split(" ").map((c) => cardName(codeOf.get(c))).join(", "));
  for (const [suit, sign] of Object.entries(SUITS)) {
    const name = SUIT_NAMES[suit]();
    words = words.replaceAll(`${sign} ${name}`, name).replaceAll(sign, name);
  }
  return words.replaceAll("×2", CALLS.double()).replaceAll("×4", CALLS.redouble());
}

/** Text for the eye with its words for the ear (`spoken`): the signs shown, their names
 * read, as a node; the text itself where the two agree. */
export function readable(text) {
  const heard = spoken(text);
  if (heard === text) return text;
  const seen = document.createElement("span");
  seen.setAttribute("aria-hidden", "true");
  seen.textContent = text;
  const read = document.createElement("span");
  read.className = "visually-hidden";
  read.textContent = heard;
  const both = document.createElement("span");
  both.append(seen, read);
  return both;
}

/** Whether a bid names a contract (not pass, double and the like). */
export function isContractBid(bid) {
  return !["pass", "double", "redouble", "coinche", "surcoinche"].includes(bid);
}

/** The trumps of a contract bid, in words, where the bid's own words don't name them:
 * "100 hearts" -> "♥ Hearts are trumps"; null for "hearts" or "no_trumps", which say it. */
export function trumpsWords(bid) {
  const suit = Object.keys(SUITS).find((s) => bid.endsWith(` ${s}`));
  return suit ? _("%(suit)s %(name)s are trumps", { suit: SUITS[suit], name: SUIT_NAMES[suit]() }) : null;
}

/** The all-tricks bonus in each rule set's own word. */
export function sweepWord(variant) {
  if (GLOSSARY.sweep) return GLOSSARY.sweep;
  if (variant === "bulgarian") return _("Valat");
  if (variant === "bela") return _("Štiglja");
  return _("Capot");
}

/** The belot (king and queen of trumps) in each rule set's own word. */
export function belotWord(variant) {
  if (GLOSSARY.belot) return GLOSSARY.belot;
  if (variant === "bela") return _("Bela");
  if (variant === "bulgarian") return _("Belot");
  return _("Belote");
}

const KINDS = {
  tierce: () => term("tierce", () => _("Tierce")),
  quarte: () => term("quarte", () => _("Quarte")),
  quinte: () => term("quinte", () => _("Quinte")),
  four: () => term("four", () => _("Four of a kind")),
};

/** A declaration: "Tierce (20)", "Four of a kind (100)", "Belote (20)". */
export function declarationWords(kind, points, variant) {
  const name = kind === "belot" ? belotWord(variant) : KINDS[kind] ? KINDS[kind]() : kind;
  return `${name} (${points})`;
}

/** The outcome of a hand, as a word. */
export function outcomeWords(outcome) {
  return {
    made: () => _("made"),
    failed: () => _("failed"),
    tie: () => _("hanging (a tie)"),
    thrown_in: () => _("Thrown in"),
    incomplete: () => _("not finished"),
  }[outcome]?.() ?? outcome;
}

// The letters on a card's corner, as the viewer's cards print them (a French deck's V, D, R).
const RANK_LETTERS = {
  A: () => pgettext("card rank", "A"),
  K: () => pgettext("card rank", "K"),
  Q: () => pgettext("card rank", "Q"),
  J: () => pgettext("card rank", "J"),
  T: () => "10",
};
const RANK_NAMES = {
  A: () => pgettext("card", "ace"),
  K: () => pgettext("card", "king"),
  Q: () => pgettext("card", "queen"),
  J: () => pgettext("card", "jack"),
  T: () => pgettext("card", "ten"),
  9: () => pgettext("card", "nine"),
  8: () => pgettext("card", "eight"),
  7: () => pgettext("card", "seven"),
};
const SUIT_OF_CARD = {
  clubs: () => pgettext("card", "clubs"),
  diamonds: () => pgettext("card", "diamonds"),
  hearts: () => pgettext("card", "hearts"),
  spades: () => pgettext("card", "spades"),
};

/** The rank on a card's corner: "10", "9", "Q" (in French "D"). */
export function rankLetter(code) {
  return RANK_LETTERS[code[0]]?.() ?? code[0];
}

/** A card written short, as in a list of cards: "10♥", "Q♠" (in French "D♠"). */
export function cardWords(code) {
  return `${rankLetter(code)}${SUITS[suitOfCard(code)]}`;
}

/** A card as read aloud (a screen reader says "Q♠" as letters and a symbol's name):
 * "queen of spades", in French "dame de pique". */
export function cardName(code) {
  const names = { rank: RANK_NAMES[code[0]](), suit: SUIT_OF_CARD[suitOfCard(code)]() };
  return interpolate(pgettext("card", "%(rank)s of %(suit)s"), names, true);
}

const LEVELS = { Easy: () => _("Easy"), Medium: () => _("Medium"), Hard: () => _("Hard") };

/** A computer player's strength (the snapshot names it in English, for every viewer alike). */
export function levelWords(level) {
  return LEVELS[level]?.() ?? level;
}
